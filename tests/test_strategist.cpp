// SPDX-License-Identifier: MIT
// The strategist and the player catalog: legal moves on random positions of every preset, reasons
// in words, the specs.
#include <doctest/doctest.h>

#include "ai/players.h"
#include "ai/strategist.h"
#include "test_util.h"

using namespace dom;
using namespace dom::test;
using namespace dom::ai;

TEST_CASE("players: the catalog, the specs and their errors") {
  for (const char* spec : {"random", "greedy", "strategist"}) {
    CHECK(playerSpecError(spec).empty());
    auto p = makePlayer(spec, 1);
    REQUIRE(p);
    CHECK(p->name() == spec);
  }
  for (const char* spec : {"", "nosuch", "greedy:2", "Strategist"}) {
    CHECK_FALSE(playerSpecError(spec).empty());
    CHECK_FALSE(makePlayer(spec, 1));
  }
  CHECK(playerSpecError("nosuch").find("unknown player 'nosuch'") == 0);
  for (const PlayerInfo& p : playerCatalog()) {
    CHECK_FALSE(p.label.empty());
    CHECK_FALSE(p.about.empty());
  }
  CHECK(playerNames().size() == playerCatalog().size());
}

TEST_CASE("strategist: a legal move and a reason on random positions of every preset") {
  for (const std::string& rules : presetNames()) {
    int decided = 0;
    for (std::uint64_t seed = 1; decided < 3000; ++seed) {
      Match m(*preset(rules));
      m.startRound(dealFromSeed(seed * 31, m.rules().hand));
      RoundLog log;
      auto s = makePlayer("strategist", seed);
      pcg32 rng(seed);
      while (m.inRound()) {
        const Player who = m.state().turn;
        const Observation o = observe(m, who, log);
        const Decision d = s->decide(o);
        INFO(rules, " seed ", seed, " move ", o.history.size() + 1);
        REQUIRE(m.illegal(d.move, who).empty());
        CHECK(d.reason.find(moveWords(o, d.move) + ": ") == 0);
        ++decided;
        // The strategist plays one seat; random moves make the positions varied.
        (void)log.apply(m, who == Player::A ? d.move : randomMove(o, rng));
      }
    }
  }
}

TEST_CASE("strategist: heavy doubles early, reasons in words") {
  Match m(*preset("en-linea"));
  Setup s;
  s.line = {{T("6-1"), 6, 1, Heading::Straight}};
  s.hand[0] = tiles({"6-6", "1-0", "3-2"});
  s.hand[1] = tiles({"5-5", "4-0", "2-0", "3-0"});
  for (Tile t = 0; t < kTiles; ++t)
    if (!((s.hand[0] | s.hand[1] | bit(T("6-1"))) & bit(t))) s.stock.push_back(t);
  s.turn = Player::A;
  REQUIRE(m.startSetup(s).empty());
  RoundLog log;
  const Decision d = makePlayer("strategist", 1)->decide(observe(m, Player::A, log));
  CHECK(d.move.tile == T("6-6"));
  CHECK(d.reason.find("6-6 at L: ") == 0);
  CHECK(d.reason.find("a heavy double, played early") != std::string::npos);
  // A forced move says so.
  Match f(*preset("en-linea"));
  f.startRound(dealFromSeed(3, 7));
  const Observation o = observe(f, f.state().turn, log);
  const Decision lead = makePlayer("strategist", 1)->decide(o);
  CHECK(lead.reason == moveWords(o, lead.move) + ": the rules make me lead it");
}
