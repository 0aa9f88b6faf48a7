// SPDX-License-Identifier: MIT
// Learn mode's model: the tasks of a lesson's record, in the order the learner meets them.
#include "studio/model/course.h"

#include <nlohmann/json.hpp>

#include "studio/model/i18n.h"

namespace dom::studio {

std::vector<LessonStep> lessonSteps(const Timeline& t) {
  std::vector<LessonStep> steps;
  for (int n : t.branchPath()) {
    const auto& statements = t.node(n).statements;
    for (std::size_t i = 0; i < statements.size(); ++i)
      if (statements[i].kind == dgn::Statement::Kind::Task && statements[i].task)
        steps.push_back({n, i, *statements[i].task});
  }
  return steps;
}

dgn::Task translatedTask(const dgn::Task& t) {
  dgn::Task out = t;
  out.prompt = i18n::trScenarioLines(t.prompt);
  out.explanation = i18n::trScenarioLines(t.explanation);
  return out;
}

nlohmann::json courseState(const Course& c, const std::vector<std::pair<std::string, int>>& stars, int current) {
  using nlohmann::json;
  json done = json::array();
  for (const auto& [name, n] : stars) done.push_back({{"lesson", name}, {"stars", n}});
  json l = {{"done", done}};
  if (!c.active()) {
    l["lesson"] = nullptr;
    return l;
  }
  l["lesson"] = c.name;
  l["title"] = c.title;
  l["step"] = c.step;
  l["steps"] = c.steps.size();
  l["stars"] = c.stars ? json(*c.stars) : json(nullptr);
  l["wrong"] = c.wrongTries;
  l["hints"] = c.hints;
  l["locked"] = c.lockedNow();
  l["feedback"] = c.feedback;
  l["right"] = c.lastRight;
  const LessonStep* p = c.pending();
  l["waiting"] = p && p->node == current;
  l["prompt"] = p ? json(p->task.prompt) : json(nullptr);
  return l;
}

}  // namespace dom::studio
