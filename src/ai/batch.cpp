// SPDX-License-Identifier: MIT
// dominoes.Batch's engine (batch.h). The step loop is the hot path of vectorized self-play: per slot
// one move found by its index in Match::legalMoves's order, applied to the RoundState, the slot
// dealt again when its round ends, and the next legal count written back. The layout=snake loop is
// batch_step.h's, in its generic build here or its BMI2 build (batch_bmi2.cpp).
#include "ai/batch.h"

#include <algorithm>

#include "ai/batch_step.h"
#include "ai/fast.h"

namespace dom::ai {

Batch::Batch(const Rules& rules, int n, std::uint64_t seed, bool fast)
    : rules_(rules),
      n_(n),
      seed_(seed),
      free_(rules.layout == LayoutRule::Free),
      bmi2_(fast && !free_ && bmi2Runs()),
      slots_(static_cast<std::size_t>(n)),
      round_(static_cast<std::size_t>(n)),
      start_(static_cast<std::size_t>(n)),
      ended_(static_cast<std::size_t>(n)),
      leads_(free_ ? 0 : static_cast<std::size_t>(n)),
      boards_(free_ ? static_cast<std::size_t>(n) : 0),
      log_(static_cast<std::size_t>(n) * kMaxMoves),
      counts_(static_cast<std::size_t>(n)),
      points_(static_cast<std::size_t>(n)),
      winners_(static_cast<std::size_t>(n), -1) {
  (void)order();
  for (int i = 0; i < n_; ++i) {
    deal(i);
    counts_[static_cast<std::size_t>(i)] =
        free_ ? legalCount<true>(state(i), fits(i)) : legalCount<false>(state(i), {});
  }
}

std::uint64_t Batch::roundSeed(int slot) const {
  return seed_ + static_cast<std::uint64_t>(slot) +
         static_cast<std::uint64_t>(round_[static_cast<std::size_t>(slot)]) * static_cast<std::uint64_t>(n_);
}

// The column of the log's rows from the step at which the slot's round began (a round in play has
// taken fewer than kMaxMoves moves, so none of its rows has been written over).
std::vector<std::uint8_t> Batch::history(int slot) const {
  const auto u = static_cast<std::size_t>(slot);
  const long long played = std::min<long long>(steps_ - start_[u], kMaxMoves);
  std::vector<std::uint8_t> h(static_cast<std::size_t>(played));
  for (long long j = 0; j < played; ++j)
    h[static_cast<std::size_t>(j)] =
        log_[static_cast<std::size_t>((start_[u] + j) % kMaxMoves) * static_cast<std::size_t>(n_) + u];
  return h;
}

void Batch::deal(int slot) {
  slots_[static_cast<std::size_t>(slot)].s = startRound(dealFromSeed(roundSeed(slot), rules_.hand));
  start_[static_cast<std::size_t>(slot)] = steps_;
  if (free_) boards_[static_cast<std::size_t>(slot)].reset(rules_.tableW, rules_.tableH);
}

void Batch::finish(int slot) {
  const RoundState& s = slots_[static_cast<std::size_t>(slot)].s;
  winners_[static_cast<std::size_t>(slot)] = static_cast<std::int8_t>(s.winner);
  points_[static_cast<std::size_t>(slot)] = s.points;
  ++wins_[s.winner];
  if (s.winner < 2) won_[s.winner] += s.points;
  ++rounds_;
  ++round_[static_cast<std::size_t>(slot)];
  deal(slot);
}

// The row is written before every index is known to be legal; it counts as the log's only once
// step() takes it, and a failed load leaves the history as it was.
int Batch::load(const std::int32_t* indices) {
  std::uint8_t* const next = row(steps_);
  const std::int32_t* const counts = counts_.data();
  // One pass without a branch, which the compiler vectorizes, and a second only to name a bad index.
  // n in a local: the row's byte stores could alias n_, which would be read again at every slot.
  const int n = n_;
  std::uint32_t anyBad = 0;
  for (int i = 0; i < n; ++i) {
    const std::int32_t k = indices[i];
    next[i] = static_cast<std::uint8_t>(k);  // a legal index is below its count, which fits a byte
    anyBad |= static_cast<std::uint32_t>(static_cast<std::uint32_t>(k) >= static_cast<std::uint32_t>(counts[i]));
  }
  int bad = -1;
  for (int i = 0; anyBad && i < n && bad < 0; ++i)
    if (static_cast<std::uint32_t>(indices[i]) >= static_cast<std::uint32_t>(counts[i])) bad = i;
  loaded_ = bad < 0;
  return bad;
}

void Batch::step() {
  if (!loaded_) return;
  loaded_ = false;
  const std::uint8_t* const played = row(steps_);
  ++steps_;  // a slot dealt during this step begins its round at the next one
  if (free_)
    stepFree(played);
  else
    stepSnake(played);
  moves_ += n_;
}

bool Batch::bmi2Runs() {
#ifdef DOMINOES_HAS_X86_PATHS
  static const bool bmi2 = ai::fast::best() == ai::fast::Path::Bmi2;
  return bmi2;
#else
  return false;
#endif
}

// The slots whose round ended at the last step show their result until this one; then the loop
// plays every slot, and those whose round ends now are scored and dealt again.
void Batch::stepSnake(const std::uint8_t* row) {
  for (int j = 0; j < endedCount_; ++j) {
    const auto e = static_cast<std::size_t>(ended_[static_cast<std::size_t>(j)]);
    winners_[e] = -1;
    points_[e] = 0;
  }
  const BatchStep a{&rules_, slots_.data(), row, counts_.data(), ended_.data(), leads_.data(), n_};
#ifdef DOMINOES_HAS_X86_PATHS
  endedCount_ = bmi2_ ? bmi2::stepSnake(a) : stepSnakeSlots(a);
#else
  endedCount_ = stepSnakeSlots(a);
#endif
  for (int j = 0; j < endedCount_; ++j) {
    const int e = ended_[static_cast<std::size_t>(j)];
    finish(e);
    counts_[static_cast<std::size_t>(e)] = legalCount<false>(state(e), kSnakeFits);
  }
}

void Batch::stepFree(const std::uint8_t* row) {
  for (int i = 0; i < n_; ++i) {
    const auto u = static_cast<std::size_t>(i);
    RoundState& s = slots_[u].s;
    const int k = row[u];
    SimBoard& b = boards_[u];
    const Move m = s.legalMoves(rules_, b.fits()).moves[static_cast<std::size_t>(k)];
    if (m.kind == MoveKind::Play) {
      if (m.end == End::None)
        b.lead(m.tile);
      else
        b.play(m.end, m.tile, m.heading);
    }
    applyTo(s, m);
    s.settle(rules_, b.fits());
    winners_[u] = -1;
    points_[u] = 0;
    if (s.over()) finish(i);
    counts_[u] = legalCount<true>(s, b.fits());
  }
}

}  // namespace dom::ai
