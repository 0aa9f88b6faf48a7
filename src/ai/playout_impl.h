// The random playout of `dominoes bench` and the search, written once and compiled once per CPU path:
// players.cpp builds it for any x86-64 or ARM64 (the generic path), playout_bmi2.cpp with POPCNT, BMI
// and BMI2 (PDEP picks the n-th tile of a mask without a loop). Everything here has internal linkage,
// so the two copies never meet at link time. Include it from exactly those two files.
#pragma once
#include <bit>
#ifdef __BMI2__
#include <immintrin.h>
#endif
#include <utility>

#include "ai/players.h"

namespace dom::ai {
namespace {

// The number of set bits: POPCNT where the path has it (ARM64 always has a count instruction);
// elsewhere a few shifts and one multiply instead of libgcc's call.
[[gnu::always_inline]] inline int bits(std::uint64_t x) {
#if defined(__POPCNT__) || defined(__aarch64__)
  return std::popcount(x);
#else
  x -= (x >> 1) & 0x5555555555555555ull;
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((x * 0x0101010101010101ull) >> 56);
#endif
}

#ifndef __BMI2__
// kSelectInByte[r][b]: the position of the r-th (from 0) set bit of byte b (8 when there is none).
constexpr auto kSelectInByte = [] {
  std::array<std::array<std::uint8_t, 256>, 8> t{};
  for (int b = 0; b < 256; ++b)
    for (int r = 0; r < 8; ++r) {
      t[static_cast<std::size_t>(r)][static_cast<std::size_t>(b)] = 8;
      for (int i = 0, k = 0; i < 8; ++i)
        if (b >> i & 1) {
          if (k == r) {
            t[static_cast<std::size_t>(r)][static_cast<std::size_t>(b)] = static_cast<std::uint8_t>(i);
            break;
          }
          ++k;
        }
    }
  return t;
}();
#endif

// The position of the n-th (from 0) set bit of m (n < the number of set bits). Random choices
// make a loop's exit unpredictable, so there is no loop: PDEP where the path has it, elsewhere the
// byte counts' running sums find the byte, and a table the bit within it.
[[gnu::always_inline]] inline int nthBit64(std::uint64_t m, std::uint32_t n) {
#ifdef __BMI2__
  return std::countr_zero(_pdep_u64(std::uint64_t{1} << n, m));
#else
  constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
  std::uint64_t c = m - ((m >> 1) & 0x5555555555555555ull);
  c = (c & 0x3333333333333333ull) + ((c >> 2) & 0x3333333333333333ull);
  c = (c + (c >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  const std::uint64_t prefix = c * kOnes;  // byte i: the set bits of bytes 0..i (at most 64)
  // Byte i's top bit is set when n >= prefix[i]; those bytes come first, and they are skipped.
  const std::uint64_t passed = ((n * kOnes | kHigh) - prefix) & kHigh;
  const auto byte = static_cast<unsigned>(((passed >> 7) * kOnes) >> 56);
  const auto before = static_cast<std::uint32_t>(byte ? (prefix >> (8 * byte - 8)) & 0xFF : 0);
  const auto inByte = static_cast<std::uint8_t>(m >> (8 * byte));
  return static_cast<int>(8 * byte + kSelectInByte[n - before][inByte]);
#endif
}

// The n-th (from 0) tile of m.
[[gnu::always_inline]] inline Tile nthTile(Mask m, std::uint32_t n) { return static_cast<Tile>(nthBit64(m, n)); }

// A fresh random deal for the free-layout playout: a forward Fisher-Yates that stops after the
// hands. The stock stays unshuffled and each draw finishes one more step of the shuffle
// (drawStep), which gives the same distribution as shuffling everything up front.
constexpr std::array<Tile, kTiles> kIdentity = [] {
  std::array<Tile, kTiles> t{};
  for (int i = 0; i < kTiles; ++i) t[i] = static_cast<Tile>(i);
  return t;
}();

RoundState randomDeal(const Rules& rules, PlayoutRng& rng) {
  RoundState s;
  std::array<Tile, kTiles> t = kIdentity;
  const int dealt = 2 * rules.hand;
  for (int i = 0; i < dealt; ++i) {
    std::swap(t[i], t[i + static_cast<int>(bounded(rng, static_cast<std::uint32_t>(kTiles - i)))]);
    s.hand[i < rules.hand ? 0 : 1] |= bit(t[i]);
  }
  for (int i = dealt; i < kTiles; ++i) s.stock[i - dealt] = t[i];
  s.stockEnd = static_cast<std::uint8_t>(kTiles - dealt);
  applyDoubleRule(s);
  return s;
}

// Draws for the player to move, finishing the lazy shuffle by one step.
void drawStep(RoundState& s, PlayoutRng& rng) {
  const int n = s.stockCount();
  std::swap(s.stock[s.stockTop], s.stock[s.stockTop + static_cast<int>(bounded(rng, static_cast<std::uint32_t>(n)))]);
  s.draw();
}

// The free-layout playout: a uniformly random (tile, end, heading) among the fits of the board.
void randomPlay(RoundState& s, const Fits& fits, PlayoutRng& rng, FreeBoard* board) {
  const Player p = s.turn;
  if (s.beforeLead()) {
    const Mask m = s.playable(p, fits);
    const Tile t = nthTile(m, bounded(rng, static_cast<std::uint32_t>(bits(m))));
    board->lead(t);
    s.play({MoveKind::Play, t, End::None, Heading::Straight, static_cast<std::uint8_t>(high(t))});
    return;
  }
  const Mask at[2] = {s.playableAt(p, End::L, fits), s.playableAt(p, End::R, fits)};
  std::uint32_t dbl[2], non[2], mult[2];
  std::uint32_t total = 0;
  for (int e = 0; e < 2; ++e) {
    dbl[e] = static_cast<std::uint32_t>(bits(at[e] & doublesMask()));
    non[e] = static_cast<std::uint32_t>(bits(at[e] & ~doublesMask()));
    mult[e] = static_cast<std::uint32_t>(bits(fits[e].headings));
    total += dbl[e] + non[e] * mult[e];
  }
  std::uint32_t r = bounded(rng, total);
  for (int e = 0; e < 2; ++e) {
    const End end = static_cast<End>(e);
    if (r < dbl[e]) {
      const Tile t = nthTile(at[e] & doublesMask(), r);
      board->play(end, t, Heading::Straight);
      s.play({MoveKind::Play, t, end, Heading::Straight, 0});
      return;
    }
    r -= dbl[e];
    if (r < non[e] * mult[e]) {
      const Tile t = nthTile(at[e] & ~doublesMask(), r / mult[e]);
      std::uint32_t hs = fits[e].headings;
      for (std::uint32_t k = r % mult[e]; k; --k) hs &= hs - 1;
      const auto h = static_cast<Heading>(std::countr_zero(hs));
      board->play(end, t, h);
      s.play({MoveKind::Play, t, end, h, 0});
      return;
    }
    r -= non[e] * mult[e];
  }
}

int playout(const Rules& rules, PlayoutRng& rng, RoundState& s, FreeBoard* board) {
  int moves = 0;
  while (!s.over()) {
    const Fits& fits = board->fits();
    if (s.playable(s.turn, fits))
      randomPlay(s, fits, rng, board);
    else if (s.canDraw(rules))
      drawStep(s, rng);
    else
      s.pass();
    s.settle(rules, board->fits());
    ++moves;
  }
  return moves;
}

// One tile of m, the k-th (from 0) in index order, as a one-bit mask.
[[gnu::always_inline]] inline Mask pickTile(Mask m, std::uint32_t k) { return Mask{1} << nthBit64(m, k); }

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

// A fresh deal and its lead, by the double rule. Domino already if the leader held one tile.
Step snakeDeal(const Rules& rules, PlayoutRng& g, SnakeGame& s) {
  Mask stock = kAllTiles, hand[2] = {0, 0};
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
      const Mask b = pickTile(stock, r % radix);
      r /= radix;
      stock ^= b;
      hand[i < 7 ? 0 : 1] |= b;
    };
    for (int i = 0; i < 6; ++i) take(i, r1, static_cast<std::uint32_t>(kTiles - i));
    for (int i = 6; i < 12; ++i) take(i, r2, static_cast<std::uint32_t>(kTiles - i));
    for (int i = 12; i < 14; ++i) take(i, r3, static_cast<std::uint32_t>(kTiles - i));
  } else {
    for (int i = 0; i < 2 * rules.hand; ++i) {
      const Mask b = pickTile(stock, bounded(g, static_cast<std::uint32_t>(kTiles - i)));
      stock ^= b;
      hand[i < rules.hand ? 0 : 1] |= b;
    }
  }
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

// `rounds` snake rounds, two at a time. One game alone is bound by the latency of its chain of
// plays and stalls at each mispredicted play-or-draw branch; with two games' moves interleaved
// in one loop the processor always has the other game's work to do (about 20% more rounds per
// second on this machine; a branch-free move and three games were no faster).
long long snakeRounds(const Rules& rules, PlayoutRng& rng, long long rounds, const RoundSink& each) {
  const int drawLimit = rules.draw == DrawRule::Until ? rules.reserve : kTiles;
  PlayoutRng g = rng;
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
      const Step how = snakeDeal(rules, g, s);
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
  static thread_local FreeBoard board;
  long long total = 0;
  for (long long i = 0; i < rounds; ++i) {
    RoundState s = randomDeal(rules, rng);
    board.reset(rules.tableW, rules.tableH);
    const int moves = playout(rules, rng, s, &board);
    total += moves;
    if (each) each(s, moves);
  }
  return total;
}

}  // namespace
}  // namespace dom::ai
