// SPDX-License-Identifier: MIT
// The library as its users call it (docs/library.md, issue 45 #3): only the installed <dominoes/...>
// headers. ai::Game owns a round's moves and its history, so the expert always decides on an
// observation that holds every event of the round; a Match stepped alone cannot be observed as if it
// had no history (ai::observe refuses a log that misses moves).
#include <doctest/doctest.h>

#include <dominoes/ai/game.h>
#include <dominoes/ai/observation.h>
#include <dominoes/ai/players.h>
#include <dominoes/core/dgn.h>
#include <dominoes/core/match.h>
#include <dominoes/core/rules.h>
#include <memory>
#include <stdexcept>
#include <string>

TEST_CASE("ai::Game: the expert decides on an observation holding every move of the round") {
  for (const char* preset : {"en-linea", "dominoes2"}) {
    CAPTURE(preset);
    dom::ai::Game game(*dom::preset(preset));
    REQUIRE(game.startRound(7).empty());
    const std::unique_ptr<dom::ai::Computer> expert = dom::ai::makePlayer("expert:ms=5", 1);
    const std::unique_ptr<dom::ai::Computer> greedy = dom::ai::makePlayer("greedy", 2);
    REQUIRE(expert);
    int moves = 0, draws = 0;
    while (game.match().inRound()) {
      const dom::Player mover = *game.match().toMove();
      const dom::ai::Observation seen = game.observe(mover);
      REQUIRE(seen.history.size() == static_cast<std::size_t>(moves));
      CHECK(game.observe(dom::other(mover)).history.size() == static_cast<std::size_t>(moves));
      const dom::ai::Decision d = (mover == dom::Player::A ? *expert : *greedy).decide(seen);
      const dom::Move applied = game.play(d.move);
      draws += applied.kind == dom::MoveKind::Draw;
      ++moves;
      REQUIRE(game.history().size() == static_cast<std::size_t>(moves));
      CHECK(game.history().back().who == mover);
    }
    CHECK(moves > 4);
    // The record holds the round as played: it reads back to the same result.
    const auto loaded = dom::dgn::load(dom::dgn::write(game.record()), "game.dgn");
    REQUIRE(std::holds_alternative<dom::dgn::Loaded>(loaded));
    CHECK(std::get<dom::dgn::Loaded>(loaded).match.scores() == game.match().scores());
    (void)draws;
  }
}

TEST_CASE("ai::Game::play refuses an illegal move and leaves the game as it was") {
  dom::ai::Game game(*dom::preset("en-linea"));
  REQUIRE(game.startRound(3).empty());
  const dom::Player mover = *game.match().toMove();
  const dom::Mask theirs = game.match().state().hand[dom::idx(dom::other(mover))];
  dom::Tile notMine = 0;
  while (!(theirs & dom::bit(notMine))) ++notMine;
  CHECK_THROWS_AS(game.play(dom::Move{dom::MoveKind::Play, notMine}), dom::IllegalMove);
  CHECK(game.history().empty());
  CHECK(game.match().roundMoves() == 0);
}

TEST_CASE("ai::observe refuses a round log that misses the match's moves (Match::apply keeps no history)") {
  dom::Match m(*dom::preset("en-linea"));
  m.startRound(dom::dealFromSeed(5, m.rules().hand));
  dom::ai::RoundLog log;
  CHECK(dom::ai::observe(m, m.state().turn, log).history.empty());  // dealt: nothing to miss
  (void)m.apply(m.legalMoves().moves[0]);                           // the pitfall: the log is not told
  CHECK_THROWS_AS((void)dom::ai::observe(m, m.state().turn, log), std::logic_error);
  dom::ai::RoundLog kept;
  dom::Match n(*dom::preset("en-linea"));
  n.startRound(dom::dealFromSeed(5, n.rules().hand));
  (void)kept.apply(n, n.legalMoves().moves[0]);
  CHECK(dom::ai::observe(n, n.state().turn, kept).history.size() == 1);
}
