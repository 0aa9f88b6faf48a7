// SPDX-License-Identifier: MIT
// The puzzle prover (ai/puzzle): hand-made positions with known answers, and cross-checks with the
// perfect-information solver on random positions closed to chance.
#include <doctest/doctest.h>

#include <pcg_random.hpp>
#include <stdexcept>

#include "ai/puzzle.h"
#include "ai/sim.h"
#include "ai/solver.h"
#include "core/random.h"

using namespace dom;

namespace {

const char* kExample = R"(dgn 1
rules en-linea
puzzle "Count the tiles: only one move wins"
round 1
hand A 1-1 1-0
hand B 5-5 5-4 4-4 5-0 0-0
line 1-2 2-2 2-4 4-0 0-6 6-1 1-5 5-2 2-0 0-3 3-5 5-6 6-6* 6-2 2-3 3-3 3-4 4-1 1-3 3-6 6-4
turn A
solution 1-1 L
)";

dgn::Record recordOf(const std::string& text) {
  auto r = dgn::load(text, "p.dgn");
  const dgn::Error* e = std::get_if<dgn::Error>(&r);
  REQUIRE_MESSAGE(!e, (e ? e->text() : std::string()));
  return std::get<dgn::Loaded>(r).record;
}

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  const auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

// The position of a match in a round, as a setup.
Setup setupOf(const Match& m) {
  Setup s;
  s.hand = m.state().hand;
  for (int i = m.state().stockTop; i < m.state().stockEnd; ++i) s.stock.push_back(m.state().stock[i]);
  s.line = m.line();
  s.leadIndex = m.leadIndex();
  s.turn = m.toMove();
  s.score = m.scores();
  return s;
}

// A random position of `rules` (a deal from seed, random moves) with at most `left` tiles in the
// hands, the round still on and no tile left to draw; false if the round ended first.
bool closedPosition(Match& m, std::uint64_t seed, int left) {
  m.startRound(dealFromSeed(seed, m.rules().hand));
  pcg32 rng(seed, 5);
  while (m.inRound() && count(m.state().hand[0] | m.state().hand[1]) > left) {
    const MoveList legal = m.legalMoves();
    m.apply(legal.moves[bounded(rng, static_cast<std::uint32_t>(legal.size))]);
  }
  // (A forced pass is no choice: the solver gives no values for it.)
  return m.inRound() && !m.state().canDraw(m.rules()) && m.legalMoves().moves[0].kind != MoveKind::Pass;
}

// Per legal move of the position, whether the mover wins with every tile seen (+1 from the solver).
std::vector<bool> perfectWins(const Match& m, const std::vector<Move>& legal) {
  ai::Solver solver(std::size_t{1} << 16, ai::Scoring::PointsThenWin);
  const auto values = solver.values(ai::SimState::from(m));
  std::vector<bool> wins;
  for (const Move& mv : legal) {
    int win = -2;
    for (const auto& v : values)
      if (v.move.same(mv)) win = v.win;
    if (win == -2) {
      std::string all;
      for (const auto& v : values) all += " " + m.moveText(v.move) + "/" + std::to_string(int(v.move.kind));
      FAIL("the solver has no " << m.moveText(mv) << "/" << int(mv.kind) << ": it has" << all);
    }
    wins.push_back(win == 1);
  }
  return wins;
}

}  // namespace

TEST_CASE("puzzle prover: the spec's example has one solution, 1-1 L") {
  const dgn::Record rec = recordOf(kExample);
  const auto proof = ai::provePuzzle(rec.rules, rec.rounds[0]);
  REQUIRE(proof.error.empty());
  CHECK(proof.worlds == 1);
  REQUIRE(proof.legal.size() == 2);
  for (std::size_t i = 0; i < 2; ++i) CHECK(proof.wins[i] == (proof.legal[i].tile == tileOf(1, 1)));
  CHECK_FALSE(ai::checkPuzzle(rec, "p.dgn"));
}

TEST_CASE("puzzle prover: the checker names a listed loser, an unlisted winner, and a puzzle without a wrong move") {
  const auto loser = ai::checkPuzzle(recordOf(replaced(kExample, "solution 1-1 L", "solution 1-0 L")), "p.dgn");
  REQUIRE(loser);
  CHECK(loser->line == 9);
  CHECK(loser->message ==
        "puzzle \"Count the tiles: only one move wins\": 1-0 L is listed but does not win by force: it loses when B "
        "holds 5-5, 5-4, 4-4, 5-0 and 0-0");
  const auto both =
      ai::checkPuzzle(recordOf(replaced(kExample, "solution 1-1 L", "solution 1-1 L\nsolution 1-0 L")), "p.dgn");
  REQUIRE(both);
  CHECK(both->line == 10);
  // With 1-1 alone A goes out at once: the only legal move wins, and a puzzle needs a wrong one.
  const std::string onlyOne = replaced(replaced(kExample, "hand A 1-1 1-0", "hand A 1-1"), "0-0\n", "0-0 1-0\n");
  const auto all = ai::checkPuzzle(recordOf(onlyOne), "p.dgn");
  REQUIRE(all);
  CHECK(all->line == 3);
  CHECK(all->message ==
        "puzzle \"Count the tiles: only one move wins\": every legal move wins: a puzzle needs at least one that "
        "does not");
}

TEST_CASE("puzzle prover: a winning move left out is named, on the puzzle's line") {
  // B wins with 4-4 R and with 4-1 R (found by the prover, checked here both ways); 1-4 L loses.
  const std::string two = R"(dgn 1
rules en-linea
puzzle "two ways"
round 1
hand A 6-4 6-2 4-2
hand B 4-4 4-1 2-2
line 1-2 2-3 3-4 4-5 5-0 0-0 0-1 1-5 5-6 6-6* 6-3 3-3 3-1 1-1 1-6 6-0 0-2 2-5 5-5 5-3 3-0 0-4
turn B
solution 4-4 R
solution 4-1 R
)";
  CHECK_FALSE(ai::checkPuzzle(recordOf(two), "p.dgn"));
  const auto e = ai::checkPuzzle(recordOf(replaced(two, "solution 4-1 R\n", "")), "p.dgn");
  REQUIRE(e);
  CHECK(e->line == 3);
  CHECK(e->message == "puzzle \"two ways\": 4-1 R wins by force but is not listed");
}

TEST_CASE("puzzle prover: a tie is not a win, and every winning move must be listed") {
  // After either move nobody can play and the pips are equal (6 each): a tie.
  const std::string tie = R"(dgn 1
rules en-linea
puzzle "tie"
round 1
hand A 6-5 3-3
hand B 2-2 1-1
line 6-6* 6-4 4-5 5-5 5-3 3-6 6-2 2-5 5-1 1-6 6-0 0-4 4-4 4-3 3-2 2-4 4-1 1-3 3-0 0-2 2-1 1-0 0-0 0-5
turn A
solution 6-5 L
)";
  const dgn::Record rec = recordOf(tie);
  const auto proof = ai::provePuzzle(rec.rules, rec.rounds[0]);
  REQUIRE(proof.error.empty());
  REQUIRE(proof.wins.size() == 2);
  CHECK_FALSE(proof.wins[0]);
  CHECK_FALSE(proof.wins[1]);
  const auto e = ai::checkPuzzle(rec, "p.dgn");
  REQUIRE(e);
  CHECK(e->message.find("6-5 L is listed but does not win by force") != std::string::npos);
}

TEST_CASE("puzzle prover: a budget too small says the puzzle is too big to prove") {
  const dgn::Record rec = recordOf(kExample);
  const auto e = ai::checkPuzzle(rec, "p.dgn", 2);
  REQUIRE(e);
  CHECK(e->line == 3);
  CHECK(e->message.find("too big to prove (1 worlds)") != std::string::npos);
}

TEST_CASE("puzzle prover: too many worlds are refused with their exact count, before any search") {
  // A block game just after the lead: B's 7 tiles and the stock's 19 are 26 unseen tiles.
  const Rules rules = std::get<Rules>(parseRules("en-linea draw=none"));
  Setup s;
  s.hand[0] = bit(tileOf(6, 5));
  s.line = {LaidTile{tileOf(6, 6), 6, 6, Heading::Straight}};
  s.turn = Player::A;
  int given = 0;
  for (Tile t = 0; t < kTiles; ++t) {
    if (t == tileOf(6, 5) || t == tileOf(6, 6)) continue;
    if (given++ < 7)
      s.hand[1] |= bit(t);
    else
      s.stock.push_back(t);
  }
  const auto proof = ai::provePuzzle(rules, s);
  CHECK(proof.worlds == 657800);  // C(26, 7)
  CHECK(proof.error == "too big to prove (657800 worlds)");
  CHECK(proof.legal.empty());
}

TEST_CASE("puzzle prover: with one world (nothing unseen) it agrees with the perfect-information solver") {
  const Rules rules = std::get<Rules>(parseRules("en-linea hand=14"));  // no stock: closed from the deal
  int checked = 0;
  for (std::uint64_t seed = 1; checked < 40 && seed < 400; ++seed) {
    Match m(rules);
    if (!closedPosition(m, seed, 13)) continue;
    const auto proof = ai::provePuzzle(rules, setupOf(m));
    CAPTURE(seed);
    REQUIRE(proof.error.empty());
    REQUIRE(proof.worlds == 1);
    CHECK(proof.wins == perfectWins(m, proof.legal));
    ++checked;
  }
  CHECK(checked == 40);
}

TEST_CASE("puzzle prover: with unseen reserve tiles, a forced win wins every world and a world's loss is no win") {
  const Rules rules = std::get<Rules>(
      parseRules("dominoes2 hand=13 target=0 layout=snake table=50x24"));  // the stock is the 2 reserve tiles
  int checked = 0, worldsSeen = 0, hiddenHurts = 0;
  for (std::uint64_t seed = 1; checked < 25 && seed < 400; ++seed) {
    Match m(rules);
    if (!closedPosition(m, seed, 7)) continue;
    const Setup setup = setupOf(m);
    const auto proof = ai::provePuzzle(rules, setup);
    CAPTURE(seed);
    REQUIRE(proof.error.empty());
    CHECK(proof.worlds > 1);
    std::uint64_t count = 0;
    std::vector<bool> allWin(proof.legal.size(), true);
    for (const Setup& w : ai::puzzleWorlds(setup, *m.toMove(), 1000, count)) {
      Match world(rules);
      REQUIRE(world.startSetup(w).empty());
      const auto pw = perfectWins(world, proof.legal);
      for (std::size_t i = 0; i < pw.size(); ++i) allWin[i] = allWin[i] && pw[i];
      ++worldsSeen;
    }
    CHECK(count == proof.worlds);
    for (std::size_t i = 0; i < allWin.size(); ++i) {
      if (proof.wins[i]) CHECK(allWin[i]);  // a forced win is a win in each world seen whole
      hiddenHurts += allWin[i] && !proof.wins[i];
    }
    ++checked;
  }
  CHECK(checked == 25);
  CHECK(worldsSeen > 25);
  // Seeing only its own hand costs the mover: some moves win in every world seen whole, not by force.
  CHECK(hiddenHurts > 0);
}

TEST_CASE(
    "puzzle line: the trainer's answer starts with the move tried, plays to the end, and its margin is the result") {
  const dgn::Record rec = recordOf(kExample);
  const Setup& setup = rec.rounds[0];
  const auto line = ai::puzzleLine(rec.rules, setup, Move{MoveKind::Play, tileOf(1, 1), End::L});
  REQUIRE(line);
  REQUIRE(!line->moves.empty());
  CHECK(line->moves.front().tile == tileOf(1, 1));
  Match m(rec.rules);
  REQUIRE(m.startSetup(line->world).empty());
  for (const Move& mv : line->moves) {
    REQUIRE(m.inRound());
    REQUIRE(m.illegal(mv, *m.toMove()).empty());
    m.apply(mv);
  }
  CHECK_FALSE(m.inRound());  // the line plays the round out
  REQUIRE(m.lastResult());
  CHECK(m.lastResult()->winner == 0);  // the solution wins: A goes out
  CHECK(line->margin == m.lastResult()->points);
  CHECK(line->margin > 0);
  // The wrong move loses in the one world there is, and that world is named.
  const Move wrong{MoveKind::Play, tileOf(1, 0), End::L};
  const auto lost = ai::losingWorld(rec.rules, setup, wrong);
  REQUIRE(lost);
  CHECK(lost->hand[1] == setup.hand[1]);
  const auto wrongLine = ai::puzzleLine(rec.rules, setup, wrong);
  REQUIRE(wrongLine);
  CHECK(wrongLine->margin <= 0);
  CHECK_FALSE(ai::losingWorld(rec.rules, setup, Move{MoveKind::Play, tileOf(1, 1), End::L}));
}

TEST_CASE("puzzle line: with unseen reserve tiles the hardest split is the one where the solution wins by least") {
  // The sample book's Dominoes 2.0 puzzle: 21 splits of B's hand and the reserve.
  const dgn::Record rec = recordOf(R"(dgn 1
rules dominoes2
puzzle "t"
round 1
hand A 4-4 4-2 3-3 4-1 0-0
hand B 6-1 2-2 1-1
stock 6-0 1-0
line 1-5 5-5 5-3 3-6 6-4> 4-5 5-6 6-6* 6-2 2-3 3-0> 0-4 4-3 3-1< 1-2< 2-0> 0-5> 5-2>
turn B
solution 1-1 L
)");
  const Setup& setup = rec.rounds[0];
  const Move sol = rec.puzzle->solutions.front().move;
  const auto line = ai::puzzleLine(rec.rules, setup, sol);
  REQUIRE(line);
  CHECK(line->margin > 0);
  // No split gives the mover fewer points after the solution than the one chosen.
  std::uint64_t count = 0;
  const auto worlds = ai::puzzleWorlds(setup, Player::B, 5000, count);
  CHECK(worlds.size() == 21);
  ai::Solver solver(std::size_t{1} << 16, ai::Scoring::Points);
  for (const Setup& w : worlds) {
    Match m(rec.rules);
    REQUIRE(m.startSetup(w).empty());
    m.apply(sol);
    if (!m.inRound()) continue;
    const int v = solver.values(ai::SimState::from(m)).front().value;
    CHECK((*m.toMove() == Player::B ? v : -v) >= line->margin);
  }
}

TEST_CASE("the trainer's searches asked as text (the web page's worker): the answer read back is theirs") {
  for (const char* text : {kExample, R"(dgn 1
rules dominoes2
puzzle "t"
round 1
hand A 4-4 4-2 3-3 4-1 0-0
hand B 6-1 2-2 1-1
stock 6-0 1-0
line 1-5 5-5 5-3 3-6 6-4> 4-5 5-6 6-6* 6-2 2-3 3-0> 0-4 4-3 3-1< 1-2< 2-0> 0-5> 5-2>
turn B
solution 1-1 L
)"}) {
    const dgn::Record rec = recordOf(text);
    const Setup& setup = rec.rounds[0];
    Match m(rec.rules);
    REQUIRE(m.startSetup(setup).empty());
    const MoveList legal = m.legalMoves();
    const Move shown = rec.puzzle->solutions.front().move;
    for (int i = 0; i < legal.size; ++i) {
      const Move tried = legal.moves[i];
      const bool solved = tried.same(shown);
      CAPTURE(dgn::legalText(m, tried));
      const ai::Verdict v =
          ai::readVerdictAnswer(ai::verdictAnswer(ai::verdictRequest(rec.rules, setup, tried, shown, solved)));
      const auto lost = solved ? std::nullopt : ai::losingWorld(rec.rules, setup, tried);
      const auto line = ai::puzzleLine(rec.rules, setup, shown);
      CHECK(v.lost.has_value() == lost.has_value());
      if (lost && v.lost) CHECK(*v.lost == *lost);
      REQUIRE(v.line.has_value() == line.has_value());
      if (!line) continue;
      CHECK(v.line->world == line->world);
      CHECK(v.line->margin == line->margin);
      REQUIRE(v.line->moves.size() == line->moves.size());
      for (std::size_t k = 0; k < line->moves.size(); ++k) CHECK(v.line->moves[k].same(line->moves[k]));
    }
  }
  CHECK(ai::verdictAnswer("judge 2\n").starts_with("error the request does not start"));
  CHECK_THROWS_WITH((void)ai::readVerdictAnswer("error it broke\n"), "it broke");
  CHECK_THROWS_WITH((void)ai::readVerdictAnswer("lost 999\ndgn 1\n"), "an answer cut short");
  CHECK_THROWS_AS((void)ai::readVerdictAnswer("what\n"), std::runtime_error);
}
