// SPDX-License-Identifier: MIT
// Position evaluation: the marks' thresholds, Knowledge::All against the solver, Knowledge::Mover equal
// to it when nothing is hidden, determinism, cancel and progress, and analyseRecord over a record.
#include <doctest/doctest.h>

#include <cmath>
#include <pcg_random.hpp>
#include <stdexcept>
#include <string>
#include <variant>

#include "ai/analysis.h"
#include "ai/chance_solver.h"
#include "ai/solver.h"
#include "core/random.h"

using namespace dom;
using namespace dom::ai;

namespace {

// A random en-linea round played (with a log) until `stop` says so at a position with a choice.
template <class Stop>
bool playUntil(Match& m, RoundLog& log, pcg32& rng, Stop&& stop) {
  m.startRound(dealFromSeed(rng(), m.rules().hand));
  log.clear();
  while (m.inRound()) {
    const MoveList l = m.legalMoves();
    if (l.size > 1 && stop(m)) return true;
    (void)log.apply(m, l.moves[bounded(rng, static_cast<std::uint32_t>(l.size))]);
  }
  return false;
}

}  // namespace

TEST_CASE("analysis: marks at 5, 10 and 20 points of win probability below the best") {
  CHECK(classify(0.70, 0.70) == Mark::None);
  CHECK(classify(0.70, 0.66) == Mark::None);
  CHECK(classify(0.70, 0.65) == Mark::Inaccuracy);
  CHECK(classify(0.70, 0.61) == Mark::Inaccuracy);
  CHECK(classify(0.70, 0.60) == Mark::Mistake);
  CHECK(classify(0.70, 0.51) == Mark::Mistake);
  CHECK(classify(0.70, 0.50) == Mark::Blunder);
  CHECK(classify(1.0, 0.0) == Mark::Blunder);
  CHECK(std::string(symbol(Mark::None)).empty());
  CHECK(std::string(symbol(Mark::Inaccuracy)) == "?!");
  CHECK(std::string(symbol(Mark::Mistake)) == "?");
  CHECK(std::string(symbol(Mark::Blunder)) == "??");
}

TEST_CASE("analysis: Knowledge::All gives the solver's values, best first") {
  pcg32 rng(3);
  Solver solver;
  for (const char* name : {"en-linea", "dominoes2"}) {
    for (int k = 0; k < 10; ++k) {
      Match m(*preset(name));
      RoundLog log;
      // Late enough for the free layout to solve quickly.
      if (!playUntil(m, log, rng, [](const Match& x) {
            return count(x.state().hand[0] | x.state().hand[1]) + x.state().stockCount() <= 12;
          }))
        continue;
      EvalOptions opt;
      opt.knowledge = Knowledge::All;
      const PositionEval e = evaluate(m, log, opt);
      REQUIRE(e.exact);
      REQUIRE(static_cast<int>(e.moves.size()) == m.legalMoves().size);
      const auto vals = solver.values(SimState::from(m));
      for (const MoveEval& me : e.moves) {
        for (const MoveValue& v : vals)
          if (v.move.same(me.move) && v.move.leftPip == me.move.leftPip) {
            CHECK(me.points == v.value);
            CHECK(me.win == (v.value > 0 ? 1.0 : v.value == 0 ? 0.5 : 0.0));
          }
        CHECK(me.text == dgn::legalText(m, me.move));
      }
      for (std::size_t i = 1; i < e.moves.size(); ++i)
        CHECK((e.moves[i - 1].win > e.moves[i].win ||
               (e.moves[i - 1].win == e.moves[i].win && e.moves[i - 1].points >= e.moves[i].points)));
    }
  }
}

TEST_CASE("analysis: with the stock empty and every hidden tile in the opponent's hand, Mover equals All") {
  pcg32 rng(8);
  int checked = 0;
  for (int k = 0; k < 200 && checked < 10; ++k) {
    Match m(*preset("en-linea"));
    RoundLog log;
    if (!playUntil(m, log, rng, [](const Match& x) { return x.state().stockCount() == 0; })) continue;
    EvalOptions all;
    all.knowledge = Knowledge::All;
    EvalOptions mover;
    mover.samples = 5;
    mover.nodeLimit = 0;
    const PositionEval a = evaluate(m, log, all), b = evaluate(m, log, mover);
    REQUIRE(b.samples == 5);
    CHECK(b.exact);
    REQUIRE(a.moves.size() == b.moves.size());
    for (std::size_t i = 0; i < a.moves.size(); ++i) {
      CHECK(a.moves[i].text == b.moves[i].text);
      CHECK(a.moves[i].win == doctest::Approx(b.moves[i].win));
      CHECK(a.moves[i].points == doctest::Approx(b.moves[i].points));
    }
    ++checked;
  }
  CHECK(checked == 10);
}

TEST_CASE("analysis: the same seed gives the same figures; cancel stops; progress reaches 1") {
  pcg32 rng(12);
  Match m(*preset("en-linea"));
  RoundLog log;
  REQUIRE(playUntil(m, log, rng, [](const Match& x) { return x.state().line != 0 && x.state().stockCount() > 6; }));
  EvalOptions opt;
  opt.samples = 30;
  opt.seed = 99;
  double last = 0;
  int calls = 0;
  opt.progress = [&](double f) {
    CHECK(f >= last);
    last = f;
    ++calls;
  };
  const PositionEval a = evaluate(m, log, opt);
  CHECK(calls == 30);
  CHECK(last == doctest::Approx(1.0));
  opt.progress = {};
  const PositionEval b = evaluate(m, log, opt);
  REQUIRE(a.moves.size() == b.moves.size());
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    CHECK(a.moves[i].text == b.moves[i].text);
    CHECK(a.moves[i].win == b.moves[i].win);
    CHECK(a.moves[i].points == b.moves[i].points);
  }
  std::atomic<bool> stop{true};
  opt.cancel = &stop;
  const PositionEval c = evaluate(m, log, opt);
  CHECK(c.cancelled);
  CHECK(c.samples == 0);
}

TEST_CASE("analysis: analyseRecord visits every position with a choice, of the side asked") {
  const char* text = R"(dgn 1
rules en-linea
round 1
hand A 6-3 5-3 4-2 3-1 2-2 2-1 1-1
hand B 6-2 6-1 4-3 3-2 4-0 2-0 1-0
stock 6-6 4-1 6-0 6-4 3-3 5-0 5-1 3-0 5-5 6-5 5-4 0-0 5-2 4-4
A: 2-2
B: 2-6 L
A: 6-3 L
B: 2-3 R
A: 3-5 L
B: 3-4 R
A: 4-2 R
B: 2-0 R
A: draw 6-6
A: draw 4-1
A: draw 6-0
A: 0-6 R)";
  const auto read = dgn::read(text, "t.dgn");
  REQUIRE(std::holds_alternative<dgn::Record>(read));
  const auto& rec = std::get<dgn::Record>(read);
  // The positions with a choice, counted by replaying the record.
  std::array<int, 2> want{};
  {
    Match m(rec.rules);
    REQUIRE(dgn::startRound(m, rec.rounds[0]).empty());
    for (const auto& st : rec.rounds[0].statements) {
      if (st.kind != dgn::Statement::Kind::Move) continue;
      if (m.legalMoves().size > 1) ++want[static_cast<std::size_t>(idx(st.player))];
      m.apply(m.resolve(st.move));
    }
  }
  REQUIRE(want[0] + want[1] > 0);
  EvalOptions opt;
  opt.samples = 10;
  const auto all = analyseRecord(rec, std::nullopt, opt);
  CHECK(static_cast<int>(all.size()) == want[0] + want[1]);
  const auto onlyB = analyseRecord(rec, Player::B, opt);
  CHECK(static_cast<int>(onlyB.size()) == want[1]);
  for (const AnalysedMove& a : onlyB) {
    CHECK(a.mover == Player::B);
    CHECK(!a.eval.moves.empty());
    bool found = false;
    for (const MoveEval& e : a.eval.moves) found = found || e.move.same(a.played);
    CHECK(found);
    CHECK(a.mark == classify(a.eval.moves.front().win, a.playedWin));
  }
  opt.knowledge = Knowledge::All;
  const auto exact = analyseRecord(rec, std::nullopt, opt);
  REQUIRE(exact.size() == all.size());
  for (const AnalysedMove& a : exact) CHECK(a.eval.exact);
}

TEST_CASE("analysis: with one legal move, the mover's view still samples the hidden deals (never the true one)") {
  pcg32 rng(21);
  Match m(*preset("en-linea"));
  RoundLog log;
  bool found = false;
  for (int round = 0; round < 50 && !found; ++round) {
    m.startRound(dealFromSeed(rng(), m.rules().hand));
    log.clear();
    while (m.inRound()) {
      const MoveList l = m.legalMoves();
      if (l.size == 1 && m.state().line > 2 && m.state().stockCount() > 4) {
        found = true;
        break;
      }
      (void)log.apply(m, l.moves[bounded(rng, static_cast<std::uint32_t>(l.size))]);
    }
  }
  REQUIRE(found);
  EvalOptions opt;
  opt.samples = 30;
  opt.seed = 5;
  const PositionEval e = evaluate(m, log, opt);
  REQUIRE(e.moves.size() == 1);
  CHECK(e.samples == 30);
  opt.knowledge = Knowledge::All;
  CHECK(evaluate(m, log, opt).samples == 1);
}

TEST_CASE("analysis: the mover's value of a deal never reads the stock's order (chance nodes at the draws)") {
  pcg32 rng(21);
  int checked = 0, clairvoyantDiffers = 0;
  for (int k = 0; k < 400 && checked < 25; ++k) {
    Match m(*preset("en-linea"));
    RoundLog log;
    // Draws still to come and few enough tiles in play for the chance solver.
    if (!playUntil(m, log, rng, [](const Match& x) {
          const RoundState& r = x.state();
          return r.stockCount() >= 2 && count(r.hand[0] | r.hand[1]) + r.stockCount() <= 11;
        }))
      continue;
    const SimState truth = SimState::from(m);
    const std::vector<MoveEval> a = solveDealAsMover(truth, 0);
    REQUIRE(static_cast<int>(a.size()) == m.legalMoves().size);
    // The same hands with the stock reordered: the same values, to the last bit.
    const RoundState& r = m.state();
    std::vector<Tile> stock(r.stock.begin() + r.stockTop, r.stock.begin() + r.stockTop + r.stockCount());
    for (int shuffle = 0; shuffle < 3; ++shuffle) {
      for (std::size_t i = stock.size(); i > 1; --i)
        std::swap(stock[i - 1], stock[bounded(rng, static_cast<std::uint32_t>(i))]);
      SimState reordered = truth;
      reordered.setHidden(r.turn, r.hand[idx(other(r.turn))], stock.data(), static_cast<int>(stock.size()));
      const std::vector<MoveEval> b = solveDealAsMover(reordered, 0);
      REQUIRE(a.size() == b.size());
      for (std::size_t i = 0; i < a.size(); ++i) {
        CHECK(a[i].move.same(b[i].move));
        CHECK(a[i].win == b[i].win);
        CHECK(a[i].points == b[i].points);
        CHECK(a[i].exactShare == 1.0);
      }
    }
    // They are the chance solver's, and (somewhere) not the clairvoyant solver's.
    ChanceSolver chance(1000);
    Solver plain;
    const auto cv = chance.values(truth);
    const auto pv = plain.values(truth);
    for (const MoveEval& e : a) {
      for (const MoveExpectation& v : cv)
        if (v.move.same(e.move) && v.move.leftPip == e.move.leftPip) {
          CHECK(e.win == doctest::Approx((v.value.win + 1) / 2));
          CHECK(e.points == doctest::Approx(v.value.points));
        }
      for (const MoveValue& v : pv)
        if (v.move.same(e.move) && v.move.leftPip == e.move.leftPip && std::abs(e.points - v.value) > 1e-9)
          ++clairvoyantDiffers;
    }
    ++checked;
  }
  CHECK(checked == 25);
  CHECK(clairvoyantDiffers > 0);
}

TEST_CASE("analysis asked as text (the web page's worker): the answer read back is the evaluation made in process") {
  for (const char* file : {"game.dgn", "two_rounds.dgn"}) {
    CAPTURE(file);
    auto loaded = dgn::loadFile(std::string(DOMINOES_SOURCE_DIR) + "/tests/studio/" + file);
    REQUIRE(std::holds_alternative<dgn::Loaded>(loaded));
    const dgn::Record& whole = std::get<dgn::Loaded>(loaded).record;
    for (std::size_t keep : {0U, 2U, 5U}) {
      CAPTURE(keep);
      // The record up to its last round's `keep`-th move, and the match and log there.
      dgn::Record rec = whole;
      const dgn::Statements all = rec.rounds.back().statements;
      dgn::Statements& st = rec.rounds.back().statements;
      st.clear();
      std::size_t moves = 0;
      for (const dgn::Statement& s : all) {
        if (s.kind == dgn::Statement::Kind::Move && moves++ == keep) break;
        st.push_back(s);
      }
      Match m(rec.rules);
      ai::RoundLog log;
      for (const dgn::RoundRecord& r : rec.rounds) {
        REQUIRE(dgn::startRound(m, r).empty());
        log.clear();
        for (const dgn::Statement& s : r.statements)
          if (s.kind == dgn::Statement::Kind::Move) log.apply(m, s.move);
      }
      REQUIRE(m.toMove());
      for (const auto knowledge : {ai::Knowledge::Mover, ai::Knowledge::All}) {
        ai::EvalOptions opt;
        opt.knowledge = knowledge;
        opt.samples = 12;
        opt.seed = 77 + keep;
        const ai::PositionEval here = ai::evaluate(m, log, opt);
        const ai::PositionEval there =
            ai::readAnalysisAnswer(m, log, ai::analysisAnswer(ai::analysisRequest(rec, opt)));
        CHECK(there.exact == here.exact);
        CHECK(there.samples == here.samples);
        REQUIRE(there.moves.size() == here.moves.size());
        for (std::size_t i = 0; i < here.moves.size(); ++i) {
          CHECK(there.moves[i].move.same(here.moves[i].move));
          CHECK(there.moves[i].text == here.moves[i].text);
          CHECK(there.moves[i].win == here.moves[i].win);  // the same doubles, not nearly
          CHECK(there.moves[i].points == here.moves[i].points);
          CHECK(there.moves[i].tips == here.moves[i].tips);
        }
      }
    }
  }
}

TEST_CASE("analysis asked as text: a wrong request or answer is an error") {
  CHECK(ai::analysisAnswer("analyse some 3 1\ndgn 1\n").starts_with("error the request's first line"));
  CHECK(ai::analysisAnswer("analyse mover 3 1\nnot dgn\n").starts_with("error request:"));
  auto loaded = dgn::loadFile(std::string(DOMINOES_SOURCE_DIR) + "/tests/studio/game.dgn");
  REQUIRE(std::holds_alternative<dgn::Loaded>(loaded));
  const Match& end = std::get<dgn::Loaded>(loaded).match;
  Match m(end.rules());
  REQUIRE(dgn::startRound(m, std::get<dgn::Loaded>(loaded).record.rounds.front()).empty());
  const ai::RoundLog log;
  CHECK_THROWS_WITH((void)ai::readAnalysisAnswer(m, log, "error it broke\n"), "it broke");
  CHECK_THROWS_WITH((void)ai::readAnalysisAnswer(m, log, "move 0.5 1 1 0-0 R\n"), "no legal move is 0-0 R");
  CHECK_THROWS_WITH((void)ai::readAnalysisAnswer(m, log, "exact 1\nsamples 1\n"),
                    "the answer does not rate every legal move");
  CHECK_THROWS_AS((void)ai::readAnalysisAnswer(m, log, "move x\n"), std::runtime_error);
}

TEST_CASE("the record's analysis asked as text: the answer read back is analyseRecord's") {
  auto loaded = dgn::loadFile(std::string(DOMINOES_SOURCE_DIR) + "/tests/studio/game.dgn");
  REQUIRE(std::holds_alternative<dgn::Loaded>(loaded));
  const dgn::Record& rec = std::get<dgn::Loaded>(loaded).record;
  const auto here = ai::analyseRecord(rec, std::nullopt, ai::EvalOptions{});
  const auto there = ai::readRecordAnalysisAnswer(ai::recordAnalysisAnswer("analyse-record\n" + dgn::write(rec)));
  REQUIRE(there.size() == here.size());
  REQUIRE(!here.empty());
  for (std::size_t i = 0; i < here.size(); ++i) {
    CHECK(there[i].round == here[i].round);
    CHECK(there[i].number == here[i].number);
    CHECK(there[i].mover == here[i].mover);
    CHECK(there[i].mark == here[i].mark);
    CHECK(there[i].playedText == here[i].playedText);
    CHECK(there[i].playedWin == here[i].playedWin);
    CHECK(there[i].playedPoints == here[i].playedPoints);
    CHECK(there[i].eval.exact == here[i].eval.exact);
    REQUIRE(there[i].eval.moves.size() == 1);
    CHECK(there[i].eval.moves[0].text == here[i].eval.moves.front().text);
    CHECK(there[i].eval.moves[0].win == here[i].eval.moves.front().win);
    CHECK(there[i].eval.moves[0].points == here[i].eval.moves.front().points);
  }
  CHECK(ai::recordAnalysisAnswer("analyse-record\nnonsense\n").starts_with("error request:"));
  CHECK_THROWS_WITH((void)ai::readRecordAnalysisAnswer("error it broke\n"), "it broke");
  CHECK_THROWS_AS((void)ai::readRecordAnalysisAnswer("ply\t1\t2\n"), std::runtime_error);
}
