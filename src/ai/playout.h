// SPDX-License-Identifier: MIT
// Random playouts from any full-information position: the workhorse of flatmc and the expert.
// The hot code lives in playout_impl.h (compiled once per CPU path, internal linkage); this header
// only declares data and out-of-line entry points, so no CPU-specific code can leak across paths.
#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "ai/players.h"
#include "ai/sim.h"

namespace dom::ai {

// Greedy shares of the mixed playouts, per player index (idx(Player)): the chance, times 2^32, that
// the mover places its heaviest placeable tile instead of a uniformly random move.
using GreedyShares = std::array<std::uint32_t, 2>;

// A random playout to the end of the round from a full-information position: uniformly random
// legal moves (a draw takes the stock's top, as the position has it); returns s.pointsFor(p)
// at the end. No allocation. Snake rules run the fast loop on the round state; under layout=free
// SimState's board is stepped move by move (slower: flatmc and the expert play out on a
// PlayoutPosition, whose table they build once per decision).
[[nodiscard]] int playout(SimState s, Player p, PlayoutRng& rng);

// The free layout's occupancy in a fixed size, for tables at most kMaxWidth squares wide: one
// 64-bit word per row of units, the table shifted kPad units right and down, every unit off the
// table marked taken, so the fit of an end is six plain word reads and a few mask tests. Plain
// data: the code that reads and writes it is in playout_impl.h. fits equals FreeBoard's after the
// same moves (tests/test_playout_paths.cpp).
struct PlayoutTable {
  static constexpr int kPad = 4;
  static constexpr int kMaxWidth = (64 - 2 * kPad) / 2;  // squares (28: dominoes2's table)
  struct EndGeo {
    std::int16_t x = 0, y = 0;  // the edge's midpoint, in padded units
    std::uint8_t dir = 0;       // Dir
    bool onDouble = false;
  };
  std::array<std::uint64_t, 2 * kMaxTable + 2 * kPad> rows{};
  std::array<EndGeo, 2> ends{};
  Fits fits = kSnakeFits;
  std::array<Mask, 2> fitTiles{kAllTiles, kAllTiles};  // fits as the tiles each end lets in
  std::int16_t w = 0, h = 0;                           // units
  bool free = false;                                   // false: layout=snake, fits never change

  [[nodiscard]] static bool supports(const Rules& r) { return r.layout == LayoutRule::Snake || r.tableW <= kMaxWidth; }
  // These entry points are generic code (playout.cpp); the playout's loop has its own copies.
  void reset(const Rules& r);
  void lead(Tile t);
  void play(End e, Tile t, Heading h);
};

// A position for fast playouts: the round state and, under layout=free, its table.
struct PlayoutPosition {
  RoundState s;
  PlayoutTable table;
  // Per player index, the pips they are known to lack (bit x: pip x), for the mixed playouts'
  // block share: what the other player knows of them from the history.
  std::array<std::uint8_t, 2> lacks{};
  // The table rebuilt from the line as laid (end L to end R, as Match::line and Observation::laid
  // give it) and its lead's index; the state as given.
  [[nodiscard]] static PlayoutPosition from(const Rules& r, const RoundState& s, std::span<const LaidTile> line,
                                            int leadIndex);
  [[nodiscard]] static PlayoutPosition from(const Match& m) {
    return from(m.rules(), m.state(), m.line(), m.leadIndex());
  }
  void apply(const Rules& r, const Move& m);  // a legal move; a draw takes the stock's top
};

// A random playout from a PlayoutPosition (which it changes to the final position); returns
// the number of moves. rules must be supported by PlayoutTable.
int playout(const Rules& rules, PlayoutPosition& pos, PlayoutRng& rng);

// The same playout with a greedy share: at each move where a tile can be placed, with probability
// greedy / 2^32 the mover places its heaviest placeable tile instead of a uniformly random move
// (the expert's playouts: both sides playing a little like `greedy` judge moves better than
// uniformly random play). greedy = 0 plays uniformly, with other random numbers than playout().
int playoutMixed(const Rules& rules, PlayoutPosition& pos, PlayoutRng& rng, std::uint32_t greedy);
// The playouts' model of the two players, per player index (idx(Player)), each share the chance
// times 2^32 that a placement is made that way; they are tried in this order, and a move none of
// them makes is uniformly random:
// - block: when the mover knows it can leave the other player nothing to place at either end
//   (pos.lacks, updated by their draws and passes, or every other tile of the pip out), the heaviest
//   such placement; it never reads the other's hand;
// - policy: a placement drawn from the tips' policy (kPolicyWeights in playout_impl.h: a softmax over
//   what the mover can see of each placement, fitted to the expert's own choices);
// - greedy: the mover's heaviest placeable tile.
struct PlayoutModel {
  GreedyShares greedy{}, block{}, policy{};
};
// The expert models its own later moves and the opponent's apart.
int playoutMixed(const Rules& rules, PlayoutPosition& pos, PlayoutRng& rng, const PlayoutModel& model);

// The tips' policy (PlayoutModel::policy), for tests and docs. The features of placing `tile` (in
// `hand`) at end `e` (0: L, 1: R) for a mover who holds `hand`, the ends' pips `ends`, `unseen` the
// tiles the mover cannot see (the other's hand and the stock) and `lacks` the pips the mover knows
// the other lacks (bit x: pip x; a pip with no unseen tile counts as lacked too).
struct PolicyFeatures {
  int pips = 0;            // the tile's pips, shed
  bool isDouble = false;   // a double gone
  int mineNext = 0;        // my tiles left that either new end takes
  bool blocks = false;     // the other surely cannot place at either new end
  int unseenNew = 0;       // the unseen tiles of the new end's number
  int distinct = 0;        // the numbers left in my hand
  int mineNew = 0;         // my tiles left of the new end's number
  bool deadNew = false;    // the other surely cannot follow the new end
  bool stuck = false;      // no tile of mine left that either new end takes
  int unseenBoth = 0;      // the unseen tiles that either new end takes (what the other may follow with)
  bool doubleNew = false;  // I keep the double of the new end's number
};
[[nodiscard]] PolicyFeatures policyFeatures(Mask hand, std::array<int, 2> ends, Mask unseen, unsigned lacks, Tile tile,
                                            int e);
// A placement's weight in the policy's softmax: exp(w . f).
[[nodiscard]] double policyScore(const PolicyFeatures& f);
// The policy's draw among the tiles m0 placeable at end L and m1 at end R, as the playouts make it:
// the tile and its end.
[[nodiscard]] std::pair<Tile, int> policyPick(Mask hand, std::array<int, 2> ends, Mask unseen, unsigned lacks, Mask m0,
                                              Mask m1, PlayoutRng& rng);

// A choice among placements as the policy sees it (the lines of `dominoes match --policy-data`): the
// placements (tile, end) among o's legal moves in their order, each once (under layout=free the
// headings of a tile at an end are one choice: the policy picks the tile and the end, the heading at
// random), with their features, and the index of `chosen`'s placement among them. Empty, with
// chosen -1, before the lead or when a legal move is not a placement at an end.
struct PolicyChoice {
  int chosen = -1;
  std::vector<PolicyFeatures> options;
};
[[nodiscard]] PolicyChoice policyChoice(const Observation& o, const Move& chosen);

// Final points for p of a finished round state: + if p won, - if p lost, 0 for a tie.
[[nodiscard]] inline int pointsFor(const RoundState& s, Player p) {
  if (s.winner > 1) return 0;
  return s.winner == idx(p) ? s.points : -static_cast<int>(s.points);
}

}  // namespace dom::ai
