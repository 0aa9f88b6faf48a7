// SPDX-License-Identifier: MIT
// The table scene computed from core's layout: tiles, ends and ghosts in units and pixels, hit tests,
// view changes and the sprites that draw it.
#include "studio/model/scene.h"
#include "studio/model/i18n.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <variant>

namespace dom::studio {

const char* name(ViewMode m) { return m == ViewMode::WholeTable ? "whole-table" : "fit-line"; }

const char* name(EndState s) {
  switch (s) {
    case EndState::Open: return "open";
    case EndState::BlockedByEdge: return "edge";
    case EndState::BlockedByTiles: return "tiles";
    case EndState::BlockedByBoth: return "edge+tiles";
  }
  return "open";
}

std::string whyText(EndState s) {
  if (s == EndState::Open) return _("open: a tile that matches can be laid here");
  const Obstacle o = s == EndState::BlockedByEdge    ? Obstacle::Edge
                     : s == EndState::BlockedByTiles ? Obstacle::Tiles
                                                     : Obstacle::EdgeAndTiles;
  return i18n::format(_("blocked by {0}: no placement has room here"),
                      {obstacleText(o)});  // the rules' words, from core
}

EndState endStateOf(const OpenEnd& e) {
  if (!e.blocked()) return EndState::Open;
  if (e.blockedByEdge && e.blockedByTiles) return EndState::BlockedByBoth;
  return e.blockedByEdge ? EndState::BlockedByEdge : EndState::BlockedByTiles;
}

namespace {

// The pips as drawn: left (or top) half first.
std::pair<int, int> drawnPips(const TilePlacement& p) {
  const bool swapped = p.halves[0].x > p.halves[1].x || p.halves[0].y > p.halves[1].y;
  return swapped ? std::pair<int, int>{p.pips[1], p.pips[0]} : std::pair<int, int>{p.pips[0], p.pips[1]};
}

SceneTile sceneTile(const TilePlacement& p) {
  SceneTile t;
  t.tile = p.tile;
  t.units = p.rect;
  t.pips = {p.pips[0], p.pips[1]};
  std::tie(t.first, t.second) = drawnPips(p);
  t.crosswise = p.crosswise;
  return t;
}

// The square a next tile's first half would cover.
Rect frontSquare(const OpenEnd& e) {
  switch (e.dir) {
    case Dir::East: return {e.x, e.y - 1, 2, 2};
    case Dir::West: return {e.x - 2, e.y - 1, 2, 2};
    case Dir::South: return {e.x - 1, e.y, 2, 2};
    case Dir::North: return {e.x - 1, e.y - 2, 2, 2};
  }
  return {};
}

// A box in units, by its corners.
struct UBox {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  [[nodiscard]] bool hits(const UBox& o) const {
    constexpr float kTouch = 0.01f;  // boxes that only touch do not overlap
    return x0 < o.x1 - kTouch && o.x0 < x1 - kTouch && y0 < o.y1 - kTouch && o.y0 < y1 - kTouch;
  }
};
UBox boxOf(const Rect& r) {
  return {static_cast<float>(r.x), static_cast<float>(r.y), static_cast<float>(r.x + r.w),
          static_cast<float>(r.y + r.h)};
}
UBox squareAt(float cx, float cy, float side) {
  return {cx - side * 0.5f, cy - side * 0.5f, cx + side * 0.5f, cy + side * 0.5f};
}

bool overlapsAny(const TableScene& s, float cx, float cy, float side) {
  const UBox b = squareAt(cx, cy, side);
  return std::any_of(s.tiles.begin(), s.tiles.end(), [&](const SceneTile& t) { return b.hits(boxOf(t.units)); });
}

// The candidate centres of an end's label, nearest its marker first: the marker's centre (a
// blocked end's a little beyond its bar), then rings around it, each ring from the end's outward
// direction round to the line's side.
std::vector<std::pair<float, float>> labelCandidates(const SceneEnd& e) {
  const float dx = e.dir == Dir::East ? 1.0f : e.dir == Dir::West ? -1.0f : 0.0f;
  const float dy = e.dir == Dir::South ? 1.0f : e.dir == Dir::North ? -1.0f : 0.0f;
  const float cx = e.markerUnits[0] + e.markerUnits[2] * 0.5f, cy = e.markerUnits[1] + e.markerUnits[3] * 0.5f;
  std::vector<std::pair<float, float>> out;
  const float fx = static_cast<float>(e.frontUnits.x) + 1, fy = static_cast<float>(e.frontUnits.y) + 1;
  if (drawnBlocked(e)) out.emplace_back(fx + dx * 0.35f, fy + dy * 0.35f);
  out.emplace_back(cx, cy);
  constexpr int kAngles = 16;
  constexpr float kPi = 3.14159265f;
  for (const float r : {0.9f, 1.3f, 1.7f, 2.1f, 2.5f, 3.0f}) {
    for (int k = 0; k <= kAngles / 2; ++k)
      for (const int sign : {1, -1}) {
        if ((k == 0 || k == kAngles / 2) && sign < 0) continue;
        const float a = static_cast<float>(sign * k) * 2 * kPi / kAngles, ca = std::cos(a), sa = std::sin(a);
        out.emplace_back(cx + r * (dx * ca - dy * sa), cy + r * (dx * sa + dy * ca));
      }
  }
  return out;
}

// Whether an end's label centred at (x, y) is free: on no tile, no ghost, not on the other end's
// marker or label, and nearer its own marker than the other end's.
bool labelFree(const TableScene& s, std::size_t k, float x, float y, const UBox* otherLabel) {
  const UBox b = squareAt(x, y, kLabelUnits);
  for (const SceneTile& t : s.tiles)
    if (b.hits(boxOf(t.units))) return false;
  for (const SceneGhost& g : s.ghosts)
    if (b.hits(boxOf(g.tile.units))) return false;
  if (s.ends.size() < 2) return true;
  const SceneEnd& own = s.ends[k];
  const SceneEnd& other = s.ends[1 - k];
  const auto& om = other.markerUnits;
  if (b.hits(UBox{om[0], om[1], om[0] + om[2], om[1] + om[3]})) return false;
  if (otherLabel && b.hits(*otherLabel)) return false;
  auto dist = [&](const SceneEnd& e) {
    return std::hypot(e.markerUnits[0] + e.markerUnits[2] * 0.5f - x, e.markerUnits[1] + e.markerUnits[3] * 0.5f - y);
  };
  return dist(own) < dist(other);
}

// Places end k's label at its first free candidate; false (and the marker's centre) when none is.
bool placeLabel(TableScene& s, std::size_t k, const UBox* otherLabel) {
  SceneEnd& e = s.ends[k];
  const auto tries = labelCandidates(e);
  for (const auto& [x, y] : tries)
    if (labelFree(s, k, x, y, otherLabel)) {
      e.labelUx = x;
      e.labelUy = y;
      return true;
    }
  e.labelUx = tries.front().first;
  e.labelUy = tries.front().second;
  return false;
}

// The end's marker in units: an open end's ring round its front square, a blocked end's red bar
// across the front square at the end's side (thin when a laid tile fills the square).
std::array<float, 4> markerOf(const SceneEnd& e) {
  const Rect& f = e.frontUnits;
  const float fx = static_cast<float>(f.x), fy = static_cast<float>(f.y);
  if (!drawnBlocked(e)) return {fx + 1 - 0.8f, fy + 1 - 0.8f, 1.6f, 1.6f};
  const float t = e.onTile ? 0.3f : 0.7f;
  switch (e.dir) {
    case Dir::East: return {fx, fy, t, 2};
    case Dir::West: return {fx + 2 - t, fy, t, 2};
    case Dir::South: return {fx, fy, 2, t};
    case Dir::North: return {fx, fy + 2 - t, 2, t};
  }
  return {fx, fy, 2, 2};
}

// The ends' L and R labels (docs/studio.md, "End labels"): each as near its own end's marker as it
// can be (in its ring, or just beyond its red bar) on no tile, no ghost, not on the other end's
// marker or label, and nearer its own marker than the other's. L first, R around it; if R then has
// no place, R first and L around it.
void placeLabels(TableScene& s) {
  for (SceneEnd& e : s.ends) {
    const float fx = static_cast<float>(e.frontUnits.x) + 1, fy = static_cast<float>(e.frontUnits.y) + 1;
    e.onTile = overlapsAny(s, fx, fy, 1.9f);
    e.markerUnits = markerOf(e);
  }
  if (s.ends.size() < 2) return;
  auto box = [&](std::size_t k) { return squareAt(s.ends[k].labelUx, s.ends[k].labelUy, kLabelUnits); };
  placeLabel(s, 0, nullptr);
  UBox l = box(0);
  if (placeLabel(s, 1, &l)) return;
  placeLabel(s, 1, nullptr);
  const UBox r = box(1);
  if (placeLabel(s, 0, &r)) return;
  placeLabel(s, 0, nullptr);  // no pair fits: each where it is freest of the line
  l = box(0);
  placeLabel(s, 1, &l);
}

TableScene fromLayout(const TableLayout& l) {
  TableScene s;
  s.tableW = l.tableW;
  s.tableH = l.tableH;
  for (std::size_t i = 0; i < l.tiles.size(); ++i) {
    SceneTile t = sceneTile(l.tiles[i]);
    t.lead = static_cast<int>(i) == l.leadIndex;
    s.tiles.push_back(t);
  }
  if (l.tiles.empty()) return s;
  for (int k = 0; k < 2; ++k) {
    const OpenEnd& oe = l.ends[static_cast<std::size_t>(k)];
    SceneEnd e;
    e.end = k == 0 ? End::L : End::R;
    e.label = k == 0 ? 'L' : 'R';
    e.pip = oe.pip;
    e.state = endStateOf(oe);
    e.dir = oe.dir;
    e.ux = static_cast<float>(oe.x);
    e.uy = static_cast<float>(oe.y);
    e.frontUnits = frontSquare(oe);
    s.ends.push_back(e);
  }
  placeLabels(s);
  return s;
}

PxRect toPx(const ViewTransform& t, float x, float y, float w, float h) {
  return {t.x(x), t.y(y), w * t.scale, h * t.scale};
}
PxRect toPx(const ViewTransform& t, const Rect& r) {
  return toPx(t, static_cast<float>(r.x), static_cast<float>(r.y), static_cast<float>(r.w), static_cast<float>(r.h));
}

struct Bounds {
  float x0 = std::numeric_limits<float>::max(), y0 = x0, x1 = -x0, y1 = -x0;
  void grow(const Rect& r) {
    x0 = std::min(x0, static_cast<float>(r.x));
    y0 = std::min(y0, static_cast<float>(r.y));
    x1 = std::max(x1, static_cast<float>(r.x + r.w));
    y1 = std::max(y1, static_cast<float>(r.y + r.h));
  }
  [[nodiscard]] bool empty() const { return x0 > x1; }
  void pad(float p) {
    x0 -= p;
    y0 -= p;
    x1 += p;
    y1 += p;
  }
  void atLeast(float w, float h) {
    const float cx = (x0 + x1) * 0.5f, cy = (y0 + y1) * 0.5f;
    w = std::max(w, x1 - x0);
    h = std::max(h, y1 - y0);
    x0 = cx - w * 0.5f;
    x1 = cx + w * 0.5f;
    y0 = cy - h * 0.5f;
    y1 = cy + h * 0.5f;
  }
};

// The units the view's fit shows before zoom and pan.
Bounds fitBounds(const TableScene& s, ViewMode mode) {
  const float tw = static_cast<float>(2 * std::max(s.tableW, 1)), th = static_cast<float>(2 * std::max(s.tableH, 1));
  Bounds b;
  if (mode == ViewMode::WholeTable) {
    b.grow(Rect{0, 0, static_cast<int>(tw), static_cast<int>(th)});
    b.pad(1.5f);  // the wooden frame shows the edge
    return b;
  }
  for (const auto& t : s.tiles) b.grow(t.units);
  for (const auto& g : s.ghosts) b.grow(g.tile.units);
  for (const auto& e : s.ends) b.grow(e.frontUnits);
  if (b.empty()) {
    b.x0 = b.x1 = tw * 0.5f;
    b.y0 = b.y1 = th * 0.5f;
  }
  b.pad(2.0f);
  // An edge the line comes near (8 squares) is shown with its frame, so that where the snake bends
  // or a free end is blocked by the edge, the default view shows why; nearest first, and only while
  // the view grows by at most 35% on that axis (the tiles must stay big enough to count pips).
  constexpr float kNear = 16.0f, kGrow = 0.35f;
  const float w0 = b.x1 - b.x0, h0 = b.y1 - b.y0;
  struct Edge {
    float gap;
    int side;  // 0 west, 1 north, 2 east, 3 south
  };
  std::array<Edge, 4> edges{{{b.x0, 0}, {b.y0, 1}, {tw - b.x1, 2}, {th - b.y1, 3}}};
  std::sort(edges.begin(), edges.end(), [](const Edge& a, const Edge& c) { return a.gap < c.gap; });
  for (const Edge& e : edges) {
    if (e.gap >= kNear) break;
    const bool horizontal = e.side % 2 == 0;
    const float grown = (horizontal ? b.x1 - b.x0 : b.y1 - b.y0) + e.gap + 1.5f;
    if (grown > (horizontal ? w0 : h0) * (1 + kGrow)) continue;
    if (e.side == 0) b.x0 = -1.5f;
    if (e.side == 1) b.y0 = -1.5f;
    if (e.side == 2) b.x1 = tw + 1.5f;
    if (e.side == 3) b.y1 = th + 1.5f;
  }
  b.atLeast(std::min(tw + 2, 30.0f), std::min(th + 2, 16.0f));
  return b;
}

ViewTransform centred(float cx, float cy, float scale, float w, float h) {
  return {scale, w * 0.5f - cx * scale, h * 0.5f - cy * scale};
}

void placeTile(SceneTile& t, const ViewTransform& tr) { t.px = toPx(tr, t.units); }

// A red bar across the front square, on the side that touches the end (0.7 units thick; 0.3 when a
// tile lies there, so that its pips stay readable).
PxRect barOf(const SceneEnd& e, const ViewTransform& tr) {
  const float t = e.onTile ? 0.3f : 0.7f;
  const Rect& f = e.frontUnits;
  float bx = static_cast<float>(f.x), by = static_cast<float>(f.y), bw = static_cast<float>(f.w),
        bh = static_cast<float>(f.h);
  if (e.dir == Dir::East)
    bw = t;
  else if (e.dir == Dir::West)
    bx += bw - t, bw = t;
  else if (e.dir == Dir::South)
    bh = t;
  else
    by += bh - t, bh = t;
  return toPx(tr, bx, by, bw, bh);
}

}  // namespace

TableScene sceneOf(const Match& m, Tile selected, bool showGhosts, Tile lastPlayed, bool veil) {
  TableScene s = fromLayout(m.layout());
  for (auto& t : s.tiles) t.last = t.tile == lastPlayed;
  if (veil) {
    // A lesson's task waits (disclosure.h): every end is drawn open, and no ghost says where a tile goes.
    s.veiled = true;
    for (auto& e : s.ends) e.veiled = true;
    placeLabels(s);
    return s;
  }
  if (selected == kNoTile || !showGhosts) return s;
  for (const Move& mv : m.legalMoves()) {
    if (mv.kind != MoveKind::Play || mv.tile != selected) continue;
    Match after = m;
    after.apply(mv);
    for (const TilePlacement& p : after.layout().tiles)
      if (p.tile == selected) s.ghosts.push_back({mv, sceneTile(p)});
  }
  auto overlaps = [](const Rect& a, const Rect& b) {
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  };
  for (auto& e : s.ends)
    e.underGhost = std::any_of(s.ghosts.begin(), s.ghosts.end(),
                               [&](const SceneGhost& g) { return overlaps(g.tile.units, e.frontUnits); });
  placeLabels(s);  // again, clear of the ghosts
  return s;
}

TableScene sceneOf(const Rules& rules, std::span<const LaidTile> line, int leadIndex) {
  TableLayout l;
  if (rules.layout == LayoutRule::Free) {
    auto laid = freeLayout(line, leadIndex, rules.tableW, rules.tableH);
    if (auto* t = std::get_if<TableLayout>(&laid)) l = std::move(*t);
  }
  // As Match::layout(): a free line that does not lay (or the snake) is laid by the snake.
  if (l.tiles.empty() && !line.empty()) l = snakeLayout(line, leadIndex, rules.tableW, rules.tableH);
  if (line.empty()) {
    l.tableW = rules.tableW;
    l.tableH = rules.tableH;
  }
  TableScene s = fromLayout(l);
  s.editing = true;
  return s;
}

std::pair<int, int> matchingRun(std::span<const LaidTile> line, int leadIndex) {
  const int n = static_cast<int>(line.size());
  if (n == 0 || leadIndex < 0 || leadIndex >= n) return {0, -1};
  int lo = leadIndex, hi = leadIndex;
  while (lo > 0 && line[static_cast<std::size_t>(lo - 1)].right == line[static_cast<std::size_t>(lo)].left) --lo;
  while (hi + 1 < n && line[static_cast<std::size_t>(hi)].right == line[static_cast<std::size_t>(hi + 1)].left) ++hi;
  return {lo, hi};
}

TableScene editedScene(const Rules& rules, std::span<const LaidTile> line, int leadIndex) {
  const auto [lo, hi] = matchingRun(line, leadIndex);
  if (hi < lo) return sceneOf(rules, line.first(0), 0);
  return sceneOf(rules, line.subspan(static_cast<std::size_t>(lo), static_cast<std::size_t>(hi - lo + 1)),
                 leadIndex - lo);
}

TableScene placed(TableScene s, const TableView& view, float w, float h) {
  s.view = view;
  s.viewportW = w = std::max(w, 1.0f);
  s.viewportH = h = std::max(h, 1.0f);
  const Bounds b = fitBounds(s, view.mode);
  const float cx = (b.x0 + b.x1) * 0.5f, cy = (b.y0 + b.y1) * 0.5f;
  const float scale = std::min(w / (b.x1 - b.x0), h / (b.y1 - b.y0));
  s.fitted = centred(cx, cy, scale, w, h);
  s.transform = centred(cx + view.panX, cy + view.panY, scale * std::clamp(view.zoom, kMinZoom, kMaxZoom), w, h);
  const ViewTransform& tr = s.transform;
  s.table = toPx(tr, 0, 0, static_cast<float>(2 * s.tableW), static_cast<float>(2 * s.tableH));
  for (auto& t : s.tiles) placeTile(t, tr);
  for (auto& g : s.ghosts) placeTile(g.tile, tr);
  for (auto& e : s.ends) {
    e.px = tr.x(e.ux);
    e.py = tr.y(e.uy);
    e.front = toPx(tr, e.frontUnits);
    e.bar = drawnBlocked(e) ? barOf(e, tr) : PxRect{};
    e.labelBox = toPx(tr, e.labelUx - kLabelUnits * 0.5f, e.labelUy - kLabelUnits * 0.5f, kLabelUnits, kLabelUnits);
  }
  return s;
}

int ghostAt(const TableScene& s, float x, float y, float slop) {
  int best = -1;
  float bestD = std::numeric_limits<float>::max();
  for (std::size_t i = 0; i < s.ghosts.size(); ++i) {
    const PxRect& r = s.ghosts[i].tile.px;
    if (!PxRect{r.x - slop, r.y - slop, r.w + 2 * slop, r.h + 2 * slop}.contains(x, y)) continue;
    const float d = std::hypot(r.cx() - x, r.cy() - y);
    if (d < bestD) {
      bestD = d;
      best = static_cast<int>(i);
    }
  }
  return best;
}

int endAt(const TableScene& s, float x, float y) {
  for (std::size_t i = 0; i < s.ends.size(); ++i)
    if (s.ends[i].front.contains(x, y)) return static_cast<int>(i);
  return -1;
}

TableView zoomedAt(const TableScene& s, float x, float y, float factor) {
  TableView v = s.view;
  v.zoom = std::clamp(v.zoom * factor, kMinZoom, kMaxZoom);
  // The units under (x, y) stay under it: solve the new centre from the new scale.
  const float ux = (x - s.transform.offsetX) / s.transform.scale, uy = (y - s.transform.offsetY) / s.transform.scale;
  const float scale = s.fitted.scale * v.zoom;
  const float cx = (s.viewportW * 0.5f - (x - ux * scale)) / scale,
              cy = (s.viewportH * 0.5f - (y - uy * scale)) / scale;
  const float fcx = (s.viewportW * 0.5f - s.fitted.offsetX) / s.fitted.scale,
              fcy = (s.viewportH * 0.5f - s.fitted.offsetY) / s.fitted.scale;
  v.panX = cx - fcx;
  v.panY = cy - fcy;
  return v;
}

TableView pannedBy(const TableScene& s, float dxPx, float dyPx) {
  TableView v = s.view;
  v.panX -= dxPx / s.transform.scale;
  v.panY -= dyPx / s.transform.scale;
  return v;
}

std::vector<Sprite> spritesOf(const TableScene& s, const SpriteStyle& st) {
  const float k = st.pixelRatio, unit = s.transform.scale * k;
  const float inset = 0.06f * unit;  // a small gap between neighbouring tiles
  auto sprite = [&](const PxRect& r, int kind, float alpha) {
    Sprite sp;
    sp.cx = r.cx() * k;
    sp.cy = r.cy() * k;
    sp.w = r.w * k;
    sp.h = r.h * k;
    sp.kind = kind;
    sp.alpha = alpha;
    return sp;
  };
  auto tileSprite = [&](const SceneTile& t, int kind, float alpha) {
    Sprite sp = sprite(t.px, kind, alpha);
    sp.w -= inset * 2;
    sp.h -= inset * 2;
    sp.first = t.first;
    sp.second = t.second;
    if (t.last && kind != Sprite::Ghost) sp.cy -= (1.0f - st.anim) * 12.0f * k;
    return sp;
  };
  auto alphaOf = [&](const SceneTile& t) { return t.last ? st.anim : 1.0f; };
  std::vector<Sprite> out;
  out.reserve(s.tiles.size() * 2 + s.ghosts.size() + 8);
  for (const auto& t : s.tiles) out.push_back(tileSprite(t, Sprite::Shadow, alphaOf(t)));
  for (const auto& t : s.tiles) out.push_back(tileSprite(t, Sprite::Tile, alphaOf(t)));
  // Several placements of one tile share the end's square (issue 25, defect 16): the others are
  // faint, and the one Enter plays is drawn last, whole on that square, outlined as the ghost a
  // click would play.
  const int chosen = st.chosenGhost;
  const bool choice = s.ghosts.size() > 1 && chosen >= 0 && chosen < static_cast<int>(s.ghosts.size());
  for (std::size_t i = 0; i < s.ghosts.size(); ++i)
    if (!choice || static_cast<int>(i) != chosen)
      out.push_back(tileSprite(s.ghosts[i].tile, Sprite::Ghost, choice ? 0.45f : 1.0f));
  if (choice) {
    const SceneTile& t = s.ghosts[static_cast<std::size_t>(chosen)].tile;
    out.push_back(tileSprite(t, Sprite::Ghost, 1.0f));
    out.push_back(tileSprite(t, Sprite::Hover, 0.9f));
  }
  for (const auto& e : s.ends) {
    if (!drawnBlocked(e)) {
      if (e.underGhost) continue;  // the ghosts show where the end is; the ring would hide their pips
      Sprite sp = sprite(e.front, Sprite::Marker, 0.9f);
      sp.w = sp.h = unit * 1.6f;
      out.push_back(sp);
      continue;
    }
    out.push_back(sprite(e.bar, Sprite::Blocked, 0.95f));
  }
  if (s.editing)
    for (const auto& t : s.tiles)
      if (t.lead) out.push_back(tileSprite(t, Sprite::Lead, 1.0f));
  for (const auto& t : s.tiles)
    if (t.last) out.push_back(tileSprite(t, Sprite::Outline, st.anim));
  // Last, so no other outline covers it: the ghost a click would play.
  if (st.hoverGhost >= 0 && st.hoverGhost < static_cast<int>(s.ghosts.size()))
    out.push_back(tileSprite(s.ghosts[static_cast<std::size_t>(st.hoverGhost)].tile, Sprite::Hover, 1.0f));
  return out;
}

std::string ghostText(const Move& m) {
  std::string t = tileText(m.tile);
  if (m.end != End::None) t += m.end == End::L ? " L" : " R";
  if (m.heading != Heading::Straight) t += std::string(" ") + name(m.heading);
  return t;
}

nlohmann::json sceneState(const TableScene& s, float originX, float originY) {
  using nlohmann::json;
  auto px = [&](json& j, const PxRect& r) {
    j["x"] = originX + r.x;
    j["y"] = originY + r.y;
    j["w"] = r.w;
    j["h"] = r.h;
  };
  auto tileJson = [&](const SceneTile& t, bool ghost) {
    json j;
    j["tile"] = tileText(t.tile);
    j["text"] = tileText(t.pips[0], t.pips[1]);
    j["pips"] = {t.pips[0], t.pips[1]};
    j["drawn"] = {t.first, t.second};
    j["ghost"] = ghost;
    j["crosswise"] = t.crosswise;
    j["lead"] = t.lead;
    px(j, t.px);
    j["units"] = {{"x", t.units.x}, {"y", t.units.y}, {"w", t.units.w}, {"h", t.units.h}};
    return j;
  };
  json tiles = json::array(), ghosts = json::array(), ends = json::array();
  for (const auto& t : s.tiles) tiles.push_back(tileJson(t, false));
  for (const auto& g : s.ghosts) {
    tiles.push_back(tileJson(g.tile, true));
    json j = tileJson(g.tile, true);
    j["move"] = ghostText(g.move);
    ghosts.push_back(j);
  }
  for (const auto& e : s.ends) {
    json j;
    j["end"] = std::string(1, e.label);
    j["pip"] = e.pip;
    j["state"] = name(e.state);
    json by = json::array();
    if (e.state == EndState::BlockedByEdge || e.state == EndState::BlockedByBoth) by.push_back("edge");
    if (e.state == EndState::BlockedByTiles || e.state == EndState::BlockedByBoth) by.push_back("tiles");
    j["blocked_by"] = by;
    j["dir"] = name(e.dir);
    j["x"] = originX + e.px;
    j["y"] = originY + e.py;
    json f;
    px(f, e.front);
    j["front"] = f;
    j["underGhost"] = e.underGhost;
    json lb;
    px(lb, e.labelBox);
    j["label"] = lb;
    // What is drawn (a lesson's task may veil the state): the marker and the label's colours.
    j["style"] = {{"marker", drawnBlocked(e) ? "bar" : "ring"}, {"label", drawnBlocked(e) ? "blocked" : "open"}};
    if (drawnBlocked(e)) {
      json b;
      px(b, e.bar);
      j["bar"] = b;
    }
    ends.push_back(j);
  }
  json t;
  t["tiles"] = tiles;
  t["line"] = static_cast<int>(s.tiles.size());
  t["ghosts"] = ghosts;
  t["ends"] = ends;
  t["editing"] = s.editing;
  t["veiled"] = s.veiled;
  t["size"] = {s.tableW, s.tableH};
  json felt;
  px(felt, s.table);
  t["felt"] = felt;
  t["view"] = {{"mode", name(s.view.mode)},
               {"zoom", s.view.zoom},
               {"panX", s.view.panX},
               {"panY", s.view.panY},
               {"scale", s.transform.scale}};
  return t;
}

}  // namespace dom::studio
