// SPDX-License-Identifier: MIT
// flatmc:K and the determinized positions of an observation.
#include "ai/flatmc.h"

#include <cmath>
#include <cstdio>

#include "core/reason.h"

namespace dom::ai {

namespace {

// The public part of the position: my hand, the line, the ends, who moves; the hidden part empty.
RoundState publicState(const Observation& o) {
  RoundState s;
  s.hand[static_cast<std::size_t>(idx(o.me))] = o.hand;
  s.line = o.line;
  s.ends = o.ends;
  s.turn = o.turn;
  s.opener = o.opener;
  s.forcedLead = o.forcedLead;
  return s;
}

}  // namespace

Determinized::Determinized(const Observation& o) : o_(o), sampler_(o) {
  fast_ = PlayoutTable::supports(o.rules);
  pos_ = PlayoutPosition::from(o.rules, publicState(o), o.laid, o.leadIndex);
  pos_.lacks[static_cast<std::size_t>(idx(o.opponent()))] = static_cast<std::uint8_t>(lackedPips(o));
}

Hidden Determinized::drawHeavyFirst(pcg32& rng) {
  if (!heavy_) heavy_.emplace(o_, OpponentModel::HeavyFirst);
  return heavy_->sample(rng);
}

void Determinized::use(const Hidden& h) {
  hidden_ = h;
  RoundState& s = pos_.s;
  s.hand[static_cast<std::size_t>(idx(o_.opponent()))] = hidden_.opponentHand;
  s.stockTop = 0;
  s.stockEnd = static_cast<std::uint8_t>(hidden_.stock.size());
  for (std::size_t i = 0; i < hidden_.stock.size(); ++i) s.stock[i] = hidden_.stock[i];
}

SimState Determinized::sim() const {
  if (!base_) {
    Match m(o_.rules);
    const std::string err = m.startSetup(determinize(o_, hidden_));
    (void)err;  // the sampler's deals are consistent; a refused setup leaves the match out of round
    base_ = SimState::from(m);
  }
  SimState s = *base_;
  s.setHidden(o_.me, hidden_.opponentHand, hidden_.stock.data(), static_cast<int>(hidden_.stock.size()));
  return s;
}

int Determinized::playoutAfter(const Move& m, PlayoutRng& rng) const {
  if (fast_) {
    PlayoutPosition p = pos_;
    p.apply(o_.rules, m);
    (void)playout(o_.rules, p, rng);
    return pointsFor(p.s, o_.me);
  }
  SimState s = sim();
  s.apply(m);
  return playout(s, o_.me, rng);
}

int Determinized::playoutAfter(const Move& m, PlayoutRng& rng, const PlayoutModel& model) const {
  if (!fast_) return playoutAfter(m, rng);
  PlayoutPosition p = pos_;
  p.apply(o_.rules, m);
  (void)playoutMixed(o_.rules, p, rng, model);
  return pointsFor(p.s, o_.me);
}

std::string scoreWords(const MoveScore& s) {
  char mean[32], won[32];
  std::snprintf(mean, sizeof mean, "%+.1f", s.mean());
  std::snprintf(won, sizeof won, "%.0f", 100.0 * s.winRate());
  /* xgettext:no-c-format */
  return fill(W_("{0} points a round on average, {1}% of rounds won"), {mean, won});
}

namespace {

class FlatMC final : public Computer {
 public:
  FlatMC(int k, std::uint64_t seed) : k_(k), rng_(seed, 0xf1a7), prng_(seed ^ 0x9e3779b97f4a7c15ull) {}
  std::string name() const override { return "flatmc:" + std::to_string(k_); }
  Decision decide(const Observation& o) override {
    if (o.legal.size <= 1) {
      const Move m = o.legal.empty() ? Move{MoveKind::Pass} : o.legal.moves[0];
      return {m, forcedWords(o, m)};
    }
    Determinized d(o);
    std::vector<MoveScore> score(static_cast<std::size_t>(o.legal.size));
    for (int k = 0; k < k_ && !stopped(); ++k) {
      d.sample(rng_);
      for (int i = 0; i < o.legal.size; ++i)
        score[static_cast<std::size_t>(i)].add(d.playoutAfter(o.legal.moves[i], prng_));
    }
    std::size_t best = 0, second = 1;
    for (std::size_t i = 1; i < score.size(); ++i)
      if (score[i].mean() > score[best].mean()) best = i;
    if (best == second) second = 0;
    for (std::size_t i = 0; i < score.size(); ++i)
      if (i != best && score[i].mean() > score[second].mean()) second = i;
    const Move m = o.legal.moves[best];
    std::string why =
        fill(WP_("{0}: {1} over {2} sampled deals of the hidden tiles, played out at random; next best {3} "
                 "({4})",
                 "{0}: {1} over {2} sampled deals of the hidden tiles, played out at random; next best {3} "
                 "({4})",
                 k_),
             {moveWords(o, m), scoreWords(score[best]), std::to_string(k_), moveWords(o, o.legal.moves[second]),
              scoreWords(score[second])});
    return {m, why};
  }

 private:
  int k_;
  pcg32 rng_;
  PlayoutRng prng_;
};

}  // namespace

std::unique_ptr<Computer> makeFlatMC(int k, std::uint64_t seed) { return std::make_unique<FlatMC>(k, seed); }

}  // namespace dom::ai
