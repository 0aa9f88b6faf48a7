// SPDX-License-Identifier: MIT
// Tiles as indices 0..27, hands as 28-bit masks, and the pip tables that make legality a mask AND.
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace dom {

using Tile = std::uint8_t;   // 0..27; index of a-b (a >= b) is a*(a+1)/2 + b
using Mask = std::uint32_t;  // bit t set: tile t present
inline constexpr int kTiles = 28;
inline constexpr Tile kNoTile = 0xFF;
inline constexpr Mask kAllTiles = (Mask{1} << kTiles) - 1;

[[nodiscard]] constexpr Tile tileOf(int a, int b) {
  return a >= b ? static_cast<Tile>(a * (a + 1) / 2 + b) : static_cast<Tile>(b * (b + 1) / 2 + a);
}

namespace detail {
struct TileTables {
  std::array<std::uint8_t, kTiles> high{}, low{}, weight{};
  std::array<Mask, 7> suit{};  // tiles showing pip p
  Mask doubles = 0;
  constexpr TileTables() {
    for (int a = 0; a <= 6; ++a)
      for (int b = 0; b <= a; ++b) {
        const Tile t = tileOf(a, b);
        high[t] = static_cast<std::uint8_t>(a);
        low[t] = static_cast<std::uint8_t>(b);
        weight[t] = static_cast<std::uint8_t>(a + b);
        suit[a] |= Mask{1} << t;
        suit[b] |= Mask{1} << t;
        if (a == b) doubles |= Mask{1} << t;
      }
  }
};
inline constexpr TileTables kTables{};
}  // namespace detail

[[nodiscard]] constexpr int high(Tile t) { return detail::kTables.high[t]; }
[[nodiscard]] constexpr int low(Tile t) { return detail::kTables.low[t]; }
[[nodiscard]] constexpr int weight(Tile t) { return detail::kTables.weight[t]; }
[[nodiscard]] constexpr bool isDouble(Tile t) { return high(t) == low(t); }
[[nodiscard]] constexpr Mask bit(Tile t) { return Mask{1} << t; }
[[nodiscard]] constexpr Mask suitMask(int pip) { return detail::kTables.suit[pip]; }
[[nodiscard]] constexpr Mask doublesMask() { return detail::kTables.doubles; }
// The half of t that is not `pip` (t must show pip).
[[nodiscard]] constexpr int otherHalf(Tile t, int pip) { return weight(t) - pip; }
[[nodiscard]] constexpr int count(Mask m) { return std::popcount(m); }

// Total pips in a hand.
[[nodiscard]] int pips(Mask m);

// "Heavier" in the rules' sense: more pips, then the higher high half (6-3 beats 5-4).
[[nodiscard]] constexpr bool heavier(Tile a, Tile b) {
  if (weight(a) != weight(b)) return weight(a) > weight(b);
  return high(a) > high(b);
}
// The heaviest tile of a non-empty mask, and its highest double (kNoTile if none).
[[nodiscard]] Tile heaviest(Mask m);
[[nodiscard]] Tile highestDouble(Mask m);

// "6-4" with the given half first.
[[nodiscard]] std::string tileText(int first, int second);
// High half first.
[[nodiscard]] std::string tileText(Tile t);

// A tile as written: the halves in their written order.
struct WrittenTile {
  int first = 0, second = 0;
  [[nodiscard]] Tile tile() const { return tileOf(first, second); }
};
[[nodiscard]] std::optional<WrittenTile> parseTile(std::string_view s);

// Tiles of m, heaviest first (the order hands are shown in).
template <class F>
void forEachHeaviestFirst(Mask m, F&& f);

[[nodiscard]] std::array<Tile, kTiles> heaviestFirstOrder();

template <class F>
void forEachHeaviestFirst(Mask m, F&& f) {
  static const auto order = heaviestFirstOrder();
  for (Tile t : order)
    if (m & bit(t)) f(t);
}

}  // namespace dom
