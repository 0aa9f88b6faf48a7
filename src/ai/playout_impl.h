// SPDX-License-Identifier: MIT
// The random playout of `dominoes bench` and the search, written once and compiled once per CPU path:
// players.cpp builds it for any x86-64 or ARM64 (the generic path), playout_bmi2.cpp with POPCNT, BMI
// and BMI2 (PDEP picks the n-th tile of a mask without a loop). Everything here has internal linkage,
// so the two copies never meet at link time. Include it from exactly those two files.
#pragma once
#include <algorithm>
#include <bit>
#if defined(__BMI2__) || defined(__SSE2__)
#include <immintrin.h>
#endif
#include <utility>

#include "ai/bit_ops.h"
#include "ai/players.h"
#include "ai/playout.h"
#include "core/free_geometry.h"

namespace dom::ai {
namespace {

// The n-th (from 0) tile of m.
[[gnu::always_inline]] inline Tile nthTile(Mask m, std::uint32_t n) { return static_cast<Tile>(nthBit64(m, n)); }

// One play of the snake playout as table lookups: for the chosen bit `pos` of the choice mask
// (bits 0..27 end L, 32..59 end R) and the ends packed as L | R << 3, the suit mask of the new
// end and the new packed ends. Indexed by ends * 64 + pos.
struct SnakeStep {
  std::array<Mask, 64 * 64> suit{};
  std::array<std::uint8_t, 64 * 64> ends{};
  constexpr SnakeStep() {
    for (int l = 0; l <= 6; ++l)
      for (int r = 0; r <= 6; ++r)
        for (int pos = 0; pos < 64; ++pos) {
          const int side = pos >> 5, t = pos & 31;
          if (t >= kTiles) continue;
          const int e = side ? r : l;
          const auto tile = static_cast<Tile>(t);
          if (high(tile) != e && low(tile) != e) continue;
          const int far = weight(tile) - e;
          const int idx = (l | r << 3) * 64 + pos;
          suit[idx] = suitMask(far);
          ends[idx] = static_cast<std::uint8_t>(side ? (l | far << 3) : (far | r << 3));
        }
  }
};
constexpr SnakeStep kStep{};

// One round of the snake playout, kept in registers. Under layout=snake no end is ever blocked
// by the layout, so legality is mask ANDs.
//  - The choices are one 64-bit mask: bits 0..27 the tiles that fit end L, bits 32..59 those that
//    fit end R, so a uniform legal play is one PDEP away and the end is the chosen bit's half of
//    the word. The hands are kept doubled (the same 28 bits in both halves) to meet it.
//  - The new end's suit and the packed ends (L | R << 3) come from one table row (kStep).
//  - The stock is a mask and each draw takes a uniformly random tile of it, which is the same as
//    drawing the top of a shuffled stock. The deal picks the hands the same way.
struct SnakeHot {                  // what a move reads and writes: five registers
  std::uint64_t cur = 0, opp = 0;  // the hands of the player to move and the other, doubled
  std::uint64_t suits = 0;         // tiles showing end L's pip (bits 0..27) and end R's (32..59)
  std::uint64_t stock = 0;         // bits 0..27
  std::uint64_t ends = 0;          // L | R << 3
};
struct SnakeGame {
  SnakeHot h;
  // The rest, touched once a round or on a pass. Who is to move and the move count follow from
  // the masks: every play after the lead and every pass hands the turn over.
  int passes = 0;
  Player opener = Player::A;
  Tile lead = kNoTile;
};
constexpr std::uint64_t kTwice = 0x100000001ull;

enum class Step { Going, Pass, Domino, Blocked };

// The tiles in some order, kept from deal to deal: each deal is a partial Fisher-Yates shuffle of
// whatever order the last one left, which picks the hands uniformly from any order it starts from
// (one swap a tile, where choosing the n-th tile of a mask takes a select of its bits).
struct Deck {
  std::array<std::uint8_t, kTiles> tile{};
  constexpr Deck() {
    for (int i = 0; i < kTiles; ++i) tile[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
  }
  // Swaps position i with one of positions i..27 (r below 28 - i) and returns the tile now at i.
  [[gnu::always_inline]] Mask take(int i, std::uint32_t r) {
    const auto a = static_cast<std::size_t>(i), b = static_cast<std::size_t>(i) + r;
    const std::uint8_t t = tile[b];
    tile[b] = tile[a];
    tile[a] = t;
    return Mask{1} << t;
  }
};

// A fresh deal and its lead, by the double rule. Domino already if the leader held one tile.
Step snakeDeal(const Rules& rules, PlayoutRng& g, Deck& deck, SnakeGame& s) {
  Mask hand[2] = {0, 0};
  if (rules.hand == 7) {
    // The 14 choices come from three 32-bit numbers read as mixed-radix digits (28..23, 22..17 and
    // 16..15), each drawn below the largest multiple of its range so every deal is equally likely;
    // three short division chains instead of one long one.
    const auto digits = [&](std::uint32_t outcomes) {
      const std::uint32_t limit = outcomes * (0xFFFFFFFFu / outcomes);
      std::uint32_t r;
      do r = g();
      while (r >= limit);
      return r;
    };
    std::uint32_t r1 = digits(28u * 27 * 26 * 25 * 24 * 23), r2 = digits(22u * 21 * 20 * 19 * 18 * 17),
                  r3 = digits(16u * 15);
    auto take = [&](int i, std::uint32_t& r, std::uint32_t radix) {
      hand[i < 7 ? 0 : 1] |= deck.take(i, r % radix);
      r /= radix;
    };
    for (int i = 0; i < 6; ++i) take(i, r1, static_cast<std::uint32_t>(kTiles - i));
    for (int i = 6; i < 12; ++i) take(i, r2, static_cast<std::uint32_t>(kTiles - i));
    for (int i = 12; i < 14; ++i) take(i, r3, static_cast<std::uint32_t>(kTiles - i));
  } else {
    for (int i = 0; i < 2 * rules.hand; ++i)
      hand[i < rules.hand ? 0 : 1] |= deck.take(i, bounded(g, static_cast<std::uint32_t>(kTiles - i)));
  }
  const Mask stock = kAllTiles & ~(hand[0] | hand[1]);
  int p = 0;
  Tile lead = kNoTile;
  if (const Mask d = (hand[0] | hand[1]) & doublesMask()) {
    lead = static_cast<Tile>(31 - std::countl_zero(d));
    p = (hand[0] & bit(lead)) ? 0 : 1;
  } else {
    const Tile ha = heaviest(hand[0]), hb = heaviest(hand[1]);
    p = heavier(ha, hb) ? 0 : 1;
    lead = p ? hb : ha;
  }
  hand[p] &= ~bit(lead);
  s.opener = static_cast<Player>(p);
  s.lead = lead;
  s.passes = 0;
  s.h.stock = stock;
  s.h.ends = static_cast<std::uint32_t>(high(lead)) | static_cast<std::uint32_t>(low(lead)) << 3;
  s.h.suits = suitMask(high(lead)) | static_cast<std::uint64_t>(suitMask(low(lead))) << 32;
  s.h.cur = hand[1 - p] * kTwice;
  s.h.opp = hand[p] * kTwice;
  if (!hand[p]) {
    std::swap(s.h.cur, s.h.opp);
    return Step::Domino;
  }
  return Step::Going;
}

// One move: a play if anything fits, else a draw, else a pass; Domino or Blocked when the round
// ends (a pass is left to the caller). A play's cost is the chain from the ends to the next
// player's fits: popcount, a random index, PDEP, TZCNT and one table row.
[[gnu::always_inline]] inline Step snakeStep(SnakeHot& s, PlayoutRng& g, int drawLimit) {
  const std::uint64_t fits = s.cur & s.suits;
  if (fits) {
    const auto pos = static_cast<std::uint32_t>(nthBit64(fits, bounded(g, static_cast<std::uint32_t>(bits(fits)))));
    const auto idx = static_cast<std::uint32_t>(s.ends * 64 + pos);
    const std::uint32_t sh = pos & 32;
    s.suits = (s.suits & (0xFFFFFFFF00000000ull >> sh)) | static_cast<std::uint64_t>(kStep.suit[idx]) << sh;
    s.ends = kStep.ends[idx];
    const std::uint64_t next = s.cur & ~((std::uint64_t{1} << (pos & 31)) * kTwice);
    if (!next) [[unlikely]] {
      s.cur = 0;
      return Step::Domino;
    }
    s.cur = s.opp;
    s.opp = next;
    return Step::Going;
  }
  const auto n = static_cast<std::uint32_t>(bits(s.stock));
  if (static_cast<int>(n) > drawLimit) {
    const std::uint64_t b = nthBit64(s.stock, bounded(g, n));
    const std::uint64_t one = std::uint64_t{1} << b;
    s.stock ^= one;
    s.cur |= one * kTwice;
    return Step::Going;
  }
  return (s.opp & s.suits) ? Step::Pass : Step::Blocked;  // blocked at once: no pass is recorded
}

// The number of moves of a finished game, and the RoundState it stands for.
int snakeMoves(const Rules& rules, const SnakeGame& g) {
  const auto stock = static_cast<Mask>(g.h.stock);
  const Mask line = kAllTiles & ~(stock | static_cast<Mask>(g.h.cur) | static_cast<Mask>(g.h.opp));
  return bits(line) + (kTiles - 2 * rules.hand - bits(stock)) + g.passes;
}

void snakeResult(const Rules& rules, const SnakeGame& g, Step how, RoundState& s) {
  const auto stock = static_cast<Mask>(g.h.stock);
  const Mask line = kAllTiles & ~(stock | static_cast<Mask>(g.h.cur) | static_cast<Mask>(g.h.opp));
  // The player to move (after a domino: the one who played last). Every play after the lead and
  // every pass handed the turn over; a domino's last play did not.
  const int handovers = bits(line) - 1 + g.passes - (how == Step::Domino ? 1 : 0);
  const int p = (1 - idx(g.opener)) ^ (handovers & 1);
  s = RoundState{};
  s.hand[p] = static_cast<Mask>(g.h.cur);
  s.hand[1 - p] = static_cast<Mask>(g.h.opp);
  s.line = line;
  for (Mask m = stock; m; m &= m - 1) s.stock[s.stockEnd++] = static_cast<Tile>(std::countr_zero(m));
  s.ends = {static_cast<std::int8_t>(g.h.ends & 7), static_cast<std::int8_t>(g.h.ends >> 3)};
  s.turn = static_cast<Player>(p);
  s.opener = g.opener;
  s.forcedLead = g.lead;
  if (how == Step::Domino) {
    s.status = RoundStatus::Domino;
    s.winner = static_cast<std::uint8_t>(p);
    s.points = static_cast<std::uint16_t>(pips(static_cast<Mask>(g.h.opp)));
  } else {
    s.block(rules);
  }
}

// ---------------------------------------------------------------- free layout

// The free layout's geometry (core/free_geometry.h) on a PlayoutTable (see playout.h): an end's
// patch of 6 x 6 units read from the padded rows, so that every read is in bounds.
using geo::kDx;
using geo::kDy;

[[gnu::always_inline]] inline EndFit tableFit(const PlayoutTable& t, const PlayoutTable::EndGeo& g) {
  const int k = g.dir;
  const int x0 = g.x + kDx[k] - 3, y0 = g.y + kDy[k] - 3;
  const std::uint64_t* row = t.rows.data() + y0;
#ifdef __SSE2__
  // Two rows a register: shifted, masked and moved to their six bits by one multiply each.
  const __m128i count = _mm_cvtsi32_si128(x0), six = _mm_set1_epi64x(63);
  const auto part = [&](int j, long long lo, long long hi) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(row + j));
    return _mm_mul_epu32(_mm_and_si128(_mm_srl_epi64(v, count), six), _mm_set_epi64x(hi, lo));
  };
  const __m128i w =
      _mm_or_si128(_mm_or_si128(part(0, 1, 1LL << 6), part(2, 1LL << 12, 1LL << 18)), part(4, 1LL << 24, 1LL << 30));
  const auto p = static_cast<std::uint64_t>(_mm_cvtsi128_si64(w) | _mm_cvtsi128_si64(_mm_unpackhi_epi64(w, w)));
#else
  std::uint64_t p = 0;
  for (int j = 0; j < 6; ++j) p |= ((row[j] >> x0) & 63) << (6 * j);
#endif
  return geo::patchFit(p, k, g.onDouble);
}

[[nodiscard]] constexpr Mask fitTiles(const EndFit& f) {
  return (f.dbl ? doublesMask() : 0) | (f.headings ? ~doublesMask() & kAllTiles : 0);
}
// End e's fit, in both forms.
[[gnu::always_inline]] inline void setFit(PlayoutTable& t, int e, EndFit f) {
  t.fits[static_cast<std::size_t>(e)] = f;
  t.fitTiles[static_cast<std::size_t>(e)] = fitTiles(f);
}

// Marks a rectangle of width w and height 2 or 4 (6 - w): four rows are always written, the last
// two with nothing when the height is 2 (the padding keeps them in bounds).
[[gnu::always_inline]] inline void tableMark(PlayoutTable& t, int x, int y, int w) {
  const std::uint64_t bitsRow = ((std::uint64_t{1} << w) - 1) << x;
  const std::uint64_t tall = bitsRow & (std::uint64_t{0} - static_cast<std::uint64_t>(w == 2));
  std::uint64_t* row = t.rows.data() + y;
  row[0] |= bitsRow;
  row[1] |= bitsRow;
  row[2] |= tall;
  row[3] |= tall;
}

inline void tableReset(PlayoutTable& t, const Rules& r) {
  t.free = r.layout == LayoutRule::Free;
  t.fits = kSnakeFits;
  t.fitTiles = {kAllTiles, kAllTiles};
  t.ends = {};
  if (!t.free) return;
  constexpr int pad = PlayoutTable::kPad;
  t.w = static_cast<std::int16_t>(2 * r.tableW);
  t.h = static_cast<std::int16_t>(2 * r.tableH);
  const std::uint64_t offTable = ~(((std::uint64_t{1} << t.w) - 1) << pad);
  const int rows = t.h + 2 * pad;
  for (int y = 0; y < rows; ++y)
    t.rows[static_cast<std::size_t>(y)] = (y < pad || y >= t.h + pad) ? ~std::uint64_t{0} : offTable;
}

inline void tableLead(PlayoutTable& t, Tile tile) {
  if (!t.free) return;
  constexpr int pad = PlayoutTable::kPad;
  const int cx = t.w / 2 + pad, cy = t.h / 2 + pad;
  const bool dbl = isDouble(tile);
  const geo::LeadPlacement& p = geo::kLead[dbl];
  tableMark(t, cx + p.rx, cy + p.ry, p.rw);
  for (std::size_t e = 0; e < 2; ++e)
    t.ends[e] = {static_cast<std::int16_t>(cx + p.endX[e]), static_cast<std::int16_t>(cy),
                 static_cast<std::uint8_t>(geo::kLeadDir[e]), dbl};
  setFit(t, 0, tableFit(t, t.ends[0]));
  setFit(t, 1, tableFit(t, t.ends[1]));
}

[[gnu::always_inline]] inline void tablePlay(PlayoutTable& t, int e, Tile tile, Heading h) {
  PlayoutTable::EndGeo& s = t.ends[static_cast<std::size_t>(e)];
  const geo::Placement& p =
      geo::kPlace[s.dir][static_cast<std::size_t>(geo::placementKind(isDouble(tile), h, s.onDouble))];
  const int rx = s.x + p.rx, ry = s.y + p.ry, rw = p.rw, rh = p.rh();
  s = {static_cast<std::int16_t>(s.x + p.nx), static_cast<std::int16_t>(s.y + p.ny), p.dir, p.onDouble};
  tableMark(t, rx, ry, rw);
  setFit(t, e, tableFit(t, s));
  // The other end changes only if the new tile lies where its placements would.
  const PlayoutTable::EndGeo& o = t.ends[static_cast<std::size_t>(e ^ 1)];
  const int ox = o.x + kDx[o.dir] - 3, oy = o.y + kDy[o.dir] - 3;
  if (rx < ox + 6 && ox < rx + rw && ry < oy + 6 && oy < ry + rh) setFit(t, e ^ 1, tableFit(t, o));
}

// The tables the playout loop runs on: snake (fits never change), the fixed-size table, and
// core's FreeBoard for free tables too wide for it.
struct SnakeTable {
  static constexpr Fits fits() { return kSnakeFits; }
  static constexpr std::array<Mask, 2> tiles() { return {kAllTiles, kAllTiles}; }
  static void lead(Tile) {}
  static void play(int, Tile, Heading) {}
};
struct FastTable {
  PlayoutTable& t;
  [[nodiscard]] const Fits& fits() const { return t.fits; }
  [[nodiscard]] const std::array<Mask, 2>& tiles() const { return t.fitTiles; }
  void lead(Tile tile) const { tableLead(t, tile); }
  [[gnu::always_inline]] void play(int e, Tile tile, Heading h) const { tablePlay(t, e, tile, h); }
};
struct BoardTable {
  FreeBoard& b;
  [[nodiscard]] const Fits& fits() const { return b.fits(); }
  [[nodiscard]] std::array<Mask, 2> tiles() const { return {fitTiles(b.fits()[0]), fitTiles(b.fits()[1])}; }
  void lead(Tile tile) const { b.lead(tile); }
  void play(int e, Tile tile, Heading h) const { b.play(static_cast<End>(e), tile, h); }
};

// The stocks: a mask drawn from at random (a fresh deal, whose order nobody knows yet: the same
// as taking the top of a shuffled stock), or a RoundState's stock in its order.
struct MaskStock {
  Mask m = 0;
  [[nodiscard]] int count() const { return bits(m); }
  Tile take(PlayoutRng& g) {
    const auto t = static_cast<Tile>(nthBit64(m, bounded(g, static_cast<std::uint32_t>(bits(m)))));
    m ^= bit(t);
    return t;
  }
};
struct OrderedStock {
  RoundState& s;
  [[nodiscard]] int count() const { return s.stockCount(); }
  Tile take(PlayoutRng&) const { return s.stock[s.stockTop++]; }
};

// kByWeight[w]: the tiles of weight w (0 to 12).
constexpr auto kByWeight = [] {
  std::array<Mask, 13> t{};
  for (int i = 0; i < kTiles; ++i)
    t[static_cast<std::size_t>(weight(static_cast<Tile>(i)))] |= bit(static_cast<Tile>(i));
  return t;
}();
// The heaviest tiles of a non-empty mask.
[[gnu::always_inline]] inline Mask heaviestTiles(Mask m) {
  for (int w = 12; w > 0; --w)
    if (m & kByWeight[static_cast<std::size_t>(w)]) return m & kByWeight[static_cast<std::size_t>(w)];
  return m;
}

// kNthHeading[hs][k]: the k-th (from 0) heading set in hs.
constexpr auto kNthHeading = [] {
  std::array<std::array<std::uint8_t, 3>, 8> t{};
  for (int hs = 0; hs < 8; ++hs)
    for (int k = 0, i = 0; i < 3; ++i)
      if (hs >> i & 1) t[static_cast<std::size_t>(hs)][static_cast<std::size_t>(k++)] = static_cast<std::uint8_t>(i);
  return t;
}();
// All ones if c, else zero.
template <class T>
[[gnu::always_inline]] constexpr T everyBit(bool c) {
  return static_cast<T>(T{0} - static_cast<T>(c));
}

// r / m for m in 1..3 and r < 64, by a multiply.
constexpr std::array<std::uint32_t, 4> kInverse = {0, 65536, 32768, 21846};

// The loop's state: the hands of the player to move (cur, index p) and the other, the ends' pips.
struct FreeHot {
  Mask cur = 0, opp = 0;
  int p = 0;
  std::array<int, 2> pips{};
  int passes = 0, draws = 0;
  // kMixed only: the tiles on the table, and per player index the pips they are known to lack
  // (bit x: pip x), as the other player knows it: set by their draws and passes.
  Mask out = 0;
  std::array<std::uint8_t, 2> lacks{};
};

// The mixed playout's chosen placement: the heaviest tile of m0 (placeable at end L) and m1 (at end R),
// the lowest-numbered of the heaviest; the end at random when it is in both, the heading at random.
template <class Table>
[[gnu::always_inline]] inline Step placeHeaviest(FreeHot& s, Table table, const Fits& f, Mask m0, Mask m1,
                                                 PlayoutRng& g) {
  const Tile t = nthTile(heaviestTiles(m0 | m1), 0);
  int e = (m0 & bit(t)) ? 0 : 1;
  if (e == 0 && (m1 & bit(t)) && (g() & 1)) e = 1;
  const auto hs = f[static_cast<std::size_t>(e)].headings;
  const Heading h = isDouble(t)
                        ? Heading::Straight
                        : static_cast<Heading>(kNthHeading[hs][bounded(g, static_cast<std::uint32_t>(bits(hs)))]);
  s.cur &= ~bit(t);
  s.out |= bit(t);
  s.pips[static_cast<std::size_t>(e)] = weight(t) - s.pips[static_cast<std::size_t>(e)];
  table.play(e, t, h);
  if (!s.cur) return Step::Domino;
  std::swap(s.cur, s.opp);
  s.p ^= 1;
  return Step::Going;
}

// The tips' policy (PlayoutModel::policy): each placement the mover can make weighs exp(w . f), f its
// PolicyFeatures and w these weights per unit of each feature, and one is drawn in proportion to its
// weight. The weights are a conditional logit fitted to the choices of the expert at ms=50 playing
// without the policy (2026-12-02: 7,858 en-linea decisions against greedy; docs/research/players-log.md, The tips'
// policy in the playouts): doubles gone, ends that few unseen tiles follow or that the other cannot
// follow, keeping a tile for the ends and the double of the new end's number weigh most.
struct PolicyWeights {
  double pips, isDouble, mineNext, blocks, unseenNew, distinct, mineNew, deadNew, stuck, unseenBoth, doubleNew;
};
inline constexpr PolicyWeights kPolicyWeights{0.03045, 1.40137, 0.01525,  0.97802,  -0.26654, -0.05176,
                                              0.14553, 0.05470, -0.42901, -0.24174, 0.74608};

// exp(x) for the tables below, evaluated by the compiler (so no libm's rounding can make two
// machines play differently): halve x until it is small, a Taylor series, square back.
constexpr double policyExp(double x) {
  int k = 0;
  while (x > 0.25 || x < -0.25) {
    x /= 2;
    ++k;
  }
  double term = 1, sum = 1;
  for (int i = 1; i < 16; ++i) sum += term *= x / i;
  for (; k > 0; --k) sum *= sum;
  return sum;
}
// exp(w * n) for n = 0 .. N-1: a feature's factor of a placement's weight.
template <std::size_t N>
constexpr std::array<float, N> policyFactors(double w) {
  std::array<float, N> t{};
  for (std::size_t n = 0; n < N; ++n) t[n] = static_cast<float>(policyExp(w * static_cast<double>(n)));
  return t;
}
struct PolicyFactors {
  std::array<float, 13> pips = policyFactors<13>(kPolicyWeights.pips);
  std::array<float, 2> isDouble = policyFactors<2>(kPolicyWeights.isDouble);
  std::array<float, 32> mineNext = policyFactors<32>(kPolicyWeights.mineNext);
  std::array<float, 2> blocks = policyFactors<2>(kPolicyWeights.blocks);
  std::array<float, 8> unseenNew = policyFactors<8>(kPolicyWeights.unseenNew);
  std::array<float, 8> distinct = policyFactors<8>(kPolicyWeights.distinct);
  std::array<float, 8> mineNew = policyFactors<8>(kPolicyWeights.mineNew);
  std::array<float, 2> deadNew = policyFactors<2>(kPolicyWeights.deadNew);
  std::array<float, 2> stuck = policyFactors<2>(kPolicyWeights.stuck);
  std::array<float, 16> unseenBoth = policyFactors<16>(kPolicyWeights.unseenBoth);
  std::array<float, 2> doubleNew = policyFactors<2>(kPolicyWeights.doubleNew);
};
inline constexpr PolicyFactors kPolicy{};

// kPipCounts[c][v]: for the tiles 7c .. 7c+6 of the mask bits v, how many of them hold each pip x, in
// the 4 bits from 4x; the sum over the four chunks of a mask counts its tiles of every pip at once
// (at most 7 a pip, so the nibbles never carry), with no population count.
constexpr auto kPipCounts = [] {
  std::array<std::array<std::uint32_t, 128>, 4> t{};
  for (int c = 0; c < 4; ++c)
    for (int v = 0; v < 128; ++v)
      for (int i = 0; i < 7; ++i)
        if (v >> i & 1) {
          const auto tile = static_cast<Tile>(7 * c + i);
          t[static_cast<std::size_t>(c)][static_cast<std::size_t>(v)] += 1u << (4 * high(tile));
          if (!isDouble(tile)) t[static_cast<std::size_t>(c)][static_cast<std::size_t>(v)] += 1u << (4 * low(tile));
        }
  return t;
}();
[[gnu::always_inline]] inline std::uint32_t pipCounts(Mask m) {
  return kPipCounts[0][m & 127] + kPipCounts[1][(m >> 7) & 127] + kPipCounts[2][(m >> 14) & 127] +
         kPipCounts[3][(m >> 21) & 127];
}
// kTileOf[a][b]: the tile a-b.
constexpr auto kTileOf = [] {
  std::array<std::array<std::uint8_t, 7>, 7> t{};
  for (int i = 0; i < kTiles; ++i) {
    const auto tile = static_cast<Tile>(i);
    t[static_cast<std::size_t>(high(tile))][static_cast<std::size_t>(low(tile))] = static_cast<std::uint8_t>(i);
    t[static_cast<std::size_t>(low(tile))][static_cast<std::size_t>(high(tile))] = static_cast<std::uint8_t>(i);
  }
  return t;
}();

// What the mover sees, per pip, for the policy's features: its tiles of each pip and the unseen
// ones (pipCounts), the pips the other surely lacks (known to lack, or no unseen tile left: bit x),
// the numbers in its hand.
struct PolicyView {
  std::uint32_t mine = 0, unseen = 0;
  unsigned dead = 0;
  int distinct = 0;
  Mask hand = 0, unseenTiles = 0;
  PolicyView(Mask h, Mask u, unsigned lacks)
      : mine(pipCounts(h)), unseen(pipCounts(u)), dead(lacks), hand(h), unseenTiles(u) {
    for (int x = 0; x < 7; ++x) {
      distinct += ((mine >> (4 * x)) & 15) ? 1 : 0;
      if (!((unseen >> (4 * x)) & 15)) dead |= 1u << x;
    }
  }
  [[gnu::always_inline]] int mineOf(int x) const { return static_cast<int>((mine >> (4 * x)) & 15); }
  [[gnu::always_inline]] int unseenOf(int x) const { return static_cast<int>((unseen >> (4 * x)) & 15); }
  // Placing t (in hand) at the end whose pip is `at`, the other end's pip `other`.
  [[gnu::always_inline]] PolicyFeatures features(Tile t, int at, int other) const {
    PolicyFeatures f;
    const int n0 = weight(t) - at, hi = high(t), lo = low(t);
    f.pips = weight(t);
    f.isDouble = hi == lo;
    // My tiles of n0 or of `other`, t itself (which holds n0) not counted.
    const int link = kTileOf[static_cast<std::size_t>(n0)][static_cast<std::size_t>(other)];
    const bool both = (hand >> link) & 1;
    f.mineNext = n0 == other ? mineOf(n0) - 1 : mineOf(n0) + mineOf(other) - both - 1;
    f.deadNew = (dead >> n0) & 1;
    f.blocks = f.deadNew && ((dead >> other) & 1);
    f.unseenNew = unseenOf(n0);
    f.distinct = distinct - (mineOf(hi) == 1) - (lo != hi && mineOf(lo) == 1);
    f.mineNew = mineOf(n0) - 1;
    f.stuck = f.mineNext <= 0;
    // The unseen tiles of n0 or of `other`, the tile n0-other counted once.
    f.unseenBoth =
        n0 == other ? f.unseenNew : f.unseenNew + unseenOf(other) - static_cast<int>((unseenTiles >> link) & 1);
    const int dbl = kTileOf[static_cast<std::size_t>(n0)][static_cast<std::size_t>(n0)];
    f.doubleNew = dbl != static_cast<int>(t) && ((hand >> dbl) & 1);
    return f;
  }
};
[[gnu::always_inline]] inline float policyWeight(const PolicyFeatures& f) {
  return kPolicy.pips[static_cast<std::size_t>(f.pips)] * kPolicy.isDouble[f.isDouble] *
         kPolicy.mineNext[static_cast<std::size_t>(std::clamp(f.mineNext, 0, 31))] * kPolicy.blocks[f.blocks] *
         kPolicy.unseenNew[static_cast<std::size_t>(std::clamp(f.unseenNew, 0, 7))] *
         kPolicy.distinct[static_cast<std::size_t>(std::clamp(f.distinct, 0, 7))] *
         kPolicy.mineNew[static_cast<std::size_t>(std::clamp(f.mineNew, 0, 7))] * kPolicy.deadNew[f.deadNew] *
         kPolicy.stuck[f.stuck] * kPolicy.unseenBoth[static_cast<std::size_t>(std::clamp(f.unseenBoth, 0, 15))] *
         kPolicy.doubleNew[f.doubleNew];
}

// The policy's choice among m0 (tiles placeable at end L, whose pip is pips[0]) and m1 (at end R):
// one (tile, end) drawn in proportion to its weight.
struct PolicyPick {
  Tile tile = kNoTile;
  int end = 0;
};
[[gnu::always_inline]] inline PolicyPick pickPolicy(const PolicyView& view, std::array<int, 2> pips, Mask m0, Mask m1,
                                                    PlayoutRng& g) {
  std::array<float, 2 * 7 + 2> w;  // NOLINT(cppcoreguidelines-pro-type-member-init): only [0, n) is read
  std::array<Tile, 2 * 7 + 2> ts;  // NOLINT(cppcoreguidelines-pro-type-member-init)
  int n = 0, second = 0;
  float total = 0;
  for (int e = 0; e < 2; ++e) {
    if (e == 1) second = n;
    for (Mask m = e ? m1 : m0; m && n < static_cast<int>(w.size()); m &= m - 1) {
      const auto t = static_cast<Tile>(std::countr_zero(m));
      const float x =
          policyWeight(view.features(t, pips[static_cast<std::size_t>(e)], pips[static_cast<std::size_t>(e ^ 1)]));
      w[static_cast<std::size_t>(n)] = x;
      ts[static_cast<std::size_t>(n++)] = t;
      total += x;
    }
  }
  float r = static_cast<float>(g() >> 8) * (1.0f / 16777216.0f) * total;
  int k = 0;
  while (k < n - 1 && r >= w[static_cast<std::size_t>(k)]) r -= w[static_cast<std::size_t>(k++)];
  return {ts[static_cast<std::size_t>(k)], k < second ? 0 : 1};
}

// The policy's placement (pickPolicy), the heading at random.
template <class Table>
[[gnu::always_inline]] inline Step placePolicy(FreeHot& s, Table table, const Fits& f, Mask m0, Mask m1,
                                               PlayoutRng& g) {
  const PolicyView view(s.cur, kAllTiles & ~(s.out | s.cur), s.lacks[static_cast<std::size_t>(s.p ^ 1)]);
  const PolicyPick pick = pickPolicy(view, s.pips, m0, m1, g);
  const Mask one = bit(pick.tile);
  return pick.end == 0 ? placeHeaviest(s, table, f, one, 0, g) : placeHeaviest(s, table, f, 0, one, g);
}

// One random move: a uniformly random placement (tile, end, heading) when one fits, else a draw,
// else a pass; Going, or Domino or Blocked when the round ends (p is then the player to move, as
// RoundState has it). The same moves as the engine's uniformly random legal move.
// kMixed: with probability greedy[p] / 2^32 (p the mover's index) a placement is instead the mover's
// heaviest placeable tile (placeHeaviest); before that, with probability block[p] / 2^32, the heaviest
// placement the mover knows leaves the other player stuck, if there is one.
template <bool kMixed = false, class Table, class Stock>
[[gnu::always_inline]] inline Step freeStep(FreeHot& s, Table table, Stock& stock, int drawLimit, PlayoutRng& g,
                                            const PlayoutModel& model = {}) {
  constexpr Mask kD = doublesMask(), kN = kAllTiles & ~doublesMask();
  const Fits f = table.fits();
  const std::array<Mask, 2> fitting = table.tiles();
  const Mask allow0 = suitMask(s.pips[0]) & fitting[0], allow1 = suitMask(s.pips[1]) & fitting[1];
  const Mask a0 = s.cur & allow0, a1 = s.cur & allow1;
  if constexpr (kMixed) {
    // With probability block[p] / 2^32, a placement that the mover knows leaves the other player
    // nothing to place at either end, the heaviest such; none: on to the rest. The mover knows only
    // what a player would: the pips the other lacks (their draws and passes, lacks[]) and the pips
    // whose every tile is on the table or in the mover's own hand; never the other's hand itself.
    const std::uint32_t blockShare = model.block[static_cast<std::size_t>(s.p)];
    if (blockShare && (a0 | a1) && g() < blockShare) {
      const Mask unseen = kAllTiles & ~(s.out | s.cur);
      const unsigned lack = s.lacks[static_cast<std::size_t>(s.p ^ 1)];
      auto dead = [&](int x) { return ((lack >> x) & 1) != 0 || !(suitMask(x) & unseen); };
      Mask hit0 = 0, hit1 = 0;  // the tiles whose play at that end leaves them stuck
      if (dead(s.pips[1]))
        for (Mask m = a0; m; m &= m - 1) {
          const auto t = static_cast<Tile>(std::countr_zero(m));
          if (dead(weight(t) - s.pips[0])) hit0 |= bit(t);
        }
      if (dead(s.pips[0]))
        for (Mask m = a1; m; m &= m - 1) {
          const auto t = static_cast<Tile>(std::countr_zero(m));
          if (dead(weight(t) - s.pips[1])) hit1 |= bit(t);
        }
      if (hit0 | hit1) return placeHeaviest(s, table, f, hit0, hit1, g);
    }
    if ((a0 | a1) && model.policy[static_cast<std::size_t>(s.p)] && g() < model.policy[static_cast<std::size_t>(s.p)])
      return placePolicy(s, table, f, a0, a1, g);
    if ((a0 | a1) && g() < model.greedy[static_cast<std::size_t>(s.p)]) return placeHeaviest(s, table, f, a0, a1, g);
  }
  if (a0 | a1) {
    const auto m0 = static_cast<std::uint32_t>(bits(f[0].headings)),
               m1 = static_cast<std::uint32_t>(bits(f[1].headings));
    const auto d0 = static_cast<std::uint32_t>(bits(a0 & kD)), d1 = static_cast<std::uint32_t>(bits(a1 & kD));
    const std::uint32_t c0 = d0 + static_cast<std::uint32_t>(bits(a0 & kN)) * m0;
    const std::uint32_t total = c0 + d1 + static_cast<std::uint32_t>(bits(a1 & kN)) * m1;
    std::uint32_t r = bounded(g, total);
    // Which end, double or not, which tile and heading: each a plain select, which GCC writes as
    // a conditional move. The if block that set them all together compiled to branches on these
    // random choices, which the processor mispredicts (see docs/engine.md, Speed, for the counts).
    const bool second = r >= c0;
    const int e = second;
    const Mask a = second ? a1 : a0;
    const std::uint32_t d = second ? d1 : d0, m = second ? m1 : m0;
    const std::uint32_t hs = second ? f[1].headings : f[0].headings;
    r -= second ? c0 : 0;
    const bool dbl = r < d;
    // For a non-double: its index times m plus its heading's index.
    const std::uint32_t rest = (r - d) & everyBit<std::uint32_t>(!dbl);
    const std::uint32_t q = (rest * kInverse[m]) >> 16;
    const Tile t = nthTile(a & (dbl ? kD : kN), dbl ? r : q);
    const auto h = static_cast<Heading>(kNthHeading[hs][rest - q * m] & everyBit<std::uint8_t>(!dbl));
    s.cur &= ~bit(t);
    if constexpr (kMixed) s.out |= bit(t);
    s.pips[static_cast<std::size_t>(e)] = weight(t) - s.pips[static_cast<std::size_t>(e)];
    table.play(e, t, h);
    if (!s.cur) [[unlikely]]
      return Step::Domino;
    std::swap(s.cur, s.opp);
    s.p ^= 1;
    return Step::Going;
  }
  if constexpr (kMixed)
    s.lacks[static_cast<std::size_t>(s.p)] = static_cast<std::uint8_t>(1 << s.pips[0] | 1 << s.pips[1]);
  if (stock.count() > drawLimit) {
    s.cur |= bit(stock.take(g));
    ++s.draws;
    return Step::Going;
  }
  if (!(s.opp & (allow0 | allow1))) return Step::Blocked;
  ++s.passes;
  std::swap(s.cur, s.opp);
  s.p ^= 1;
  return Step::Going;
}

template <bool kMixed = false, class Table, class Stock>
Step freeLoop(FreeHot& s, Table table, Stock& stock, int drawLimit, PlayoutRng& g, const PlayoutModel& model = {}) {
  Step how;
  while ((how = freeStep<kMixed>(s, table, stock, drawLimit, g, model)) == Step::Going) {}
  return how;
}

// The end of a round the loop finished, into a RoundState (whose line, stock, opener and forced
// lead the caller has set).
void freeFinish(const Rules& rules, const FreeHot& h, Step how, RoundState& s) {
  s.hand[static_cast<std::size_t>(h.p)] = h.cur;
  s.hand[static_cast<std::size_t>(h.p ^ 1)] = h.opp;
  s.ends = {static_cast<std::int8_t>(h.pips[0]), static_cast<std::int8_t>(h.pips[1])};
  s.turn = static_cast<Player>(h.p);
  if (how == Step::Domino) {
    s.status = RoundStatus::Domino;
    s.winner = static_cast<std::uint8_t>(h.p);
    s.points = static_cast<std::uint16_t>(pips(h.opp));
  } else {
    s.block(rules);
  }
}

// A free-layout round of the bench in one slot: the deal's facts and the loop's state.
struct FreeGame {
  FreeHot h;
  MaskStock stock;
  Player opener = Player::A;
  Tile lead = kNoTile;
};

// A fresh deal into a slot, its lead laid on the (empty) table. Domino at once if the leader
// held one tile.
template <class Table>
Step freeDeal(const Rules& rules, PlayoutRng& g, Deck& deck, FreeGame& s, Table table) {
  SnakeGame deal;
  const Step first = snakeDeal(rules, g, deck, deal);
  s.h = FreeHot{};
  s.h.p = 1 - idx(deal.opener);
  s.h.cur = static_cast<Mask>(deal.h.cur);
  s.h.opp = static_cast<Mask>(deal.h.opp);
  s.h.pips = {high(deal.lead), low(deal.lead)};
  s.stock.m = static_cast<Mask>(deal.h.stock);
  s.opener = deal.opener;
  s.lead = deal.lead;
  if (first == Step::Domino) {
    s.h.p ^= 1;  // the opener, who played the lead, stays to move
    return first;
  }
  table.lead(deal.lead);
  return Step::Going;
}

// The finished round's move count, and the round to `each`.
int freeDone(const Rules& rules, const FreeGame& s, Step how, const RoundSink& each, RoundState& out) {
  const Mask line = kAllTiles & ~(s.stock.m | s.h.cur | s.h.opp);
  const int moves = bits(line) + s.h.draws + s.h.passes;
  if (each) {
    out = RoundState{};
    out.line = line;
    for (Mask m = s.stock.m; m; m &= m - 1) out.stock[out.stockEnd++] = static_cast<Tile>(std::countr_zero(m));
    out.opener = s.opener;
    out.forcedLead = s.lead;
    freeFinish(rules, s.h, how, out);
    each(out, moves);
  }
  return moves;
}

// The bench's free-layout rounds on the fixed-size table, two at a time like the snake's: the
// chain from one move's random number to the next move's fits is long, and the other round's
// work fills it.
long long freeRoundsFast(const Rules& rules, PlayoutRng& rng, long long rounds, const RoundSink& each) {
  const int drawLimit = rules.draw == DrawRule::Until ? rules.reserve : kTiles;
  // A fresh table is a copy of the empty one: the rows in use, one block copy.
  PlayoutTable empty;
  tableReset(empty, rules);
  const auto rows = static_cast<std::size_t>(empty.h + 2 * PlayoutTable::kPad);
  std::array<PlayoutTable, 2> table{empty, empty};
  std::array<FreeGame, 2> game;
  PlayoutRng g = rng;
  Deck deck;
  RoundState out;
  long long started = 0, total = 0;
  const auto start = [&](int i) {
    while (started < rounds) {
      ++started;
      std::copy_n(empty.rows.begin(), rows, table[static_cast<std::size_t>(i)].rows.begin());
      const Step how =
          freeDeal(rules, g, deck, game[static_cast<std::size_t>(i)], FastTable{table[static_cast<std::size_t>(i)]});
      if (how == Step::Going) return true;
      total += freeDone(rules, game[static_cast<std::size_t>(i)], how, each, out);
    }
    return false;
  };
  bool going[2] = {start(0), start(1)};
  while (going[0] && going[1]) {
    FreeHot x = game[0].h, y = game[1].h;
    Step sa, sb;
    do {
      sa = freeStep(x, FastTable{table[0]}, game[0].stock, drawLimit, g);
      sb = freeStep(y, FastTable{table[1]}, game[1].stock, drawLimit, g);
    } while (sa == Step::Going && sb == Step::Going);
    game[0].h = x;
    game[1].h = y;
    if (sa != Step::Going) {
      total += freeDone(rules, game[0], sa, each, out);
      going[0] = start(0);
    }
    if (sb != Step::Going) {
      total += freeDone(rules, game[1], sb, each, out);
      going[1] = start(1);
    }
  }
  for (int i = 0; i < 2; ++i) {
    if (!going[i]) continue;
    const auto k = static_cast<std::size_t>(i);
    const Step how = freeLoop(game[k].h, FastTable{table[k]}, game[k].stock, drawLimit, g);
    total += freeDone(rules, game[k], how, each, out);
  }
  rng = g;
  return total;
}

long long freeRounds(const Rules& rules, PlayoutRng& rng, long long rounds, const RoundSink& each) {
  if (PlayoutTable::supports(rules)) return freeRoundsFast(rules, rng, rounds, each);
  // Tables too wide for PlayoutTable: core's FreeBoard, one round at a time.
  const int drawLimit = rules.draw == DrawRule::Until ? rules.reserve : kTiles;
  static thread_local FreeBoard board;
  PlayoutRng g = rng;
  Deck deck;
  RoundState out;
  FreeGame game;
  long long total = 0;
  for (long long i = 0; i < rounds; ++i) {
    board.reset(rules.tableW, rules.tableH);
    Step how = freeDeal(rules, g, deck, game, BoardTable{board});
    if (how == Step::Going) how = freeLoop(game.h, BoardTable{board}, game.stock, drawLimit, g);
    total += freeDone(rules, game, how, each, out);
  }
  rng = g;
  return total;
}

// A playout from any position (before the lead too): uniformly random legal moves to the end
// (kMixed: with a greedy share, freeStep).
template <bool kMixed = false, class Table>
int positionPlayout(const Rules& rules, RoundState& s, Table table, PlayoutRng& g, const PlayoutModel& model = {},
                    std::array<std::uint8_t, 2> lacks = {}) {
  if (s.over()) return 0;
  int moves = 0;
  if (s.beforeLead()) {
    const Mask can = s.playable(s.turn, kSnakeFits);
    if (!can) return 0;  // no lead exists: not a position the engine reaches
    const Tile t = nthTile(can, bounded(g, static_cast<std::uint32_t>(bits(can))));
    table.lead(t);
    s.play({MoveKind::Play, t, End::None, Heading::Straight, static_cast<std::uint8_t>(high(t))});
    ++moves;
    if (s.over()) return moves;
    s.settle(rules, table.fits());
    if (s.over()) return moves;
  }
  FreeHot h;
  h.p = idx(s.turn);
  h.cur = s.hand[static_cast<std::size_t>(h.p)];
  h.opp = s.hand[static_cast<std::size_t>(h.p ^ 1)];
  h.pips = {s.ends[0], s.ends[1]};
  h.out = s.line;
  h.lacks = lacks;
  const Mask lineBefore = s.line;
  OrderedStock stock{s};
  const Step how = freeLoop<kMixed>(h, table, stock, rules.draw == DrawRule::Until ? rules.reserve : kTiles, g, model);
  s.line = kAllTiles & ~(h.cur | h.opp | s.stockMask());
  freeFinish(rules, h, how, s);
  return moves + bits(s.line & ~lineBefore) + h.draws + h.passes;
}

// `rounds` snake rounds, two at a time. One game alone is bound by the latency of its chain of
// plays and stalls at each mispredicted play-or-draw branch; with two games' moves interleaved
// in one loop the processor always has the other game's work to do (about 20% more rounds per
// second on this machine; a branch-free move and three games were no faster).
long long snakeRounds(const Rules& rules, PlayoutRng& rng, long long rounds, const RoundSink& each) {
  const int drawLimit = rules.draw == DrawRule::Until ? rules.reserve : kTiles;
  PlayoutRng g = rng;
  Deck deck;
  long long started = 0, total = 0;
  SnakeGame a, b;
  RoundState out;
  const auto finish = [&](const SnakeGame& s, Step how) {
    const int moves = snakeMoves(rules, s);
    total += moves;
    if (each) {
      snakeResult(rules, s, how, out);
      each(out, moves);
    }
  };
  // Starts rounds in a slot until one is going or none are left; false when none are left.
  const auto start = [&](SnakeGame& s) {
    while (started < rounds) {
      ++started;
      const Step how = snakeDeal(rules, g, deck, s);
      if (how == Step::Going) return true;
      finish(s, how);
    }
    return false;
  };
  // Handles a move that did not simply go on; false when the slot has no round left to play.
  const auto settle = [&](SnakeGame& s, Step how) {
    if (how == Step::Going) return true;
    if (how == Step::Pass) {
      ++s.passes;
      std::swap(s.h.cur, s.h.opp);
      return true;
    }
    finish(s, how);
    return start(s);
  };
  bool goingA = start(a), goingB = start(b);
  while (goingA && goingB) {
    // The inner loop runs on copies, so that both games stay in registers.
    SnakeHot x = a.h, y = b.h;
    PlayoutRng r = g;
    Step sa, sb;
    do {
      sa = snakeStep(x, r, drawLimit);
      sb = snakeStep(y, r, drawLimit);
    } while (sa == Step::Going && sb == Step::Going);
    a.h = x;
    b.h = y;
    g = r;
    goingA = settle(a, sa);
    goingB = settle(b, sb);
  }
  // The last round alone.
  while (goingA || goingB) {
    SnakeGame& s = goingA ? a : b;
    SnakeHot x = s.h;
    PlayoutRng r = g;
    Step how;
    while ((how = snakeStep(x, r, drawLimit)) == Step::Going) {}
    s.h = x;
    g = r;
    bool& going = goingA ? goingA : goingB;
    going = settle(s, how);
  }
  rng = g;
  return total;
}

// Every playout of this path: the snake rounds two at a time, free-layout rounds one by one.
long long randomRoundsImpl(const Rules& rules, PlayoutRng& rng, long long rounds, const RoundSink& each) {
  if (rules.layout == LayoutRule::Snake) return snakeRounds(rules, rng, rounds, each);
  return freeRounds(rules, rng, rounds, each);
}

}  // namespace
}  // namespace dom::ai
