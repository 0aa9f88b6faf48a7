// SPDX-License-Identifier: MIT
// Checks what the studio drew against what it says it drew and against core:
//   studio_png_check SHOT.png STATE.json      the picture is not blank; felt in the table; every tile of
//                                             the dumped scene shows ivory, its half centres are dark
//                                             exactly where the pips have a centre pip; one drawn tile
//                                             per tile of the line; a red bar on every blocked end only
//   studio_png_check --layout STATE.json LAYOUT.json   the dumped scene is `dominoes layout --json`
//   studio_png_check --line STATE.json        the dumped scene's tiles are the match's line
//   studio_png_check --same A.png B.png       two pictures are identical
//   studio_png_check --nearest STATE.json PTR FX FY   prints "x y i": the point (0.5 + FX, 0.5 + FY) of
//                                             the rect at a JSON pointer and the ghost a click there must
//                                             play (nearest centre among at least two ghosts under it)
//   studio_png_check --played STATE1 I STATE2 the tile played in STATE2 lies where ghost I of STATE1 was
//   studio_png_check --hover SHOT.png STATE I the hover highlight (cyan) runs round ghost I
//   studio_png_check --tooltip PLAIN HOVER STATE ROW   the Analysis pane's tooltip of row ROW drawn
//                                             (its rect changed from PLAIN to HOVER, light text in it)
//   studio_png_check --marks SHOT.png STATE   the record analysis as drawn: every visible Timeline mark
//                                             (?!, ?, ??) shows its colour in its rect; the win graph's
//                                             curve shows its colour along its points, a dot of the
//                                             mark's colour on it at every marked move
//   studio_png_check --popup SHOT.png STATE   the open popup (a dialog) is opaque: most of it is the
//                                             style's PopupBg exactly, though it lies over the felt
//   studio_png_check --alike SHOT.png|- STATE  a lesson's task waits (issue 52): nothing drawn answers it.
//                                             In the state: the hands' tiles are drawn alike (none greyed),
//                                             both ends alike (no red bar), the stock's tiles alike (no
//                                             reserve outline, no face); in the picture (unless -), every
//                                             face-up hand tile's face colour (the median of its inner
//                                             pixels, which the pips do not move) is the same
#include <stb_image.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace {

using nlohmann::json;

int failures = 0;
void fail(const std::string& what) {
  std::fprintf(stderr, "%s\n", what.c_str());
  ++failures;
}

json readJson(const char* path) {
  std::ifstream in(path);
  auto j = json::parse(in, nullptr, false);
  if (j.is_discarded()) {
    std::fprintf(stderr, "cannot read %s\n", path);
    std::exit(1);
  }
  return j;
}

struct Image {
  int w = 0, h = 0;
  unsigned char* px = nullptr;
  explicit Image(const char* path) {
    int n = 0;
    px = stbi_load(path, &w, &h, &n, 3);
    if (!px) {
      std::fprintf(stderr, "cannot read %s\n", path);
      std::exit(1);
    }
  }
  ~Image() { stbi_image_free(px); }
  Image(const Image&) = delete;
  Image& operator=(const Image&) = delete;
  [[nodiscard]] bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < w && y < h; }
  [[nodiscard]] const unsigned char* at(int x, int y) const {
    return px + (static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) * 3;
  }
  // The darkest channel sum in a (2r+1)^2 box: pips are small, so look around the point.
  [[nodiscard]] int darkest(int cx, int cy, int r) const {
    int best = 3 * 255;
    for (int y = cy - r; y <= cy + r; ++y)
      for (int x = cx - r; x <= cx + r; ++x)
        if (inside(x, y)) best = std::min(best, at(x, y)[0] + at(x, y)[1] + at(x, y)[2]);
    return best;
  }
};

std::string canonical(const std::string& t) {
  if (t.size() == 3 && t[0] < t[2]) return std::string{t[2], '-', t[0]};
  return t;
}

bool isIvory(const unsigned char* p) { return p[0] > 170 && p[1] > 160 && p[2] > 120 && p[0] >= p[2]; }
bool isRed(const unsigned char* p) { return p[0] > 150 && p[1] < 90 && p[2] < 90; }

bool inRect(const json& r, int x, int y) {
  const double rx = r.at("x").get<double>(), ry = r.at("y").get<double>();
  return x >= rx && y >= ry && x <= rx + r.at("w").get<double>() && y <= ry + r.at("h").get<double>();
}

// ends: a half under an end's front square is drawn over by its marker, bar and label.
void checkTilePixels(const Image& img, const json& t, const json& ends) {
  const double x = t.at("x").get<double>(), y = t.at("y").get<double>(), w = t.at("w").get<double>(),
               h = t.at("h").get<double>();
  const std::string name = t.at("tile").get<std::string>();
  int ivory = 0, total = 0;
  for (double v = 0.2; v <= 0.8; v += 0.1)
    for (double u = 0.15; u <= 0.85; u += 0.1) {
      const int px = static_cast<int>(x + u * w), py = static_cast<int>(y + v * h);
      if (!img.inside(px, py)) continue;
      ++total;
      ivory += isIvory(img.at(px, py));
    }
  if (total == 0 || ivory * 2 < total)
    fail("tile " + name + ": only " + std::to_string(ivory) + " of " + std::to_string(total) + " pixels are ivory");
  // The centre of each half: a pip there exactly when the half's count is odd (1, 3, 5). Below 24 px
  // across, pips are a pixel or two and blur into their neighbours: only the ivory is checked.
  if (std::min(w, h) < 24) return;
  const bool wide = w >= h;
  const int r = std::max(1, static_cast<int>(std::min(w, h) * 0.03));
  for (int k = 0; k < 2; ++k) {
    const int pips = t.at("drawn")[static_cast<std::size_t>(k)].get<int>();
    const double f = k == 0 ? 0.25 : 0.75;
    const int cx = static_cast<int>(wide ? x + w * f : x + w * 0.5),
              cy = static_cast<int>(wide ? y + h * 0.5 : y + h * f);
    if (!img.inside(cx, cy) ||
        std::any_of(ends.begin(), ends.end(), [&](const json& e) { return inRect(e.at("front"), cx, cy); }))
      continue;
    const bool dark = img.darkest(cx, cy, r) < 3 * 110;
    if (dark != (pips % 2 == 1))
      fail("tile " + name + " half " + std::to_string(k) + " (" + std::to_string(pips) + " pips): centre is " +
           (dark ? "dark" : "light"));
  }
}

int redIn(const Image& img, const json& r) {
  const int x0 = static_cast<int>(r.at("x").get<double>()), y0 = static_cast<int>(r.at("y").get<double>());
  const int x1 = x0 + static_cast<int>(r.at("w").get<double>()), y1 = y0 + static_cast<int>(r.at("h").get<double>());
  int n = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) n += img.inside(x, y) && isRed(img.at(x, y));
  return n;
}

int checkShot(const char* png, const char* statePath) {
  const Image img(png);
  const json state = readJson(statePath);
  long distinct = 0;
  unsigned prev = 0;
  for (int i = 0; i < img.w * img.h; i += 97) {
    const unsigned char* p = img.px + static_cast<std::size_t>(i) * 3;
    const unsigned c = static_cast<unsigned>(p[0]) << 16 | static_cast<unsigned>(p[1]) << 8 | p[2];
    if (c != prev) ++distinct;
    prev = c;
  }
  if (distinct < 200) fail("the picture looks blank (" + std::to_string(distinct) + " colour changes)");
  const json& table = state.at("table");
  const int tx = static_cast<int>(table.at("x").get<double>()), ty = static_cast<int>(table.at("y").get<double>());
  const int tw = static_cast<int>(table.at("w").get<double>()), th = static_cast<int>(table.at("h").get<double>());
  int green = 0;
  for (int y = ty; y < ty + th && y < img.h; y += 7)
    for (int x = tx; x < tx + tw && x < img.w; x += 7) {
      const unsigned char* p = img.at(x, y);
      if (p[1] > p[0] + 20 && p[1] > p[2]) ++green;
    }
  if (green < 50) fail("no felt in the table area");
  int tiles = 0;
  for (const auto& t : table.at("tiles")) {
    if (t.at("ghost").get<bool>()) continue;
    ++tiles;
    checkTilePixels(img, t, table.at("ends"));
  }
  const auto lineLength = static_cast<int>(state.at("line").size());
  if (!table.value("editing", false) && tiles != lineLength)
    fail("the line has " + std::to_string(lineLength) + " tiles, the table drew " + std::to_string(tiles));
  for (const auto& e : table.at("ends")) {
    const std::string label = e.at("end").get<std::string>();
    const bool blocked = e.at("state").get<std::string>() != "open";
    if (!blocked && redIn(img, e.at("front")) > 0) fail("end " + label + " is open but shows red");
    if (!blocked) continue;
    // The red bar: red along its length, on the line through its middle.
    const json& b = e.at("bar");
    const double bx = b.at("x").get<double>(), by = b.at("y").get<double>(), bw = b.at("w").get<double>(),
                 bh = b.at("h").get<double>();
    int red = 0, total = 0;
    for (double f = 0.15; f <= 0.85; f += 0.05) {
      const int x = static_cast<int>(bw >= bh ? bx + bw * f : bx + bw * 0.5),
                y = static_cast<int>(bw >= bh ? by + bh * 0.5 : by + bh * f);
      if (!img.inside(x, y)) continue;
      ++total;
      red += isRed(img.at(x, y));
    }
    if (total == 0 || red * 10 < total * 8)
      fail("end " + label + " is blocked but its bar shows " + std::to_string(red) + " red of " +
           std::to_string(total));
  }
  // The whole-table view: the felt lies inside the table image with the wooden frame all round it.
  if (table.at("view").at("mode") == "whole-table") {
    const json& f = table.at("felt");
    const double fx = f.at("x").get<double>(), fy = f.at("y").get<double>(), fw = f.at("w").get<double>(),
                 fh = f.at("h").get<double>();
    if (fx <= tx || fy <= ty || fx + fw >= tx + tw || fy + fh >= ty + th)
      fail("whole table: the felt " + f.dump() + " is not inside the table image");
    const int out[4][2] = {{static_cast<int>(fx) - 3, static_cast<int>(fy + fh / 2)},
                           {static_cast<int>(fx + fw) + 3, static_cast<int>(fy + fh / 2)},
                           {static_cast<int>(fx + fw / 2), static_cast<int>(fy) - 3},
                           {static_cast<int>(fx + fw / 2), static_cast<int>(fy + fh) + 3}};
    for (const auto& o : out) {
      const unsigned char* p = img.inside(o[0], o[1]) ? img.at(o[0], o[1]) : nullptr;
      if (!p || !(p[0] > p[1] && p[0] > p[2]))
        fail("whole table: no wooden edge at " + std::to_string(o[0]) + "," + std::to_string(o[1]));
    }
  }
  std::printf("%s: %d tiles and %zu ends checked, %d failures\n", png, tiles, table.at("ends").size(), failures);
  return failures ? 1 : 0;
}

int checkLayout(const char* statePath, const char* layoutPath) {
  const json table = readJson(statePath).at("table");
  const json lay = readJson(layoutPath);
  std::vector<json> tiles;
  for (const auto& t : table.at("tiles"))
    if (!t.at("ghost").get<bool>()) tiles.push_back(t);
  if (tiles.size() != lay.at("tiles").size())
    fail("the table drew " + std::to_string(tiles.size()) + " tiles, core's layout has " +
         std::to_string(lay.at("tiles").size()));
  for (std::size_t i = 0; i < std::min(tiles.size(), lay.at("tiles").size()); ++i) {
    const json& a = tiles[i];
    const json& b = lay["tiles"][i];
    const json& u = a.at("units");
    if (a.at("text") != b.at("tile") || u.at("x") != b.at("x") || u.at("y") != b.at("y") || u.at("w") != b.at("w") ||
        u.at("h") != b.at("h") || a.at("crosswise") != b.at("crosswise"))
      fail("tile " + std::to_string(i) + ": drawn " + a.dump() + ", core " + b.dump());
  }
  if (table.at("ends").size() != lay.at("ends").size())
    fail("ends: drawn " + table.at("ends").dump() + ", core " + lay.at("ends").dump());
  for (std::size_t i = 0; i < std::min(table.at("ends").size(), lay.at("ends").size()); ++i) {
    const json& a = table["ends"][i];
    const json& b = lay["ends"][i];
    if (a.at("end") != b.at("end") || a.at("pip") != b.at("pip") ||
        (b.contains("blocked_by") && a.at("blocked_by") != b.at("blocked_by")))
      fail("end " + std::to_string(i) + ": drawn " + a.dump() + ", core " + b.dump());
  }
  std::printf("%s: %zu tiles and %zu ends match %s, %d failures\n", statePath, tiles.size(), table.at("ends").size(),
              layoutPath, failures);
  return failures ? 1 : 0;
}

int checkLine(const char* statePath) {
  const json state = readJson(statePath);
  std::vector<std::string> drawn, line;
  for (const auto& t : state.at("table").at("tiles"))
    if (!t.at("ghost").get<bool>()) drawn.push_back(canonical(t.at("tile").get<std::string>()));
  for (const auto& t : state.at("line")) line.push_back(canonical(t.get<std::string>()));
  if (drawn != line) fail("the table drew " + json(drawn).dump() + " but the line is " + json(line).dump());
  std::printf("%s: %zu tiles drawn are the line, %d failures\n", statePath, drawn.size(), failures);
  return failures ? 1 : 0;
}

int checkSame(const char* a, const char* b) {
  const Image x(a), y(b);
  if (x.w != y.w || x.h != y.h) {
    fail(std::string(a) + " and " + b + " differ in size");
    return 1;
  }
  long differ = 0;
  for (std::size_t i = 0; i < static_cast<std::size_t>(x.w) * static_cast<std::size_t>(x.h) * 3; ++i)
    differ += x.px[i] != y.px[i];
  if (differ) fail(std::string(a) + " and " + b + " differ in " + std::to_string(differ) + " channel values");
  std::printf("%s and %s: %dx%d, %ld values differ\n", a, b, x.w, x.h, differ);
  return failures ? 1 : 0;
}

int printNearest(const char* statePath, const char* pointer, double fx, double fy) {
  const json state = readJson(statePath);
  const json r = state.at(json::json_pointer(pointer));
  const double x = r.at("x").get<double>() + r.at("w").get<double>() * (0.5 + fx),
               y = r.at("y").get<double>() + r.at("h").get<double>() * (0.5 + fy);
  int best = -1, under = 0;
  double bestD = 1e18;
  const json& ghosts = state.at("table").at("ghosts");
  for (std::size_t i = 0; i < ghosts.size(); ++i) {
    const json& g = ghosts[i];
    const double gx = g.at("x").get<double>(), gy = g.at("y").get<double>(), gw = g.at("w").get<double>(),
                 gh = g.at("h").get<double>();
    if (x < gx || x > gx + gw || y < gy || y > gy + gh) continue;
    ++under;
    const double d = std::hypot(gx + gw * 0.5 - x, gy + gh * 0.5 - y);
    if (d < bestD) {
      bestD = d;
      best = static_cast<int>(i);
    }
  }
  if (under < 2) {
    std::fprintf(stderr, "only %d ghosts under %.1f,%.1f: nothing overlaps there\n", under, x, y);
    return 1;
  }
  std::printf("%.1f %.1f %d\n", x, y, best);
  return 0;
}

int checkPlayed(const char* before, const char* index, const char* after) {
  const json a = readJson(before), b = readJson(after);
  const json ghost = a.at("table").at("ghosts").at(static_cast<std::size_t>(std::atoi(index)));
  if (b.at("line").size() != a.at("line").size() + 1)
    fail("the click played " + std::to_string(b.at("line").size() - a.at("line").size()) + " tiles");
  bool found = false;
  for (const auto& t : b.at("table").at("tiles"))
    if (!t.at("ghost").get<bool>() && t.at("tile") == ghost.at("tile")) {
      found = true;
      if (t.at("units") != ghost.at("units"))
        fail("played " + t.at("units").dump() + ", but the nearest ghost was " + ghost.dump());
    }
  if (!found) fail("the ghost's tile was not played");
  const std::string status = b.value("status", "") + b.value("error", "");
  if (status.find("not in") != std::string::npos) fail("a second play was refused: " + status);
  std::printf("%s: the click played %s (%s), %d failures\n", after, ghost.at("move").get<std::string>().c_str(),
              ghost.at("units").dump().c_str(), failures);
  return failures ? 1 : 0;
}

// The hover ring's cyan, also as anti-aliased over felt or ivory (blue well above red).
bool isCyan(const unsigned char* p) { return p[0] < 200 && p[1] > 170 && p[2] > 170 && p[2] > p[0] + 30; }

int checkHover(const char* png, const char* statePath, const char* index) {
  const Image img(png);
  const json g = readJson(statePath).at("table").at("ghosts").at(static_cast<std::size_t>(std::atoi(index)));
  const double x = g.at("x").get<double>(), y = g.at("y").get<double>(), w = g.at("w").get<double>(),
               h = g.at("h").get<double>();
  // Walk the ghost's outline, away from the corners; at each point look 0..6 px outward for cyan.
  int hits = 0, total = 0;
  auto probe = [&](double px, double py, double nx, double ny) {
    ++total;
    for (int d = 0; d <= 6; ++d) {
      const int qx = static_cast<int>(px + nx * d), qy = static_cast<int>(py + ny * d);
      if (img.inside(qx, qy) && isCyan(img.at(qx, qy))) {
        ++hits;
        return;
      }
    }
  };
  for (double f = 0.2; f <= 0.8; f += 0.1) {
    probe(x + w * f, y, 0, -1);
    probe(x + w * f, y + h, 0, 1);
    probe(x, y + h * f, -1, 0);
    probe(x + w, y + h * f, 1, 0);
  }
  if (hits * 10 < total * 7)
    fail("ghost " + std::string(index) + ": the hover highlight shows at " + std::to_string(hits) + " of " +
         std::to_string(total) + " points of its outline");
  std::printf("%s: hover highlight round ghost %s (%s) at %d of %d points, %d failures\n", png, index,
              g.at("move").get<std::string>().c_str(), hits, total, failures);
  return failures ? 1 : 0;
}

// A pixel within `tol` of colour c on every channel somewhere in the box [x0,x1] x [y0,y1].
int colourPixels(const Image& img, const json& c, double x0, double y0, double x1, double y1, int tol) {
  int n = 0;
  for (int y = static_cast<int>(y0); y <= static_cast<int>(y1); ++y)
    for (int x = static_cast<int>(x0); x <= static_cast<int>(x1); ++x) {
      if (!img.inside(x, y)) continue;
      const unsigned char* p = img.at(x, y);
      bool near = true;
      for (int k = 0; k < 3; ++k) near = near && std::abs(p[k] - c.at(static_cast<std::size_t>(k)).get<int>()) <= tol;
      n += near ? 1 : 0;
    }
  return n;
}

int checkMarks(const char* png, const char* statePath) {
  const Image img(png);
  const json ra = readJson(statePath).at("record_analysis");
  int visible = 0;
  for (const json& m : ra.at("marks")) {
    if (!m.at("visible").get<bool>()) continue;
    ++visible;
    const double x = m.at("x").get<double>(), y = m.at("y").get<double>();
    const int n = colourPixels(img, m.at("colour"), x, y, x + m.at("w").get<double>(), y + m.at("h").get<double>(), 40);
    if (n < 3)
      fail("mark " + m.at("mark").get<std::string>() + " of move " + std::to_string(m.at("number").get<int>()) + ": " +
           std::to_string(n) + " pixels of its colour");
  }
  if (visible == 0) fail("no visible mark");
  const json& g = ra.at("graph");
  if (!g.at("drawn").get<bool>()) fail("no graph drawn");
  const auto& pts = g.at("points");
  int onCurve = 0;
  for (std::size_t i = 0; i + 1 < pts.size(); ++i) {  // the curve's colour near the middle of each segment
    const double mx = (pts[i][0].get<double>() + pts[i + 1][0].get<double>()) / 2;
    const double my = (pts[i][1].get<double>() + pts[i + 1][1].get<double>()) / 2;
    onCurve += colourPixels(img, g.at("colour"), mx - 2, my - 2, mx + 2, my + 2, 50) > 0 ? 1 : 0;
  }
  if (pts.size() < 2 || onCurve * 10 < static_cast<int>(pts.size() - 1) * 7)
    fail("the graph's curve shows at " + std::to_string(onCurve) + " of " + std::to_string(pts.size() - 1) +
         " segments");
  // Each mark's dot on the curve, at the position of its node in the branch.
  int dots = 0;
  for (const json& m : ra.at("marks")) {
    const auto pos = static_cast<std::size_t>(m.at("pathPos").get<int>());  // the row's position = its point
    if (pos >= pts.size()) {
      fail("mark of move " + std::to_string(m.at("number").get<int>()) + " at position " + std::to_string(pos) +
           ", past the graph's " + std::to_string(pts.size()) + " points");
      continue;
    }
    const double px = pts[pos][0].get<double>(), py = pts[pos][1].get<double>();
    if (colourPixels(img, m.at("colour"), px - 2, py - 2, px + 2, py + 2, 40) > 0)
      ++dots;
    else
      fail("no dot of the mark's colour on the graph at move " + std::to_string(pos));
  }
  std::printf("%s: %d visible marks, the curve at %d of %d segments, %d dots, %d failures\n", png, visible, onCurve,
              static_cast<int>(pts.size()) - 1, dots, failures);
  return failures ? 1 : 0;
}

// The Analysis pane's tooltip as drawn: STATE's /analysis/tooltip names row ROW and its tips' words;
// within its rect the picture with the mouse on the row differs from the one without in most pixels
// (the tooltip's box covers what was there), and holds light pixels of text.
int checkTooltip(const char* plainPath, const char* hoverPath, const char* statePath, int row) {
  const Image plain(plainPath), hover(hoverPath);
  const json t = readJson(statePath).at("analysis").at("tooltip");
  if (t.at("row").get<int>() != row)
    fail("the tooltip drawn is row " + t.at("row").dump() + "'s, not " + std::to_string(row) + "'s");
  if (t.at("text").get<std::string>().empty()) fail("the tooltip has no words");
  const int x0 = static_cast<int>(t.at("x").get<double>()), y0 = static_cast<int>(t.at("y").get<double>()),
            w = static_cast<int>(t.at("w").get<double>()), h = static_cast<int>(t.at("h").get<double>());
  if (w < 20 || h < 10) fail("the tooltip's rect is " + std::to_string(w) + "x" + std::to_string(h));
  long n = 0, differ = 0, light = 0;
  for (int y = y0 + 2; y < y0 + h - 2; ++y)
    for (int x = x0 + 2; x < x0 + w - 2; ++x) {
      if (!plain.inside(x, y) || !hover.inside(x, y)) continue;
      ++n;
      const unsigned char *a = plain.at(x, y), *b = hover.at(x, y);
      differ += std::abs(a[0] - b[0]) + std::abs(a[1] - b[1]) + std::abs(a[2] - b[2]) > 24;
      light += b[0] + b[1] + b[2] > 3 * 170;
    }
  if (n == 0 || differ * 2 < n)
    fail("only " + std::to_string(differ) + " of " + std::to_string(n) + " pixels in the tooltip's rect changed");
  if (light < 20) fail("only " + std::to_string(light) + " light (text) pixels in the tooltip");
  std::printf("%s: the tooltip of row %d, %dx%d at %d,%d: %ld of %ld pixels changed, %ld light\n", hoverPath, row, w, h,
              x0, y0, differ, n, light);
  return failures ? 1 : 0;
}

// The topmost popup (layout/popup) is opaque: below its title bar, the colour most of its pixels have
// is the style's PopupBg exactly (within rounding), though the popup lies over the table's felt,
// which a translucent background would let through (ImGui's default alpha of 0.94 shifts it by 2 to
// 6 levels). The popup must cover some of the Table pane, else the test would prove nothing.
int checkPopup(const char* shotPath, const char* statePath) {
  const Image img(shotPath);
  const json state = readJson(statePath);
  const json& popup = state.at("layout").at("popup");
  if (popup.is_null()) {
    fail("no popup is open");
    return 1;
  }
  const json& bg = popup.at("background");
  if (bg.at(3).get<double>() < 1.0) fail("the style's PopupBg has alpha " + bg.at(3).dump());
  const int want[3] = {static_cast<int>(std::lround(bg.at(0).get<double>() * 255)),
                       static_cast<int>(std::lround(bg.at(1).get<double>() * 255)),
                       static_cast<int>(std::lround(bg.at(2).get<double>() * 255))};
  const int x0 = static_cast<int>(popup.at("x").get<double>()) + 6,
            y0 = static_cast<int>(popup.at("y").get<double>()) + 30;
  const int x1 = static_cast<int>(popup.at("x").get<double>() + popup.at("w").get<double>()) - 6,
            y1 = static_cast<int>(popup.at("y").get<double>() + popup.at("h").get<double>()) - 6;
  const json& table = state.at("layout").at("panes").at("table");
  long n = 0, overTable = 0, near = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) {
      if (!img.inside(x, y)) continue;
      ++n;
      overTable += inRect(table, x, y);
      const unsigned char* p = img.at(x, y);
      near += std::abs(p[0] - want[0]) <= 1 && std::abs(p[1] - want[1]) <= 1 && std::abs(p[2] - want[2]) <= 1;
    }
  if (n == 0) {
    fail("the popup's rect is empty or off the picture");
    return 1;
  }
  if (overTable * 4 < n)
    fail("the popup covers only " + std::to_string(overTable) + " of its " + std::to_string(n) +
         " pixels of the Table pane: nothing shows whether it lets the felt through");
  if (near * 10 < n * 3)
    fail("only " + std::to_string(near) + " of " + std::to_string(n) + " pixels of the popup have its background (" +
         std::to_string(want[0]) + "," + std::to_string(want[1]) + "," + std::to_string(want[2]) +
         "): what lies under it shows through");
  std::printf("%s: popup %s, %ld pixels, %ld over the Table pane, %ld of its background colour\n", shotPath,
              popup.at("name").get<std::string>().c_str(), n, overTable, near);
  return failures ? 1 : 0;
}

}  // namespace

// Every element of the array at `ptr` of the state has the same value at `field` (a JSON pointer in
// the element); `what` names them in the failure.
void checkAlikeField(const json& state, const char* ptr, const char* field, const std::string& what) {
  const json::json_pointer at(ptr), in(field);
  if (!state.contains(at)) return;  // the pane is not drawn: nothing of it is seen
  const json& items = state.at(at);
  if (!items.is_array() || items.size() < 2) return;
  const json first = items.front().value(in, json());
  for (const json& item : items)
    if (item.value(in, json()) != first)
      return fail(what + " are drawn differently while a task waits: " + first.dump() + " and " +
                  item.value(in, json()).dump() + " (" + item.dump() + ")");
}

// The median of each channel over the rect's inner part (a fifth of its size in from each side: no
// outline, no rounded corner); the pips are far less than half of a half's face.
std::array<int, 3> faceColour(const Image& img, const json& r) {
  const double x = r["x"].get<double>(), y = r["y"].get<double>(), w = r["w"].get<double>(), h = r["h"].get<double>();
  std::array<std::vector<int>, 3> ch;
  for (int py = static_cast<int>(y + h * 0.2); py < static_cast<int>(y + h * 0.8); ++py)
    for (int px = static_cast<int>(x + w * 0.2); px < static_cast<int>(x + w * 0.8); ++px)
      if (img.inside(px, py))
        for (int c = 0; c < 3; ++c) ch[static_cast<std::size_t>(c)].push_back(img.at(px, py)[c]);
  std::array<int, 3> out{};
  for (std::size_t c = 0; c < 3; ++c) {
    if (ch[c].empty()) return {-1, -1, -1};
    std::nth_element(ch[c].begin(), ch[c].begin() + static_cast<long>(ch[c].size() / 2), ch[c].end());
    out[c] = ch[c][ch[c].size() / 2];
  }
  return out;
}

int checkAlike(const char* shot, const char* statePath) {
  const json state = readJson(statePath);
  for (const char* hand : {"/hands/A/rects", "/hands/B/rects"})
    checkAlikeField(state, hand, "/style/dim", "hand tiles");
  checkAlikeField(state, "/table/ends", "/style", "the ends");
  checkAlikeField(state, "/stockPane/styles", "", "the stock's tiles");
  if (std::strcmp(shot, "-") != 0) {
    const Image img(shot);
    for (const char* hand : {"/hands/A/rects", "/hands/B/rects"}) {
      const json::json_pointer at(hand);
      if (!state.contains(at)) continue;
      std::array<int, 3> first{-1, -1, -1};
      std::string firstTile;
      for (const json& r : state.at(at)) {
        if (r.value(json::json_pointer("/style/selected"), false)) continue;  // the learner's own choice
        const auto c = faceColour(img, r);
        if (c[0] < 0) continue;  // off the picture (scrolled)
        if (first[0] < 0) {
          first = c;
          firstTile = r["tile"].get<std::string>();
          continue;
        }
        for (std::size_t k = 0; k < 3; ++k)
          if (std::abs(c[k] - first[k]) > 12) {
            fail(std::string(shot) + ": hand tile " + r["tile"].get<std::string>() + "'s face (" +
                 std::to_string(c[0]) + "," + std::to_string(c[1]) + "," + std::to_string(c[2]) + ") differs from " +
                 firstTile + "'s (" + std::to_string(first[0]) + "," + std::to_string(first[1]) + "," +
                 std::to_string(first[2]) + ")");
            break;
          }
      }
    }
  }
  if (failures == 0) std::printf("alike: %s\n", statePath);
  return failures == 0 ? 0 : 1;
}

int main(int argc, char** argv) {
  if (argc == 4 && std::strcmp(argv[1], "--popup") == 0) return checkPopup(argv[2], argv[3]);
  if (argc == 4 && std::strcmp(argv[1], "--layout") == 0) return checkLayout(argv[2], argv[3]);
  if (argc == 3 && std::strcmp(argv[1], "--line") == 0) return checkLine(argv[2]);
  if (argc == 4 && std::strcmp(argv[1], "--same") == 0) return checkSame(argv[2], argv[3]);
  if (argc == 6 && std::strcmp(argv[1], "--nearest") == 0)
    return printNearest(argv[2], argv[3], std::atof(argv[4]), std::atof(argv[5]));
  if (argc == 5 && std::strcmp(argv[1], "--hover") == 0) return checkHover(argv[2], argv[3], argv[4]);
  if (argc == 5 && std::strcmp(argv[1], "--played") == 0) return checkPlayed(argv[2], argv[3], argv[4]);
  if (argc == 4 && std::strcmp(argv[1], "--marks") == 0) return checkMarks(argv[2], argv[3]);
  if (argc == 6 && std::strcmp(argv[1], "--tooltip") == 0)
    return checkTooltip(argv[2], argv[3], argv[4], std::atoi(argv[5]));
  if (argc == 4 && std::strcmp(argv[1], "--alike") == 0) return checkAlike(argv[2], argv[3]);
  if (argc == 3) return checkShot(argv[1], argv[2]);
  std::fprintf(stderr,
               "usage: studio_png_check SHOT.png STATE.json | --layout STATE LAYOUT | --line STATE | --same A.png "
               "B.png | --nearest STATE PTR FX FY | --played STATE1 I STATE2 | --hover SHOT STATE I | --marks SHOT "
               "STATE | --tooltip PLAIN HOVER STATE ROW | --popup SHOT STATE | --alike SHOT|- STATE\n");
  return 2;
}
