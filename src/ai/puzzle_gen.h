// SPDX-License-Identifier: MIT
// `dominoes puzzles generate` (docs/puzzles.md): puzzles taken from games the expert plays against
// the levels below it, proved by provePuzzle, tagged with themes from the tips that explain the
// solution, titled and noted from a closed bank of English sentences (translated through
// po/scenarios), and rated by how often each level of the ladder finds a solution (Glicko-2).
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "ai/glicko2.h"
#include "ai/observation.h"
#include "ai/puzzle.h"
#include "core/dgn.h"

namespace dom::ai {

// The title phrase and the note's sentence of one theme: the only texts a generated puzzle holds
// (besides "A to move" / "B to move" and the dominoes2 prefix), so that each is translated once.
struct ThemeText {
  std::string_view theme;     // a word of dgn::kPuzzleThemes
  std::string_view title;     // "Block the line"
  std::string_view sentence;  // a sentence of the note: no number, no tile
};
// In the order a puzzle's main theme is chosen (the first of its themes in this table).
[[nodiscard]] const std::array<ThemeText, 7>& puzzleThemeTexts();
// The prefix of a dominoes2 puzzle's title.
inline constexpr std::string_view kDominoes2TitlePrefix = "Dominoes 2.0 — ";

// A level of the ladder (ladder.h) and its rating on the ladder's scale for the puzzle's rules.
struct PuzzleLevel {
  std::string_view spec;  // makePlayer's spec
  double rating;
  int tries;  // choices asked of it, each with its own seed
};
// The ladder's eight levels with their measured Elo (random 0) on its widest scale, dominoes2's
// matches to 100, for every book: a single en-linea round is mostly luck, so en-linea's scale spans
// only about 200 Elo from random to the expert while solving a puzzle depends on skill much more
// steeply; on that scale most en-linea puzzles fell below random and were clamped to 0
// (docs/puzzles.md, Rating). `rules` is kept for a scale of each preset.
[[nodiscard]] std::vector<PuzzleLevel> puzzleLevels(const Rules& rules);
// The mean of those ratings: a puzzle's prior in the fit, and the rating of a puzzle whose record
// gives none.
[[nodiscard]] double ladderMiddle(const Rules& rules);
inline constexpr double kLevelDeviation = 60;  // the levels' rating deviation in the Glicko-2 fit

// The themes of a solution, from the kinds of tips(o, move) (o: the mover's view in the game, with
// its history) and the position after the move (the opponent left with nothing to play: block); at
// least one (count when nothing else applies), in kPuzzleThemes' order.
[[nodiscard]] std::vector<std::string> solutionThemes(const Observation& o, const Match& setup, const Move& move);
// The title: the main theme's phrase and whose move it is ("Block the line: A to move").
[[nodiscard]] std::string puzzleTitle(const Rules& rules, const std::vector<std::string>& themes, Player mover);
// The note: the themes' sentences, the main theme's first, separated by a space.
[[nodiscard]] std::string puzzleNote(const std::vector<std::string>& themes);
// The rating: each level chooses from the setup as the mover sees it, `tries` times; a try that
// finds a solution is a loss for the puzzle. The Glicko-2 fit from 1500/350/0.06, one period,
// rounded and clamped to 0..kMaxRating.
[[nodiscard]] int puzzleRating(const Match& setup, const PuzzleProof& proof, std::uint64_t seed);

struct PuzzleGenOptions {
  Rules rules;
  std::uint64_t count = 10;  // puzzles to keep
  std::uint64_t seed = 1;
  std::vector<std::string> themes;  // keep only puzzles with one of these themes (empty: every theme)
  int threads = 1;
  int perGame = 2;                    // puzzles kept from one game at most
  std::uint64_t nodeBudget = 200000;  // the prover's budget per position (kPuzzleNodeBudget is check's)
  std::uint64_t maxGames = 10000000;  // give up after this many games
  std::function<void(std::uint64_t kept, std::uint64_t count)> progress;  // called on the calling thread
};

struct PuzzleGenStats {
  std::uint64_t games = 0;      // games played (in order, up to the one that completed the count)
  std::uint64_t positions = 0;  // decisions examined
  std::uint64_t closed = 0;     // of them closed to chance
  std::uint64_t choices = 0;    // closed with more than one legal move
  std::uint64_t proved = 0;     // of them proved within the budgets
  std::uint64_t puzzles = 0;    // proved with a move that wins by force, and at most half of the moves winning
  std::uint64_t kept = 0;
  std::map<std::string, std::uint64_t> themes;  // kept puzzles per theme
  double seconds = 0;
};

struct PuzzleGenResult {
  std::vector<dgn::Record> puzzles;  // in game order
  PuzzleGenStats stats;
};

// Plays games until `count` puzzles are kept (or maxGames). Deterministic for the options (the
// threads change only the time): games are numbered, seeded from (seed, number) and taken in order.
[[nodiscard]] PuzzleGenResult generatePuzzles(const PuzzleGenOptions& opt);
// The collection's text: each record as dgn::write writes it, a blank line between them.
[[nodiscard]] std::string puzzlesText(const std::vector<dgn::Record>& puzzles, const std::string& header = {});

}  // namespace dom::ai
