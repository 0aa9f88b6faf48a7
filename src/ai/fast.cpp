// SPDX-License-Identifier: MIT
// Chooses the playout path by what the processor runs; compiled for any CPU.
#include "ai/fast.h"

#include <cstring>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace dom::ai {
#ifdef DOMINOES_HAS_X86_PATHS
namespace bmi2 {
long long randomRounds(const Rules& rules, PlayoutRng& rng, long long rounds, const RoundSink& each);
}  // namespace bmi2
namespace popcnt {
long long randomRounds(const Rules& rules, PlayoutRng& rng, long long rounds, const RoundSink& each);
}  // namespace popcnt
#endif

namespace fast {

const char* name(Path p) {
  switch (p) {
    case Path::Generic: return "generic";
    case Path::Popcnt: return "popcnt";
    case Path::Bmi2: return "bmi2";
  }
  return "generic";
}

bool runs(Path p) {
  if (p == Path::Generic) return true;
#ifdef DOMINOES_HAS_X86_PATHS
  static const bool popcnt = __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi");
  static const bool bmi2 = popcnt && __builtin_cpu_supports("bmi2");
  return p == Path::Popcnt ? popcnt : bmi2;
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
  static const Path p = runs(Path::Bmi2) && pdepIsFastHere() ? Path::Bmi2
                        : runs(Path::Popcnt)                 ? Path::Popcnt
                                                             : Path::Generic;
  return p;
}

long long randomRounds(Path p, const Rules& rules, PlayoutRng& rng, long long rounds, const RoundSink& each) {
#ifdef DOMINOES_HAS_X86_PATHS
  if (p == Path::Bmi2 && runs(p)) return bmi2::randomRounds(rules, rng, rounds, each);
  if (p == Path::Popcnt && runs(p)) return popcnt::randomRounds(rules, rng, rounds, each);
#else
  (void)p;
#endif
  return ai::randomRounds(rules, rng, rounds, each);
}

}  // namespace fast
}  // namespace dom::ai
