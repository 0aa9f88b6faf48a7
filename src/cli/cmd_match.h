// SPDX-License-Identifier: MIT
// `dominoes match`: two computer players over many single rounds (or full matches), with the win
// rate, its confidence interval, the points per round and each player's decision times.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/random.h"

namespace CLI {
class App;
}

namespace dom::cli {

// The statistics of the report, kept free of the command line so that the unit tests read them.
struct Interval {
  double lo = 0, hi = 0;
};

// The Wilson score interval of a proportion observed as `successes` out of `n` trials (successes may
// be fractional: a tie counts half). z = 1.96 gives the 95% interval. n = 0 gives [0, 1].
[[nodiscard]] inline Interval wilson(double successes, long long n, double z = 1.959963984540054) {
  if (n <= 0) return {0.0, 1.0};
  const double nn = static_cast<double>(n);
  const double p = std::clamp(successes / nn, 0.0, 1.0);
  const double z2 = z * z;
  const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half = z / (1 + z2 / nn) * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

// The q-quantile (0..1) of sorted values, interpolated linearly between neighbouring order
// statistics (the usual definition: the median of an even count is the mean of the middle two).
[[nodiscard]] inline double quantile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0.0;
  const double pos = std::clamp(q, 0.0, 1.0) * static_cast<double>(sorted.size() - 1);
  const auto i = static_cast<std::size_t>(pos);
  if (i + 1 >= sorted.size()) return sorted.back();
  const double frac = pos - static_cast<double>(i);
  return sorted[i] + (sorted[i + 1] - sorted[i]) * frac;
}

// Mean, median and 95th percentile of decision times in milliseconds (all 0 when there are none).
struct TimeStats {
  double mean = 0, median = 0, p95 = 0;
  long long count = 0;
};
[[nodiscard]] inline TimeStats timeStats(std::vector<double> ms) {
  TimeStats s;
  s.count = static_cast<long long>(ms.size());
  if (ms.empty()) return s;
  std::sort(ms.begin(), ms.end());
  double sum = 0;
  for (double x : ms) sum += x;
  s.mean = sum / static_cast<double>(ms.size());
  s.median = quantile(ms, 0.5);
  s.p95 = quantile(ms, 0.95);
  return s;
}

// Decision times summarised as they come, without keeping them (a run of 10^9 games makes billions):
// counts per bucket of relative width kRelative on a log scale, so each order statistic is known
// within kRelative / 2 of its value and the median and p95 within that of timeStats' (interpolated
// the same way); the mean is exact. Memory grows with the spread of the times, not their number.
class TimeHistogram {
 public:
  static constexpr double kRelative = 1e-4;
  static constexpr double kSmallest = 1e-7;  // ms; smaller times (and 0) count as 0
  void add(double ms) {
    ++count_;
    sum_ += ms;
    ++buckets_[bucketOf(ms)];
  }
  void merge(const TimeHistogram& o) {
    count_ += o.count_;
    sum_ += o.sum_;
    for (const auto& [k, n] : o.buckets_) buckets_[k] += n;
  }
  [[nodiscard]] long long count() const { return count_; }
  [[nodiscard]] TimeStats stats() const {
    TimeStats s;
    s.count = count_;
    if (!count_) return s;
    s.mean = sum_ / static_cast<double>(count_);
    s.median = quantile(0.5);
    s.p95 = quantile(0.95);
    return s;
  }

 private:
  [[nodiscard]] static int bucketOf(double ms) {
    if (!(ms >= kSmallest)) return -1;
    return static_cast<int>(std::floor(std::log(ms / kSmallest) / std::log1p(kRelative)));
  }
  [[nodiscard]] static double valueOf(int bucket) {
    return bucket < 0 ? 0.0 : kSmallest * std::exp((bucket + 0.5) * std::log1p(kRelative));
  }
  // The i-th smallest time (0-based), as its bucket's middle.
  [[nodiscard]] double nth(long long i) const {
    long long seen = 0;
    for (const auto& [k, n] : buckets_) {
      seen += n;
      if (i < seen) return valueOf(k);
    }
    return buckets_.empty() ? 0.0 : valueOf(buckets_.rbegin()->first);
  }
  // As ::quantile: linear between the neighbouring order statistics.
  [[nodiscard]] double quantile(double q) const {
    const double pos = std::clamp(q, 0.0, 1.0) * static_cast<double>(count_ - 1);
    const auto i = static_cast<long long>(pos);
    const double lo = nth(i);
    if (i + 1 >= count_) return lo;
    return lo + (nth(i + 1) - lo) * (pos - static_cast<double>(i));
  }
  std::map<int, long long> buckets_;
  long long count_ = 0;
  double sum_ = 0;
};

// Games counted from player A's side (A is `--a`, whatever seat it held in a game).
struct Tally {
  long long games = 0, wins = 0, losses = 0, ties = 0;
  long long rounds = 0;  // rounds played (one per game without --matches)
  long long points = 0;  // A's points minus B's, summed over the rounds
  void add(int winner /* 0 A, 1 B, 2 tie */, int rounds, long long points);
  [[nodiscard]] double winRate() const {  // ties count half
    return games ? (static_cast<double>(wins) + 0.5 * static_cast<double>(ties)) / static_cast<double>(games) : 0.0;
  }
  [[nodiscard]] Interval ci95() const {
    return wilson(static_cast<double>(wins) + 0.5 * static_cast<double>(ties), games);
  }
  [[nodiscard]] double pointsPerRound() const {
    return rounds ? static_cast<double>(points) / static_cast<double>(rounds) : 0.0;
  }
};
inline void Tally::add(int winner, int roundCount, long long pts) {
  ++games;
  wins += winner == 0;
  losses += winner == 1;
  ties += winner == 2;
  rounds += roundCount;
  points += pts;
}

// The per-game seeds: every game's deals and players come from the match seed and the game's index
// alone, so the results do not depend on the number of threads. Games 2k and 2k+1 share their deals
// (the seats swapped), so each player holds each hand once.
// (SplitMix64's finaliser, core/random.h: a bijection.)
[[nodiscard]] inline std::uint64_t gameSeed(std::uint64_t seed, std::uint64_t a, std::uint64_t b) {
  return splitmix64(splitmix64(splitmix64(seed) ^ a) + b * 0x2545f4914f6cdd1dULL);
}

// One pairing of two player specs as `match` plays it (paired deals, seats swapped, any threads give
// the same results), for `ladder`: the tally from `a`'s side and both players' decision CPU times.
// `error` is set (and the rest meaningless) when a game failed.
struct Pairing {
  Tally tally;
  TimeHistogram ms[2];           // the decision CPU times of `a` and `b` where a choice existed
  long long forfeits[2] = {};    // games `a` and `b` lost by an outside engine's failure
  std::string forfeitReason[2];  // the first of them: "game N: reason"
  std::string error;
};
[[nodiscard]] Pairing playPairing(const std::string& rulesText, const std::string& a, const std::string& b,
                                  std::uint64_t seed, long long games, bool matches, int threads);

// The `match` subcommand: its options are registered on construction; run() executes it once chosen.
class MatchCommand {
 public:
  explicit MatchCommand(CLI::App& app);
  ~MatchCommand();
  MatchCommand(const MatchCommand&) = delete;
  MatchCommand& operator=(const MatchCommand&) = delete;
  [[nodiscard]] bool chosen() const;
  [[nodiscard]] int run() const;

 private:
  struct Options;
  std::unique_ptr<Options> o_;
  CLI::App* sub_ = nullptr;
};

}  // namespace dom::cli
