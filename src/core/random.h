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

}  // namespace dom
