// SPDX-License-Identifier: MIT
// "flatmc:K": flat Monte Carlo over determinized deals, the baseline of the computer players; and
// the determinized positions it and the expert play out on.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ai/inference.h"
#include "ai/players.h"
#include "ai/playout.h"

namespace dom::ai {

// The full-information positions of an observation's hidden deals, built fast: the table is laid
// once per decision (the line is public), each sampled deal only fills in the opponent's hand and
// the stock. Free tables too wide for PlayoutTable fall back to SimState (slower, the same moves).
class Determinized {
 public:
  explicit Determinized(const Observation& o);
  // Samples a new hidden deal (uniform over the deals consistent with the history) and makes it
  // the current one.
  void sample(pcg32& rng) { use(sampler_.sample(rng)); }
  // Makes a deal sampled before the current one.
  void use(const Hidden& h);
  [[nodiscard]] Hidden draw(pcg32& rng) { return sampler_.sample(rng); }
  // A deal sampled as if every play of the opponent's was their heaviest placeable tile (the
  // sampler under OpponentModel::HeavyFirst, made on first use); heavyFirstUniform() is false once
  // that sampler could not find such deals uniformly (or at all).
  [[nodiscard]] Hidden drawHeavyFirst(pcg32& rng);
  [[nodiscard]] bool heavyFirstUniform() const { return !heavy_ || heavy_->uniform(); }
  // One random playout after `m` (one of o.legal) in the current deal: the points for the observer.
  [[nodiscard]] int playoutAfter(const Move& m, PlayoutRng& rng) const;
  // The same with playoutMixed's greedy and block shares, per player index (layout=free tables too
  // wide for PlayoutTable: uniform).
  [[nodiscard]] int playoutAfter(const Move& m, PlayoutRng& rng, const PlayoutModel& model) const;
  // The current deal as a SimState (for the exact solver).
  [[nodiscard]] SimState sim() const;
  // The current deal's round state (the observer's hand, the opponent's, the stock in order).
  [[nodiscard]] const RoundState& state() const { return pos_.s; }
  [[nodiscard]] const Hidden& hidden() const { return hidden_; }
  [[nodiscard]] bool uniform() const { return sampler_.uniform(); }
  // The current deal on the public table, for searches that walk it move by move; only when fast().
  [[nodiscard]] const PlayoutPosition& position() const { return pos_; }
  [[nodiscard]] bool fast() const { return fast_; }

 private:
  const Observation& o_;
  Sampler sampler_;
  std::optional<Sampler> heavy_;  // under OpponentModel::HeavyFirst
  Hidden hidden_;
  PlayoutPosition pos_;                   // the current deal on the public table
  bool fast_ = true;                      // PlayoutTable supports the rules
  mutable std::optional<SimState> base_;  // a SimState of the public position (hidden tiles refilled per deal)
};

// Per legal move: the sum of points for the mover over its playouts, its wins (ties count half)
// and its count.
// A playout may carry a weight (the expert weighs deals by how well they explain the opponent's
// plays); flatmc's all weigh 1.
struct MoveScore {
  double points = 0, wins = 0, weight = 0;
  double equity = 0;  // the chance to win the match after the round, summed (the expert's `match`)
  long long n = 0;
  [[nodiscard]] double mean() const { return weight > 0 ? points / weight : 0; }
  [[nodiscard]] double equityMean() const { return weight > 0 ? equity / weight : 0; }
  [[nodiscard]] double winRate() const { return weight > 0 ? wins / weight : 0; }
  void add(int pts, double w = 1) {
    points += w * pts;
    wins += w * (pts > 0 ? 1 : pts == 0 ? 0.5 : 0);
    weight += w;
    ++n;
  }
  // An expected outcome: the mean points and the share of rounds won (ties half) of one deal.
  void addExpected(double pts, double winShare, double w = 1) {
    points += w * pts;
    wins += w * winShare;
    weight += w;
    ++n;
  }
};

// "+3.2 points a round on average, 61% of rounds won": a move's score in words.
[[nodiscard]] std::string scoreWords(const MoveScore& s);

// flatmc:K — for each of K sampled deals, one random playout after every legal move (the same
// deals for every move); the move with the highest mean points wins (ties: the earlier legal move).
[[nodiscard]] std::unique_ptr<Computer> makeFlatMC(int k, std::uint64_t seed);

}  // namespace dom::ai
