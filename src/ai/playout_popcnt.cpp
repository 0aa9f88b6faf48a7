// SPDX-License-Identifier: MIT
// The playout compiled with POPCNT and BMI but not BMI2 (see playout_impl.h), for processors whose
// PDEP is slow; reached only through fast.cpp after a check that the processor runs them.
#include "ai/playout_impl.h"

namespace dom::ai::popcnt {

long long randomRounds(const Rules& rules, PlayoutRng& rng, long long rounds, const RoundSink& each) {
  return randomRoundsImpl(rules, rng, rounds, each);
}

}  // namespace dom::ai::popcnt
