// SPDX-License-Identifier: MIT
// The puzzle trainer (docs/studio.md, Puzzles): a puzzle of a collection (dgn.md, Puzzles) shown as
// its mover sees it. The learner's move is judged at once against the record's solutions (which
// `dominoes check` proves), the learner's Glicko-2 rating, streak and history are updated, and the
// answer is the winning line against the hardest split of the unseen tiles (ai::puzzleLine). No ImGui.
#pragma once
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/dgn.h"
#include "core/match.h"
#include "studio/model/settings.h"

namespace dom::studio {

// The deviation a puzzle's rating is taken with (a puzzle's rating is fitted once, by `dominoes
// puzzles generate`, and not updated by learners). A puzzle whose record has no rating is rated at
// the middle of the ladder's scale for its rules (ai::ladderMiddle).
inline constexpr double kPuzzleDeviation = 80;

// What the trainer lists of each puzzle of a collection, to choose the next one.
struct PuzzleCard {
  int number = 0;  // from 1, in the file's order
  std::string title;
  std::vector<std::string> themes;
  int rating = 0;
};

struct TrainerPuzzle {
  std::string file;
  int number = 0;  // from 1
  std::string title;
  std::vector<std::string> themes;
  int rating = 0;
  Rules rules;
  Setup setup;
  Player mover = Player::A;
  std::vector<Move> solutions;
  std::string note;
  // How the settings' history names it: "FILE#N".
  [[nodiscard]] std::string id() const { return file + "#" + std::to_string(number); }
};

// Puzzle `number` (from 1) of the file at `path`, a collection or a file of one record. Errors name
// the file and line: a record that is not a puzzle, a number past the last record, a bad record.
[[nodiscard]] std::variant<TrainerPuzzle, dgn::Error> loadPuzzle(const std::string& path, int number);
// Every puzzle of a collection (records that are not puzzles are left out; a bad record is an error).
[[nodiscard]] std::variant<std::vector<PuzzleCard>, dgn::Error> listPuzzles(const std::string& path);

// The next puzzle for the learner: one of `theme` (any when empty), not `current`; puzzles never
// tried first, then those last failed, then the solved; among those, the rating nearest the
// learner's (the lower number on a tie). 0 when no puzzle qualifies.
[[nodiscard]] int nextPuzzle(const std::vector<PuzzleCard>& cards, const LearnerProgress& learner,
                             const std::string& file, int current);

// A try of puzzle `p`: the streak and history always; the rating only on the puzzle's first try
// (a puzzle already in the history is practice). Returns the rating's change.
double recordTry(LearnerProgress& learner, const TrainerPuzzle& p, bool solved);

// The trainer's state in the session.
struct Trainer {
  std::optional<TrainerPuzzle> puzzle;
  std::vector<PuzzleCard> cards;  // the puzzles of puzzle->file
  std::optional<bool> solved;     // unset until the learner moves
  std::string tried;              // the move tried, as written ("1-1 L")
  std::string verdict;            // what the trainer said, in the UI's language
  double ratingChange = 0;        // of the last try (0 for practice)
  // The verdict is searched for on a worker thread (jobs.h, PuzzleVerdict): `verdict` says so, and
  // no second answer is taken meanwhile.
  bool judging = false;
  Move answer;                 // the learner's move
  Move shown;                  // the move the answer line starts with (the answer when right, else a solution)
  std::uint64_t judgeKey = 0;  // the timeline it was asked for
  [[nodiscard]] bool active() const { return puzzle.has_value(); }
};

// The themes a learner may ask for: "" (any) then kPuzzleThemes; and each one's label (a msgid).
[[nodiscard]] std::vector<std::string_view> puzzleThemeChoices();
[[nodiscard]] const char* puzzleThemeLabel(std::string_view theme);

// A note of the puzzle book in the UI's language: the whole text's translation, else each sentence's.
[[nodiscard]] std::string puzzleNoteText(const std::string& note);

struct LearnerProgress;
// The trainer's state for the studio's dump (--dump-state's "puzzle"): the learner's progress, and
// the puzzle on the table with its verdict when one is on.
[[nodiscard]] nlohmann::json trainerState(const Trainer& t, const LearnerProgress& learner);

}  // namespace dom::studio
