// SPDX-License-Identifier: MIT
// The drivers the search players' tests share: a random position of a round, and one round
// between two players on observations.
#pragma once
#include <doctest/doctest.h>

#include <pcg_random.hpp>

#include "ai/observation.h"
#include "ai/players.h"
#include "core/random.h"

namespace dom::test {

// A deal from `seed`, then `moves` uniformly random legal moves (from the PCG32 stream `stream`),
// each recorded in `log`. True if the round is still on.
inline bool randomPosition(Match& m, ai::RoundLog& log, std::uint64_t seed, int moves, std::uint64_t stream) {
  m.startRound(dealFromSeed(seed, m.rules().hand));
  log.clear();
  pcg32 rng(seed, stream);
  for (int k = 0; k < moves && m.inRound(); ++k) {
    const MoveList legal = m.legalMoves();
    log.apply(m, legal.moves[bounded(rng, static_cast<std::uint32_t>(legal.size))]);
  }
  return m.inRound();
}

// One single round from the deal of `seed`, A against B on observations, every move checked legal;
// the points for A (+ won, - lost, 0 tie).
inline int playRound(const Rules& rules, ai::Computer& a, ai::Computer& b, std::uint64_t seed) {
  Match m(rules);
  ai::RoundLog log;
  m.startRound(dealFromSeed(seed, rules.hand));
  while (m.inRound()) {
    const Player who = m.state().turn;
    const ai::Observation o = ai::observe(m, who, log);
    const Move mv = (who == Player::A ? a : b).choose(o);
    REQUIRE(m.illegal(mv, who).empty());
    log.apply(m, mv);
  }
  const RoundState& s = m.state();
  return s.winner > 1 ? 0 : s.winner == 0 ? s.points : -static_cast<int>(s.points);
}

}  // namespace dom::test
