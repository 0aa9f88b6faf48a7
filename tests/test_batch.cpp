// SPDX-License-Identifier: MIT
// dominoes.Batch's engine (ai/batch.h), beside the playouts in src/ai: every slot's round replays move
// for move in a Match dealt from its seed, and the generic and BMI2 builds of the layout=snake step
// (batch_step.h) play the same rounds.
#include <doctest/doctest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "ai/batch.h"
#include "core/match.h"

using namespace dom;

namespace {

// Steps the batch `steps` times with random legal indices (a fixed seed), checking after each step
// that every slot's state is the Match's that replays the slot's history.
void stepAndReplay(ai::Batch& b, int steps, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::int32_t> indices(static_cast<std::size_t>(b.size()));
  for (int t = 0; t < steps; ++t) {
    for (int i = 0; i < b.size(); ++i)
      indices[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(rng() % static_cast<unsigned>(b.counts()[i]));
    REQUIRE(b.load(indices.data()) == -1);
    b.step();
    for (int i = 0; i < b.size(); ++i) {
      Match m(b.rules());
      m.startRound(dealFromSeed(b.roundSeed(i), b.rules().hand));
      for (const std::uint8_t k : b.history(i)) m.apply(m.legalMoves().moves[k]);
      CAPTURE(i);
      CHECK(m.state() == b.state(i));
      CHECK(m.legalMoves().size == b.counts()[i]);
    }
  }
}

}  // namespace

TEST_CASE("a batch's slots replay in a Match, under every layout") {
  for (const char* rules : {"en-linea", "dominoes2", "draw", "block"}) {
    CAPTURE(rules);
    ai::Batch b(*preset(rules), 16, 99, false);
    stepAndReplay(b, 80, 3);
    CHECK(b.rounds() > 0);
  }
}

TEST_CASE("the batch's two builds of the snake step play the same rounds") {
  ai::Batch generic(*preset("en-linea"), 64, 5, false), fast(*preset("en-linea"), 64, 5, true);
  CHECK(std::string(generic.path()) == "generic");
  std::mt19937_64 rng(11);
  std::vector<std::int32_t> indices(64);
  for (int t = 0; t < 400; ++t) {
    for (int i = 0; i < 64; ++i)
      indices[static_cast<std::size_t>(i)] =
          static_cast<std::int32_t>(rng() % static_cast<unsigned>(generic.counts()[i]));
    REQUIRE(generic.load(indices.data()) == -1);
    REQUIRE(fast.load(indices.data()) == -1);
    generic.step();
    fast.step();
    for (int i = 0; i < 64; ++i) REQUIRE(generic.state(i) == fast.state(i));
  }
  CHECK(generic.rounds() == fast.rounds());
  CHECK(generic.wins() == fast.wins());
  CHECK(generic.pointsWon() == fast.pointsWon());
}
