// SPDX-License-Identifier: MIT
// Tile helpers that are not constexpr tables: text, parsing and ordering.
#include "core/tile.h"

#include <algorithm>

namespace dom {

int pips(Mask m) {
  int total = 0;
  while (m) {
    total += weight(static_cast<Tile>(std::countr_zero(m)));
    m &= m - 1;
  }
  return total;
}

Tile heaviest(Mask m) {
  Tile best = kNoTile;
  for (Mask r = m; r; r &= r - 1) {
    const auto t = static_cast<Tile>(std::countr_zero(r));
    if (best == kNoTile || heavier(t, best)) best = t;
  }
  return best;
}

Tile highestDouble(Mask m) {
  const Mask d = m & doublesMask();
  // Doubles' indices grow with their pips, so the highest bit is the highest double.
  return d ? static_cast<Tile>(31 - std::countl_zero(d)) : kNoTile;
}

std::string tileText(int first, int second) {
  return std::string{static_cast<char>('0' + first), '-', static_cast<char>('0' + second)};
}

std::string tileText(Tile t) { return tileText(high(t), low(t)); }

std::optional<WrittenTile> parseTile(std::string_view s) {
  if (s.size() != 3 || s[1] != '-') return std::nullopt;
  if (s[0] < '0' || s[0] > '6' || s[2] < '0' || s[2] > '6') return std::nullopt;
  return WrittenTile{s[0] - '0', s[2] - '0'};
}

std::array<Tile, kTiles> heaviestFirstOrder() {
  std::array<Tile, kTiles> order{};
  for (int i = 0; i < kTiles; ++i) order[i] = static_cast<Tile>(i);
  std::sort(order.begin(), order.end(), [](Tile a, Tile b) { return heavier(a, b); });
  return order;
}

}  // namespace dom
