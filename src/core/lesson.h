// SPDX-License-Identifier: MIT
// Lessons (docs/lessons.md): the engine's half of a `task` statement. The learner's answer is judged
// in the rules' words, a task's expected answer is validated against its position, and a lesson's
// wrong tries become stars.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "core/dgn.h"
#include "core/match.h"

namespace dom::lesson {

// A learner's answer to a task. For play, draw and pass tasks the answer is a move (`move`; its
// own kind says whether it is a play, a draw or a pass, and `kind` may be any of Play, Draw and
// Pass); for the others `kind` is the task's and the answer is `end`, `tiles` or `points`.
struct Answer {
  dgn::Task::Kind kind = dgn::Task::Kind::Play;
  Move move;
  End end = End::None;
  Mask tiles = 0;
  int points = 0;
};

// "" when the answer is right; otherwise why not, in the rules' words (the engine's reason texts,
// translated as they are: W_). An illegal move gets the engine's reason (Match::illegal); a legal
// move that is not asked for gets the task's explanation, or "That move is legal, but it is not the
// one asked for."; a wrong tile, end or count gets the rule it misses, followed by the
// explanation, if any, on a line of its own. The explanation is returned as the task holds it: a
// caller that shows translated texts gives a task whose prompt and explanation are translated.
// `position` is the task's position and `mover` the player to move there.
[[nodiscard]] std::string judge(const Match& position, Player mover, const dgn::Task& task, const Answer& a);

// "" when the task's expected answer is right for its position; otherwise what is wrong (English,
// for `dominoes check`). `nextMove` is the record's next played move after the task (a play, draw
// or pass task needs it to be one of its answers; the others ignore it).
[[nodiscard]] std::string validate(const Match& position, const dgn::Task& task, const std::optional<Move>& nextMove);

// Why a move tried at a task is illegal ("" if it is legal): the engine's reason, except that a draw
// refused because a tile can be played does not name that tile (at a task it would be the answer).
[[nodiscard]] std::string illegalTry(const Match& m, Player mover, const Move& mv);

// The stars a lesson earns for its wrong tries in all: 3 for none, 2 for one or two, 1 for more;
// each hint taken costs one more (a star means the learner knew), down to the 1 a finished lesson earns.
[[nodiscard]] int stars(int wrongTries, int hints = 0);

// Reads one record of a file (a part, as dgn::loadPart does) and validates each of its tasks at its
// position with the record's next played move (a move of the same round; a negative example after
// `expect error` is not played, so it is not the next move). The first problem is an Error on the
// task's line, "task: ..." and what validate says; `tasks` counts the record's tasks.
[[nodiscard]] std::variant<dgn::Record, dgn::Error> readChecked(const dgn::Part& part, std::string_view file,
                                                                int& tasks);

}  // namespace dom::lesson
