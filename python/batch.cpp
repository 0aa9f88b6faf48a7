// dominoes.Batch's engine (batch.h). The step loop is the hot path of vectorized self-play: per slot
// one move found by its index in Match::legalMoves's order, applied to the RoundState, the slot
// dealt again when its round ends, and the next legal count written back. The layout=snake loop is
// batch_step.h's, in its generic build here or its BMI2 build (batch_bmi2.cpp).
#include "batch.h"

#include <algorithm>

#include "ai/fast.h"
#include "batch_step.h"

namespace dom::python {

Batch::Batch(const Rules& rules, int n, std::uint64_t seed, bool fast)
    : rules_(rules),
      n_(n),
      seed_(seed),
      free_(rules.layout == LayoutRule::Free),
      bmi2_(fast && !free_ && bmi2Runs()),
      slots_(static_cast<std::size_t>(n)),
      round_(static_cast<std::size_t>(n)),
      played_(static_cast<std::size_t>(n)),
      ended_(static_cast<std::size_t>(n)),
      boards_(free_ ? static_cast<std::size_t>(n) : 0),
      history_(static_cast<std::size_t>(n) * kMaxMoves),
      indices_(static_cast<std::size_t>(n)),
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

std::span<const std::uint8_t> Batch::history(int slot) const {
  return {history_.data() + static_cast<std::size_t>(slot) * kMaxMoves,
          std::min<std::size_t>(played_[static_cast<std::size_t>(slot)], kMaxMoves)};
}

void Batch::deal(int slot) {
  slots_[static_cast<std::size_t>(slot)].s = startRound(dealFromSeed(roundSeed(slot), rules_.hand));
  played_[static_cast<std::size_t>(slot)] = 0;
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

int Batch::load(const std::int32_t* indices) {
  std::copy(indices, indices + n_, indices_.begin());
  for (int i = 0; i < n_; ++i)
    if (static_cast<std::uint32_t>(indices_[static_cast<std::size_t>(i)]) >=
        static_cast<std::uint32_t>(counts_[static_cast<std::size_t>(i)])) {
      loaded_ = false;
      return i;
    }
  loaded_ = true;
  return -1;
}

void Batch::step() {
  if (!loaded_) return;
  loaded_ = false;
  if (free_)
    stepFree();
  else
    stepSnake();
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
void Batch::stepSnake() {
  for (int j = 0; j < endedCount_; ++j) {
    const auto e = static_cast<std::size_t>(ended_[static_cast<std::size_t>(j)]);
    winners_[e] = -1;
    points_[e] = 0;
  }
  const SnakeStep a{&rules_,        slots_.data(), played_.data(),  indices_.data(),
                    counts_.data(), ended_.data(), history_.data(), n_};
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

void Batch::stepFree() {
  for (int i = 0; i < n_; ++i) {
    const auto u = static_cast<std::size_t>(i);
    RoundState& s = slots_[u].s;
    const int k = indices_[u];
    if (played_[u] < kMaxMoves) history_[u * kMaxMoves + played_[u]] = static_cast<std::uint8_t>(k);
    ++played_[u];
    ai::SimBoard& b = boards_[u];
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

}  // namespace dom::python
