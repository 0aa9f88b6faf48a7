// SPDX-License-Identifier: MIT
// The playout compiled with POPCNT, BMI and BMI2 (see playout_impl.h); reached only through fast.cpp
// after a check that the processor runs them.
#include "ai/playout_impl.h"

namespace dom::ai::bmi2 {

long long randomRounds(const Rules& rules, PlayoutRng& rng, long long rounds, const RoundSink& each) {
  return randomRoundsImpl(rules, rng, rounds, each);
}

}  // namespace dom::ai::bmi2
