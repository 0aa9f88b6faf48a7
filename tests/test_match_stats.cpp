// SPDX-License-Identifier: MIT
// The statistics of `dominoes match`: the Wilson interval, quantiles, decision-time summaries, the
// tally from A's side and the per-game seeds.
#include <doctest/doctest.h>

#include <cmath>
#include <pcg_random.hpp>
#include <set>
#include <vector>

#include "cli/cmd_match.h"

using namespace dom::cli;

TEST_CASE("wilson: Newcombe's published 95% intervals (Statistics in Medicine 17, 1998, table I)") {
  struct Case {
    double x;
    long long n;
    double lo, hi;
  };
  for (const Case& c : {Case{81, 263, 0.2553, 0.3662}, Case{15, 148, 0.0624, 0.1605}, Case{0, 20, 0.0, 0.1611},
                        Case{1, 29, 0.0061, 0.1718}}) {
    CAPTURE(c.x);
    CAPTURE(c.n);
    const Interval i = wilson(c.x, c.n);
    CHECK(i.lo == doctest::Approx(c.lo).epsilon(6e-5));
    CHECK(i.hi == doctest::Approx(c.hi).epsilon(6e-5));
  }
}

TEST_CASE("wilson: symmetric about a half, inside [0, 1], narrowing with n, ties counted half") {
  const Interval half = wilson(5, 10);
  CHECK(half.lo + half.hi == doctest::Approx(1.0));
  const Interval all = wilson(10, 10);
  CHECK(all.hi == doctest::Approx(1.0));
  CHECK(all.lo > 0.69);
  CHECK(all.lo < 0.73);
  const Interval none = wilson(0, 0);
  CHECK(none.lo == 0.0);
  CHECK(none.hi == 1.0);
  const Interval small = wilson(74, 100), big = wilson(7400, 10000);
  CHECK(big.hi - big.lo < small.hi - small.lo);
  CHECK(big.lo < 0.74);
  CHECK(big.hi > 0.74);
  CHECK(big.lo == doctest::Approx(0.73131).epsilon(1e-4));
  CHECK(big.hi == doctest::Approx(0.74850).epsilon(1e-4));
  // 3 wins, 2 ties, 5 losses: 4 successes out of 10.
  CHECK(wilson(4, 10).lo == wilson(3 + 0.5 * 2, 10).lo);
}

TEST_CASE("quantile and timeStats: linear interpolation between order statistics") {
  CHECK(quantile({}, 0.5) == 0.0);
  CHECK(quantile({7}, 0.95) == 7.0);
  CHECK(quantile({1, 2, 3, 4}, 0.5) == doctest::Approx(2.5));
  CHECK(quantile({1, 2, 3}, 0.5) == doctest::Approx(2.0));
  CHECK(quantile({1, 2, 3, 4}, 0.0) == 1.0);
  CHECK(quantile({1, 2, 3, 4}, 1.0) == 4.0);
  std::vector<double> hundred;
  for (int i = 100; i >= 0; --i) hundred.push_back(i);  // 0..100, unsorted: timeStats sorts
  const TimeStats s = timeStats(hundred);
  CHECK(s.count == 101);
  CHECK(s.mean == doctest::Approx(50.0));
  CHECK(s.median == doctest::Approx(50.0));
  CHECK(s.p95 == doctest::Approx(95.0));
  const TimeStats skewed = timeStats({1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1000});
  CHECK(skewed.median == 1.0);
  CHECK(skewed.mean == doctest::Approx(50.95));
  CHECK(skewed.p95 == doctest::Approx(1 + 0.05 * 999));  // position 18.05 of 0..19
  const TimeStats empty = timeStats({});
  CHECK(empty.count == 0);
  CHECK(empty.mean == 0.0);
  CHECK(empty.p95 == 0.0);
}

TEST_CASE("Tally: counts from A's side, ties half, points per round") {
  Tally t;
  t.add(0, 1, 12);
  t.add(0, 1, 3);
  t.add(1, 1, -20);
  t.add(2, 1, 0);
  CHECK(t.games == 4);
  CHECK(t.wins + t.losses + t.ties == t.games);
  CHECK(t.wins == 2);
  CHECK(t.losses == 1);
  CHECK(t.ties == 1);
  CHECK(t.winRate() == doctest::Approx(2.5 / 4));
  CHECK(t.pointsPerRound() == doctest::Approx(-5.0 / 4));
  const Interval ci = t.ci95();
  CHECK(ci.lo < t.winRate());
  CHECK(ci.hi > t.winRate());
  CHECK(ci.lo == doctest::Approx(wilson(2.5, 4).lo));
  Tally matches;  // full matches: points are per round over every round
  matches.add(0, 5, 40);
  matches.add(1, 3, -10);
  CHECK(matches.rounds == 8);
  CHECK(matches.pointsPerRound() == doctest::Approx(30.0 / 8));
  CHECK(Tally{}.winRate() == 0.0);
  CHECK(Tally{}.pointsPerRound() == 0.0);
}

TEST_CASE("gameSeed: depends on every input, and distinct over many games") {
  std::set<std::uint64_t> seen;
  for (std::uint64_t g = 0; g < 2000; ++g)
    for (std::uint64_t s = 0; s < 3; ++s) seen.insert(gameSeed(1, g, s));
  CHECK(seen.size() == 6000);
  CHECK(gameSeed(1, 0, 0) != gameSeed(2, 0, 0));
  CHECK(gameSeed(1, 1, 0) != gameSeed(1, 0, 1));
  CHECK(gameSeed(7, 3, 2) == gameSeed(7, 3, 2));
}

// Issue 26 #15: match summarises decision times as they come instead of keeping every one: the
// histogram's mean is exact and its median and p95 within 1e-4 (relative) of timeStats'.
TEST_CASE("TimeHistogram: the summary of timeStats within its bucket width, without keeping the times") {
  pcg32 rng(5);
  std::vector<double> all;
  TimeHistogram h, left, right;
  for (int i = 0; i < 20000; ++i) {
    // Spread over six decades, a few zeros (a CPU clock's resolution) among them.
    const double ms = i % 997 == 0 ? 0.0 : std::exp(std::ldexp(static_cast<double>(rng()), -32) * 14.0 - 7.0);
    all.push_back(ms);
    h.add(ms);
    (i % 2 ? left : right).add(ms);
  }
  left.merge(right);
  const TimeStats want = timeStats(all);
  for (const TimeHistogram* x : {&h, &left}) {
    const TimeStats got = x->stats();
    CHECK(got.count == want.count);
    CHECK(got.mean == doctest::Approx(want.mean).epsilon(1e-12));
    CHECK(got.median == doctest::Approx(want.median).epsilon(1e-4));
    CHECK(got.p95 == doctest::Approx(want.p95).epsilon(1e-4));
  }
  TimeHistogram one;
  one.add(2.5);
  CHECK(one.stats().median == doctest::Approx(2.5).epsilon(1e-4));
  CHECK(one.stats().p95 == one.stats().median);
  CHECK(TimeHistogram().stats().count == 0);
  CHECK(TimeHistogram().stats().median == 0.0);
}
