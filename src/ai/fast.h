// The playout paths by CPU: the generic one every x86-64 and ARM64 runs, and a BMI2 one chosen at run
// time where the processor has it. Only `dominoes bench` and the tests link this; the studio and the
// rest of the CLI use the generic code alone.
#pragma once
#include "ai/players.h"

namespace dom::ai::fast {

enum class Path : std::uint8_t { Generic, Bmi2 };
[[nodiscard]] const char* name(Path p);
// Whether this build has the path and this processor runs it.
[[nodiscard]] bool runs(Path p);
// The fastest path that runs here (checked once).
[[nodiscard]] Path best();
// ai::randomRounds on the given path (which must run here): the same rounds, move for move.
long long randomRounds(Path p, const Rules& rules, PlayoutRng& rng, long long rounds, const RoundSink& each = {});

}  // namespace dom::ai::fast
