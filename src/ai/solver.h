// The exact solver of a perfect-information round: every tile known, the stock's order included.
// Negamax with alpha-beta, move ordering and a transposition table; values are the round's final
// point difference for the player to move (+points won, -points lost, 0 for a tie), as the rules
// score it (a domino: the loser's pips; blocked: the difference or the loser's pips).
#pragma once
#include <atomic>
#include <cstdint>
#include <vector>

#include "ai/sim.h"

namespace dom::ai {

struct MoveValue {
  Move move;
  int value = 0;  // the final point difference for the mover after this move, best play from there
};

class Solver {
 public:
  // ttEntries: the transposition table's size (rounded up to a power of two; 16 bytes each).
  explicit Solver(std::size_t ttEntries = std::size_t{1} << 20);
  // The exact value for s.state().turn (the points for that player once over).
  [[nodiscard]] int value(const SimState& s);
  // Every legal move with its exact value, best first (ties keep the legal order).
  [[nodiscard]] std::vector<MoveValue> values(const SimState& s);
  // Nodes searched since construction (a node: one position visited).
  [[nodiscard]] long long nodes() const { return nodes_; }
  // Stop searching after this many more nodes (0: no limit). When the budget runs out, value()
  // and values() return what they have and aborted() is true; the numbers are then meaningless.
  void setNodeLimit(long long limit) { limit_ = limit ? nodes_ + limit : 0; }
  [[nodiscard]] bool aborted() const { return aborted_; }
  // Also abort when *cancel becomes true (checked every 1024 nodes); nullptr: never.
  void setCancel(const std::atomic<bool>* cancel) { cancel_ = cancel; }

 private:
  struct Entry {
    std::uint64_t key = 0;
    std::int16_t value = 0;
    std::uint8_t flag = 0;  // 0 empty, 1 exact, 2 lower bound, 3 upper bound
    std::uint8_t best = 0;  // index of the best move in the legal order
    std::uint16_t gen = 0;
    std::uint8_t depth = 0;  // tiles left in the hands and the stock: how big the subtree was
  };
  int search(const SimState& s, int alpha, int beta);
  [[nodiscard]] static std::uint64_t key(const SimState& s);
  void newSearch();

  std::vector<Entry> tt_;
  std::size_t mask_ = 0;
  std::uint16_t gen_ = 0;
  long long nodes_ = 0, limit_ = 0;
  bool aborted_ = false;
  const std::atomic<bool>* cancel_ = nullptr;
};

// Plain minimax over every move, no pruning and no table: the reference for tests on small positions.
[[nodiscard]] int minimaxValue(const SimState& s);

}  // namespace dom::ai
