// SPDX-License-Identifier: MIT
// dominoes.Batch's step under layout=snake, written once and compiled twice: batch.cpp builds it for
// any x86-64 or ARM64, batch_bmi2.cpp with POPCNT, BMI and BMI2 (PDEP finds the k-th legal move
// without a table), and Batch::step takes the second where the processor runs it well
// (ai::fast::best(), the choice `dominoes bench` makes). Everything here has internal linkage, so
// the two copies never meet at link time. Include it from exactly those two files.
#pragma once
#include <algorithm>
#include <bit>
#include <cstdint>

#include "ai/batch.h"
#include "ai/bit_ops.h"

namespace dom::ai {
namespace {

// The legal moves' order. A tile's rank r counts from the heaviest (heaviestFirstOrder, the order
// legalMoves pushes them in). Under layout=snake a play has one heading, so the legal plays in order
// are bits: a tile's placement at end L is bit 2r and at end R bit 2r + 1, and the k-th legal play is
// the k-th set bit of the tiles that fit each end spread apart.
//  - The generic build spreads the hand's tile masks with tables (four lookups a mask).
//  - The BMI2 build keeps both hands "ranked" as well (Batch::Slot::ranked: bit r for the tile of
//    rank r), so that spreading is one PDEP; it is the faster of the two there, and on the generic
//    build the upkeep costs more than the tables.
#ifdef __BMI2__
constexpr bool kRanked = true;
#else
constexpr bool kRanked = false;
#endif
struct Order {
  std::array<Tile, kTiles> tile{};                             // rank -> tile
  std::array<std::uint8_t, 256> rank{};                        // tile -> rank (any byte: a stand-in tile reads 0)
  std::array<std::uint32_t, 7> suit{};                         // suitMask, ranked
  std::array<std::array<std::uint32_t, 256>, 4> byByte{};      // a tile mask's byte j, ranked
  std::array<std::array<std::uint64_t, 256>, 4> spreadByte{};  // the same, spread (bit r to bit 2r)
  Order() : tile(heaviestFirstOrder()) {
    for (int r = 0; r < kTiles; ++r) rank[tile[static_cast<std::size_t>(r)]] = static_cast<std::uint8_t>(r);
    for (int t = 0; t < kTiles; ++t) {
      const auto j = static_cast<std::size_t>(t / 8), b = std::size_t{1} << (t % 8);
      byByte[j][b] = std::uint32_t{1} << rank[static_cast<std::size_t>(t)];
      spreadByte[j][b] = std::uint64_t{1} << (2 * rank[static_cast<std::size_t>(t)]);
    }
    for (std::size_t j = 0; j < 4; ++j)
      for (std::size_t b = 1; b < 256; ++b) {  // a byte's bits: its lowest and the rest, both smaller
        byByte[j][b] = byByte[j][b & (b - 1)] | byByte[j][b & (0 - b)];
        spreadByte[j][b] = spreadByte[j][b & (b - 1)] | spreadByte[j][b & (0 - b)];
      }
    for (int x = 0; x < 7; ++x) suit[static_cast<std::size_t>(x)] = ranked(suitMask(x));
  }
  [[nodiscard]] std::uint32_t ranked(Mask m) const {
    return byByte[0][m & 0xFF] | byByte[1][m >> 8 & 0xFF] | byByte[2][m >> 16 & 0xFF] | byByte[3][m >> 24 & 0xFF];
  }
  // A tile mask's bits at 2r, r their ranks.
  [[nodiscard]] std::uint64_t spread(Mask m) const {
    return spreadByte[0][m & 0xFF] | spreadByte[1][m >> 8 & 0xFF] | spreadByte[2][m >> 16 & 0xFF] |
           spreadByte[3][m >> 24 & 0xFF];
  }
  // The choices in the legal order: the tiles of the hand that fit end L (pip end0) and end R.
  [[nodiscard]] std::uint64_t choices(Mask hand, std::uint32_t handRanked, int end0, int end1) const {
#ifdef __BMI2__
    (void)hand;
    return _pdep_u64(handRanked & suit[static_cast<std::size_t>(end0)], 0x5555555555555555ull) |
           _pdep_u64(handRanked & suit[static_cast<std::size_t>(end1)], 0xAAAAAAAAAAAAAAAAull);
#else
    (void)handRanked;
    return spread(hand & suitMask(end0)) | spread(hand & suitMask(end1)) << 1;
#endif
  }
};

const Order& order() {
  static const Order o;
  return o;
}

// The slot's hands, ranked, from its round state (after the lead; the BMI2 build of the step keeps
// them from there, and reads them only after the lead).
void rankHands(Batch::Slot& slot, const Order& ord) {
  slot.ranked = {ord.ranked(slot.s.hand[0]), ord.ranked(slot.s.hand[1])};
}

// A legal move, as Match::apply makes it on the state (settle is the caller's).
void applyTo(RoundState& s, const Move& m) {
  switch (m.kind) {
    case MoveKind::Draw: s.draw(); break;
    case MoveKind::Pass: s.pass(); break;
    case MoveKind::Play: s.play(m); break;
  }
}

// RoundState::legalMoves(fits).size, without the list.
template <bool Free>
[[gnu::always_inline]] inline int legalCount(const RoundState& s, const Fits& f) {
  const Player p = s.turn;
  const Mask hand = s.hand[idx(p)];
  if (s.beforeLead()) return s.forcedLead == kNoTile ? bits(hand) : 1;  // else draw or pass: 1 too
  int c = 0;
  if constexpr (Free) {
    for (int e = 0; e < 2; ++e) {
      const Mask at = s.playableAt(p, static_cast<End>(e), f);
      c += bits(at & doublesMask()) + bits(at & ~doublesMask()) * bits(f[static_cast<std::size_t>(e)].headings);
    }
  } else {
    const std::uint64_t both = (hand & suitMask(s.ends[0])) | std::uint64_t{hand & suitMask(s.ends[1])} << 32;
    c = bits(both);
  }
  return c ? c : 1;
}

// The round's first move (the lead, or under some rules a draw or a pass before it), the slow way:
// RoundState's own play and settle. Returns the next mover's legal count.
int playLead(Batch::Slot& slot, int k, const Rules& r, const Order& ord) {
  RoundState& s = slot.s;
  const Tile t = s.forcedLead;  // a deal's, by the double rule: in the opener's hand
  if (t != kNoTile && (s.hand[idx(s.turn)] & bit(t)))
    s.play({MoveKind::Play, t, End::None, Heading::Straight, static_cast<std::uint8_t>(high(t))});
  else
    applyTo(s, s.legalMoves(r, kSnakeFits).moves[static_cast<std::size_t>(k)]);
  s.settle(r, kSnakeFits);
  rankHands(slot, ord);
  return legalCount<false>(s, kSnakeFits);
}

// Plays the k-th legal move under layout=snake (RoundState::legalMoves(r, kSnakeFits).moves[k]) after
// the lead and settles, as Match::apply does, without a branch on which kind of move it is: a play,
// a draw and a pass come at random, and a mispredicted branch costs more than doing the work of
// all three. Returns the next mover's legal count (anything once the round is over). A round that
// ends here is marked (its status, and the winner of a domino) and scored later by scoreEnded: no
// function is called, so that the loop around it keeps its values in registers. Every field is
// read before any is written: a store to a byte field may alias any other, and would make the
// compiler read the state again after it. drawAbove: the stock count above which the mover may draw
// (the rules' reserve; kTiles if never), kept out of the Rules so that the loop holds it in a
// register.
[[gnu::always_inline]] inline int playSnake(Batch::Slot& slot, int k, int drawAbove, const Order& ord) {
  RoundState& s = slot.s;
  const int p = idx(s.turn);
  const Mask hand = s.hand[static_cast<std::size_t>(p)], opponent = s.hand[static_cast<std::size_t>(1 - p)];
  const std::uint32_t handRanked = kRanked ? slot.ranked[static_cast<std::size_t>(p)] : 0;
  const int end0 = s.ends[0], end1 = s.ends[1];
  const int top = s.stockTop, stockCount = s.stockEnd - top;
  const Tile onTop = s.stock[static_cast<std::size_t>(std::min(top, kMaxStock - 1))];
  const Mask line = s.line;
  // The choices in the legal order; 0 when nothing fits (a draw or a pass selects the stand-in bit 0,
  // k being 0 then, and lays nothing). The selections below are written as arithmetic on all-ones
  // or all-zero masks, not as conditionals: the compiler turned those into branches, and which kind
  // of move comes, and at which end, is a coin toss a branch predictor loses.
  const std::uint64_t choices = ord.choices(hand, handRanked, end0, end1);
  const bool play = choices != 0, draw = !play & (stockCount > drawAbove);
  const auto playOnes = 0 - static_cast<std::uint32_t>(play), drawOnes = 0 - static_cast<std::uint32_t>(draw);
  const int pos = nthBit64(choices | std::uint64_t{!play}, static_cast<std::uint32_t>(k));
  const int rank = pos >> 1;
  const Tile t = ord.tile[static_cast<std::size_t>(rank)];
  const int atEnd1 = pos & 1, atEnd1Ones = -atEnd1;
  const Mask laid = bit(t) & playOnes;
  const Mask mine = (hand & ~laid) | (bit(onTop) & drawOnes);
  const std::uint32_t mineRanked =
      (handRanked & ~((std::uint32_t{1} << rank) & playOnes)) | ((std::uint32_t{1} << ord.rank[onTop]) & drawOnes);
  const int pip = end0 ^ ((end0 ^ end1) & atEnd1Ones);
  const int laidPip = pip ^ ((pip ^ otherHalf(t, pip)) & static_cast<int>(playOnes));
  const int new0 = laidPip ^ ((laidPip ^ end0) & atEnd1Ones), new1 = end1 ^ ((end1 ^ laidPip) & atEnd1Ones);
  const int left = stockCount - static_cast<int>(draw);
  s.hand[static_cast<std::size_t>(p)] = mine;
  if constexpr (kRanked) slot.ranked[static_cast<std::size_t>(p)] = mineRanked;
  s.line = line | laid;
  s.ends[0] = static_cast<std::int8_t>(new0);
  s.ends[1] = static_cast<std::int8_t>(new1);
  s.stockTop = static_cast<std::uint8_t>(top + static_cast<int>(draw));
  if (!mine) [[unlikely]] {  // a domino (RoundState::play; scoreEnded counts the points)
    s.status = RoundStatus::Domino;
    s.winner = static_cast<std::uint8_t>(p);
    return 1;
  }
  s.turn = static_cast<Player>(p ^ static_cast<int>(!draw));  // a draw keeps the turn
  // RoundState::settle: blocked when neither player can place at either end and the mover cannot draw.
  const Mask show0 = suitMask(new0), show1 = suitMask(new1);
  if (!((mine | opponent) & (show0 | show1)) && left <= drawAbove) [[unlikely]] {
    s.status = RoundStatus::Blocked;  // scoreEnded scores it (RoundState::block)
    return 1;
  }
  // The next mover's plays (one a tile and end) or, without one, a draw or a pass.
  const Mask next = opponent ^ ((opponent ^ mine) & drawOnes);
  const int c = bits((next & show0) | std::uint64_t{next & show1} << 32);
  return c | static_cast<int>(c == 0);
}

// Scores the rounds that ended in playSnake (a domino: the loser's pips; a block: RoundState::block),
// and again, to the same result, those that ended at the lead.
void scoreEnded(Batch::Slot* slots, const std::int32_t* ended, int over, const Rules& r) {
  for (int j = 0; j < over; ++j) {
    RoundState& s = slots[ended[j]].s;
    if (s.status == RoundStatus::Blocked)
      s.block(r);
    else
      s.points = static_cast<std::uint16_t>(pips(s.hand[static_cast<std::size_t>(1 - s.winner)]));
  }
}

// One step of every slot under layout=snake: slot i plays its legal move indices[i] and its next
// legal count is written; a slot whose round ended is listed in `ended` (the count returned),
// scored, for the caller to deal again. The slots still to lead are listed in `leads` and played
// after the others, so that the loop over the rest calls nothing; it holds the buffers in locals,
// so that the compiler need not reload members at every slot.
[[gnu::always_inline]] inline int stepSnakeSlots(const BatchStep& a) {
  const Order& ord = order();
  const int drawAbove = a.rules->draw == DrawRule::Until ? a.rules->reserve : kTiles;
  Batch::Slot* const slots = a.slots;
  const std::uint8_t* const indices = a.indices;
  std::int32_t* const counts = a.counts;
  std::int32_t* const ended = a.ended;
  std::int32_t* const leads = a.leads;
  const int n = a.n;
  int over = 0, leading = 0;
  for (int i = 0; i < n; ++i) {
    Batch::Slot& slot = slots[i];
    if (slot.s.beforeLead()) [[unlikely]] {
      leads[leading++] = i;
      continue;
    }
    counts[i] = playSnake(slot, indices[i], drawAbove, ord);
    ended[over] = i;
    over += slot.s.over() ? 1 : 0;
  }
  for (int j = 0; j < leading; ++j) {
    const int i = leads[j];
    counts[i] = playLead(slots[i], indices[i], *a.rules, ord);
    ended[over] = i;
    over += slots[i].s.over() ? 1 : 0;
  }
  scoreEnded(slots, ended, over, *a.rules);
  return over;
}

}  // namespace
}  // namespace dom::ai
