// SPDX-License-Identifier: MIT
// Writing a lesson in the studio (docs/lessons.md, "Writing a lesson"): from any position on the
// timeline (a game, the position editor's, a record's), the teacher adds a title, captions and tasks
// of every kind. Each line is read by the DGN reader's own words and checked at its position by the
// checker `dominoes check lessons/` runs (lesson::validate); the record with its lines is a lesson
// file the Learn pane opens like the course's. No ImGui.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "core/dgn.h"
#include "studio/model/timeline.h"

namespace dom::studio::authoring {

// A line the teacher adds, read: `title "..."` and `about "..."` (the lesson's header), or a `note` or
// `task` statement to stand at a node.
struct Line {
  enum class Kind : std::uint8_t { Title, About, Note, Task } kind = Kind::Note;
  std::string text;          // Title, About: the words
  dgn::Statement statement;  // Note, Task
  // A play, draw or pass task at the end of its branch: the move the record goes on with (the task's
  // first move, or the draw or pass), which `dominoes check` requires and the studio plays after it.
  std::optional<Move> then;
};

// Reads `line` as it would stand after node `node`'s move, and checks it there: a task as
// lesson::validate checks it, with the branch's next move (or, at the end of the branch, the move it
// would be answered with). The error is what `dominoes check` would say, without a file and line.
[[nodiscard]] std::variant<Line, std::string> read(const Timeline& t, int node, std::string_view line);

// The line a task form makes: `task KIND ANSWER "prompt" ["explanation"]` (ANSWER as a record writes
// it: moves "6-2 L, 6-2 R" or "6-2 L 6-2 R", an end L or R, tiles "6-2 5-4", points "17"; commas are
// spaces; a draw or pass has none).
[[nodiscard]] std::string taskLine(dgn::Task::Kind kind, std::string_view answer, std::string_view prompt,
                                   std::string_view explanation);
[[nodiscard]] std::string noteLine(std::string_view text);
// The task kind a word names ("play", "draw", ...), if any; and the word of a kind.
[[nodiscard]] std::optional<dgn::Task::Kind> kindOf(std::string_view word);
[[nodiscard]] const char* kindWord(dgn::Task::Kind k);

// The answer that is right at node for a task of `kind`, written as taskLine takes it ("" when
// none is: no tile can be played, no end is blocked, the round is not over...): a play task's is the
// branch's next move if it is a play, else every legal play.
[[nodiscard]] std::string suggestion(const Timeline& t, int node, dgn::Task::Kind kind);

// The record as it would be saved, checked as `dominoes check` checks a lesson file: its tasks, and
// the first problem (its line is the saved file's).
struct Check {
  int tasks = 0;
  std::optional<dgn::Error> error;
};
[[nodiscard]] Check check(const Timeline& t, std::string_view file);

}  // namespace dom::studio::authoring
