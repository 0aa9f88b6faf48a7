// Chooses the playout path by what the processor runs; compiled for any CPU.
#include "ai/fast.h"

#include <cstring>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

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

bool pdepIsFast(std::string_view vendor, unsigned family) {
  if (vendor == "AuthenticAMD" || vendor == "HygonGenuine") return family >= 0x19;
  return true;
}

namespace {

// This processor's CPUID vendor string and family (base, plus extended when the base is 0Fh).
bool pdepIsFastHere() {
#if defined(__x86_64__) || defined(__i386__)
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid(0, &a, &b, &c, &d)) return false;
  char vendor[12];
  std::memcpy(vendor, &b, 4);
  std::memcpy(vendor + 4, &d, 4);
  std::memcpy(vendor + 8, &c, 4);
  if (!__get_cpuid(1, &a, &b, &c, &d)) return false;
  unsigned family = (a >> 8) & 0xF;
  if (family == 0xF) family += (a >> 20) & 0xFF;
  return pdepIsFast(std::string_view(vendor, 12), family);
#else
  return false;
#endif
}

}  // namespace

Path best() {
  static const bool fast = runs(Path::Bmi2) && pdepIsFastHere();
  return fast ? Path::Bmi2 : Path::Generic;
}

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
