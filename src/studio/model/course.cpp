// Learn mode's model: the tasks of a lesson's record, in the order the learner meets them.
#include "studio/model/course.h"

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

}  // namespace dom::studio
