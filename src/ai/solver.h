// SPDX-License-Identifier: MIT
// The exact solver of a perfect-information round: every tile known, the stock's order included.
// Negamax with alpha-beta, move ordering and a transposition table; values are the round's final
// point difference for the player to move (+points won, -points lost, 0 for a tie), as the rules
// score it (a domino: the loser's pips; blocked: the difference or the loser's pips).
#pragma once
#include <cstdint>
#include <vector>

#include "ai/search_table.h"
#include "ai/sim.h"

namespace dom::ai {

struct MoveValue {
  Move move;
  int value = 0;  // the final point difference for the mover after this move, best play from there
  int win = 0;    // with Scoring::PointsThenWin: +1 the mover wins, 0 a tie, -1 it loses (else 0)
};

// What the solver maximises. Points: the final point difference. PointsThenWin: the same, and among
// equal points a win before a tie before a loss, so that a 0-point win (a domino against a hand of
// 0-0) is told from a tie; values() then also gives who wins (a win always scores 0 or more, so the
// points' order is unchanged).
enum class Scoring : std::uint8_t { Points, PointsThenWin };

class Solver : public SearchBudget {
 public:
  // ttEntries: the transposition table's size (rounded up to a power of two; 16 bytes each).
  explicit Solver(std::size_t ttEntries = std::size_t{1} << 20, Scoring scoring = Scoring::Points);
  // The exact value for s.state().turn (the points for that player once over).
  [[nodiscard]] int value(const SimState& s);
  // Every legal move with its exact value, best first (ties keep the legal order).
  [[nodiscard]] std::vector<MoveValue> values(const SimState& s);
  // nodes(), setNodeLimit(), aborted() and setCancel() come from SearchBudget: when the budget runs
  // out, value() and values() return what they have and their numbers are meaningless.

 private:
  int search(const SimState& s, int alpha, int beta);
  void newSearch();
  int scale_ = 1;  // PointsThenWin: values are points * kWinScale + outcome

  SearchTable<std::int16_t> tt_;
};

// Plain minimax over every move, no pruning and no table: the reference for tests on small positions.
[[nodiscard]] int minimaxValue(const SimState& s);

}  // namespace dom::ai
