// SPDX-License-Identifier: MIT
// SimState against Match: the same legal moves in the same order, the same state after every move,
// and (layout=free) the fixed-size board's fits equal to core's FreeBoard, on random rounds.
#include <doctest/doctest.h>

#include <cstring>
#include <pcg_random.hpp>

#include "ai/sim.h"
#include "core/random.h"

using namespace dom;
using namespace dom::ai;

namespace {

bool sameMove(const Move& a, const Move& b) {
  return a.kind == b.kind && a.tile == b.tile && a.end == b.end && a.heading == b.heading && a.leftPip == b.leftPip;
}

bool sameState(const RoundState& a, const RoundState& b) {
  if (a.hand != b.hand || a.line != b.line || a.ends != b.ends || a.turn != b.turn || a.status != b.status)
    return false;
  if (a.stockTop != b.stockTop || a.stockEnd != b.stockEnd || a.forcedLead != b.forcedLead) return false;
  if (a.over() && (a.winner != b.winner || a.points != b.points)) return false;
  for (int i = a.stockTop; i < a.stockEnd; ++i)
    if (a.stock[static_cast<std::size_t>(i)] != b.stock[static_cast<std::size_t>(i)]) return false;
  return true;
}

// Plays `rounds` random rounds under `rules`, checking SimState (stepped along, and rebuilt from the
// match at every position) against the match. Returns the number of positions checked.
int checkRounds(const Rules& rules, int rounds, std::uint64_t seed) {
  pcg32 rng(seed);
  int positions = 0;
  for (int r = 0; r < rounds; ++r) {
    Match m(rules);
    m.startRound(dealFromSeed(rng(), rules.hand));
    SimState s = SimState::from(m);
    while (m.inRound()) {
      const MoveList want = m.legalMoves();
      for (const SimState& x : {s, SimState::from(m)}) {
        const MoveList got = x.legal();
        REQUIRE(got.size == want.size);
        for (int i = 0; i < want.size; ++i) REQUIRE(sameMove(got.moves[i], want.moves[i]));
        REQUIRE(x.fits() == m.fits());
        REQUIRE(sameState(x.state(), m.state()));
      }
      ++positions;
      const Move mv = want.moves[bounded(rng, static_cast<std::uint32_t>(want.size))];
      m.apply(mv);
      s.apply(mv);
    }
    REQUIRE(s.over());
    REQUIRE(sameState(s.state(), m.state()));
    const RoundResult res = *m.lastResult();
    for (Player p : {Player::A, Player::B}) {
      const int want = res.winner > 1 ? 0 : res.winner == idx(p) ? res.points : -res.points;
      REQUIRE(s.pointsFor(p) == want);
    }
  }
  return positions;
}

}  // namespace

TEST_CASE("sim: legal moves and states equal Match's on random rounds of every preset") {
  for (const std::string& name : presetNames()) {
    CAPTURE(name);
    CHECK(checkRounds(*preset(name), 150, 11) > 150 * 10);
  }
}

TEST_CASE("sim: the fixed-size free board equals FreeBoard, small tables that block included") {
  for (const char* text : {"dominoes2", "dominoes2 table=8x6", "dominoes2 table=6x5", "en-linea layout=free table=10x4",
                           "dominoes2 table=64x64", "dominoes2 table=4x4 hand=3"}) {
    CAPTURE(text);
    const auto parsed = parseRules(std::string_view(text));
    REQUIRE(std::holds_alternative<Rules>(parsed));
    CHECK(checkRounds(std::get<Rules>(parsed), 300, 7) > 300);
  }
}

TEST_CASE("sim: a copy is independent and the rules outlive the match") {
  SimState s;
  {
    Match m(*preset("dominoes2"));
    m.startRound(dealFromSeed(3, 7));
    s = SimState::from(m);
  }
  CHECK(s.rules().preset == "dominoes2");
  SimState t = s;
  t.apply(t.legal().moves[0]);
  CHECK(s.state().beforeLead());
  CHECK_FALSE(t.state().beforeLead());
  CHECK(s.board().hash() != t.board().hash());
}
