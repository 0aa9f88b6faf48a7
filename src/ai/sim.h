// SPDX-License-Identifier: MIT
// A perfect-information round position for search: the round state plus, under layout=free, a small
// fixed-size copy of the table's geometry. Cheap to copy (a few hundred bytes, no allocation), so the
// solver and the playouts copy it at every node instead of undoing moves.
#pragma once
#include <array>
#include <cstdint>
#include <utility>

#include "core/match.h"

namespace dom::ai {

// The free layout's occupancy as the list of laid rectangles and the two open ends: what FreeBoard
// keeps in a bitmap, in a fixed size. fits() equals FreeBoard::fits() after the same moves (tested).
class SimBoard {
 public:
  void reset(int tableW, int tableH);  // squares, as the rules give them
  void lead(Tile t);
  void play(End e, Tile t, Heading h);  // a placement that fits() allows
  [[nodiscard]] const Fits& fits() const { return fits_; }
  // A hash of the geometry that matters for the rest of the round: the laid rectangles and the ends.
  [[nodiscard]] std::uint64_t hash() const { return hash_; }

 private:
  struct Box {
    std::uint8_t x = 0, y = 0, w = 0, h = 0;  // units
  };
  struct EndGeo {
    std::int16_t x = 0, y = 0;  // midpoint of the edge where the next tile attaches
    std::uint8_t dir = 0;       // Dir
    bool onDouble = false;
  };
  void add(int x, int y, int w, int h);
  [[nodiscard]] EndFit fitAt(const EndGeo& g) const;
  [[nodiscard]] std::uint64_t endHash() const;

  std::array<Box, kTiles> boxes_{};
  std::uint8_t count_ = 0;
  std::int16_t w_ = 0, h_ = 0;  // units
  std::array<EndGeo, 2> ends_{};
  Fits fits_ = kSnakeFits;
  std::uint64_t boxHash_ = 0, hash_ = 0;
};

class SimState {
 public:
  // The match must be in a round. The rules are kept by pointer to an interned copy that lives as
  // long as the program, so a SimState outlives the Match it came from.
  [[nodiscard]] static SimState from(const Match& m);
  [[nodiscard]] const RoundState& state() const { return s_; }
  [[nodiscard]] const Rules& rules() const { return *rules_; }
  [[nodiscard]] Fits fits() const { return free_ ? board_.fits() : kSnakeFits; }
  [[nodiscard]] bool freeLayout() const { return free_; }
  [[nodiscard]] const SimBoard& board() const { return board_; }
  // Same moves and order as Match::legalMoves (empty once over).
  [[nodiscard]] MoveList legal() const { return s_.over() ? MoveList{} : s_.legalMoves(*rules_, fits()); }
  // A legal move; a draw takes the stock's top. Ends the round as Match::apply does.
  void apply(const Move& m);
  // Puts the stock's j-th tile (0: the top) on top, so that the next draw takes it: an outcome of a
  // chance node, for search that treats the stock's order as unknown. The stock's set is unchanged.
  void drawNext(int j) { std::swap(s_.stock[s_.stockTop], s_.stock[static_cast<std::size_t>(s_.stockTop + j)]); }
  [[nodiscard]] bool over() const { return s_.over(); }
  // Once over: +points if p won, -points if p lost, 0 for a tie.
  [[nodiscard]] int pointsFor(Player p) const {
    if (s_.winner > 1) return 0;
    return s_.winner == idx(p) ? s_.points : -static_cast<int>(s_.points);
  }
  // Once over: +1 if p won, -1 if p lost, 0 for a tie. A win may score 0 points (a domino against a
  // hand of 0-0), so who won is not the sign of pointsFor.
  [[nodiscard]] int outcomeFor(Player p) const {
    if (s_.winner > 1) return 0;
    return s_.winner == idx(p) ? 1 : -1;
  }
  // Replaces what `viewer` cannot see: the opponent's hand and the stock (top first). The caller keeps
  // the position consistent (every tile once); the line, ends, turn and board stay.
  void setHidden(Player viewer, Mask opponentHand, const Tile* stockTopFirst, int stockCount);

 private:
  RoundState s_{};
  const Rules* rules_ = nullptr;
  bool free_ = false;
  SimBoard board_{};
};

}  // namespace dom::ai
