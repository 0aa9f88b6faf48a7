// SPDX-License-Identifier: MIT
// The playout's CPU paths: the generic path and the BMI2 path play the same rounds, move for move;
// the free layout's fixed-size table against core's FreeBoard; the playouts' distribution against
// the engine's uniformly random legal moves.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "ai/fast.h"
#include "ai/inference.h"
#include "ai/observation.h"
#include "ai/playout.h"
#include "test_rounds.h"
#include "test_util.h"

using namespace dom;
using namespace dom::test;

namespace {

struct Played {
  std::vector<RoundState> rounds;
  std::vector<int> moves;
  long long total = 0;
};

struct Stat {
  double n = 0, sum = 0, squares = 0;
  void add(double x) {
    n += 1;
    sum += x;
    squares += x * x;
  }
  [[nodiscard]] double mean() const { return sum / n; }
  [[nodiscard]] double variance() const { return squares / n - mean() * mean(); }
};
struct RoundStats {
  Stat moves, blocked, aWins, points;
  void add(const RoundState& s, int moveCount) {
    moves.add(moveCount);
    blocked.add(s.status == RoundStatus::Blocked);
    aWins.add(s.winner == 0);
    points.add(ai::pointsFor(s, Player::A));
  }
};
// Two means agree within five standard errors (the seeds are fixed, so this never flickers).
void sameMean(const char* what, const Stat& a, const Stat& b) {
  const double se = std::sqrt(a.variance() / a.n + b.variance() / b.n);
  const std::string label = what;
  CAPTURE(label);
  CAPTURE(a.mean());
  CAPTURE(b.mean());
  CHECK(std::abs(a.mean() - b.mean()) <= 5 * se + 1e-9);
}
void sameStats(const RoundStats& a, const RoundStats& b) {
  sameMean("moves", a.moves, b.moves);
  sameMean("blocked", a.blocked, b.blocked);
  sameMean("A wins", a.aWins, b.aWins);
  sameMean("points for A", a.points, b.points);
}

// The engine's own random playout: RoundState, FreeBoard and a uniformly random legal move.
int engineRandomMoves(const Rules& rules, RoundState& s, FreeBoard& board, pcg32& rng, int limit = 1000) {
  const bool free = rules.layout == LayoutRule::Free;
  int moves = 0;
  while (!s.over() && moves < limit) {
    const Fits fits = free ? board.fits() : kSnakeFits;
    const MoveList legal = s.legalMoves(rules, fits);
    REQUIRE(legal.size > 0);
    const Move mv = legal.moves[bounded(rng, static_cast<std::uint32_t>(legal.size))];
    if (mv.kind == MoveKind::Play) {
      if (free) {
        if (mv.end == End::None)
          board.lead(mv.tile);
        else
          board.play(mv.end, mv.tile, mv.heading);
      }
      s.play(mv);
    } else if (mv.kind == MoveKind::Draw) {
      s.draw();
    } else {
      s.pass();
    }
    s.settle(rules, free ? board.fits() : kSnakeFits);
    ++moves;
  }
  return moves;
}

Played play(ai::fast::Path path, const char* rulesText, long long n) {
  const Rules rules = std::get<Rules>(parseRules(std::string_view(rulesText)));
  ai::PlayoutRng rng(2026);
  Played p;
  p.total = ai::fast::randomRounds(path, rules, rng, n, [&](const RoundState& s, int moves) {
    p.rounds.push_back(s);
    p.moves.push_back(moves);
  });
  return p;
}

}  // namespace

TEST_CASE("playout paths: the generic path always runs and is named") {
  CHECK(ai::fast::runs(ai::fast::Path::Generic));
  CHECK(std::strcmp(ai::fast::name(ai::fast::Path::Generic), "generic") == 0);
  CHECK(std::strcmp(ai::fast::name(ai::fast::Path::Popcnt), "popcnt") == 0);
  CHECK(std::strcmp(ai::fast::name(ai::fast::Path::Bmi2), "bmi2") == 0);
  CHECK(ai::fast::runs(ai::fast::best()));
  // bmi2 needs everything popcnt does.
  if (ai::fast::runs(ai::fast::Path::Bmi2)) CHECK(ai::fast::runs(ai::fast::Path::Popcnt));
}

TEST_CASE("playout paths: bmi2 is the default only where PDEP is fast") {
  // AMD before Zen 3 (families 15h-18h) and Hygon's Zen-based Dhyana microcode PDEP.
  CHECK(ai::fast::pdepIsFast("GenuineIntel", 6));
  CHECK_FALSE(ai::fast::pdepIsFast("AuthenticAMD", 0x15));
  CHECK_FALSE(ai::fast::pdepIsFast("AuthenticAMD", 0x17));  // Zen, Zen 2
  CHECK_FALSE(ai::fast::pdepIsFast("HygonGenuine", 0x18));
  CHECK(ai::fast::pdepIsFast("AuthenticAMD", 0x19));  // Zen 3, Zen 4
  CHECK(ai::fast::pdepIsFast("AuthenticAMD", 0x1A));  // Zen 5
  if (ai::fast::best() == ai::fast::Path::Bmi2) CHECK(ai::fast::runs(ai::fast::Path::Bmi2));
  // Where bmi2 is not the default, popcnt is whenever it runs.
  if (ai::fast::best() != ai::fast::Path::Bmi2)
    CHECK(ai::fast::best() ==
          (ai::fast::runs(ai::fast::Path::Popcnt) ? ai::fast::Path::Popcnt : ai::fast::Path::Generic));
}

TEST_CASE("playout paths: every path plays the generic path's rounds from the same seed") {
  for (const auto path : {ai::fast::Path::Popcnt, ai::fast::Path::Bmi2}) {
    const std::string name = ai::fast::name(path);
    CAPTURE(name);
    if (!ai::fast::runs(path)) {
      MESSAGE("this processor or build has no " << name << " path: it is not tested");
      continue;
    }
    for (const char* rules : {"en-linea", "draw", "block", "en-linea hand=3", "draw hand=10 reserve=4", "dominoes2",
                              "dominoes2 table=12x8"}) {
      CAPTURE(rules);
      const long long n = std::strncmp(rules, "dominoes2", 9) == 0 ? 3000 : 20000;
      const Played g = play(ai::fast::Path::Generic, rules, n);
      const Played b = play(path, rules, n);
      REQUIRE(g.rounds.size() == static_cast<std::size_t>(n));
      REQUIRE(b.rounds.size() == g.rounds.size());
      CHECK(g.total == b.total);
      CHECK(g.moves == b.moves);
      int differ = 0;
      for (std::size_t i = 0; i < g.rounds.size(); ++i)
        if (g.rounds[i] != b.rounds[i]) ++differ;
      CHECK(differ == 0);
    }
  }
}

TEST_CASE("playout table: the same fits as core's FreeBoard after every move") {
  for (const char* text : {"dominoes2", "dominoes2 table=12x8", "dominoes2 table=4x4", "dominoes2 table=6x5",
                           "dominoes2 table=28x4", "dominoes2 table=5x28", "dominoes2 table=9x64"}) {
    const std::string name = text;
    CAPTURE(name);
    const Rules rules = rulesOf(text);
    REQUIRE(ai::PlayoutTable::supports(rules));
    pcg32 rng(7);
    long compared = 0;
    for (int round = 0; round < 300; ++round) {
      RoundState s = startRound(dealFromSeed(rng(), rules.hand));
      FreeBoard board(rules.tableW, rules.tableH);
      ai::PlayoutTable table;
      table.reset(rules);
      while (!s.over()) {
        const MoveList legal = s.legalMoves(rules, board.fits());
        REQUIRE(legal.size > 0);
        const Move mv = legal.moves[bounded(rng, static_cast<std::uint32_t>(legal.size))];
        if (mv.kind == MoveKind::Play) {
          if (mv.end == End::None) {
            board.lead(mv.tile);
            table.lead(mv.tile);
          } else {
            board.play(mv.end, mv.tile, mv.heading);
            table.play(mv.end, mv.tile, mv.heading);
          }
          s.play(mv);
          REQUIRE(table.fits == board.fits());
          ++compared;
        } else if (mv.kind == MoveKind::Draw) {
          s.draw();
        } else {
          s.pass();
        }
        s.settle(rules, board.fits());
      }
    }
    CHECK(compared >= 300);  // every round has its lead at least
  }
  CHECK_FALSE(ai::PlayoutTable::supports(rulesOf("dominoes2 table=29x20")));
  CHECK(ai::PlayoutTable::supports(rulesOf("en-linea table=64x64")));
}

TEST_CASE("playout paths: free-layout rounds have the engine's distribution") {
  // The bench's free rounds (fixed-size table, two at a time; FreeBoard for a wide table) against
  // the engine's uniformly random legal moves from fresh deals.
  for (const char* text : {"dominoes2", "dominoes2 table=8x6 reserve=0", "dominoes2 table=40x20"}) {
    const std::string name = text;
    CAPTURE(name);
    const Rules rules = rulesOf(text);
    const long n = 6000;
    RoundStats fast, engine;
    ai::PlayoutRng prng(41);
    ai::fast::randomRounds(ai::fast::best(), rules, prng, n, [&](const RoundState& s, int moves) {
      REQUIRE(s.over());
      REQUIRE(s.invalid().empty());
      fast.add(s, moves);
    });
    pcg32 rng(42);
    for (long i = 0; i < n; ++i) {
      RoundState s = startRound(dealFromSeed(rng(), rules.hand));
      FreeBoard board(rules.tableW, rules.tableH);
      const int moves = engineRandomMoves(rules, s, board, rng);
      engine.add(s, moves);
    }
    MESSAGE(text << ": fast " << fast.moves.mean() << " moves, engine " << engine.moves.mean() << " moves");
    sameStats(fast, engine);
  }
}

TEST_CASE("playout from a position: the engine's distribution, a valid finished round") {
  // Mid-round positions of several presets: ai::playout (a PlayoutPosition) against the engine's
  // uniformly random legal moves from the same position.
  for (const char* text : {"en-linea", "draw", "block", "dominoes2", "dominoes2 table=10x8"}) {
    for (int prefix : {0, 1, 7}) {
      const std::string name = text;
      CAPTURE(name);
      CAPTURE(prefix);
      const Rules rules = rulesOf(text);
      pcg32 rng(100 + static_cast<std::uint64_t>(prefix));
      RoundState start = startRound(dealFromSeed(5, rules.hand));
      FreeBoard startBoard(rules.tableW, rules.tableH);
      engineRandomMoves(rules, start, startBoard, rng, prefix);
      if (start.over()) continue;
      ai::PlayoutPosition pos{start, {}};
      pos.table.reset(rules);
      if (!start.beforeLead()) {
        // Rebuild the table by replaying: the engine's moves again from the deal, same seed.
        pcg32 again(100 + static_cast<std::uint64_t>(prefix));
        RoundState s = startRound(dealFromSeed(5, rules.hand));
        FreeBoard b(rules.tableW, rules.tableH);
        for (int k = 0; k < prefix && !s.over(); ++k) {
          const MoveList legal = s.legalMoves(rules, rules.layout == LayoutRule::Free ? b.fits() : kSnakeFits);
          const Move mv = legal.moves[bounded(again, static_cast<std::uint32_t>(legal.size))];
          pos.s = s;
          pos.apply(rules, mv);
          s = pos.s;
          if (mv.kind == MoveKind::Play && rules.layout == LayoutRule::Free) {
            if (mv.end == End::None)
              b.lead(mv.tile);
            else
              b.play(mv.end, mv.tile, mv.heading);
          }
        }
        REQUIRE(pos.s == start);
        if (rules.layout == LayoutRule::Free) REQUIRE(pos.table.fits == startBoard.fits());
      }
      RoundStats fast, engine;
      ai::PlayoutRng prng(9);
      const int n = 8000;
      for (int i = 0; i < n; ++i) {
        ai::PlayoutPosition p = pos;
        const int moves = ai::playout(rules, p, prng);
        REQUIRE(p.s.over());
        REQUIRE(p.s.invalid().empty());
        fast.add(p.s, moves);
        RoundState s = start;
        FreeBoard b = startBoard;
        engine.add(s, engineRandomMoves(rules, s, b, rng));
        // A draw takes the stock's top: the rounds differ only by the random choices of plays.
      }
      sameStats(fast, engine);
    }
  }
}

TEST_CASE("playout from a SimState and from a Match's PlayoutPosition: the same distribution") {
  for (const char* text : {"en-linea", "dominoes2", "dominoes2 table=9x7"}) {
    const std::string name = text;
    CAPTURE(name);
    const Rules rules = rulesOf(text);
    Match m(rules);
    m.startRound(dealFromSeed(11, rules.hand));
    pcg32 rng(3);
    for (int k = 0; k < 6 && m.inRound(); ++k) {
      const MoveList legal = m.legalMoves();
      m.apply(legal.moves[bounded(rng, static_cast<std::uint32_t>(legal.size))]);
    }
    REQUIRE(m.inRound());
    const ai::PlayoutPosition pos = ai::PlayoutPosition::from(m);
    CHECK(pos.s == m.state());
    CHECK(pos.table.fits == m.fits());
    const ai::SimState sim = ai::SimState::from(m);
    Stat viaSim, viaPos;
    ai::PlayoutRng a(1), b(2);
    for (int i = 0; i < 6000; ++i) {
      viaSim.add(ai::playout(sim, Player::A, a));
      ai::PlayoutPosition p = pos;
      ai::playout(rules, p, b);
      viaPos.add(ai::pointsFor(p.s, Player::A));
    }
    sameMean("points for A", viaSim, viaPos);
    CHECK(viaSim.variance() > 0);
  }
}

TEST_CASE("playoutMixed: valid finished rounds; the greedy share sheds the heavy tiles first") {
  // From the deal, both sides play the mixed policy. Each finished round must be valid, and the
  // more often the movers place their heaviest tile, the fewer pips are left in the hands at the end.
  for (const char* text : {"en-linea", "block", "dominoes2"}) {
    const std::string name = text;
    CAPTURE(name);
    const Rules rules = rulesOf(text);
    std::array<double, 3> left{};
    const std::array<std::uint32_t, 3> shares{0, 0x80000000u, 0xffffffffu};
    for (std::size_t k = 0; k < shares.size(); ++k) {
      pcg32 rng(31);
      ai::PlayoutRng prng(17);
      const int n = 4000;
      for (int i = 0; i < n; ++i) {
        ai::PlayoutPosition p{startRound(dealFromSeed(rng(), rules.hand)), {}};
        p.table.reset(rules);
        (void)ai::playoutMixed(rules, p, prng, shares[k]);
        REQUIRE(p.s.over());
        REQUIRE(p.s.invalid().empty());
        left[k] += pips(p.s.hand[0] | p.s.hand[1]);
      }
      left[k] /= n;
    }
    MESSAGE(name << ": pips left at the end, greedy share 0, 1/2, 1: " << left[0] << ", " << left[1] << ", "
                 << left[2]);
    CHECK(left[1] < left[0] - 1);
    CHECK(left[2] < left[1] - 1);
  }
}

TEST_CASE("playoutMixed: a greedy share per player, indexed by the player") {
  // Equal shares are the single share's playout, move for move. A share for A alone sheds A's heavy
  // tiles, not B's: A ends with fewer pips than when the share is B's, and B with more.
  for (const char* text : {"en-linea", "dominoes2"}) {
    const std::string name = text;
    CAPTURE(name);
    const Rules rules = rulesOf(text);
    std::array<std::array<double, 2>, 2> left{};  // [which player has the share][whose hand]
    pcg32 rng(5);
    ai::PlayoutRng g1(9), g2(9), ga(11), gb(11);
    const int n = 4000;
    for (int i = 0; i < n; ++i) {
      const ai::PlayoutPosition start{startRound(dealFromSeed(rng(), rules.hand)), {}};
      ai::PlayoutPosition p1 = start, p2 = start, pa = start, pb = start;
      for (ai::PlayoutPosition* p : {&p1, &p2, &pa, &pb}) p->table.reset(rules);
      (void)ai::playoutMixed(rules, p1, g1, 0x80000000u);
      (void)ai::playoutMixed(rules, p2, g2, ai::PlayoutModel{.greedy = {0x80000000u, 0x80000000u}});
      REQUIRE(p1.s == p2.s);
      (void)ai::playoutMixed(rules, pa, ga, ai::PlayoutModel{.greedy = {0xffffffffu, 0}});
      (void)ai::playoutMixed(rules, pb, gb, ai::PlayoutModel{.greedy = {0, 0xffffffffu}});
      for (std::size_t h = 0; h < 2; ++h) {
        left[0][h] += pips(pa.s.hand[h]);
        left[1][h] += pips(pb.s.hand[h]);
      }
    }
    MESSAGE(name << ": pips left, share A's: A " << left[0][0] / n << ", B " << left[0][1] / n << "; share B's: A "
                 << left[1][0] / n << ", B " << left[1][1] / n);
    CHECK(left[0][0] < left[1][0] - 0.5 * n);
    CHECK(left[0][1] > left[1][1] + 0.5 * n);
  }
}

TEST_CASE("playoutMixed: a block share leaves the other player nothing to place when the mover knows it") {
  // en-linea, the stock empty, the ends 6 and 3. A holds 6-5, 6-0 and 3-1; B holds 5-4 and 1-1.
  // Only 6-0 at 6 leaves B nothing to place (ends 0 and 3); the heaviest tile, 6-5, leaves a 5.
  const Rules rules = rulesOf("en-linea");
  RoundState s;
  s.hand[0] = bit(tileOf(6, 5)) | bit(tileOf(6, 0)) | bit(tileOf(3, 1));
  s.hand[1] = bit(tileOf(5, 4)) | bit(tileOf(1, 1));
  s.line = bit(tileOf(6, 3));
  s.ends = {6, 3};
  s.turn = Player::A;
  ai::PlayoutPosition unknown{s, {}};
  unknown.table.reset(rules);
  ai::PlayoutPosition known = unknown;
  known.lacks[1] = 1 << 0 | 1 << 3;  // what A knows: B lacks 0s and 3s (B drew or passed at them)
  const ai::GreedyShares heaviest{0xffffffffu, 0xffffffffu}, mine{0xffffffffu, 0}, theirs{0, 0xffffffffu};
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    CAPTURE(seed);
    ai::PlayoutRng g1(seed), g2(seed), g3(seed), g4(seed);
    // Heaviest first: 6-5, B follows with 5-4, A 3-1, B 1-1 and wins; 6-0 stays in A's hand.
    ai::PlayoutPosition greedy = known;
    (void)ai::playoutMixed(rules, greedy, g1, {.greedy = heaviest});
    CHECK((greedy.s.hand[0] & bit(tileOf(6, 0))) != 0);
    CHECK(greedy.s.winner == 1);
    // A's block share, with what A knows: 6-0 first, whatever the greedy share says.
    ai::PlayoutPosition blocking = known;
    (void)ai::playoutMixed(rules, blocking, g2, {.greedy = heaviest, .block = mine});
    CHECK((blocking.s.hand[0] & bit(tileOf(6, 0))) == 0);
    CHECK((blocking.s.line & bit(tileOf(6, 0))) != 0);
    // The share is A's alone: B's share changes nothing of A's first move.
    ai::PlayoutPosition others = known;
    (void)ai::playoutMixed(rules, others, g3, {.greedy = heaviest, .block = theirs});
    CHECK((others.s.hand[0] & bit(tileOf(6, 0))) != 0);
    // Without the knowledge A plays its heaviest tile: the block never reads B's hand.
    ai::PlayoutPosition blind = unknown;
    (void)ai::playoutMixed(rules, blind, g4, {.greedy = heaviest, .block = mine});
    CHECK((blind.s.hand[0] & bit(tileOf(6, 0))) != 0);
  }
}

TEST_CASE("playoutMixed: a draw tells the other player which pips the drawer lacks") {
  // en-linea, the ends 6 and 3, A to move. B holds 0-6 and 3-5. After A's play of 6-0 at 6 (ends 0
  // and 3), 0-6 at 0 makes the ends 6 and 3 again, and 3-5, the heavier tile, makes them 0 and 5.
  // When A had to draw the 6-0 (holding only 5-5), B knows A lacks 6s and 3s, so B's block share
  // plays 0-6: A is stuck, B plays 3-5 and wins. When A simply held the 6-0 nobody knows that, and
  // B plays 3-5: A follows with 5-5 and wins.
  const Rules rules = rulesOf("en-linea");
  RoundState s;
  s.hand[1] = bit(tileOf(0, 6)) | bit(tileOf(3, 5));
  s.line = bit(tileOf(6, 3));
  s.ends = {6, 3};
  s.turn = Player::A;
  RoundState drew = s, held = s;
  drew.hand[0] = bit(tileOf(5, 5));
  drew.stock[0] = tileOf(6, 0);
  drew.stockEnd = 1;
  held.hand[0] = bit(tileOf(5, 5)) | bit(tileOf(6, 0));
  const ai::GreedyShares heaviest{0xffffffffu, 0xffffffffu}, bs{0, 0xffffffffu};
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    CAPTURE(seed);
    ai::PlayoutRng g1(seed), g2(seed), g3(seed);
    ai::PlayoutPosition afterDraw{drew, {}}, afterPlay{held, {}}, noShare{drew, {}};
    for (ai::PlayoutPosition* p : {&afterDraw, &afterPlay, &noShare}) p->table.reset(rules);
    (void)ai::playoutMixed(rules, afterDraw, g1, {.greedy = heaviest, .block = bs});
    CHECK(afterDraw.s.winner == 1);
    (void)ai::playoutMixed(rules, afterPlay, g2, {.greedy = heaviest, .block = bs});
    CHECK(afterPlay.s.winner == 0);
    (void)ai::playoutMixed(rules, noShare, g3, {.greedy = heaviest});
    CHECK(noShare.s.winner == 0);
  }
}

TEST_CASE("policyFeatures: what the mover sees of a placement, and the policy's weights") {
  // The line is 6-3 (ends 6 and 3); the mover holds 6-6, 6-2, 3-1 and 2-2; every other tile is unseen.
  const Mask hand = bit(tileOf(6, 6)) | bit(tileOf(6, 2)) | bit(tileOf(3, 1)) | bit(tileOf(2, 2));
  const Mask unseen = kAllTiles & ~hand & ~bit(tileOf(6, 3));
  const std::array<int, 2> ends{6, 3};
  // 6-6 at 6: the new end is 6 again; 6-2, 3-1 are left for the ends 6 and 3; the four numbers stay.
  const ai::PolicyFeatures dbl = ai::policyFeatures(hand, ends, unseen, 0, tileOf(6, 6), 0);
  CHECK(dbl.pips == 12);
  CHECK(dbl.isDouble);
  CHECK(dbl.mineNext == 2);
  CHECK(dbl.mineNew == 1);
  CHECK(dbl.unseenNew == 4);  // 6-0, 6-1, 6-4, 6-5
  CHECK(dbl.distinct == 4);
  CHECK_FALSE(dbl.blocks);
  CHECK_FALSE(dbl.deadNew);
  CHECK_FALSE(dbl.stuck);
  CHECK(dbl.unseenBoth == 9);  // the four 6s and 3-0, 3-2, 3-3, 3-4, 3-5
  CHECK_FALSE(dbl.doubleNew);  // the double of 6 is the tile played
  // 6-2 at 6: the new end is 2, for which I keep 2-2; five 2s unseen.
  const ai::PolicyFeatures two = ai::policyFeatures(hand, ends, unseen, 0, tileOf(6, 2), 0);
  CHECK(two.pips == 8);
  CHECK_FALSE(two.isDouble);
  CHECK(two.mineNext == 2);  // 2-2 and 3-1
  CHECK(two.mineNew == 1);
  CHECK(two.unseenNew == 5);
  CHECK(two.distinct == 4);
  CHECK(two.unseenBoth == 9);  // five 2s and five 3s, 2-3 among both
  CHECK(two.doubleNew);        // 2-2 kept for the new end
  // 3-1 at 3: the new end is 1; the 3s and 1s leave my hand.
  const ai::PolicyFeatures one = ai::policyFeatures(hand, ends, unseen, 0, tileOf(3, 1), 1);
  CHECK(one.mineNext == 2);  // 6-6 and 6-2 for the end 6
  CHECK(one.mineNew == 0);
  CHECK(one.unseenNew == 6);
  CHECK(one.distinct == 2);
  CHECK(one.unseenBoth == 9);  // six 1s and four 6s, 1-6 among both
  CHECK_FALSE(one.doubleNew);
  // Holding only 6-2 and 4-4, 6-2 at 6 leaves nothing for the ends 2 and 3.
  const Mask two44 = bit(tileOf(6, 2)) | bit(tileOf(4, 4));
  const ai::PolicyFeatures stuck =
      ai::policyFeatures(two44, ends, kAllTiles & ~two44 & ~bit(tileOf(6, 3)), 0, tileOf(6, 2), 0);
  CHECK(stuck.mineNext == 0);
  CHECK(stuck.stuck);
  CHECK(stuck.unseenBoth == 11);  // 2-0, 2-1, 2-2, 2-3, 2-4, 2-5 and 3-0, 3-1, 3-3, 3-4, 3-5
  // Known to lack 2s and 3s: 6-2 at 6 leaves them nothing at either end.
  const unsigned lacks = 1u << 2 | 1u << 3;
  const ai::PolicyFeatures block = ai::policyFeatures(hand, ends, unseen, lacks, tileOf(6, 2), 0);
  CHECK(block.deadNew);
  CHECK(block.blocks);
  CHECK_FALSE(ai::policyFeatures(hand, ends, unseen, lacks, tileOf(6, 6), 0).blocks);
  // A number with no unseen tile counts as lacked: 6-2 at 6 with every other 2 out.
  const Mask no2s = unseen & ~suitMask(2);
  CHECK(ai::policyFeatures(hand, ends, no2s, 0, tileOf(6, 2), 0).deadNew);
  // The weights' signs, as fitted: a double, a block, an end that I keep tiles of (and its double)
  // and that few unseen tiles follow weigh more; being left with nothing for the ends weighs less.
  const double base = ai::policyScore(two);
  CHECK(base > 0);
  auto scoreWith = [&](auto change) {
    ai::PolicyFeatures f = two;
    change(f);
    return ai::policyScore(f);
  };
  CHECK(scoreWith([](ai::PolicyFeatures& f) { f.isDouble = true; }) > base);
  CHECK(scoreWith([](ai::PolicyFeatures& f) { f.blocks = true; }) > base);
  CHECK(scoreWith([](ai::PolicyFeatures& f) { f.unseenNew = 1; }) > base);
  CHECK(scoreWith([](ai::PolicyFeatures& f) { f.mineNew = 3; }) > base);
  CHECK(scoreWith([](ai::PolicyFeatures& f) { f.pips = 12; }) > base);
  CHECK(scoreWith([](ai::PolicyFeatures& f) { f.stuck = true; }) < base);
  CHECK(scoreWith([](ai::PolicyFeatures& f) { f.unseenBoth = 3; }) > base);
  CHECK(scoreWith([](ai::PolicyFeatures& f) { f.doubleNew = false; }) < base);
}

TEST_CASE("policyPick: each placement drawn in proportion to its weight") {
  const Mask hand = bit(tileOf(6, 6)) | bit(tileOf(6, 2)) | bit(tileOf(3, 1)) | bit(tileOf(2, 2)) | bit(tileOf(3, 5));
  const Mask unseen = kAllTiles & ~hand & ~bit(tileOf(6, 3));
  const std::array<int, 2> ends{6, 3};
  const Mask m0 = bit(tileOf(6, 6)) | bit(tileOf(6, 2)), m1 = bit(tileOf(3, 1)) | bit(tileOf(3, 5));
  const unsigned lacks = 1u << 5;
  struct Option {
    Tile t;
    int e;
    double p = 0;
    int n = 0;
  };
  std::vector<Option> options{{tileOf(6, 6), 0}, {tileOf(6, 2), 0}, {tileOf(3, 1), 1}, {tileOf(3, 5), 1}};
  double total = 0;
  for (Option& o : options) total += o.p = ai::policyScore(ai::policyFeatures(hand, ends, unseen, lacks, o.t, o.e));
  ai::PlayoutRng g(17);
  const int n = 200000;
  for (int i = 0; i < n; ++i) {
    const auto [t, e] = ai::policyPick(hand, ends, unseen, lacks, m0, m1, g);
    bool found = false;
    for (Option& o : options)
      if (o.t == t && o.e == e) {
        ++o.n;
        found = true;
      }
    REQUIRE(found);
  }
  for (const Option& o : options) {
    CAPTURE(tileText(o.t));
    const double want = o.p / total, got = static_cast<double>(o.n) / n;
    MESSAGE(tileText(o.t) << " at " << o.e << ": " << got << " drawn, " << want << " expected");
    CHECK(std::abs(got - want) < 0.005);  // 4.5 standard errors at most
  }
}

TEST_CASE("playoutMixed: the policy share plays the mover's doubles early, the mover's alone") {
  // Over many en-linea deals from the start, A's doubles leave A's hand more often under A's
  // policy share than in uniformly random play, and B's do not.
  const Rules rules = rulesOf("en-linea");
  pcg32 rng(23);
  ai::PlayoutRng g1(3), g2(3);
  std::array<double, 2> doublesLeftPolicy{}, doublesLeftUniform{};
  const int n = 20000;
  for (int i = 0; i < n; ++i) {
    const ai::PlayoutPosition start{startRound(dealFromSeed(rng(), rules.hand)), {}};
    ai::PlayoutPosition a = start, u = start;
    a.table.reset(rules);
    u.table.reset(rules);
    (void)ai::playoutMixed(rules, a, g1, ai::PlayoutModel{.policy = {0xffffffffu, 0}});
    (void)ai::playoutMixed(rules, u, g2, ai::PlayoutModel{});
    for (std::size_t h = 0; h < 2; ++h) {
      doublesLeftPolicy[h] += count(a.s.hand[h] & doublesMask());
      doublesLeftUniform[h] += count(u.s.hand[h] & doublesMask());
    }
  }
  MESSAGE("doubles left, A's policy: A " << doublesLeftPolicy[0] / n << ", B " << doublesLeftPolicy[1] / n
                                         << "; uniform: A " << doublesLeftUniform[0] / n << ", B "
                                         << doublesLeftUniform[1] / n);
  CHECK(doublesLeftPolicy[0] < 0.8 * doublesLeftUniform[0]);
  CHECK(doublesLeftPolicy[1] > 0.9 * doublesLeftUniform[1]);
}

TEST_CASE("policyChoice: each placement once, a tile's headings at an end one choice") {
  // Random positions of every preset: the options are the legal moves' distinct (tile, end), in
  // order, each with its policyFeatures; every legal move (any heading) maps to its placement's
  // index. Under dominoes2 many placements have several headings, and the choice lists fewer.
  long long moves = 0, options = 0;
  for (const char* preset : {"en-linea", "dominoes2", "draw", "block"}) {
    const Rules rules = rulesOf(preset);
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
      Match m(rules);
      ai::RoundLog log;
      if (!test::randomPosition(m, log, seed, 1 + static_cast<int>(seed % 9), 5)) continue;
      const ai::Observation o = ai::observe(m, m.state().turn, log);
      if (o.legal.empty() || o.legal.moves[0].kind != MoveKind::Play) continue;
      const Mask unseen = o.unseen();
      const unsigned lacks = ai::lackedPips(o);
      std::vector<std::pair<Tile, End>> distinct;
      for (int i = 0; i < o.legal.size; ++i) {
        const Move& mv = o.legal.moves[i];
        const std::pair<Tile, End> key{mv.tile, mv.end};
        const auto at = std::find(distinct.begin(), distinct.end(), key);
        const auto want = static_cast<int>(at - distinct.begin());
        if (at == distinct.end()) distinct.push_back(key);
        const ai::PolicyChoice c = ai::policyChoice(o, mv);
        CAPTURE(preset);
        CAPTURE(seed);
        REQUIRE(c.chosen >= 0);
        CHECK(c.chosen == want);
      }
      const ai::PolicyChoice c = ai::policyChoice(o, o.legal.moves[0]);
      REQUIRE(c.options.size() == distinct.size());
      for (std::size_t k = 0; k < distinct.size(); ++k) {
        const int e = static_cast<int>(distinct[k].second);
        const ai::PolicyFeatures f =
            ai::policyFeatures(o.hand, {o.ends[0], o.ends[1]}, unseen, lacks, distinct[k].first, e);
        CHECK(c.options[k].pips == f.pips);
        CHECK(c.options[k].unseenBoth == f.unseenBoth);
        CHECK(c.options[k].mineNext == f.mineNext);
      }
      if (rules.layout == LayoutRule::Free) {
        moves += o.legal.size;
        options += static_cast<long long>(c.options.size());
      } else {
        CHECK(c.options.size() == static_cast<std::size_t>(o.legal.size));  // no headings on the snake
      }
    }
  }
  MESSAGE("dominoes2: " << moves << " legal placements, " << options << " policy choices");
  CHECK(options < moves);
  // A draw or a pass is not the policy's choice, nor is anything before the lead.
  Match m(rulesOf("en-linea"));
  ai::RoundLog log;
  m.startRound(dealFromSeed(3, 7));
  const ai::Observation o = ai::observe(m, m.state().turn, log);
  CHECK(ai::policyChoice(o, o.legal.moves[0]).chosen == -1);
}
