// SPDX-License-Identifier: MIT
// The session's Learn mode (course.h): opening a lesson, holding the timeline at each task until it
// is answered, judging the answers with the engine, and the stars at the end.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <variant>

#include "core/files.h"
#include "studio/model/actions.h"
#include "studio/model/i18n.h"
#include "studio/model/session.h"

namespace dom::studio {

namespace {

int pathPosOf(const Timeline& t, int node) {
  const auto& p = t.branchPath();
  const auto it = std::find(p.begin(), p.end(), node);
  return it == p.end() ? -1 : static_cast<int>(it - p.begin());
}

}  // namespace

bool Session::applyCourse(const Intent& in) {
  using intent::Cmd;
  lesson::Answer a;
  if (const auto c = commandOf(in)) {
    if (*c == Cmd::EndLesson) {
      course_ = {};
      return true;
    }
    // The blocks above keep both before the task; the record's next nodes come into being here.
    return (*c == Cmd::Next || *c == Cmd::Last) && lessonForward(*c == Cmd::Last);
  } else if (const auto* sel = std::get_if<intent::Select>(&in); sel && sel->click && picking(sel->tile)) {
    course_.picked ^= bit(sel->tile);  // a tiles task: a click on a tile picks it, or takes it back
    return true;
  } else if (const auto* start = std::get_if<intent::StartLesson>(&in)) {
    if (startLesson(start->path) && start->lock) {
      course_.locked = true;
      for (const Pane p : {Pane::Analysis, Pane::Scenarios, Pane::Puzzles, Pane::Tracker, Pane::Editor})
        settings_.open[static_cast<std::size_t>(p)] = false;
      spdlog::info("lesson {}: locked until it is done", course_.name);
    }
    return true;
  } else if (const auto* e = std::get_if<intent::AnswerEnd>(&in)) {
    a.kind = dgn::Task::Kind::End;
    a.end = e->end;
  } else if (const auto* t = std::get_if<intent::AnswerTiles>(&in)) {
    a.kind = dgn::Task::Kind::Tiles;
    a.tiles = t->tiles;
  } else if (const auto* p = std::get_if<intent::AnswerPoints>(&in)) {
    a.kind = dgn::Task::Kind::Points;
    a.points = p->points;
  } else {
    return false;
  }
  answerLesson(a);
  return true;
}

bool Session::startLesson(const std::string& path) {
  Timeline t;
  if (auto err = t.loadFile(path)) {
    showError(err->text());
    return false;
  }
  if (auto err = checkLesson(path)) {
    showError(err->text());
    return false;
  }
  std::vector<LessonStep> steps = lessonSteps(t);
  if (steps.empty()) {
    showError(dgn::Error{path, 0, "the record has no task: it is not a lesson"}.text());
    return false;
  }
  filePath_.clear();  // Save asks for a new name: a lesson is never written over
  unsaved_ = false;
  game_.seats = {Seat::Human, Seat::Human};
  game_.rules = t.current().match.rules().text();
  playersFromSeats_ = false;
  selected_ = kNoTile;
  chosenGhost_ = 0;
  autoplay_ = false;
  hint_.clear();
  lastDecision_.reset();
  trainer_ = {};
  settings_.visibility = Visibility::All;
  autoVisibility_ = false;
  settings_.open[static_cast<std::size_t>(Pane::Learn)] = true;
  settings_.open[static_cast<std::size_t>(Pane::Editor)] = false;
  course_ = Course{};
  course_.file = path;
  course_.name = std::filesystem::path(path).filename().string();
  course_.title = t.title();
  course_.steps = std::move(steps);
  course_.record = std::move(t);
  showLesson(0);
  editor_.load(match());
  spdlog::info("lesson {}: {} tasks", files::printable(path), course_.steps.size());
  return true;
}

// The lesson as far as the learner has come (docs/lessons.md, "The future is hidden"): the record up
// to the node reached and never past the task that waits (without the notes after it and, for a
// points task, without the round's result); the whole record once every task is answered. `node`
// becomes the current position, and the node reached if it lies further on. The learner's own notes
// are laid on again.
void Session::showLesson(int node) {
  Timeline t = course_.record;
  if (pathPosOf(t, node) > pathPosOf(t, course_.reached)) course_.reached = node;
  if (const LessonStep* p = course_.pending()) {
    if (pathPosOf(t, course_.reached) >= pathPosOf(t, p->node)) {
      course_.reached = p->node;
      t.hideAfter(p->node, p->statement, p->task.kind == dgn::Task::Kind::Points);
    } else {
      t.hideAfter(course_.reached, t.node(course_.reached).statements.size(), false);
    }
    if (pathPosOf(t, node) < 0) node = course_.reached;
  }
  for (const auto& [at, text] : course_.notes)
    if (at < t.size()) t.addNote(at, text);
  t.jump(node);
  timeline_ = std::move(t);
  ++timelineId_;
}

bool Session::canStepForward() const {
  if (timeline_.pathPos() + 1 < static_cast<int>(timeline_.branchPath().size())) return true;
  const LessonStep* p = course_.pending();
  return p && timeline_.currentIndex() == course_.reached && course_.reached != p->node &&
         !course_.record.node(course_.reached).children.empty();
}

// Next, Last and autoplay's step in a lesson: at the last node reached, the record's next node comes
// into being (Last: every node up to the task that waits). False when the timeline steps as usual.
bool Session::lessonForward(bool toTask) {
  const LessonStep* p = course_.pending();
  if (!p || timeline_.currentIndex() != course_.reached || course_.reached == p->node) return false;
  const Node& here = course_.record.node(course_.reached);
  if (here.children.empty()) return false;
  showLesson(toTask ? p->node : here.next >= 0 ? here.next : here.children.front());
  selected_ = kNoTile;
  chosenGhost_ = 0;
  return true;
}

// While a task waits, the timeline does not go past it (and no other move is played); going back to
// read the notes again is free.
bool Session::lessonBlocks(const Intent& in) {
  const LessonStep* t = course_.pending();
  if (!t) return false;
  using intent::Cmd;
  // Positions on the record's line: the task's node may not exist in the timeline yet.
  const Timeline& r = course_.record;
  const int here = pathPosOf(r, timeline_.currentIndex()), task = pathPosOf(r, t->node);
  bool blocked = false;
  if (const auto* j = std::get_if<intent::Jump>(&in)) {
    blocked = pathPosOf(r, j->node) > task || pathPosOf(timeline_, j->node) < 0;
  } else if (std::holds_alternative<intent::Play>(in)) {
    blocked = timeline_.currentIndex() != t->node;
  } else if (const auto c = commandOf(in)) {
    switch (*c) {
      case Cmd::Next:
      case Cmd::Last:
      case Cmd::Autoplay: blocked = here >= task; break;
      case Cmd::PlaySelected: blocked = timeline_.currentIndex() != t->node; break;
      case Cmd::DealNext:
      case Cmd::Undo:  // an undo could take back the record's own moves, and the tasks' positions with them
      case Cmd::Redo: blocked = !editing(); break;
      default: break;
    }
  }
  if (blocked) status(i18n::format(_("First the task: {0}"), {i18n::trScenarioLines(t->task.prompt)}));
  return blocked;
}

namespace {
// What a locked lesson refuses until it is done (course.h, Course::locked).
bool lockRefuses(const Intent& in, const Course& c) {
  using intent::Cmd;
  if (const auto* p = std::get_if<intent::SetPane>(&in))
    return p->open && (p->pane == Pane::Analysis || p->pane == Pane::Scenarios || p->pane == Pane::Puzzles ||
                       p->pane == Pane::Tracker || p->pane == Pane::Editor);
  if (const auto* t = std::get_if<intent::SetToggle>(&in)) return t->toggle == intent::Toggle::Teaching && t->on;
  if (const auto* l = std::get_if<intent::StartLesson>(&in)) return l->path != c.file || !l->lock;
  if (const auto cmd = commandOf(in)) {
    switch (*cmd) {
      case Cmd::Hint:
      case Cmd::AnalyseRecord:
      case Cmd::NextMistake:
      case Cmd::PrevMistake:
      case Cmd::EndLesson:
      case Cmd::EditLoad:
      case Cmd::EditorStart: return true;
      default: return false;
    }
  }
  return std::holds_alternative<intent::Open>(in) || std::holds_alternative<intent::NewGame>(in) ||
         std::holds_alternative<intent::OpenPuzzle>(in) || std::holds_alternative<intent::NextPuzzle>(in) ||
         std::holds_alternative<intent::RetryPuzzle>(in) || std::holds_alternative<intent::SetVisibility>(in) ||
         std::holds_alternative<intent::SetAnalysisAll>(in);
}
}  // namespace

bool Session::picking(Tile t) const {
  const LessonStep* s = course_.pending();
  const auto who = match().toMove();
  return t != kNoTile && s && s->task.kind == dgn::Task::Kind::Tiles && lessonWaits() && who &&
         (match().state().hand[static_cast<std::size_t>(idx(*who))] & bit(t)) != 0;
}

bool Session::lockBlocks(const Intent& in) {
  if (!course_.lockedNow() || !lockRefuses(in, course_)) return false;
  status(_("This lesson is locked until it is done: answer its tasks first."));
  return true;
}

void Session::wrongLessonTry(const std::string& why) {
  ++course_.wrongTries;
  ++course_.wrongHere;
  course_.lastRight = false;
  course_.feedback = why;
  status(why);
  spdlog::info("lesson {}: task {} answered wrong", course_.name, course_.step + 1);
}

void Session::answerLesson(const lesson::Answer& a) {
  const LessonStep* t = course_.pending();
  if (!t || t->node != timeline_.currentIndex()) {
    status(_("no task waits for an answer here"));
    return;
  }
  const dgn::Task task = translatedTask(t->task);
  const Match& m = match();
  const Player mover =
      m.toMove().value_or(t->node > 0 && timeline_.current().move ? timeline_.current().by : Player::A);
  if (const std::string why = lesson::judge(m, mover, task, a); !why.empty()) return wrongLessonTry(why);
  const LessonStep answered = *t;
  const bool move =
      task.kind == dgn::Task::Kind::Play || task.kind == dgn::Task::Kind::Draw || task.kind == dgn::Task::Kind::Pass;
  ++course_.step;
  course_.picked = 0;
  course_.wrongHere = 0;
  course_.lastRight = true;
  course_.feedback = _("Right!");
  // The record's own move, one of those asked for (dominoes check proves it); the notes it stepped
  // over are said with the verdict.
  const Node& here = course_.record.node(answered.node);
  const int nextNode = move && !here.children.empty() ? here.children.front() : answered.node;
  const std::string after = move ? notesAfter(course_.record, answered) : std::string();
  showLesson(nextNode);
  selected_ = kNoTile;
  chosenGhost_ = 0;
  if (!course_.pending()) {
    course_.stars = lesson::stars(course_.wrongTries, course_.hints);
    settings_.setStars(course_.name, *course_.stars);
    course_.feedback = i18n::format(
        P_("Right! The lesson is done: {0} star.", "Right! The lesson is done: {0} stars.", *course_.stars),
        {std::to_string(*course_.stars)});
  }
  status(course_.feedback);
  if (!after.empty()) course_.feedback += "\n" + after;
  spdlog::info("lesson {}: task {} right", course_.name, course_.step);
}

// The hint while a lesson's task waits (disclosure.h): the lesson's own answer, never the coach's
// search (a lesson and its hint agree), and it costs a star: the first ask says so, the second gives it.
void Session::lessonHint() {
  const LessonStep* t = course_.pending();
  if (!t) return;
  if (!lessonWaits()) {
    status(_("A hint is given at the task: go on to it."));
    return;
  }
  const int step = static_cast<int>(course_.step);
  if (course_.hintOffered != step) {
    course_.hintOffered = step;
    status(i18n::format(_("A hint costs a star. Ask again ({0}) to see it."), {keyOf("game.hint")}));
    return;
  }
  if (course_.hintTaken != step) {
    course_.hintTaken = step;
    ++course_.hints;
    spdlog::info("lesson {}: hint taken at task {}", course_.name, step + 1);
  }
  if (t->task.kind == dgn::Task::Kind::Play && !t->task.moves.empty()) showMove(t->task.moves.front());
  status(i18n::format(_("Hint, for a star: {0}"), {answerWords(t->task, match())}));
}

}  // namespace dom::studio
