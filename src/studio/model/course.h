// SPDX-License-Identifier: MIT
// Learn mode (docs/studio.md, Learn): a lesson is a DGN record whose `task` statements ask the
// learner to act (dgn.md, Lessons and tasks). The studio steps through the record; at a task it waits
// for the answer, judges it with the engine (lesson::judge), says why a wrong one is wrong and lets
// the learner try again; the lesson ends with stars for the wrong tries. No ImGui.
#pragma once
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/dgn.h"
#include "studio/model/timeline.h"

namespace dom::studio {

// A task of the lesson's record and the node it stands at (its position).
struct LessonStep {
  int node = 0;
  std::size_t statement = 0;  // its index among the node's statements
  dgn::Task task;
};

// The tasks of the timeline's current branch, in order.
[[nodiscard]] std::vector<LessonStep> lessonSteps(const Timeline& t);

// The lesson's problems as `dominoes check` finds them (lesson::readChecked), or none.
[[nodiscard]] std::optional<dgn::Error> checkLesson(const std::string& path);

// The notes that follow a task in its node, up to the next task (what the record says once the task
// is answered), in the UI's language.
[[nodiscard]] std::string notesAfter(const Timeline& t, const LessonStep& step);
// A task's answer in words (the hint's and the worksheet's answer key): a play task's moves as the
// record writes them ("2-4 R"), Draw, Pass, "End R", the tiles, the points; in the UI's language.
[[nodiscard]] std::string answerWords(const dgn::Task& task, const Match& position);

// A task with its prompt and explanation in the UI's language (the scenarios' catalog).
[[nodiscard]] dgn::Task translatedTask(const dgn::Task& t);

struct Course {
  std::string file;  // the lesson's path ("" when no lesson is on)
  std::string name;  // its file name, as the settings keep its stars
  std::string title;
  std::vector<LessonStep> steps;
  std::size_t step = 0;  // the next task to answer (steps.size() once every task is answered)
  int wrongTries = 0;    // in the whole lesson
  int wrongHere = 0;     // at the current task
  int hints = 0;         // hints taken in the whole lesson: each costs a star (lesson::stars)
  int hintOffered = -1;  // the task (its index) whose hint's cost was said: Hint again gives it
  int hintTaken = -1;    // the task whose hint was given (counted once)
  // A tiles task's picks so far: a click on a tile, in the hand or in the Learn pane, toggles it
  // (docs/lessons.md: the task is answered on the hand's own tiles, as the seed's players tap them).
  Mask picked = 0;
  std::string feedback;      // what the last answer got, in the UI's language
  bool lastRight = false;    // ... and whether it was right
  std::optional<int> stars;  // once every task is answered
  // Opened locked (a class: --lock, a link's &lock): until every task is answered there is no hint, no
  // analysis, no other file, lesson or puzzle, no Scenarios, Puzzles, Tracker or Editor pane, no
  // change of whose hands are shown and no stock face up (docs/lessons.md, "Locking a lesson").
  bool locked = false;
  // The record's node the learner has come to, stepping forward (docs/lessons.md, "The future is
  // hidden"): the session's timeline ends there, or at the task that waits if that comes first.
  int reached = 0;
  // The notes the learner added during the lesson (the record analysis' notes): node, text. They are
  // kept when the timeline is made again from the record at the next task.
  std::vector<std::pair<int, std::string>> notes;
  // The lesson's whole record. The session's timeline holds it up to the node reached, and never past
  // the task that waits (its nodes, notes and result beyond it do not exist there: docs/lessons.md,
  // "The future is hidden").
  Timeline record;
  [[nodiscard]] bool active() const { return !file.empty(); }
  // The task waiting for its answer, if any.
  [[nodiscard]] const LessonStep* pending() const { return step < steps.size() ? &steps[step] : nullptr; }
  // Locked and not yet done.
  [[nodiscard]] bool lockedNow() const { return locked && active() && pending() != nullptr; }
};

// Learn mode's state for the studio's dump (--dump-state's "learn"): the stars of the lessons done and
// the lesson on, where the learner is in it and whether its task waits at `current` (the timeline's
// current node).
[[nodiscard]] nlohmann::json courseState(const Course& c, const std::vector<std::pair<std::string, int>>& stars,
                                         int current);

}  // namespace dom::studio
