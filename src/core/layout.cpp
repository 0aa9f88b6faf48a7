// SPDX-License-Identifier: MIT
// Table geometry: the snake line, free placement with blocking, and the table's pictures.
// Conventions (units, corners, halves) are documented with drawings in docs/layout.md.
#include "core/layout.h"

#include <algorithm>
#include <bit>
#include <nlohmann/json.hpp>

#include "core/free_geometry.h"

namespace dom {
namespace {

using geo::kDx;
using geo::kDy;

[[nodiscard]] constexpr Dir turned(Dir d, Heading h) { return static_cast<Dir>(geo::turned(static_cast<int>(d), h)); }
[[nodiscard]] constexpr bool horizontal(Dir d) { return geo::horizontal(static_cast<int>(d)); }
[[nodiscard]] constexpr Rect square(int cx, int cy) { return {cx - 1, cy - 1, 2, 2}; }  // 2x2 around a centre
[[nodiscard]] constexpr Rect span(const Rect& a, const Rect& b) {
  const int x = std::min(a.x, b.x), y = std::min(a.y, b.y);
  return {x, y, std::max(a.x + a.w, b.x + b.w) - x, std::max(a.y + a.h, b.y + b.h) - y};
}
[[nodiscard]] constexpr bool overlap(const Rect& a, const Rect& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}
[[nodiscard]] constexpr bool inside(const Rect& r, int w, int h) {
  return r.x >= 0 && r.y >= 0 && r.x + r.w <= w && r.y + r.h <= h;
}
[[nodiscard]] bool validTile(Tile t) { return t < kTiles; }
[[nodiscard]] bool dbl(Tile t) { return validTile(t) && isDouble(t); }

// An open end in geometry only: the midpoint of the edge where the next tile attaches, the direction
// the end grows, and whether the end tile is a double.
struct Geo {
  int x = 0, y = 0;
  Dir d = Dir::East;
  bool onDouble = false;
};

// Where a tile goes when laid at an end. near = the matching half (the front square of the end),
// far = the other half; for a crosswise double, near/far are its two halves across the line.
struct Placed {
  Rect rect, nearHalf, farHalf;
  Geo next;
  bool crosswise = false;
  Dir dir = Dir::East;
};

// The front square: the 2x2 square just beyond the end, centred on the line.
[[nodiscard]] constexpr int frontX(const Geo& g) { return g.x + kDx[static_cast<int>(g.d)]; }
[[nodiscard]] constexpr int frontY(const Geo& g) { return g.y + kDy[static_cast<int>(g.d)]; }

// A non-double laid lengthwise growing toward `nd` (g.d itself, or a quarter turn of it).
[[nodiscard]] Placed layLengthwise(const Geo& g, Dir nd) {
  const int cx = frontX(g), cy = frontY(g);
  const int k = static_cast<int>(nd);
  const int fx = cx + 2 * kDx[k], fy = cy + 2 * kDy[k];
  Placed p;
  p.nearHalf = square(cx, cy);
  p.farHalf = square(fx, fy);
  p.rect = span(p.nearHalf, p.farHalf);
  p.next = {fx + kDx[k], fy + kDy[k], nd, false};
  p.dir = nd;
  return p;
}

// A double laid crosswise, straight on. nearHalf/farHalf: top/bottom (vertical double) or
// left/right (horizontal double).
[[nodiscard]] Placed layCrosswise(const Geo& g) {
  const int cx = frontX(g), cy = frontY(g);
  const int k = static_cast<int>(g.d);
  Placed p;
  if (horizontal(g.d)) {
    p.nearHalf = {cx - 1, cy - 2, 2, 2};
    p.farHalf = {cx - 1, cy, 2, 2};
  } else {
    p.nearHalf = {cx - 2, cy - 1, 2, 2};
    p.farHalf = {cx, cy - 1, 2, 2};
  }
  p.rect = span(p.nearHalf, p.farHalf);
  p.next = {cx + kDx[k], cy + kDy[k], g.d, true};
  p.crosswise = true;
  p.dir = g.d;
  return p;
}

[[nodiscard]] Placed layAt(const Geo& g, bool isDbl, Heading h) {
  if (isDbl) return layCrosswise(g);
  return layLengthwise(g, g.onDouble ? g.d : turned(g.d, h));
}

// The lead at the centre of a table of 2W x 2H units and the two ends it opens.
struct Lead {
  Rect rect, leftHalf, rightHalf;  // leftHalf: the L side (or the top half of a double)
  std::array<Geo, 2> ends;
};
[[nodiscard]] Lead layLead(bool isDbl, int tableW, int tableH) {
  const int cx = tableW, cy = tableH;  // the centre, in units
  Lead l;
  if (isDbl) {
    l.leftHalf = {cx - 1, cy - 2, 2, 2};
    l.rightHalf = {cx - 1, cy, 2, 2};
    l.ends = {Geo{cx - 1, cy, Dir::West, true}, Geo{cx + 1, cy, Dir::East, true}};
  } else {
    l.leftHalf = {cx - 2, cy - 1, 2, 2};
    l.rightHalf = {cx, cy - 1, 2, 2};
    l.ends = {Geo{cx - 2, cy, Dir::West, false}, Geo{cx + 2, cy, Dir::East, false}};
  }
  l.rect = span(l.leftHalf, l.rightHalf);
  return l;
}

// Fills a TilePlacement; `atL`: the tile lies on the L side of the lead (its near half is then
// its right half as read from L to R).
[[nodiscard]] TilePlacement placement(const LaidTile& lt, const Placed& p, bool atL) {
  TilePlacement tp;
  tp.tile = lt.tile;
  tp.rect = p.rect;
  tp.pips = {lt.left, lt.right};
  if (p.crosswise || !atL)
    tp.halves = {p.nearHalf, p.farHalf};
  else
    tp.halves = {p.farHalf, p.nearHalf};
  tp.crosswise = p.crosswise;
  tp.dir = p.dir;
  return tp;
}

[[nodiscard]] TilePlacement leadPlacement(const LaidTile& lt, const Lead& l) {
  TilePlacement tp;
  tp.tile = lt.tile;
  tp.rect = l.rect;
  tp.pips = {lt.left, lt.right};
  tp.halves = {l.leftHalf, l.rightHalf};
  tp.crosswise = dbl(lt.tile);
  tp.dir = Dir::East;
  return tp;
}

[[nodiscard]] OpenEnd openEnd(const Geo& g, int pip, EndFit fit) {
  OpenEnd e;
  e.x = g.x;
  e.y = g.y;
  e.dir = g.d;
  e.pip = pip;
  e.onDouble = g.onDouble;
  e.fit = fit;
  return e;
}

// ---- The occupancy bitmap: rows of (w + 63) / 64 words, bit x of row y = unit (x, y). ----

[[nodiscard]] inline bool rowFree(const std::uint64_t* row, int x, int w) {
  const int wi = x >> 6, b = x & 63;
  std::uint64_t bits = row[wi] >> b;
  if (b + w > 64) bits |= row[wi + 1] << (64 - b);
  return (bits & ((std::uint64_t{1} << w) - 1)) == 0;
}

// Whether the rect (w <= 4, h <= 4) lies inside the table and on no occupied unit.
[[nodiscard]] inline bool rectFree(const std::vector<std::uint64_t>& occ, int tw, int th, const Rect& r) {
  if (r.x < 0 || r.y < 0 || r.x + r.w > tw || r.y + r.h > th) return false;
  const int wpr = (tw + 63) >> 6;
  const std::uint64_t* p = occ.data() + static_cast<std::size_t>(r.y) * wpr;
  for (int i = 0; i < r.h; ++i, p += wpr)
    if (!rowFree(p, r.x, r.w)) return false;
  return true;
}

// Marks the part of r that lies inside the table.
inline void markRect(std::vector<std::uint64_t>& occ, int tw, int th, const Rect& r) {
  const int x0 = std::max(r.x, 0), x1 = std::min(r.x + r.w, tw);
  const int y0 = std::max(r.y, 0), y1 = std::min(r.y + r.h, th);
  if (x0 >= x1 || y0 >= y1) return;
  const int wpr = (tw + 63) >> 6;
  const int wi = x0 >> 6, b = x0 & 63, n = x1 - x0;  // n <= 4
  const std::uint64_t bits = (std::uint64_t{1} << n) - 1;
  const std::uint64_t lo = bits << b, hi = b + n > 64 ? bits >> (64 - b) : 0;
  std::uint64_t* p = occ.data() + static_cast<std::size_t>(y0) * wpr + wi;
  for (int y = y0; y < y1; ++y, p += wpr) {
    p[0] |= lo;
    if (hi) p[1] |= hi;
  }
}

// What fits at an end, given a predicate telling whether a rect is inside the table and free.
// Every placement covers the end's front square, so a taken front square blocks the end.
template <class Free>
[[nodiscard]] inline EndFit endFit(const Geo& g, Free&& isFree) {
  EndFit f{false, 0};
  const int cx = frontX(g), cy = frontY(g);
  if (!isFree(square(cx, cy))) return f;
  // The crosswise double: the front square and one unit on each side across the line.
  if (horizontal(g.d))
    f.dbl = isFree(Rect{cx - 1, cy - 2, 2, 1}) && isFree(Rect{cx - 1, cy + 1, 2, 1});
  else
    f.dbl = isFree(Rect{cx - 2, cy - 1, 1, 2}) && isFree(Rect{cx + 1, cy - 1, 1, 2});
  const int hmax = g.onDouble ? 1 : 3;
  for (int h = 0; h < hmax; ++h) {
    const int k = static_cast<int>(turned(g.d, static_cast<Heading>(h)));
    if (isFree(square(cx + 2 * kDx[k], cy + 2 * kDy[k]))) f.headings |= static_cast<std::uint8_t>(1u << h);
  }
  return f;
}

[[nodiscard]] const char* headingMark(Heading h) {
  switch (h) {
    case Heading::Straight: return "^";
    case Heading::Left: return "<";
    case Heading::Right: return ">";
  }
  return "^";
}

// "6-4 <": the tile with its matching half first and, when it could carry one, its heading.
[[nodiscard]] std::string playedText(const LaidTile& lt, bool atL, bool withHeading) {
  std::string s = atL ? tileText(lt.right, lt.left) : tileText(lt.left, lt.right);
  if (withHeading) s += std::string(" ") + headingMark(lt.heading);
  return s;
}

// The legend's words for a blocked end.
[[nodiscard]] std::string blockedText(const OpenEnd& oe) {
  return oe.blocked() ? "blocked by " + obstacleText(oe.blockedBy()) : "blocked";
}

}  // namespace

const char* name(Dir d) {
  static const char* const names[] = {"east", "south", "west", "north"};
  return names[static_cast<int>(d) & 3];
}

// ---------------------------------------------------------------- FreeBoard

void FreeBoard::reset(int tableW, int tableH) {
  w_ = 2 * std::max(tableW, 0);
  h_ = 2 * std::max(tableH, 0);
  const std::size_t words = static_cast<std::size_t>((w_ + 63) / 64) * static_cast<std::size_t>(h_);
  occ_.assign(words + 1, 0);  // one spare word: a row read may peek one word past a row's end
  ends_ = {};
  fits_ = kSnakeFits;
}

void FreeBoard::lead(Tile t) {
  const Lead l = layLead(dbl(t), w_ / 2, h_ / 2);
  markRect(occ_, w_, h_, l.rect);
  for (int e = 0; e < 2; ++e) ends_[e] = {l.ends[e].x, l.ends[e].y, l.ends[e].d, l.ends[e].onDouble};
  refit();
}

namespace {

// The fast fits: every placement at an end lies in the patch of 6 x 6 units around the centre of
// its front square (free_geometry.h). FreeBoard reads that patch of the bitmap once and answers every
// question with one mask test.
// Six bits of a row from unit x0 on; units off the table read as taken.
[[nodiscard]] inline std::uint64_t rowBits6(const std::uint64_t* row, int x0, int w) {
  if (x0 >= 0 && x0 + 6 <= w) {
    const int wi = x0 >> 6, b = x0 & 63;
    std::uint64_t v = row[wi] >> b;
    if (b > 58) v |= row[wi + 1] << (64 - b);
    return v & 63;
  }
  std::uint64_t v = 0;
  for (int i = 0; i < 6; ++i) {
    const int x = x0 + i;
    const bool taken = x < 0 || x >= w || ((row[x >> 6] >> (x & 63)) & 1);
    v |= static_cast<std::uint64_t>(taken) << i;
  }
  return v;
}

[[nodiscard]] inline EndFit fastFit(const std::vector<std::uint64_t>& occ, int w, int h, int ex, int ey, Dir d,
                                    bool onDouble) {
  const int k = static_cast<int>(d);
  const int x0 = ex + kDx[k] - 3, y0 = ey + kDy[k] - 3;
  const int wpr = (w + 63) >> 6;
  std::uint64_t p = 0;
  if (x0 >= 0 && x0 + 6 <= w && y0 >= 0 && y0 + 6 <= h) {  // away from the edges: six plain reads
    const int b = x0 & 63;
    const std::uint64_t* row = occ.data() + static_cast<std::size_t>(y0) * wpr + (x0 >> 6);
    if (b <= 58) {
      for (int j = 0; j < 6; ++j, row += wpr) p |= ((row[0] >> b) & 63) << (6 * j);
    } else {
      for (int j = 0; j < 6; ++j, row += wpr) p |= (((row[0] >> b) | (row[1] << (64 - b))) & 63) << (6 * j);
    }
  } else {
    for (int j = 0; j < 6; ++j) {
      const int y = y0 + j;
      const std::uint64_t row =
          (y < 0 || y >= h) ? 63 : rowBits6(occ.data() + static_cast<std::size_t>(y) * wpr, x0, w);
      p |= row << (6 * j);
    }
  }
  if (p & geo::kPatch[static_cast<std::size_t>(k)].front) return EndFit{false, 0};  // often: faster so
  return geo::patchFit(p, k, onDouble);
}

// Every placement at an end lies within 3 units of the centre of its front square.
[[nodiscard]] inline bool nearEnd(const Rect& r, int ex, int ey, Dir d) {
  const int cx = ex + kDx[static_cast<int>(d)], cy = ey + kDy[static_cast<int>(d)];
  return overlap(r, Rect{cx - 3, cy - 3, 6, 6});
}

}  // namespace

void FreeBoard::play(End e, Tile t, Heading h) {
  if (e == End::None) return;
  const int ei = static_cast<int>(e);
  EndState& s = ends_[ei];
  // The same placement as layAt (layCrosswise / layLengthwise), without the halves.
  // Computed rather than looked up in geo::kPlace: this loop runs faster so.
  const int d = static_cast<int>(s.dir);
  const geo::Placement p = dbl(t) ? geo::place(d, 3) : geo::place(d, s.onDouble ? 0 : static_cast<int>(h));
  const Rect r{s.x + p.rx, s.y + p.ry, p.rw, p.rh()};
  s = {s.x + p.nx, s.y + p.ny, static_cast<Dir>(p.dir), p.onDouble};
  markRect(occ_, w_, h_, r);
  fits_[ei] = fastFit(occ_, w_, h_, s.x, s.y, s.dir, s.onDouble);
  // The other end changes only if the new tile lies where its placements would.
  const EndState& o = ends_[ei ^ 1];
  if (nearEnd(r, o.x, o.y, o.dir)) fits_[ei ^ 1] = fastFit(occ_, w_, h_, o.x, o.y, o.dir, o.onDouble);
}

void FreeBoard::refit() {
  for (int e = 0; e < 2; ++e) {
    const EndState& s = ends_[e];
    fits_[e] = fastFit(occ_, w_, h_, s.x, s.y, s.dir, s.onDouble);
  }
}

// ---------------------------------------------------------------- freeLayout

std::variant<TableLayout, std::string> freeLayout(std::span<const LaidTile> line, int leadIndex, int tableW,
                                                  int tableH) {
  TableLayout out;
  out.tableW = tableW;
  out.tableH = tableH;
  const int n = static_cast<int>(line.size());
  if (n == 0) return out;
  if (leadIndex < 0 || leadIndex >= n) return std::string("the line's lead is out of range");
  for (const LaidTile& lt : line)
    if (!validTile(lt.tile)) return std::string("the line holds an invalid tile");
  out.leadIndex = leadIndex;
  out.tiles.resize(static_cast<std::size_t>(n));
  const int w = 2 * tableW, h = 2 * tableH;

  std::vector<int> placed;  // indices of the tiles laid so far
  placed.reserve(static_cast<std::size_t>(n));
  auto check = [&](int i, const Rect& r, const std::string& what) -> std::string {
    if (!inside(r, w, h)) return what + " leaves the table";
    for (int j : placed)
      if (overlap(r, out.tiles[static_cast<std::size_t>(j)].rect))
        return what + " overlaps " +
               tileText(line[static_cast<std::size_t>(j)].left, line[static_cast<std::size_t>(j)].right);
    placed.push_back(i);
    return {};
  };

  const LaidTile& ld = line[static_cast<std::size_t>(leadIndex)];
  const Lead l = layLead(dbl(ld.tile), tableW, tableH);
  out.tiles[static_cast<std::size_t>(leadIndex)] = leadPlacement(ld, l);
  if (auto err = check(leadIndex, l.rect, "the lead " + tileText(ld.left, ld.right)); !err.empty()) return err;

  std::array<Geo, 2> ends = l.ends;
  for (int side = 0; side < 2; ++side) {
    const bool atL = side == 0;
    const int step = atL ? -1 : 1;
    Geo& g = ends[side];
    for (int i = leadIndex + step; i >= 0 && i < n; i += step) {
      const LaidTile& lt = line[static_cast<std::size_t>(i)];
      const bool d = dbl(lt.tile);
      const bool mayTurn = !d && !g.onDouble;
      const std::string what = playedText(lt, atL, mayTurn);
      if (!mayTurn && lt.heading != Heading::Straight)
        return playedText(lt, atL, true) + " cannot turn: " +
               (d ? std::string("a double is laid crosswise, straight on")
                  : std::string("the tile played on a double goes straight on"));
      const Placed p = layAt(g, d, lt.heading);
      out.tiles[static_cast<std::size_t>(i)] = placement(lt, p, atL);
      if (auto err = check(i, p.rect, what); !err.empty()) return err;
      g = p.next;
    }
  }

  // What fits at each end, from the rects (independent of FreeBoard's bitmap; the tests compare).
  auto isFree = [&](const Rect& r) {
    if (!inside(r, w, h)) return false;
    for (const TilePlacement& tp : out.tiles)
      if (overlap(r, tp.rect)) return false;
    return true;
  };
  out.ends[0] = openEnd(ends[0], line.front().left, endFit(ends[0], isFree));
  out.ends[1] = openEnd(ends[1], line.back().right, endFit(ends[1], isFree));
  // Why a blocked end is blocked: the same candidate rects, tested against the edge alone and
  // against the tiles alone; a candidate failing a test names that cause.
  auto onTable = [&](const Rect& r) { return inside(r, w, h); };
  auto offTiles = [&](const Rect& r) {
    for (const TilePlacement& tp : out.tiles)
      if (overlap(r, tp.rect)) return false;
    return true;
  };
  for (int e = 0; e < 2; ++e) {
    OpenEnd& oe = out.ends[static_cast<std::size_t>(e)];
    if (oe.fit.dbl || oe.fit.headings) continue;
    const EndFit all{true, static_cast<std::uint8_t>(oe.onDouble ? 1 : 7)};
    oe.blockedByEdge = endFit(ends[static_cast<std::size_t>(e)], onTable) != all;
    oe.blockedByTiles = endFit(ends[static_cast<std::size_t>(e)], offTiles) != all;
  }
  return out;
}

Obstacle obstacleAt(const TableLayout& layout, End e, bool isDbl, std::uint8_t headings) {
  if (layout.tiles.empty() || e == End::None) return Obstacle::None;
  const OpenEnd& oe = layout.ends[static_cast<std::size_t>(e)];
  const Geo g{oe.x, oe.y, oe.dir, oe.onDouble};
  const int w = 2 * layout.tableW, h = 2 * layout.tableH;
  const int cx = frontX(g), cy = frontY(g);
  // Each candidate placement as the rects endFit tests: the front square and the rest.
  std::vector<std::array<Rect, 3>> candidates;
  const Rect front = square(cx, cy);
  if (isDbl) {
    if (horizontal(g.d))
      candidates.push_back({front, Rect{cx - 1, cy - 2, 2, 1}, Rect{cx - 1, cy + 1, 2, 1}});
    else
      candidates.push_back({front, Rect{cx - 2, cy - 1, 1, 2}, Rect{cx + 1, cy - 1, 1, 2}});
  } else {
    for (int hd = 0; hd < 3; ++hd) {
      if (!(headings & (1u << hd)) || (g.onDouble && hd != 0)) continue;
      const int k = static_cast<int>(turned(g.d, static_cast<Heading>(hd)));
      const Rect far = square(cx + 2 * kDx[k], cy + 2 * kDy[k]);
      candidates.push_back({front, far, far});
    }
  }
  Obstacle why = Obstacle::None;
  for (const auto& c : candidates) {
    bool off = false, onTile = false;
    for (const Rect& r : c) {
      off = off || !inside(r, w, h);
      for (const TilePlacement& tp : layout.tiles) onTile = onTile || overlap(r, tp.rect);
    }
    if (!off && !onTile) return Obstacle::None;
    why = why | (off ? Obstacle::Edge : Obstacle::None) | (onTile ? Obstacle::Tiles : Obstacle::None);
  }
  return why;
}

// ---------------------------------------------------------------- snakeLayout

namespace {

// The snake of one side of the lead. Each side owns half of the table: R the lead's row right of
// the lead and everything below it, L the lead's row left of the lead and everything above it, so
// the two sides never meet. A side runs in horizontal lanes: R starts East along the lead's row, L
// starts West. At a lane's end the side makes a U-turn: a quarter turn (away from the centre first,
// R down and L up; toward the centre into free space if that fails), then a quarter turn into the
// next lane, back the other way. Doubles and the tiles laid on them go straight, so a quarter turn
// needs a non-double laid on a non-double; the connector between the two quarter turns holds any
// tiles that cannot turn. The side is planned from the whole line by a depth-first search: at a tile
// that can turn it tries straight on first while that leaves the new end the room the next tile
// needs to turn (roomAhead: 2 or 3 units, or 6 while the double of the end's pip may come next),
// otherwise the U-turns first; the search backtracks to an earlier corner when the rest of the line
// cannot follow (a stretch that cannot turn). So a lane bends at its last safe chance, judged from the
// tiles on the line when the tile was laid, so that a later tile seldom moves it (docs/layout.md has
// the figures). Every placement must lie inside the side's half
// and over no tile. The search has a node budget; on a table too small for the line the deepest plan
// found is kept and the rest goes straight on.
class SnakeSide {
 public:
  SnakeSide(std::span<const LaidTile> line, int leadIndex, bool atL, const Geo& start, const Rect& lead, int tableW,
            int tableH)
      : line_(line),
        lead_(leadIndex),
        atL_(atL),
        start_(start),
        leadRect_(lead),
        w_(2 * std::max(tableW, 0)),
        h_(2 * std::max(tableH, 0)) {
    m_ = atL ? leadIndex : static_cast<int>(line.size()) - 1 - leadIndex;
    away_ = atL ? Dir::North : Dir::South;
    plan_.assign(static_cast<std::size_t>(m_), Dir::East);
    best_ = plan_;
    occ_.assign(static_cast<std::size_t>((w_ + 63) / 64) * static_cast<std::size_t>(h_) + 1, 0);
    const Tile leadTile = line[static_cast<std::size_t>(leadIndex)].tile;
    Mask kn = validTile(leadTile) ? bit(leadTile) : 0;  // the tiles on the line when tile k is laid
    known_.reserve(static_cast<std::size_t>(m_));
    for (int k = 0; k < m_; ++k) {
      if (validTile(at(k).tile)) kn |= bit(at(k).tile);
      known_.push_back(kn);
    }
  }

  // Lays the side's tiles into `tiles` and returns the open end.
  Geo run(std::vector<TilePlacement>& tiles) {
    int planned = m_;
    if (!search(0, start_, false, start_.d)) {
      plan_ = best_;
      planned = deepest_;
    }
    Geo g = start_;
    for (int k = 0; k < m_; ++k) {
      const bool d = isDbl(k);
      const Dir nd = (d || g.onDouble || k >= planned) ? g.d : plan_[static_cast<std::size_t>(k)];
      const Placed p = d ? layCrosswise(g) : layLengthwise(g, nd);
      tiles[static_cast<std::size_t>(index(k))] = placement(at(k), p, atL_);
      g = p.next;
    }
    return g;
  }

 private:
  [[nodiscard]] int index(int k) const { return atL_ ? lead_ - 1 - k : lead_ + 1 + k; }
  [[nodiscard]] const LaidTile& at(int k) const { return line_[static_cast<std::size_t>(index(k))]; }
  [[nodiscard]] bool isDbl(int k) const { return dbl(at(k).tile); }
  [[nodiscard]] static Dir reverse(Dir d) { return static_cast<Dir>((static_cast<int>(d) + 2) & 3); }

  // Inside the side's half of the table and on no tile of this side.
  [[nodiscard]] bool fits(const Rect& r) const {
    if (!inside(r, w_, h_)) return false;
    const int band0 = leadRect_.y + leadRect_.h / 2 - 2, band1 = band0 + 4;  // the lead's row
    if (atL_) {
      if (r.y + r.h > band1) return false;
      if (r.y + r.h > band0 && r.x + r.w > leadRect_.x) return false;
    } else {
      if (r.y < band0) return false;
      if (r.y < band1 && r.x < leadRect_.x + leadRect_.w) return false;
    }
    return rectFree(occ_, w_, h_, r);
  }
  void setRect(const Rect& r, bool on) {
    const int wpr = (w_ + 63) >> 6;
    for (int y = r.y; y < r.y + r.h; ++y)
      for (int x = r.x; x < r.x + r.w; ++x) {
        std::uint64_t& word = occ_[static_cast<std::size_t>(y) * wpr + (x >> 6)];
        const std::uint64_t bitx = std::uint64_t{1} << (x & 63);
        word = on ? word | bitx : word & ~bitx;
      }
  }

  // Lays tiles k.. from end g; `connector`: between the two quarter turns of a U-turn, with `lane`
  // the direction of the lane being left.
  bool search(int k, const Geo& g, bool connector, Dir lane) {
    if (k > deepest_) {
      deepest_ = k;
      best_ = plan_;
    }
    if (k == m_) return true;
    if (++nodes_ > kMaxNodes) return false;
    const bool d = isDbl(k);
    const bool canTurn = !d && !g.onDouble;
    auto attempt = [&](Dir nd, bool nextConnector, Dir nextLane) {
      const Placed p = d ? layCrosswise(g) : layLengthwise(g, nd);
      if (!fits(p.rect)) return false;
      plan_[static_cast<std::size_t>(k)] = nd;
      setRect(p.rect, true);
      const bool ok = search(k + 1, p.next, nextConnector, nextLane);
      setRect(p.rect, false);
      return ok;
    };
    if (connector) return canTurn ? attempt(reverse(lane), false, reverse(lane)) : attempt(g.d, true, lane);
    if (!canTurn) return attempt(g.d, false, lane);
    // Straight on only while the new end keeps the room the next tile needs before the edge.
    const int room = g.d == Dir::East ? w_ - g.x : g.d == Dir::West ? g.x : h_;  // units ahead of the end
    if (room - 4 < roomAhead(k))
      return attempt(away_, true, lane) || attempt(reverse(away_), true, lane) || attempt(g.d, false, lane);
    return attempt(g.d, false, lane) || attempt(away_, true, lane) || attempt(reverse(away_), true, lane);
  }

  // The units the end needs ahead after tile k goes straight, so that whatever tile comes next there
  // can still make the turn: only tiles still off the line when tile k was laid can come (the lead and
  // this side up to k are on it; the other side may have been played later, so it does not count).
  // A non-double turns on its near half, 2 units (kTurnTile), plus 1 when the double of its far pip can
  // follow in the connector (a crosswise double overhangs the turn by a unit); the double of the end's
  // pip takes 2 and the tile laid on it 4 more, which cannot turn (kTurnRoom, a little less than that
  // whole stretch: docs/layout.md has the trade-off). With nothing left but the double, 2 units.
  [[nodiscard]] int roomAhead(int k) const {
    const LaidTile& lt = at(k);
    const int q = atL_ ? lt.left : lt.right;
    const Mask off = kAllTiles & ~known_[static_cast<std::size_t>(k)];
    const Mask next = suitMask(q) & off, plain = next & ~doublesMask();
    if ((next & doublesMask()) && plain) return kTurnRoom;
    int need = kTurnTile;
    for (Mask m = plain; m; m &= m - 1) {
      const int s = otherHalf(static_cast<Tile>(std::countr_zero(m)), q);
      if (off & bit(tileOf(s, s))) need = kTurnTile + 1;
    }
    return need;
  }

  std::vector<Mask> known_;
  static constexpr int kMaxNodes = 20000;
  static constexpr int kTurnTile = 2;  // units a turning tile takes along the lane
  static constexpr int kTurnRoom = 6;  // units left when the next tile may be a double: it and the tile on it
  std::span<const LaidTile> line_;
  int lead_;
  bool atL_;
  Geo start_;
  Rect leadRect_;
  int w_, h_;
  int m_ = 0;
  Dir away_ = Dir::South;
  std::vector<Dir> plan_, best_;  // the direction each tile grows toward
  int deepest_ = -1;
  int nodes_ = 0;
  std::vector<std::uint64_t> occ_;
};

}  // namespace

TableLayout snakeLayout(std::span<const LaidTile> line, int leadIndex, int tableW, int tableH) {
  TableLayout out;
  out.tableW = tableW;
  out.tableH = tableH;
  const int n = static_cast<int>(line.size());
  if (n == 0 || leadIndex < 0 || leadIndex >= n) return out;
  out.leadIndex = leadIndex;
  out.tiles.resize(static_cast<std::size_t>(n));
  const LaidTile& ld = line[static_cast<std::size_t>(leadIndex)];
  const Lead l = layLead(dbl(ld.tile), tableW, tableH);
  out.tiles[static_cast<std::size_t>(leadIndex)] = leadPlacement(ld, l);
  const Geo endL = SnakeSide(line, leadIndex, true, l.ends[0], l.rect, tableW, tableH).run(out.tiles);
  const Geo endR = SnakeSide(line, leadIndex, false, l.ends[1], l.rect, tableW, tableH).run(out.tiles);
  out.ends[0] = openEnd(endL, line.front().left, kSnakeFit);
  out.ends[1] = openEnd(endR, line.back().right, kSnakeFit);
  return out;
}

// ---------------------------------------------------------------- pictures

// Two characters per unit across and one line per unit down, so that a unit looks about square.
// A lengthwise horizontal tile:   [ 6| 4 ]     a vertical tile:  .--.
//                                 [__|___]                       | 6|
//                                                                | 4|
//                                                                '--'
namespace {
// The drawn grid cut to the part of the table around the line, in a frame, and the line saying
// what is shown. Only that part is drawn, so that a large table fits a terminal: solid borders are
// the table's edges, dotted ones mean the table goes on.
std::string framed(const std::vector<std::string>& grid, const TableLayout& layout, int uw, int uh) {
  constexpr int kMargin = 4;  // units around the tiles, room for the end markers
  int x0 = uw, y0 = uh, x1 = 0, y1 = 0;
  for (const TilePlacement& t : layout.tiles) {
    x0 = std::min(x0, t.rect.x);
    y0 = std::min(y0, t.rect.y);
    x1 = std::max(x1, t.rect.x + t.rect.w);
    y1 = std::max(y1, t.rect.y + t.rect.h);
  }
  x0 = std::clamp(x0 - kMargin, 0, uw);
  y0 = std::clamp(y0 - kMargin, 0, uh);
  x1 = std::clamp(x1 + kMargin, x0, uw);
  y1 = std::clamp(y1 + kMargin, y0, uh);
  const auto width = 2 * static_cast<std::size_t>(x1 - x0);
  const char left = x0 == 0 ? '|' : ':', right = x1 == uw ? '|' : ':';
  std::string out = "+" + std::string(width, y0 == 0 ? '-' : '.') + "+\n";
  for (int y = y0; y < y1; ++y)
    out += left + grid[static_cast<std::size_t>(y)].substr(2 * static_cast<std::size_t>(x0), width) + right + "\n";
  out += "+" + std::string(width, y1 == uh ? '-' : '.') + "+\n";
  out += "table " + std::to_string(layout.tableW) + "x" + std::to_string(layout.tableH) + " squares, " +
         std::to_string(layout.tiles.size()) + " tiles; shown: half-squares x " + std::to_string(x0) + ".." +
         std::to_string(x1) + ", y " + std::to_string(y0) + ".." + std::to_string(y1) + "\n";
  return out;
}
}  // namespace

std::string layoutText(const TableLayout& layout) {
  const int uw = 2 * std::max(layout.tableW, 0), uh = 2 * std::max(layout.tableH, 0);
  const int cols = 2 * uw;
  std::vector<std::string> grid(static_cast<std::size_t>(uh), std::string(static_cast<std::size_t>(cols), ' '));
  auto put = [&](int x, int y, char c) {  // x in characters, y in units
    if (x >= 0 && x < cols && y >= 0 && y < uh) grid[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] = c;
  };
  auto putStr = [&](int x, int y, const std::string& s) {
    for (std::size_t i = 0; i < s.size(); ++i) put(x + static_cast<int>(i), y, s[i]);
  };
  auto digit = [](int pip) { return static_cast<char>('0' + std::clamp(pip, 0, 9)); };
  for (const TilePlacement& t : layout.tiles) {
    const Rect& r = t.rect;
    const int x = 2 * r.x;
    if (r.w >= r.h) {  // horizontal: halves left and right
      const bool firstLeft = t.halves[0].x <= t.halves[1].x;
      const int a = t.pips[firstLeft ? 0 : 1], b = t.pips[firstLeft ? 1 : 0];
      putStr(x, r.y, std::string("[ ") + digit(a) + "| " + digit(b) + " ]");
      putStr(x, r.y + 1, "[__|___]");
    } else {  // vertical: halves top and bottom
      const bool firstTop = t.halves[0].y <= t.halves[1].y;
      const int a = t.pips[firstTop ? 0 : 1], b = t.pips[firstTop ? 1 : 0];
      putStr(x, r.y, ".--.");
      putStr(x, r.y + 1, std::string("| ") + digit(a) + "|");
      putStr(x, r.y + 2, std::string("| ") + digit(b) + "|");
      putStr(x, r.y + 3, "'--'");
    }
  }
  static const char arrows[4] = {'>', 'v', '<', '^'};
  std::string legend;
  if (!layout.tiles.empty()) {
    for (int e = 0; e < 2; ++e) {
      const OpenEnd& oe = layout.ends[e];
      const char tag = e == 0 ? 'L' : 'R';
      const Geo g{oe.x, oe.y, oe.dir, oe.onDouble};
      const Rect f = square(frontX(g), frontY(g));
      if (inside(f, uw, uh)) {
        bool empty = true;
        for (const TilePlacement& t : layout.tiles) empty = empty && !overlap(f, t.rect);
        if (empty) {
          const char arrow = arrows[static_cast<int>(oe.dir) & 3];
          put(2 * f.x + 1, f.y, tag);
          put(2 * f.x + 2, f.y, arrow);
        }
      }
      legend += std::string(1, tag) + ": " + std::to_string(oe.pip) + ", grows " + name(oe.dir) + " from (" +
                std::to_string(oe.x) + "," + std::to_string(oe.y) + ")" + (oe.onDouble ? ", on a double" : "");
      std::string fits;
      if (oe.fit.dbl) fits += " double";
      for (int h = 0; h < 3; ++h)
        if (oe.fit.headings & (1u << h)) fits += std::string(" ") + name(static_cast<Heading>(h));
      legend += fits.empty() ? "; " + blockedText(oe) + "\n" : ";" + fits + "\n";
    }
  }
  if (layout.tiles.empty())
    return "the table is empty (" + std::to_string(layout.tableW) + "x" + std::to_string(layout.tableH) + " squares)\n";
  return framed(grid, layout, uw, uh) + legend;
}

std::string layoutJson(const TableLayout& layout) {
  using nlohmann::json;
  auto rect = [](json& j, const Rect& r) {
    j["x"] = r.x;
    j["y"] = r.y;
    j["w"] = r.w;
    j["h"] = r.h;
  };
  json j;
  j["table"] = {layout.tableW, layout.tableH};
  j["units"] = "half-squares";
  json tiles = json::array();
  for (const TilePlacement& t : layout.tiles) {
    json jt;
    jt["tile"] = tileText(t.pips[0], t.pips[1]);
    rect(jt, t.rect);
    jt["crosswise"] = t.crosswise;
    jt["dir"] = name(t.dir);
    json halves = json::array();
    for (int i = 0; i < 2; ++i) {
      json h;
      h["pip"] = t.pips[static_cast<std::size_t>(i)];
      rect(h, t.halves[static_cast<std::size_t>(i)]);
      halves.push_back(h);
    }
    jt["halves"] = halves;
    tiles.push_back(jt);
  }
  j["tiles"] = tiles;
  j["lead"] = layout.leadIndex;
  json ends = json::array();
  if (!layout.tiles.empty()) {
    for (int e = 0; e < 2; ++e) {
      const OpenEnd& oe = layout.ends[static_cast<std::size_t>(e)];
      json je;
      je["end"] = e == 0 ? "L" : "R";
      je["pip"] = oe.pip;
      je["x"] = oe.x;
      je["y"] = oe.y;
      je["dir"] = name(oe.dir);
      je["on_double"] = oe.onDouble;
      je["double_fits"] = oe.fit.dbl;
      json hs = json::array();
      for (int h = 0; h < 3; ++h)
        if (oe.fit.headings & (1u << h)) hs.push_back(name(static_cast<Heading>(h)));
      je["headings"] = hs;
      json by = json::array();
      if (oe.blockedByEdge) by.push_back("edge");
      if (oe.blockedByTiles) by.push_back("tiles");
      je["blocked_by"] = by;
      ends.push_back(je);
    }
  }
  j["ends"] = ends;
  return j.dump();
}

}  // namespace dom
