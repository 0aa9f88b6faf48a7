// SPDX-License-Identifier: MIT
// The expert: specs, legal moves with reasons on every preset, determinism for a seed, the exact
// endgame, and strength against greedy on a small run.
#include <doctest/doctest.h>

#include <cmath>

#include "ai/expert.h"
#include "ai/inference.h"
#include "ai/observation.h"
#include "ai/solver.h"
#include "test_rounds.h"
#include "test_util.h"

using namespace dom;
using namespace dom::test;

namespace {

bool randomPosition(Match& m, ai::RoundLog& log, std::uint64_t seed, int moves) {
  return test::randomPosition(m, log, seed, moves, 78);
}
using test::playRound;

}  // namespace

TEST_CASE("expert: specs and budgets") {
  CHECK(ai::playerSpecError("expert").empty());
  CHECK(ai::playerSpecError("expert:ms=1").empty());
  CHECK(ai::playerSpecError("expert:ms=200").empty());
  CHECK_FALSE(ai::playerSpecError("expert:ms=0").empty());
  CHECK_FALSE(ai::playerSpecError("expert:ms=").empty());
  CHECK_FALSE(ai::playerSpecError("expert:50").empty());
  CHECK_FALSE(ai::playerSpecError("expert:ms=5x").empty());
  CHECK(ai::makePlayer("expert:ms=abc", 1) == nullptr);
  CHECK(ai::makePlayer("expert", 1)->name() == "expert");
  CHECK(ai::makePlayer("expert:ms=7", 1)->name() == "expert:ms=7");
  // The search's settings after the colon, in any order; the name gives back the ones that differ
  // from the defaults, in a fixed order, and makes the same player again.
  CHECK(ai::makePlayer("expert:ms=50", 1)->name() == "expert");
  CHECK(ai::makePlayer("expert:infer=.9,ms=20,opp=1", 1)->name() == "expert:ms=20,infer=0.9,opp=1");
  CHECK(ai::makePlayer("expert:exact=0,greedy=0.25", 1)->name() == "expert:exact=0,greedy=0.25");
  CHECK(ai::makePlayer("expert:chance=0,exact=12", 1)->name() == "expert:exact=12,chance=0");
  CHECK(ai::makePlayer("expert:chance=1", 1)->name() == "expert");
  CHECK(ai::makePlayer("expert:tree=.7,ms=9", 1)->name() == "expert:ms=9,tree=0.7");
  CHECK(ai::playerSpecError("expert:tree=2").find("tree=C takes a fraction C from 0 to 1") != std::string::npos);
  CHECK(ai::playerSpecError("expert:chance=2").find("chance=0|1 takes 1") != std::string::npos);
  CHECK(ai::makePlayer("expert:heavy=.5,ms=9", 1)->name() == "expert:ms=9,heavy=0.5");
  CHECK(ai::makePlayer("expert:heavy=0", 1)->name() == "expert");
  CHECK(ai::playerSpecError("expert:heavy=1.5").find("heavy=P takes a fraction P from 0 to 1") != std::string::npos);
  CHECK(ai::makePlayer("expert:block=0.5,oblock=0", 1)->name() == "expert");
  CHECK(ai::makePlayer("expert:oblock=.25,block=1,ms=9", 1)->name() == "expert:ms=9,block=1,oblock=0.25");
  CHECK(ai::makePlayer("expert:block=0", 1)->name() == "expert:block=0");
  CHECK(ai::playerSpecError("expert:block=2").find("block=B takes a fraction B from 0 to 1") != std::string::npos);
  CHECK(ai::playerSpecError("expert:oblock=-1").find("oblock=B takes a fraction B from 0 to 1") != std::string::npos);
  CHECK(ai::makePlayer("expert:policy=1,opolicy=0", 1)->name() == "expert");
  CHECK(ai::makePlayer("expert:opolicy=.5,policy=0,block=1", 1)->name() == "expert:block=1,policy=0,opolicy=0.5");
  CHECK(ai::playerSpecError("expert:policy=2").find("policy=T takes a fraction T from 0 to 1") != std::string::npos);
  CHECK(ai::playerSpecError("expert:opolicy=x").find("opolicy=T takes a fraction T from 0 to 1") != std::string::npos);
  for (const char* bad : {"expert:",
                          "expert:ms=5,",
                          "expert:ms=5,ms=6",
                          "expert:exact=29",
                          "expert:exact=-1",
                          "expert:greedy=1.5",
                          "expert:greedy=.",
                          "expert:greedy=0.12345",
                          "expert:infer=x",
                          "expert:foo=1",
                          "expert:opp",
                          "expertx",
                          "expert:ms=5;greedy=1",
                          "expert:chance=",
                          "expert:chance=yes",
                          "expert:heavy=",
                          "expert:heavy=0.5,heavy=0.5",
                          "expert:block=",
                          "expert:oblock=0.5,oblock=0.5",
                          "expert:policy=",
                          "expert:policy=1,policy=1",
                          "expert:opolicy=1.01",
                          "expert:match=2",
                          "expert:match=1,match=1"}) {
    CAPTURE(bad);
    CHECK_FALSE(ai::playerSpecError(bad).empty());
    CHECK(ai::makePlayer(bad, 1) == nullptr);
  }
  CHECK(ai::playerSpecError("expert:greedy=1.5").find("greedy=G takes a fraction G from 0 to 1") != std::string::npos);
  CHECK(ai::playerSpecError("expert:infer=2").find("infer=L takes a fraction L from 0 to 1") != std::string::npos);
  CHECK(ai::playerSpecError("expert:foo=1").find("unknown setting 'foo=1'") != std::string::npos);
  CHECK(ai::makePlayer("expert:match=0", 1)->name() == "expert");
  CHECK(ai::makePlayer("expert:match=1,ms=5", 1)->name() == "expert:ms=5,match=1");
  CHECK(ai::playerSpecError("expert:match=x").find("match=0|1 takes 1") != std::string::npos);
  // The budget grows with the time it is given.
  CHECK(ai::expertPlayouts(100) > ai::expertPlayouts(50));
  CHECK(ai::expertNodes(100) > ai::expertNodes(50));
  CHECK(ai::expertDeals(1) >= 16);
}

TEST_CASE("expert: legal moves with reasons, and the same moves for the same seed, on every preset") {
  for (const auto& name : presetNames()) {
    CAPTURE(name);
    const Rules rules = *preset(name);
    int decided = 0;
    for (int i = 0; i < 20; ++i) {
      Match m(rules);
      ai::RoundLog log;
      if (!randomPosition(m, log, 2000 + static_cast<std::uint64_t>(i / 2), (i / 2) * 3)) continue;
      const ai::Observation o = ai::observe(m, m.state().turn, log);
      // The flat Monte Carlo search and the tree search, on the same positions.
      const char* spec = i % 3 == 1 ? "expert:ms=2,tree=0.7" : i % 3 == 2 ? "expert:ms=2,heavy=0.5" : "expert:ms=2";
      CAPTURE(spec);
      auto a = ai::makePlayer(spec, 9), b = ai::makePlayer(spec, 9);
      const ai::Decision da = a->decide(o), db = b->decide(o);
      CHECK(m.illegal(da.move, o.me).empty());
      CHECK(da.move.same(db.move));
      CHECK(da.reason == db.reason);
      CHECK(da.reason.find(ai::moveWords(o, da.move)) == 0);
      ++decided;
    }
    CHECK(decided > 7);
  }
}

TEST_CASE("expert: the exact solver decides when few tiles are unknown") {
  // Late positions of en-linea rounds: the reason says the values are exact, and the move is legal;
  // some of them with draws still to come (the chance solver's path).
  const Rules rules = rulesOf("en-linea");
  int exact = 0, drawing = 0;
  for (std::uint64_t seed = 1; seed < 300 && (exact < 4 || drawing < 2); ++seed) {
    Match m(rules);
    ai::RoundLog log;
    if (!randomPosition(m, log, seed, 22 + static_cast<int>(seed % 6))) continue;
    const ai::Observation o = ai::observe(m, m.state().turn, log);
    if (o.legal.size < 2) continue;
    const ai::Decision d = ai::makePlayer("expert", 1)->decide(o);
    CAPTURE(d.reason);
    CHECK(m.illegal(d.move, o.me).empty());
    if (d.reason.find("exact play") != std::string::npos) {
      ++exact;
      drawing += o.stockCount > 0;
    }
  }
  CHECK(exact >= 4);
  CHECK(drawing >= 2);
}

TEST_CASE("expert: the tips' words of a move") {
  // A hand of 2s, the ends 6 and 3, and most 2s and 3s already on the table (no history: nothing
  // revealed). Unseen 2s and 3s: 2-3 and 3-5.
  ai::Observation o;
  o.rules = rulesOf("en-linea");
  o.ends = {6, 3};
  auto mask = [](std::initializer_list<const char*> tiles) {
    Mask m = 0;
    for (const char* t : tiles) m |= bit(parseTile(t)->tile());
    return m;
  };
  o.hand = mask({"6-2", "2-2", "5-2", "2-1"});
  o.line = mask({"2-0", "4-2", "3-0", "3-1", "3-3", "4-3", "6-3"});
  auto play = [](const char* tile, End e) { return Move{MoveKind::Play, parseTile(tile)->tile(), e}; };
  // 6-2 at L: the new end is 2; three 2s kept, 2-2 among them; two unseen tiles match 2 or 3.
  CHECK(ai::tipsWords(o, play("6-2", End::L)) ==
        "I keep three more 2s for that end; my 2-2 can follow it; only two unseen tiles match the ends 2 and 3");
  // The double itself played on an end of 2: a double gone, and no "can follow".
  o.ends = {2, 3};
  CHECK(ai::tipsWords(o, play("2-2", End::L)) ==
        "a double gone; I keep three more 2s for that end; only two unseen tiles match the ends 2 and 3");
  // Both ends 2 after 6-2: the number said once.
  o.ends = {6, 2};
  CHECK(ai::tipsWords(o, play("6-2", End::L)) ==
        "I keep three more 2s for that end; my 2-2 can follow it; only one unseen tile matches 2, the number on both "
        "ends");
  // With the 2s and 3s unseen (an empty table but for 6-3), no count is said, and no double kept
  // for the new end 1 (1-1 is not mine).
  o.ends = {2, 3};
  o.line = mask({"6-3"});
  o.hand = mask({"2-1", "6-6", "1-0", "4-1"});
  CHECK(ai::tipsWords(o, play("2-1", End::L)) == "I keep two more 1s for that end");
  // Every other 1 out: the opponent cannot follow, said instead of the count.
  o.line = mask({"6-3", "1-1", "3-1", "5-1", "6-1"});
  CHECK(ai::tipsWords(o, play("2-1", End::L)) ==
        "I keep two more 1s for that end; every other 1 is out: B cannot follow it");
  // A draw or a pass has no tips.
  CHECK(ai::tipsWords(o, Move{MoveKind::Pass}).empty());
}

TEST_CASE("expert: beats greedy on a small run") {
  const Rules rules = rulesOf("en-linea");
  auto ex = ai::makePlayer("expert:ms=3", 3);
  auto greedy = ai::makePlayer("greedy", 4);
  double won = 0;
  const int n = 60;
  for (int i = 0; i < n; ++i) {
    const int a = playRound(rules, *ex, *greedy, 900 + static_cast<std::uint64_t>(i));
    const int b = playRound(rules, *greedy, *ex, 900 + static_cast<std::uint64_t>(i));
    won += (a > 0 ? 1 : a == 0 ? 0.5 : 0) + (b < 0 ? 1 : b == 0 ? 0.5 : 0);
  }
  const double rate = won / (2 * n);
  MESSAGE("expert:ms=3 won " << rate * 100 << "% of " << 2 * n << " rounds against greedy");
  CHECK(rate > 0.55);
}

TEST_CASE("expert: with every tile known it plays a move of the solver's best value") {
  // en-linea once the stock is empty: the opponent's hand is all the unseen tiles, so every sampled
  // deal is the true position and the exact search must pick a move worth the solver's best.
  const Rules rules = rulesOf("en-linea");
  int checked = 0;
  for (std::uint64_t seed = 1; seed < 400 && checked < 12; ++seed) {
    Match m(rules);
    ai::RoundLog log;
    if (!randomPosition(m, log, seed, 30)) continue;
    if (m.state().stockCount() != 0 || count(m.state().hand[0] | m.state().hand[1]) > 16) continue;
    const ai::Observation o = ai::observe(m, m.state().turn, log);
    if (o.legal.size < 2) continue;
    ai::Solver solver;
    const std::vector<ai::MoveValue> values = solver.values(ai::SimState::from(m));
    REQUIRE(!values.empty());
    const ai::Decision d = ai::makePlayer("expert", 5)->decide(o);
    CAPTURE(d.reason);
    CHECK(d.reason.find("exact play") != std::string::npos);
    int played = -1000;
    for (const ai::MoveValue& v : values)
      if (v.move.same(d.move)) played = v.value;
    CHECK(played == values.front().value);
    ++checked;
  }
  CHECK(checked >= 5);
}

TEST_CASE("expert: the same seed decides the same way through whole rounds") {
  const Rules rules = rulesOf("en-linea");
  for (std::uint64_t seed = 40; seed < 43; ++seed) {
    auto a1 = ai::makePlayer("expert:ms=4", seed), b1 = ai::makePlayer("greedy", 1);
    auto a2 = ai::makePlayer("expert:ms=4", seed), b2 = ai::makePlayer("greedy", 1);
    Match x(rules), y(rules);
    ai::RoundLog lx, ly;
    x.startRound(dealFromSeed(seed, rules.hand));
    y.startRound(dealFromSeed(seed, rules.hand));
    while (x.inRound()) {
      REQUIRE(y.inRound());
      const Player who = x.state().turn;
      const ai::Decision dx = (who == Player::A ? *a1 : *b1).decide(ai::observe(x, who, lx));
      const ai::Decision dy = (who == Player::A ? *a2 : *b2).decide(ai::observe(y, who, ly));
      REQUIRE(dx.move.same(dy.move));
      CHECK(dx.reason == dy.reason);
      lx.apply(x, dx.move);
      ly.apply(y, dy.move);
    }
    CHECK(x.state() == y.state());
  }
}

TEST_CASE("expert: the true deal explains a heavy-first opponent's plays better than sampled deals") {
  // Both seats play greedy (the heaviest tile); from A's observation, the deal that really happened
  // must be more likely under the heavy-first model than the sampler's deals on average.
  const Rules rules = rulesOf("en-linea");
  double truth = 0, sampled = 0;
  int positions = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Match m(rules);
    ai::RoundLog log;
    const Deal deal = dealFromSeed(seed, rules.hand);
    m.startRound(deal);
    auto ga = ai::makePlayer("greedy", 1), gb = ai::makePlayer("greedy", 2);
    for (int k = 0; k < 14 && m.inRound(); ++k) {
      const Player who = m.state().turn;
      log.apply(m, (who == Player::A ? *ga : *gb).choose(ai::observe(m, who, log)));
    }
    if (!m.inRound()) continue;
    const ai::Observation o = ai::observe(m, Player::A, log);
    ai::Hidden real;
    real.opponentStart = deal.hand[1];
    for (const ai::Event& e : log.events())
      if (e.who == Player::B && e.move.kind == MoveKind::Draw) real.opponentDraws.push_back(e.move.tile);
    const double t = ai::playLikelihood(o, real, 0.9);
    REQUIRE(t > 0);
    CHECK(t <= 1);
    truth += std::log(t);
    ai::Sampler sampler(o);
    pcg32 rng(seed, 5);
    const int n = 40;
    for (int i = 0; i < n; ++i) {
      const double p = ai::playLikelihood(o, sampler.sample(rng), 0.9);
      REQUIRE(p > 0);
      sampled += std::log(p) / n;
    }
    ++positions;
  }
  MESSAGE(positions << " positions: log-likelihood of the true deals " << truth << ", of sampled deals " << sampled);
  CHECK(positions >= 20);
  CHECK(truth > sampled + 1);
}

TEST_CASE("expert: the posterior of a heavy-first opponent follows their plays") {
  // From A's observation of rounds in which B plays greedy (heavy-first), the posterior rises above
  // the prior on average; where B plays at random it falls below it, and to 0 once no deal explains
  // B's plays as heavy-first.
  const Rules rules = rulesOf("en-linea");
  double greedyMean = 0, randomMean = 0;
  int n = 0;
  bool ruledOut = false;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    for (const char* b : {"greedy", "random"}) {
      Match m(rules);
      ai::RoundLog log;
      m.startRound(dealFromSeed(seed, rules.hand));
      auto pa = ai::makePlayer("greedy", 1), pb = ai::makePlayer(b, seed);
      for (int k = 0; k < 12 && m.inRound(); ++k) {
        const Player who = m.state().turn;
        log.apply(m, (who == Player::A ? *pa : *pb).choose(ai::observe(m, who, log)));
      }
      if (!m.inRound()) continue;
      const ai::Observation o = ai::observe(m, Player::A, log);
      ai::Sampler sampler(o);
      pcg32 rng(seed, 9);
      std::vector<ai::Hidden> deals;
      for (int i = 0; i < 200; ++i) deals.push_back(sampler.sample(rng));
      const double q = ai::heavyFirstPosterior(o, deals, 0.5, 0.5);
      CHECK(q >= 0);
      CHECK(q <= 1);
      CHECK(ai::heavyFirstPosterior(o, deals, 0, 0.5) == 0);
      if (std::string(b) == "greedy") {
        CHECK(q > 0);  // the true deal explains greedy's plays, and deals like it are sampled
        greedyMean += q;
      } else {
        randomMean += q;
        ruledOut |= q == 0;
      }
    }
    ++n;
  }
  MESSAGE("mean posterior, prior 0.5: B greedy " << greedyMean / n << ", B random " << randomMean / n);
  CHECK(greedyMean / n > 0.5);
  CHECK(randomMean / n < 0.5);
  CHECK(ruledOut);
}

TEST_CASE("expert: the chance to win a match from its scores") {
  const Rules r = rulesOf("dominoes2");
  REQUIRE(r.target == 100);
  // Settled matches, and even odds from even scores.
  CHECK(ai::matchEquity(r, 0, 50) == 1.0);
  CHECK(ai::matchEquity(r, -7, 50) == 1.0);
  CHECK(ai::matchEquity(r, 30, 0) == 0.0);
  for (int x : {1, 20, 55, 100}) {
    CAPTURE(x);
    CHECK(ai::matchEquity(r, x, x) == doctest::Approx(0.5).epsilon(1e-9));
    // The two players' chances add up to 1 (the model is symmetric).
    CHECK(ai::matchEquity(r, x, 37) + ai::matchEquity(r, 37, x) == doctest::Approx(1.0).epsilon(1e-9));
  }
  // Fewer points to go is better; the opponent's fewer points worse.
  for (int x = 2; x <= 100; ++x) {
    CAPTURE(x);
    CHECK(ai::matchEquity(r, x - 1, 60) >= ai::matchEquity(r, x, 60));
    CHECK(ai::matchEquity(r, 60, x - 1) <= ai::matchEquity(r, 60, x));
  }
  CHECK(ai::matchEquity(r, 10, 100) > 0.8);
  CHECK(ai::matchEquity(r, 100, 10) < 0.2);
  // A round is worth more when the opponent is near the target: winning 20 points from 60-90
  // (needing 40 and 10) gains more than from 0-0.
  const double nearEnd = ai::matchEquity(r, 20, 10) - ai::matchEquity(r, 40, 10);
  const double early = ai::matchEquity(r, 80, 100) - ai::matchEquity(r, 100, 100);
  CHECK(nearEnd > early);
}

TEST_CASE("expert: match=1 changes nothing in single rounds, and plays legal moves in a match") {
  for (const char* preset : {"en-linea", "dominoes2"}) {
    CAPTURE(preset);
    const Rules rules = rulesOf(preset);
    auto a0 = ai::makePlayer("expert:ms=2", 9), a1 = ai::makePlayer("expert:ms=2,match=1", 9);
    auto b0 = ai::makePlayer("greedy", 1), b1 = ai::makePlayer("greedy", 1);
    Match x(rules), y(rules);
    ai::RoundLog lx, ly;
    // In the match, B needs 10 points and A 90: where a round's points matter most.
    x.setScores({10, 90});
    y.setScores({10, 90});
    x.startRound(dealFromSeed(5, rules.hand));
    y.startRound(dealFromSeed(5, rules.hand));
    bool differed = false;
    while (x.inRound() && !differed) {
      const Player who = x.state().turn;
      const Move mx = (who == Player::A ? *a0 : *b0).decide(ai::observe(x, who, lx)).move;
      const Move my = (who == Player::A ? *a1 : *b1).decide(ai::observe(y, who, ly)).move;
      CHECK(y.illegal(my, who).empty());
      if (rules.target == 0) REQUIRE(mx.same(my));
      differed = !mx.same(my);
      lx.apply(x, mx);
      if (!differed) ly.apply(y, my);
    }
  }
}
