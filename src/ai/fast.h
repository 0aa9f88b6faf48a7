// SPDX-License-Identifier: MIT
// The playout paths by CPU: the generic one every x86-64 and ARM64 runs, and on x86-64 a POPCNT one
// (POPCNT and BMI1) and a BMI2 one (PDEP too), chosen at run time by what the processor has. Only `dominoes bench` and
// the tests link this; the studio and the rest of the CLI use the generic code alone.
#pragma once
#include <string_view>

#include "ai/players.h"

namespace dom::ai::fast {

enum class Path : std::uint8_t { Generic, Popcnt, Bmi2 };
[[nodiscard]] const char* name(Path p);
// Whether this build has the path and this processor runs it.
[[nodiscard]] bool runs(Path p);
// The fastest path that runs here (checked once): bmi2 where it runs and PDEP is fast, else popcnt
// where it runs, else generic.
[[nodiscard]] Path best();
// Whether PDEP (the BMI2 path's n-th set bit) is fast on a processor of this CPUID vendor string
// and family (base plus extended): AMD and Hygon before family 19h (Zen 3) microcode it, tens to
// hundreds of cycles against Intel's 3, and there the popcnt path is faster.
[[nodiscard]] bool pdepIsFast(std::string_view vendor, unsigned family);
// ai::randomRounds on the given path (which must run here): the same rounds, move for move.
long long randomRounds(Path p, const Rules& rules, PlayoutRng& rng, long long rounds, const RoundSink& each = {});

}  // namespace dom::ai::fast
