// SPDX-License-Identifier: MIT
// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, its deviation and its
// volatility, updated once per rating period from the games of that period. Used for the puzzles'
// difficulty (puzzle_gen) and, in the studio, for the learner's rating.
#pragma once
#include <utility>
#include <vector>

namespace dom::ai::glicko2 {

// On the Glicko scale (as Elo's): a new player starts at 1500, deviation 350, volatility 0.06.
struct Rating {
  double r = 1500;
  double rd = 350;
  double vol = 0.06;
};

// The system constant tau (how fast the volatility may change): Glickman suggests 0.3 to 1.2.
inline constexpr double kTau = 0.5;

// One game of the period: the opponent's rating and the score (1 win, 0.5 draw, 0 loss).
using Game = std::pair<Rating, double>;

// The rating after one rating period holding `games` (all at once, as the paper's steps 1 to 8).
// With no games only the deviation grows (step 6).
[[nodiscard]] Rating update(const Rating& player, const std::vector<Game>& games, double tau = kTau);

}  // namespace dom::ai::glicko2
