// SPDX-License-Identifier: MIT
// Unbiased bounded random integers for our own shuffle (Lemire's multiply-and-reject), so that a
// seed deals the same tiles on every compiler and standard library.
#pragma once
#include <cstdint>

namespace dom {

template <class Rng>
[[nodiscard]] inline std::uint32_t bounded(Rng& rng, std::uint32_t n) {
  std::uint64_t m = static_cast<std::uint64_t>(static_cast<std::uint32_t>(rng())) * n;
  auto low = static_cast<std::uint32_t>(m);
  if (low < n) {
    const std::uint32_t threshold = (0u - n) % n;
    while (low < threshold) {
      m = static_cast<std::uint64_t>(static_cast<std::uint32_t>(rng())) * n;
      low = static_cast<std::uint32_t>(m);
    }
  }
  return static_cast<std::uint32_t>(m >> 32);
}

// SplitMix64's finaliser: a well-mixed 64-bit hash of x (position keys, per-position seeds).
[[nodiscard]] constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace dom
