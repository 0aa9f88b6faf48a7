// SPDX-License-Identifier: MIT
// flatmc:K: specs, legal moves with reasons, determinism for a seed, and strength against random.
#include <doctest/doctest.h>

#include "ai/flatmc.h"
#include "ai/inference.h"
#include "ai/observation.h"
#include "test_rounds.h"
#include "test_util.h"

using namespace dom;
using namespace dom::test;

namespace {

// Random positions of a round: a deal from `seed`, then `moves` uniformly random legal moves.
struct Position {
  Match m;
  ai::RoundLog log;
  explicit Position(const Rules& r) : m(r) {}
};
bool randomPosition(Position& p, std::uint64_t seed, int moves) {
  return test::randomPosition(p.m, p.log, seed, moves, 77);
}
using test::playRound;

}  // namespace

TEST_CASE("flatmc: specs") {
  CHECK(ai::playerSpecError("flatmc:1").empty());
  CHECK(ai::playerSpecError("flatmc:1000").empty());
  CHECK_FALSE(ai::playerSpecError("flatmc").empty());
  CHECK_FALSE(ai::playerSpecError("flatmc:0").empty());
  CHECK_FALSE(ai::playerSpecError("flatmc:-3").empty());
  CHECK_FALSE(ai::playerSpecError("flatmc:12x").empty());
  CHECK_FALSE(ai::playerSpecError("flatmc:").empty());
  CHECK(ai::makePlayer("flatmc:0", 1) == nullptr);
  const auto p = ai::makePlayer("flatmc:25", 1);
  REQUIRE(p != nullptr);
  CHECK(p->name() == "flatmc:25");
}

TEST_CASE("flatmc: legal moves with reasons, and the same moves for the same seed, on every preset") {
  for (const auto& name : presetNames()) {
    CAPTURE(name);
    const Rules rules = *preset(name);
    for (int i = 0; i < 12; ++i) {
      Position pos(rules);
      if (!randomPosition(pos, 1000 + static_cast<std::uint64_t>(i), i * 3)) continue;
      const ai::Observation o = ai::observe(pos.m, pos.m.state().turn, pos.log);
      auto a = ai::makePlayer("flatmc:8", 5), b = ai::makePlayer("flatmc:8", 5);
      const ai::Decision da = a->decide(o), db = b->decide(o);
      CHECK(pos.m.illegal(da.move, o.me).empty());
      CHECK(da.move.same(db.move));
      CHECK(da.reason == db.reason);
      CHECK_FALSE(da.reason.empty());
    }
  }
}

TEST_CASE("flatmc: the reason names the move and its score") {
  const Rules rules = rulesOf("en-linea");
  Position pos(rules);
  for (std::uint64_t seed = 1;; ++seed) {
    REQUIRE(seed < 200);
    if (!randomPosition(pos, seed, 4)) continue;
    const ai::Observation o = ai::observe(pos.m, pos.m.state().turn, pos.log);
    if (o.legal.size < 2) continue;
    const ai::Decision d = ai::makePlayer("flatmc:10", 1)->decide(o);
    CAPTURE(d.reason);
    CHECK(d.reason.find(ai::moveWords(o, d.move)) == 0);
    CHECK(d.reason.find("over 10 sampled deals") != std::string::npos);
    CHECK(d.reason.find("next best") != std::string::npos);
    break;
  }
}

TEST_CASE("flatmc: beats random clearly") {
  for (const char* text : {"en-linea", "dominoes2"}) {
    const std::string name = text;
    CAPTURE(name);
    const Rules rules = rulesOf(text);
    auto fm = ai::makePlayer("flatmc:20", 3);
    auto rnd = ai::makePlayer("random", 4);
    double won = 0;
    const int n = 120;
    for (int i = 0; i < n; ++i) {
      // Seats alternate on the same deal.
      const int a = playRound(rules, *fm, *rnd, 500 + static_cast<std::uint64_t>(i / 2));
      const int b = playRound(rules, *rnd, *fm, 500 + static_cast<std::uint64_t>(i / 2));
      won += (a > 0 ? 1 : a == 0 ? 0.5 : 0) + (b < 0 ? 1 : b == 0 ? 0.5 : 0);
    }
    const double rate = won / (2 * n);
    MESSAGE(name << ": flatmc:20 won " << rate * 100 << "% of " << 2 * n << " rounds against random");
    CHECK(rate > 0.62);
  }
}
