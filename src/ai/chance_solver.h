// SPDX-License-Identifier: MIT
// The exact solver of a round whose hands are known but whose stock's order is not: expectiminimax.
// Every draw is a chance node whose outcomes are the stock's tiles, each as likely (the stock is
// shuffled, and nothing in the round's history depends on its order). The players choose as in
// Solver, with alpha-beta, the table's best move first and a transposition table, here keyed on
// the stock's set rather than its order.
//
// Why it exists: the expert solves sampled deals in the endgame, and a deal fixes the stock's order.
// The plain Solver then plays as if it knew which tile each draw brings (clairvoyant draws), which
// en-linea's drawing until a tile plays rewards; the sampled deals average the points, not the
// choices, so the expert chose moves that only work when the draws are known. Here they are not.
//
// A value is a pair, both for the player to move: `win`, the chance to win the round minus the
// chance to lose it (a tie counts neither), and `points`, the expected final point difference. The
// players rank values by one number, `win * winWeight + points`: with a large weight (single rounds)
// they play for the round and let points break ties; with 0 (matches to a target) for the points.
#pragma once
#include <cstdint>
#include <vector>

#include "ai/search_table.h"
#include "ai/sim.h"

namespace dom::ai {

struct Expectation {
  double win = 0;     // P(win) - P(loss), in [-1, 1]; (win + 1) / 2 is the share of rounds won, ties half
  double points = 0;  // the expected final point difference
  [[nodiscard]] Expectation operator-() const { return {-win, -points}; }
};

struct MoveExpectation {
  Move move;
  Expectation value;
};

class ChanceSolver : public SearchBudget {
 public:
  // winWeight: see above (1000 plays for the round, 0 for points). ttEntries: the table's size,
  // rounded up to a power of two (24 bytes each).
  explicit ChanceSolver(double winWeight, std::size_t ttEntries = std::size_t{1} << 18);
  // The value for s.state().turn.
  [[nodiscard]] Expectation value(const SimState& s);
  // Every legal move with its value, best first by the ranking (ties keep the legal order).
  [[nodiscard]] std::vector<MoveExpectation> values(const SimState& s);
  [[nodiscard]] double rank(const Expectation& e) const { return e.win * winWeight_ + e.points; }
  // A new ranking; the table is cleared (its bounds were on the old rank).
  void setWinWeight(double w) {
    if (w != winWeight_) {
      winWeight_ = w;
      tt_.clearAtNextSearch();
    }
  }
  // nodes() (a chance node's outcomes are positions too), setNodeLimit(), aborted() and setCancel()
  // come from SearchBudget; after an abort the values are meaningless.

 private:
  struct Stored {  // an Expectation in the table
    float win = 0, points = 0;
  };
  Expectation search(const SimState& s, double alpha, double beta);
  Expectation child(const SimState& s, const Move& m, double alpha, double beta);
  void newSearch();

  double winWeight_;
  SearchTable<Stored> tt_;
};

// The value of a finished round for p, as an Expectation (win is +1, 0 or -1).
[[nodiscard]] Expectation finalValue(const SimState& over, Player p);

// Plain expectiminimax over every move and every draw, no pruning and no table, ranking by
// win * winWeight + points: the reference for tests on small positions.
[[nodiscard]] Expectation expectiminimaxValue(const SimState& s, double winWeight);

}  // namespace dom::ai
