// SPDX-License-Identifier: MIT
// Learn mode's model: the tasks of a lesson's record, in the order the learner meets them.
#include "studio/model/course.h"

#include <nlohmann/json.hpp>
#include <variant>

#include "core/files.h"
#include "core/lesson.h"
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

// The lesson's problems as `dominoes check` finds them (lesson::readChecked): a task whose expected
// answer is wrong for its position, or whose record goes on with another move, is refused.
std::optional<dgn::Error> checkLesson(const std::string& path) {
  auto text = files::readText(path);
  if (std::holds_alternative<files::ReadError>(text)) return std::nullopt;  // Timeline::loadFile says why
  std::optional<dgn::Error> wrong;
  dgn::forEachRecord(std::get<std::string>(text), [&](const dgn::Part& part) {
    int tasks = 0;
    if (wrong) return;
    auto checked = lesson::readChecked(part, path, tasks);
    if (auto* e = std::get_if<dgn::Error>(&checked)) wrong = *e;
  });
  return wrong;
}

// The notes that follow a task in its node, up to the next task (what the record says once the task
// is answered), in the UI's language.
std::string notesAfter(const Timeline& t, const LessonStep& step) {
  std::string out;
  const auto& statements = t.node(step.node).statements;
  for (std::size_t i = step.statement + 1; i < statements.size(); ++i) {
    if (statements[i].kind == dgn::Statement::Kind::Task) break;
    if (statements[i].kind == dgn::Statement::Kind::Note)
      out += (out.empty() ? "" : "\n") + i18n::trScenarioLines(statements[i].note);
  }
  return out;
}

std::string answerWords(const dgn::Task& task, const Match& m) {
  using K = dgn::Task::Kind;
  std::string answer;
  switch (task.kind) {
    case K::Play:
      for (const Move& mv : task.moves) answer += (answer.empty() ? "" : ", ") + m.moveText(mv);
      break;
    case K::Draw: answer = _("Draw"); break;
    case K::Pass: answer = _("Pass"); break;
    case K::End: answer = i18n::format(_("End {0}"), {task.end == End::R ? "R" : "L"}); break;
    case K::Tiles:
      forEachHeaviestFirst(task.tiles, [&](Tile x) { answer += (answer.empty() ? "" : " ") + tileText(x); });
      break;
    case K::Points: answer = std::to_string(task.points); break;
  }
  return answer;
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
  nlohmann::json picks = nlohmann::json::array();
  forEachHeaviestFirst(c.picked, [&](Tile t) { picks.push_back(tileText(t)); });
  l["picked"] = picks;
  l["locked"] = c.lockedNow();
  l["feedback"] = c.feedback;
  l["right"] = c.lastRight;
  const LessonStep* p = c.pending();
  l["waiting"] = p && p->node == current;
  l["prompt"] = p ? json(p->task.prompt) : json(nullptr);
  return l;
}

}  // namespace dom::studio
