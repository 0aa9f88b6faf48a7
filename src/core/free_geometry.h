// SPDX-License-Identifier: MIT
// The free layout's geometry, defined once for every board that plays it: core's FreeBoard, the
// search's SimBoard and the playouts' PlayoutTable (docs/layout.md has the drawings). Units are
// half-squares, x grows right, y down; an end is the midpoint of the edge where the next tile
// attaches, the direction it grows in (0 East, 1 South, 2 West, 3 North) and whether its tile is a
// double.
//
// Only constants and constexpr functions forced inline: the playouts include this from code built
// for other processors (playout_impl.h), and nothing here may become a shared out-of-line copy.
#pragma once
#include <array>
#include <cstdint>

#include "core/round.h"

namespace dom::geo {

inline constexpr std::array<int, 4> kDx{1, 0, -1, 0};  // East, South, West, North
inline constexpr std::array<int, 4> kDy{0, 1, 0, -1};

// The direction after a heading: right is clockwise on screen (y down).
[[nodiscard, gnu::always_inline]] constexpr int turned(int d, Heading h) {
  return h == Heading::Straight ? d : h == Heading::Right ? ((d + 1) & 3) : ((d + 3) & 3);
}
[[nodiscard, gnu::always_inline]] constexpr bool horizontal(int d) { return (d & 1) == 0; }

// Every placement at an end lies in the 6 x 6 units around the centre of its front square (the 2 x 2
// square just beyond the end). A board reads that patch as one 36-bit mask, bit 6j+i = unit
// (cx-3+i, cy-3+j) with (cx, cy) the front square's centre, units off the table read as taken.
[[nodiscard]] constexpr std::uint64_t patchRect(int x, int y, int w, int h) {  // relative to the patch's corner
  std::uint64_t m = 0;
  for (int j = y; j < y + h; ++j)
    for (int i = x; i < x + w; ++i) m |= std::uint64_t{1} << (6 * j + i);
  return m;
}
// What must be free in an end's patch: the front square for anything, the two squares beside it for
// a double laid crosswise, and for a non-double the far square of each heading.
struct PatchMasks {
  std::uint64_t front = 0, dblSides = 0;
  std::array<std::uint64_t, 3> far{};
};
inline constexpr std::array<PatchMasks, 4> kPatch = [] {
  std::array<PatchMasks, 4> t{};
  for (int d = 0; d < 4; ++d) {
    PatchMasks& f = t[static_cast<std::size_t>(d)];
    f.front = patchRect(2, 2, 2, 2);
    f.dblSides =
        horizontal(d) ? patchRect(2, 1, 2, 1) | patchRect(2, 4, 2, 1) : patchRect(1, 2, 1, 2) | patchRect(4, 2, 1, 2);
    for (int h = 0; h < 3; ++h) {
      const int n = turned(d, static_cast<Heading>(h));
      f.far[static_cast<std::size_t>(h)] =
          patchRect(2 + 2 * kDx[static_cast<std::size_t>(n)], 2 + 2 * kDy[static_cast<std::size_t>(n)], 2, 2);
    }
  }
  return t;
}();

// The placements that fit at an end growing in direction d, from its patch p. Without branches
// (an end's fits are as random as the line): nothing fits when the front square is taken, and only
// straight on after a double.
[[nodiscard, gnu::always_inline]] constexpr EndFit patchFit(std::uint64_t p, int d, bool onDouble) {
  const PatchMasks& m = kPatch[static_cast<std::size_t>(d)];
  const int open = (p & m.front) == 0;
  const int turns = static_cast<int>((p & m.far[1]) == 0) | static_cast<int>((p & m.far[2]) == 0) << 1;
  const int hs = (static_cast<int>((p & m.far[0]) == 0) | ((turns & -static_cast<int>(!onDouble)) << 1)) & -open;
  return EndFit{static_cast<bool>(static_cast<int>((p & m.dblSides) == 0) & open), static_cast<std::uint8_t>(hs)};
}

// One placement at an end, relative to the end (x, y): the rectangle the tile covers (its corner and
// width; the height is 6 - width) and the new end (relative midpoint, direction, on a double).
struct Placement {
  std::int8_t rx = 0, ry = 0, rw = 0, nx = 0, ny = 0;
  std::uint8_t dir = 0;
  bool onDouble = false;
  [[nodiscard]] constexpr int rh() const { return 6 - rw; }
};
// The kind of a placement: a non-double's heading 0 to 2 (straight only after a double), 3 a double
// laid crosswise, straight on. Without branches: which kind comes next is a random choice.
[[nodiscard, gnu::always_inline]] constexpr int placementKind(bool isDouble, Heading h, bool onDouble) {
  return (static_cast<int>(h) & (static_cast<int>(onDouble) - 1)) | (3 & -static_cast<int>(isDouble));
}
// A placement computed: at an end growing in direction d, a double crosswise (kind 3) or a non-double
// growing straight on or turned (kind 0 to 2, its heading). kPlace holds them all; a board may look
// one up or compute it, whichever its loop runs faster with.
[[nodiscard, gnu::always_inline]] constexpr Placement place(int d, int kind) {
  const auto i8 = [](int v) { return static_cast<std::int8_t>(v); };
  const int cx = kDx[static_cast<std::size_t>(d)], cy = kDy[static_cast<std::size_t>(d)];  // the front square
  if (kind == 3) {
    const bool across = horizontal(d);
    return {i8(across ? cx - 1 : cx - 2),
            i8(across ? cy - 2 : cy - 1),
            i8(across ? 2 : 4),
            i8(cx + cx),
            i8(cy + cy),
            static_cast<std::uint8_t>(d),
            true};
  }
  const auto n = static_cast<std::size_t>(turned(d, static_cast<Heading>(kind)));
  const int fx = cx + 2 * kDx[n], fy = cy + 2 * kDy[n];  // the far square
  return {i8((cx < fx ? cx : fx) - 1),
          i8((cy < fy ? cy : fy) - 1),
          i8(kDx[n] ? 4 : 2),
          i8(fx + kDx[n]),
          i8(fy + kDy[n]),
          static_cast<std::uint8_t>(n),
          false};
}
// kPlace[d][kind]: every placement at an end growing in direction d.
inline constexpr auto kPlace = [] {
  std::array<std::array<Placement, 4>, 4> t{};
  for (int d = 0; d < 4; ++d)
    for (int kind = 0; kind < 4; ++kind)
      t[static_cast<std::size_t>(d)][static_cast<std::size_t>(kind)] = place(d, kind);
  return t;
}();

// The lead at the table's centre (cx, cy): lengthwise left-right, a double crosswise. Its rectangle
// relative to the centre, and its two ends: L grows West, R East.
struct LeadPlacement {
  std::int8_t rx = 0, ry = 0, rw = 0;
  std::array<std::int8_t, 2> endX{};  // the ends' x relative to the centre; their y is the centre's
  [[nodiscard]] constexpr int rh() const { return 6 - rw; }
};
inline constexpr std::array<LeadPlacement, 2> kLead{LeadPlacement{-2, -1, 4, {-2, 2}},   // a non-double
                                                    LeadPlacement{-1, -2, 2, {-1, 1}}};  // a double
inline constexpr std::array<int, 2> kLeadDir{2, 0};                                      // L West, R East

}  // namespace dom::geo
