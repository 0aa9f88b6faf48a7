// SPDX-License-Identifier: MIT
// Bit counting and selection for the CPU-specific paths, written once: playout_impl.h (the bench and
// the search) and ai/batch_step.h (dominoes.Batch) include it, and each file that includes
// those is built for one path (generic, or with POPCNT, BMI and BMI2). Everything here has internal
// linkage, so each path's copy keeps the instructions its file was compiled with.
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#ifdef __BMI2__
#include <immintrin.h>
#endif

namespace dom::ai {
namespace {

// The number of set bits: POPCNT where the path has it (ARM64 always has a count instruction);
// elsewhere a few shifts and one multiply instead of libgcc's call.
[[gnu::always_inline]] inline int bits(std::uint64_t x) {
#if defined(__POPCNT__) || defined(__aarch64__)
  return std::popcount(x);
#else
  x -= (x >> 1) & 0x5555555555555555ull;
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((x * 0x0101010101010101ull) >> 56);
#endif
}

#ifndef __BMI2__
// kSelectInByte[r][b]: the position of the r-th (from 0) set bit of byte b (8 when there is none).
constexpr auto kSelectInByte = [] {
  std::array<std::array<std::uint8_t, 256>, 8> t{};
  for (int b = 0; b < 256; ++b)
    for (int r = 0; r < 8; ++r) {
      t[static_cast<std::size_t>(r)][static_cast<std::size_t>(b)] = 8;
      for (int i = 0, k = 0; i < 8; ++i)
        if (b >> i & 1) {
          if (k == r) {
            t[static_cast<std::size_t>(r)][static_cast<std::size_t>(b)] = static_cast<std::uint8_t>(i);
            break;
          }
          ++k;
        }
    }
  return t;
}();
#endif

// The position of the n-th (from 0) set bit of m (n < the number of set bits). Random choices
// make a loop's exit unpredictable, so there is no loop: PDEP where the path has it, elsewhere the
// byte counts' running sums find the byte, and a table the bit within it.
[[gnu::always_inline]] inline int nthBit64(std::uint64_t m, std::uint32_t n) {
#ifdef __BMI2__
  return std::countr_zero(_pdep_u64(std::uint64_t{1} << n, m));
#else
  constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
  std::uint64_t c = m - ((m >> 1) & 0x5555555555555555ull);
  c = (c & 0x3333333333333333ull) + ((c >> 2) & 0x3333333333333333ull);
  c = (c + (c >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  const std::uint64_t prefix = c * kOnes;  // byte i: the set bits of bytes 0..i (at most 64)
  // Byte i's top bit is set when n >= prefix[i]; those bytes come first, and they are skipped.
  const std::uint64_t passed = ((n * kOnes | kHigh) - prefix) & kHigh;
  const auto byte = static_cast<unsigned>(((passed >> 7) * kOnes) >> 56);
  const auto before = static_cast<std::uint32_t>(((prefix << 8) >> (8 * byte)) & 0xFF);  // bytes 0..byte-1
  const auto inByte = static_cast<std::uint8_t>(m >> (8 * byte));
  return static_cast<int>(8 * byte + kSelectInByte[n - before][inByte]);
#endif
}

}  // namespace
}  // namespace dom::ai
