// SPDX-License-Identifier: MIT
// The ladder's Bradley-Terry fit (ai/ladder.h): ratings recovered from results drawn with known
// strengths, the anchor at 0, intervals that shrink with more games, and the level table.
#include <doctest/doctest.h>

#include <cmath>
#include <pcg_random.hpp>

#include "ai/ladder.h"
#include "ai/players.h"

using namespace dom;

namespace {
// The expected score of a player rated `a` against one rated `b` on the Elo scale.
double expected(double a, double b) { return 1 / (1 + std::pow(10.0, (b - a) / 400)); }
}  // namespace

TEST_CASE("ladder: two entrants' rating is the Elo difference their score implies") {
  // 75% in 1000 games: 400 * log10(3) = 190.8, drawn in a little by the one virtual tie.
  const auto r = ai::bradleyTerry(2, {{1, 0, 750, 1000}}, 0);
  CHECK(r[0].elo == 0);
  CHECK(r[0].lo == 0);
  CHECK(r[1].elo == doctest::Approx(400 * std::log10(750.5 / 250.5)).epsilon(1e-6));
  CHECK(r[1].lo < r[1].elo);
  CHECK(r[1].hi > r[1].elo);
  // A 100% score is finite (the virtual tie), and more games narrow the interval.
  const auto all = ai::bradleyTerry(2, {{0, 1, 0, 100}}, 0);
  CHECK(std::isfinite(all[1].elo));
  CHECK(all[1].elo > 500);
  const auto wide = ai::bradleyTerry(2, {{1, 0, 75, 100}}, 0);
  CHECK(wide[1].hi - wide[1].lo > 2.5 * (r[1].hi - r[1].lo));
}

TEST_CASE("ladder: known strengths are recovered from a round robin of neighbours and anchors") {
  const std::vector<double> truth{0, 150, 300, 420, 600};
  pcg32 rng(42);
  std::vector<ai::PairResult> results;
  auto play = [&](int i, int j) {
    const long long games = 4000;
    double score = 0;
    for (long long g = 0; g < games; ++g)
      score += std::ldexp(static_cast<double>(rng()), -32) <
                       expected(truth[static_cast<std::size_t>(i)], truth[static_cast<std::size_t>(j)])
                   ? 1
                   : 0;
    results.push_back({i, j, score, games});
  };
  for (int i = 0; i + 1 < 5; ++i) play(i, i + 1);
  for (int i = 2; i < 5; ++i) play(0, i);
  const auto r = ai::bradleyTerry(5, results, 0);
  for (std::size_t i = 0; i < truth.size(); ++i) {
    CAPTURE(i);
    CHECK(std::abs(r[i].elo - truth[i]) < 40);  // within 40 Elo (about 4 standard errors) ...
    CHECK(r[i].lo <= truth[i] + 1e-9);          // ... and inside its 95% interval (seeded: no flake)
    CHECK(r[i].hi >= truth[i] - 1e-9);
  }
}

TEST_CASE("ladder: eight levels, weakest first, random the anchor, every spec a valid player") {
  const auto& levels = ai::levels();
  REQUIRE(levels.size() == 8);
  CHECK(levels.front().spec == "random");
  CHECK(levels.front().name == "Beginner");
  CHECK(levels.back().name == "Master");
  for (const ai::Level& l : levels) CHECK_MESSAGE(ai::playerSpecError(l.spec).empty(), l.spec);
  // The recorded ratings (docs/ladder.md): random at 0, en-linea's strictly rising; dominoes2's
  // above random and Master on top (its Advanced and Candidate master lie within each other's
  // intervals, in the other order: docs/players.md, Levels and ratings).
  CHECK(levels.front().eloEnLinea == 0);
  CHECK(levels.front().eloDominoes2 == 0);
  for (std::size_t i = 1; i < levels.size(); ++i) {
    CAPTURE(levels[i].name);
    CHECK(levels[i].eloEnLinea > levels[i - 1].eloEnLinea);
    CHECK(levels[i].eloDominoes2 > 0);
    CHECK(levels[i].eloDominoes2 <= levels.back().eloDominoes2);
  }
}

TEST_CASE("ladder: a level's name stands for its spec, case and hyphens aside; anything else is kept") {
  CHECK(ai::levelSpec("Club player") == "strategist:random=0.2");
  CHECK(ai::levelSpec("club-player") == "strategist:random=0.2");
  CHECK(ai::levelSpec("CANDIDATE_MASTER") == "expert:ms=5,random=0.05");
  CHECK(ai::levelSpec("master") == "expert");
  CHECK(ai::levelSpec("Beginner") == "random");
  CHECK(ai::levelSpec("greedy") == "greedy");  // a spec, as it is
  CHECK(ai::levelSpec("expert:ms=20") == "expert:ms=20");
  CHECK(ai::levelSpec("Club  player") == "Club  player");  // not a level: left for playerSpecError
  CHECK(ai::levelSpec("Masterful") == "Masterful");
  CHECK(ai::levelSpec("") == "");
  CHECK_FALSE(ai::playerSpecError(ai::levelSpec("Club  player")).empty());
  for (const ai::Level& l : ai::levels()) CHECK(ai::playerSpecError(ai::levelSpec(l.name)).empty());
}
