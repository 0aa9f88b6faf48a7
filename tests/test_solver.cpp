// SPDX-License-Identifier: MIT
// The exact solver against plain minimax on small positions of every preset (late positions of
// random rounds), and its scoring on hand-made endings.
#include <doctest/doctest.h>

#include <map>
#include <pcg_random.hpp>
#include <vector>

#include "ai/chance_solver.h"
#include "ai/solver.h"
#include "core/random.h"
#include "test_util.h"

using namespace dom;
using namespace dom::test;
using namespace dom::ai;

namespace {

// Plays random moves from a random deal until at most `left` tiles remain in hands and the drawable
// part of the stock; a round that ends before (a small table blocks early) gives its position eight
// moves before the end if that is small enough (else false).
bool latePosition(const Rules& rules, pcg32& rng, int left, SimState& out) {
  Match m(rules);
  m.startRound(dealFromSeed(rng(), rules.hand));
  std::vector<SimState> seen{SimState::from(m)};
  while (!seen.back().over()) {
    const SimState& s = seen.back();
    const RoundState& r = s.state();
    const int drawable = r.canDraw(rules) ? r.stockCount() - rules.reserve : 0;
    if (count(r.hand[0] | r.hand[1]) + drawable <= left) {
      out = s;
      return true;
    }
    const MoveList l = s.legal();
    SimState c = s;
    c.apply(l.moves[bounded(rng, static_cast<std::uint32_t>(l.size))]);
    seen.push_back(c);
  }
  out = seen[seen.size() > 9 ? seen.size() - 9 : 0];
  const RoundState& r = out.state();
  const int drawable = r.canDraw(rules) ? r.stockCount() - rules.reserve : 0;
  return !out.over() && count(r.hand[0] | r.hand[1]) + drawable <= left + 4;
}

// Checks the solver on `n` late positions; returns how many had a choice of moves.
int checkAgainstMinimax(const Rules& rules, int n, int left, std::uint64_t seed) {
  pcg32 rng(seed);
  Solver solver(1 << 14);  // small, so that entries collide and are replaced
  int choices = 0;
  for (int k = 0, tries = 0; k < n;) {
    SimState s;
    REQUIRE(++tries < 100 * n);
    if (!latePosition(rules, rng, left, s)) continue;
    ++k;
    const int want = minimaxValue(s);
    REQUIRE(solver.value(s) == want);
    const auto vals = solver.values(s);
    REQUIRE(static_cast<int>(vals.size()) == s.legal().size);
    REQUIRE(vals.front().value == want);
    for (std::size_t i = 0; i < vals.size(); ++i) {
      if (i) REQUIRE(vals[i - 1].value >= vals[i].value);
      SimState c = s;
      c.apply(vals[i].move);
      const int child = c.over()                           ? c.pointsFor(s.state().turn)
                        : c.state().turn == s.state().turn ? minimaxValue(c)
                                                           : -minimaxValue(c);
      REQUIRE(vals[i].value == child);
    }
    choices += vals.size() > 1;
  }
  return choices;
}

}  // namespace

TEST_CASE("solver: equals plain minimax on late positions of every preset") {
  for (const std::string& name : presetNames()) {
    CAPTURE(name);
    CHECK(checkAgainstMinimax(*preset(name), 60, 8, 5) > 10);
  }
}

TEST_CASE("solver: equals plain minimax under free layout on small tables and the other knobs") {
  for (const std::string text : {"dominoes2 table=8x6 draw=none hand=5", "dominoes2 table=14x10",
                                 "en-linea blocked=loser", "en-linea reserve=2", "en-linea draw=none hand=5"}) {
    CAPTURE(text);
    CHECK(checkAgainstMinimax(rulesOf(text), 40, 8, 9) > 5);
  }
}

TEST_CASE("solver: a whole round of few tiles, searched from the lead") {
  // Hands of three and no drawing: the whole round is small enough for plain minimax.
  const Rules r = rulesOf("en-linea hand=3 draw=none");
  pcg32 rng(21);
  Solver solver;
  for (int i = 0; i < 20; ++i) {
    Match m(r);
    m.startRound(dealFromSeed(rng(), r.hand));
    const SimState s = SimState::from(m);
    CHECK(solver.value(s) == minimaxValue(s));
  }
  CHECK(solver.nodes() > 0);
}

TEST_CASE("solver: scoring of hand-made endings") {
  // A holds 6-6 only and it fits: A dominoes and scores B's pips.
  Match m(*preset("en-linea"));
  Setup su;
  su.hand = {bit(tileOf(6, 6)), bit(tileOf(1, 0)) | bit(tileOf(2, 0))};
  su.line = {LaidTile{tileOf(6, 5), 6, 5, Heading::Straight}};
  su.turn = Player::A;
  for (Tile t = 0; t < kTiles; ++t)
    if (!((su.hand[0] | su.hand[1]) & bit(t)) && t != tileOf(6, 5)) su.stock.push_back(t);
  REQUIRE(m.startSetup(su).empty());
  const SimState s = SimState::from(m);
  Solver solver;
  CHECK(solver.value(s) == 3);
  const auto v = solver.values(s);
  REQUIRE(v.size() == 1);
  CHECK(v[0].value == 3);
  CHECK(minimaxValue(s) == 3);
}

TEST_CASE("solver: a node limit aborts the search") {
  Match m(*preset("en-linea"));
  m.startRound(dealFromSeed(77, 7));
  Solver solver;
  solver.setNodeLimit(1000);
  (void)solver.value(SimState::from(m));
  CHECK(solver.aborted());
  CHECK(solver.nodes() <= 1001);
}

namespace {

// Checks the chance solver on `n` late positions against plain expectiminimax, with the given win
// weight; returns how many positions had a draw to come.
int checkChanceAgainstExpectiminimax(const Rules& rules, int n, int left, std::uint64_t seed, double winWeight) {
  pcg32 rng(seed);
  ChanceSolver solver(winWeight, 1 << 12);  // small, so that entries collide and are replaced
  int draws = 0;
  for (int k = 0, tries = 0; k < n;) {
    SimState s;
    REQUIRE(++tries < 100 * n);
    if (!latePosition(rules, rng, left, s)) continue;
    const RoundState& r = s.state();
    if (count(r.hand[0] | r.hand[1]) + (r.canDraw(rules) ? r.stockCount() - rules.reserve : 0) > left)
      continue;  // an early block's fallback position: too big for plain expectiminimax
    ++k;
    const Expectation want = expectiminimaxValue(s, winWeight);
    const Expectation got = solver.value(s);
    REQUIRE(got.win == doctest::Approx(want.win).epsilon(1e-4));
    REQUIRE(got.points == doctest::Approx(want.points).epsilon(1e-4));
    const auto vals = solver.values(s);
    REQUIRE(static_cast<int>(vals.size()) == s.legal().size);
    REQUIRE(solver.rank(vals.front().value) == doctest::Approx(solver.rank(want)).epsilon(1e-4));
    for (std::size_t i = 1; i < vals.size(); ++i) REQUIRE(solver.rank(vals[i - 1].value) >= solver.rank(vals[i].value));
    draws += s.state().canDraw(rules);
  }
  return draws;
}

}  // namespace

TEST_CASE("chance solver: equals plain expectiminimax on late positions of every preset") {
  for (const std::string& name : presetNames()) {
    CAPTURE(name);
    const Rules r = *preset(name);
    const int draws = checkChanceAgainstExpectiminimax(r, 40, 8, 5, 1000);
    if (r.draw == DrawRule::Until) CHECK(draws > 5);
    (void)checkChanceAgainstExpectiminimax(r, 20, 8, 6, 0);  // ranked by points alone
  }
}

TEST_CASE("chance solver: free layout on a small table, a reserve, and draws as the only moves") {
  for (const std::string text : {"dominoes2 table=14x10", "en-linea reserve=2", "en-linea blocked=loser"}) {
    CAPTURE(text);
    CHECK(checkChanceAgainstExpectiminimax(rulesOf(text), 25, 7, 11, 1000) > 3);
  }
}

TEST_CASE("chance solver: without draws to come it agrees with the exact solver") {
  // With the stock empty (or no drawing), the stock's order does not matter: the chance solver
  // ranked by points alone gives the plain solver's value.
  for (const std::string text : {"en-linea draw=none hand=5", "block"}) {
    CAPTURE(text);
    const Rules r = rulesOf(text);
    pcg32 rng(3);
    Solver plain;
    ChanceSolver chance(0);
    for (int k = 0; k < 30;) {
      SimState s;
      if (!latePosition(r, rng, 8, s)) continue;
      ++k;
      CHECK(chance.value(s).points == doctest::Approx(plain.value(s)));
    }
  }
}

TEST_CASE("chance solver: the stock's order does not change its values") {
  // The same positions with their stocks reordered (the same set) have the same values: the search
  // never looks at the order. Late positions of en-linea, where draws are to come.
  const Rules r = *preset("en-linea");
  pcg32 rng(17);
  ChanceSolver chance(1000);
  int drawing = 0;
  for (int k = 0; k < 30;) {
    SimState s;
    if (!latePosition(r, rng, 9, s)) continue;
    ++k;
    const Expectation v1 = chance.value(s);
    SimState t = s;
    for (int j = t.state().stockCount() - 1; j > 0; --j) t.drawNext(static_cast<int>(bounded(rng, j + 1)));
    const Expectation v2 = chance.value(t);
    CHECK(v1.win == v2.win);  // to the last bit: the outcomes are summed in their tiles' order
    CHECK(v1.points == v2.points);
    drawing += t.state().canDraw(r);
  }
  CHECK(drawing > 5);
}

TEST_CASE("solvers: one position key, telling apart what each solver knows of the stock") {
  // Along random rounds of every preset, two positions get the same key exactly when they agree on
  // what the key holds: the hands, the turn, the ends, the forced lead, the table's geometry, and the
  // stock's position (Solver) or the tiles on the table (ChanceSolver). A reordered stock keeps both.
  pcg32 rng(29);
  for (const std::string& name : presetNames()) {
    const Rules rules = *preset(name);
    for (StockKnown known : {StockKnown::Order, StockKnown::Set}) {
      std::map<std::uint64_t, std::vector<std::uint64_t>> seen;  // key -> the fields it stands for
      int positions = 0;
      for (int game = 0; game < 60; ++game) {
        Match m(rules);
        m.startRound(dealFromSeed(rng(), rules.hand));
        SimState s = SimState::from(m);
        while (!s.over()) {
          const RoundState& r = s.state();
          const std::uint64_t k = positionKey(s, known);
          CHECK(k != 0);
          const std::vector<std::uint64_t> fields{r.hand[0],
                                                  r.hand[1],
                                                  static_cast<std::uint64_t>(r.turn),
                                                  static_cast<std::uint64_t>(r.ends[0] + 1),
                                                  static_cast<std::uint64_t>(r.ends[1] + 1),
                                                  r.forcedLead,
                                                  known == StockKnown::Order ? r.stockTop : r.line,
                                                  s.freeLayout() ? s.board().hash() : 0};
          auto [it, fresh] = seen.emplace(k, fields);
          CHECK(it->second == fields);
          if (r.stockCount() > 1) {
            SimState t = s;
            t.drawNext(r.stockCount() - 1);
            CHECK(positionKey(t, known) == k);
          }
          ++positions;
          const MoveList l = s.legal();
          s.apply(l.moves[bounded(rng, static_cast<std::uint32_t>(l.size))]);
        }
      }
      CHECK(positions > 500);
      CHECK(seen.size() * 10 > static_cast<std::size_t>(positions) * 9);
    }
  }
}

// Issue 26 #6: Scoring::PointsThenWin gives the same points as Scoring::Points, and who wins: a win
// never scores below 0, a loss never above, and a tie scores 0 (a 0-point win is not a tie).
TEST_CASE("solver: PointsThenWin keeps the points and tells who wins") {
  pcg32 rng(11);
  Solver points(1 << 14), both(1 << 14, Scoring::PointsThenWin);
  int zeroWins = 0, ties = 0;
  for (const std::string& name : presetNames()) {
    for (int k = 0, tries = 0; k < 40 && tries < 4000; ++tries) {
      SimState s;
      if (!latePosition(*preset(name), rng, 8, s)) continue;
      ++k;
      CHECK(both.value(s) == points.value(s));
      const auto a = points.values(s), b = both.values(s);
      REQUIRE(a.size() == b.size());
      for (const MoveValue& v : b) {
        CHECK((v.win >= -1 && v.win <= 1));
        if (v.win > 0) CHECK(v.value >= 0);
        if (v.win < 0) CHECK(v.value <= 0);
        if (v.win == 0) CHECK(v.value == 0);
        zeroWins += v.win != 0 && v.value == 0;
        ties += v.win == 0;
        bool found = false;
        for (const MoveValue& w : a) found = found || (w.move.same(v.move) && w.value == v.value);
        CHECK(found);
      }
    }
  }
  MESSAGE(zeroWins << " moves of 0-point wins or losses, " << ties << " ties");
}
