// SPDX-License-Identifier: MIT
// Puzzles (dgn.md, Puzzles): the moves that win by force for a player who sees only its own hand,
// the line and the opponent's plays and passes, against every split of the tiles it does not see.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/dgn.h"

namespace dom::ai {

struct PuzzleProof {
  std::vector<Move> legal;  // the mover's legal moves in the setup, in the engine's order
  std::vector<bool> wins;   // per legal move: it wins by force
  std::uint64_t worlds = 0;
  std::uint64_t nodes = 0;  // positions visited (all worlds counted)
  std::string error;        // set when the proof could not be made ("too big to prove (N worlds)")
};

inline constexpr std::uint64_t kMaxPuzzleWorlds = 5000;
inline constexpr std::uint64_t kPuzzleNodeBudget = 2000000;  // positions visited, all worlds counted
// What `dominoes check` spends on the puzzles of one file, at most: the puzzles after it is spent
// are refused with one line (issue 42 #10); `check --proof-budget` sets another. puzzles/dominoes2.dgn
// (200 puzzles) takes 2.8M positions, puzzles/en-linea.dgn (300) 0.17M; a puzzle too big to prove 2M.
inline constexpr std::uint64_t kPuzzleFileBudget = 20000000;

// The setups of every world: the opponent's hand drawn from the tiles the mover does not see (the
// opponent's hand and the stock), the rest in the stock. Empty when there are more than `limit`.
[[nodiscard]] std::vector<Setup> puzzleWorlds(const Setup& setup, Player mover, std::uint64_t limit,
                                              std::uint64_t& count);

// Proves each legal move of the player to move in `setup` (a position closed to chance).
[[nodiscard]] PuzzleProof provePuzzle(const Rules& rules, const Setup& setup,
                                      std::uint64_t nodeBudget = kPuzzleNodeBudget);

// The answer a trainer shows after a try (the studio's puzzle trainer).
struct PuzzleLine {
  Setup world;              // the split of the unseen tiles where `first` does worst for the mover
  std::vector<Move> moves;  // `first`, then each side's best move with every tile known, to the end
  int margin = 0;           // the mover's final points against the other (+ won, - lost)
};
// The line after `first` (a legal move of the mover in `setup`) against its hardest split: the world
// where the exact solver gives the mover the fewest points after `first`; there both sides then play
// the solver's best move. nullopt when the setup cannot start or has more than kMaxPuzzleWorlds worlds.
[[nodiscard]] std::optional<PuzzleLine> puzzleLine(const Rules& rules, const Setup& setup, const Move& first);
// A split where `mv` loses (or ties) even for a mover who sees every tile afterwards, or nullopt
// (then it fails only because the mover cannot tell the splits apart).
[[nodiscard]] std::optional<Setup> losingWorld(const Rules& rules, const Setup& setup, const Move& mv);

// The trainer's searches asked as text (the web page's worker, docs/web.md). The request: a line
// `judge SOLVED` (1: the try was a solution, so no losing split is looked for), a line `tried MOVE`, a
// line `shown MOVE` (moves as the record writes them in the setup) and a record of one round from the
// setup. The answer: `lost N` and N bytes of a record from the losing split, when there is one; `line
// MARGIN N` and N bytes of a record from the hardest split that plays the line, when there is one;
// or `error TEXT`.
struct Verdict {
  std::optional<Setup> lost;
  std::optional<PuzzleLine> line;
};
[[nodiscard]] std::string verdictRequest(const Rules& rules, const Setup& setup, const Move& tried, const Move& shown,
                                         bool solved);
[[nodiscard]] std::string verdictAnswer(std::string_view request);
// What an answer holds; throws std::runtime_error on an error or a malformed answer.
[[nodiscard]] Verdict readVerdictAnswer(std::string_view answer);

// Checks a puzzle record's solution lines against the proof: nullopt when they are exactly the
// moves that win by force and at least one legal move does not; else the error, on the line of the
// first wrong solution (or the puzzle's line), "puzzle "TITLE": ..." (the title cut to 60 characters).
// nodesUsed, when given, receives the positions the proof visited.
[[nodiscard]] std::optional<dgn::Error> checkPuzzle(const dgn::Record& rec, const std::string& file,
                                                    std::uint64_t nodeBudget = kPuzzleNodeBudget,
                                                    std::uint64_t* nodesUsed = nullptr);

}  // namespace dom::ai
