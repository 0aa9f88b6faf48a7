// Chooses the playout path by what the processor runs; compiled for any CPU.
#include "ai/fast.h"

namespace dom::ai {
#ifdef DOMINOES_HAS_BMI2_PATH
namespace bmi2 {
long long randomRounds(const Rules& rules, PlayoutRng& rng, long long rounds, const RoundSink& each);
}
#endif

namespace fast {

const char* name(Path p) { return p == Path::Bmi2 ? "bmi2" : "generic"; }

bool runs(Path p) {
  if (p == Path::Generic) return true;
#ifdef DOMINOES_HAS_BMI2_PATH
  static const bool has =
      __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
  return has;
#else
  return false;
#endif
}

Path best() { return runs(Path::Bmi2) ? Path::Bmi2 : Path::Generic; }

long long randomRounds(Path p, const Rules& rules, PlayoutRng& rng, long long rounds, const RoundSink& each) {
#ifdef DOMINOES_HAS_BMI2_PATH
  if (p == Path::Bmi2 && runs(p)) return bmi2::randomRounds(rules, rng, rounds, each);
#else
  (void)p;
#endif
  return ai::randomRounds(rules, rng, rounds, each);
}

}  // namespace fast
}  // namespace dom::ai
