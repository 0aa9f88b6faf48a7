// SPDX-License-Identifier: MIT
// The table scene against core: the same tiles, pips and end states as `dominoes layout --json`,
// ghosts resolved by the nearest centre, blocked ends drawn, the views, and the sprites.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <variant>

#include <nlohmann/json.hpp>

#include "core/dgn.h"
#include "studio/model/scene.h"
#include "studio/model/timeline.h"

using namespace dom;
using namespace dom::studio;

namespace {
std::string scenario(const char* name) { return std::string(STUDIO_TEST_DIR) + "/../../scenarios/" + name; }

Timeline loaded(const std::string& path) {
  Timeline t;
  const auto err = t.loadFile(path);
  REQUIRE_MESSAGE(!err, (err ? err->text() : path));
  return t;
}

// The scene of a position must say what core's layout JSON says, tile for tile and end for end.
void checkAgainstLayout(const Match& m, const std::string& where) {
  const TableScene s = placed(sceneOf(m, kNoTile, true), TableView{}, 800, 500);
  const auto lay = nlohmann::json::parse(layoutJson(m.layout()));
  INFO(where);
  REQUIRE(s.tiles.size() == lay["tiles"].size());
  CHECK(s.tableW == lay["table"][0].get<int>());
  for (std::size_t i = 0; i < s.tiles.size(); ++i) {
    const auto& jt = lay["tiles"][i];
    const SceneTile& t = s.tiles[i];
    CHECK(tileText(t.pips[0], t.pips[1]) == jt["tile"].get<std::string>());
    CHECK(t.units.x == jt["x"].get<int>());
    CHECK(t.units.y == jt["y"].get<int>());
    CHECK(t.units.w == jt["w"].get<int>());
    CHECK(t.units.h == jt["h"].get<int>());
    CHECK(t.crosswise == jt["crosswise"].get<bool>());
    CHECK(t.lead == (static_cast<int>(i) == lay["lead"].get<int>()));
    // Pixels follow the units through the one transform.
    CHECK(t.px.x == doctest::Approx(s.transform.x(static_cast<float>(t.units.x))));
    CHECK(t.px.w == doctest::Approx(static_cast<float>(t.units.w) * s.transform.scale));
  }
  REQUIRE(s.ends.size() == lay["ends"].size());
  for (std::size_t e = 0; e < s.ends.size(); ++e) {
    const auto& je = lay["ends"][e];
    CHECK(std::string(1, s.ends[e].label) == je["end"].get<std::string>());
    CHECK(s.ends[e].pip == je["pip"].get<int>());
    CHECK(s.ends[e].ux == doctest::Approx(je["x"].get<double>()));
    CHECK(s.ends[e].uy == doctest::Approx(je["y"].get<double>()));
    if (je.contains("blocked_by")) {
      const auto by = je["blocked_by"];
      const bool edge = std::find(by.begin(), by.end(), "edge") != by.end();
      const bool tiles = std::find(by.begin(), by.end(), "tiles") != by.end();
      const EndState want = edge && tiles ? EndState::BlockedByBoth
                            : edge        ? EndState::BlockedByEdge
                            : tiles       ? EndState::BlockedByTiles
                                          : EndState::Open;
      CHECK(s.ends[e].state == want);
    }
  }
}

const Match& positionWhere(Timeline& t, const std::function<bool(const Match&)>& pred) {
  t.first();
  do {
    if (pred(t.current().match)) return t.current().match;
  } while (t.next());
  FAIL("no such position");
  return t.current().match;
}

bool hasSprite(const std::vector<Sprite>& sp, int kind) {
  return std::any_of(sp.begin(), sp.end(), [&](const Sprite& s) { return s.kind == kind; });
}
}  // namespace

TEST_CASE("the scene of every position of every scenario is core's layout") {
  int positions = 0;
  for (const auto& f : std::filesystem::directory_iterator(scenario(""))) {
    if (f.path().extension() != ".dgn") continue;
    Timeline t = loaded(f.path().string());
    t.first();
    do {
      checkAgainstLayout(t.current().match, f.path().filename().string() + " at " + std::to_string(t.pathPos()));
      ++positions;
    } while (t.next());
  }
  CHECK(positions > 100);
}

TEST_CASE("overlapping ghosts: the nearest centre wins, every ghost can be reached") {
  Timeline t = loaded(scenario("free_placement_corner.dgn"));
  const Match& m = positionWhere(t, [](const Match& x) { return x.line().size() == 4 && x.toMove() == Player::A; });
  const TableScene s = placed(sceneOf(m, tileOf(3, 1), true), TableView{}, 680, 460);
  REQUIRE(s.ghosts.size() == 3);
  // Where the three ghosts cross (the square in front of end R), all three are under the cursor.
  const SceneEnd& r = s.ends[1];
  const float x = r.front.cx(), y = r.front.cy();
  int under = 0;
  for (const auto& g : s.ghosts) under += g.tile.px.contains(x, y);
  CHECK(under == 3);
  const int hit = ghostAt(s, x, y);
  REQUIRE(hit >= 0);
  for (const auto& g : s.ghosts) {
    const float d = std::hypot(g.tile.px.cx() - x, g.tile.px.cy() - y);
    const auto& h = s.ghosts[static_cast<std::size_t>(hit)].tile.px;
    CHECK(std::hypot(h.cx() - x, h.cy() - y) <= d);
  }
  // Each ghost's own centre plays that ghost.
  for (std::size_t i = 0; i < s.ghosts.size(); ++i)
    CHECK(ghostAt(s, s.ghosts[i].tile.px.cx(), s.ghosts[i].tile.px.cy()) == static_cast<int>(i));
  CHECK(ghostAt(s, -5, -5) == -1);
  // The hover highlight is drawn on the ghost a click would play, and only then.
  SpriteStyle style;
  style.hoverGhost = hit;
  const auto sprites = spritesOf(s, style);
  const auto hover =
      std::find_if(sprites.begin(), sprites.end(), [](const Sprite& sp) { return sp.kind == Sprite::Hover; });
  REQUIRE(hover != sprites.end());
  CHECK(hover->cx == doctest::Approx(s.ghosts[static_cast<std::size_t>(hit)].tile.px.cx()));
  CHECK(hover->cy == doctest::Approx(s.ghosts[static_cast<std::size_t>(hit)].tile.px.cy()));
  CHECK_FALSE(hasSprite(spritesOf(s, SpriteStyle{}), Sprite::Hover));
  // End R lies under the ghosts: no ring over their pips; end L keeps its ring.
  CHECK(s.ends[1].underGhost);
  CHECK_FALSE(s.ends[0].underGhost);
  CHECK(std::count_if(sprites.begin(), sprites.end(), [](const Sprite& sp) { return sp.kind == Sprite::Marker; }) == 1);
  // Issue 25, defect 16: with a placement chosen (Left/Right), the other ghosts are faint and the
  // chosen one is drawn last, whole on the square they share, outlined.
  for (int chosen = 0; chosen < 3; ++chosen) {
    SpriteStyle pick;
    pick.chosenGhost = chosen;
    const auto sp = spritesOf(s, pick);
    std::vector<Sprite> ghosts;
    for (const Sprite& g : sp)
      if (g.kind == Sprite::Ghost) ghosts.push_back(g);
    REQUIRE(ghosts.size() == 3);
    const auto& want = s.ghosts[static_cast<std::size_t>(chosen)].tile.px;
    CHECK(ghosts.back().cx == doctest::Approx(want.cx()));
    CHECK(ghosts.back().cy == doctest::Approx(want.cy()));
    CHECK(ghosts.back().alpha == doctest::Approx(1.0f));
    CHECK(ghosts[0].alpha < 0.5f);
    CHECK(ghosts[1].alpha < 0.5f);
  }
}

TEST_CASE("blocked ends: state, hover text and a red bar instead of the ring") {
  struct Case {
    const char* file;
    EndState want;
  };
  for (const Case c : {Case{"end_blocked_by_edge.dgn", EndState::BlockedByEdge},
                       Case{"end_blocked_by_line.dgn", EndState::BlockedByTiles}}) {
    INFO(c.file);
    Timeline t = loaded(scenario(c.file));
    const Match& m = positionWhere(t, [](const Match& x) { return x.line().size() == 4 && x.toMove() == Player::A; });
    const TableScene s = placed(sceneOf(m, kNoTile, true), TableView{}, 680, 460);
    REQUIRE(s.ends.size() == 2);
    CHECK(s.ends[0].state == EndState::Open);
    CHECK(s.ends[1].state == c.want);
    CHECK(s.ends[1].label == 'R');
    CHECK(whyText(s.ends[1].state).find("blocked by") != std::string::npos);
    const auto sprites = spritesOf(s, SpriteStyle{});
    CHECK(std::count_if(sprites.begin(), sprites.end(), [](const Sprite& sp) { return sp.kind == Sprite::Blocked; }) ==
          1);
    CHECK(std::count_if(sprites.begin(), sprites.end(), [](const Sprite& sp) { return sp.kind == Sprite::Marker; }) ==
          1);
    CHECK(endAt(s, s.ends[1].front.cx(), s.ends[1].front.cy()) >= 0);
    const auto j = sceneState(s, 10, 20);
    CHECK(j["ends"][1]["state"] == name(c.want));
    CHECK(j["ends"][1]["blocked_by"].size() == 1);
    CHECK(j["ends"][0]["blocked_by"].empty());
    CHECK(j["ends"][1].contains("bar"));
    CHECK_FALSE(j["ends"][0].contains("bar"));
    // The bar lies in the front square, across it, at the side that touches the end.
    const SceneEnd& r = s.ends[1];
    CHECK(r.bar.w * r.bar.h > 0);
    CHECK(r.front.contains(r.bar.cx(), r.bar.cy()));
    CHECK(std::hypot(r.bar.cx() - r.px, r.bar.cy() - r.py) < std::hypot(r.front.cx() - r.px, r.front.cy() - r.py));
  }
}

TEST_CASE("an end's label lies on the felt: no tile of the line under it, in every scenario's positions") {
  // end_blocked_by_line drew the red R on the lead 6-4's 6 half, the tile that blocks the end.
  int labels = 0, beside = 0;
  for (const auto& e : std::filesystem::directory_iterator(std::string(STUDIO_TEST_DIR) + "/../../scenarios")) {
    if (e.path().extension() != ".dgn") continue;
    Timeline t = loaded(e.path().string());
    for (const int node : std::vector<int>(t.branchPath())) {
      t.jump(node);
      const TableScene s = placed(sceneOf(t.current().match, kNoTile, true), TableView{}, 680, 460);
      for (const SceneEnd& end : s.ends) {
        ++labels;
        beside += end.onTile;
        for (const SceneTile& tile : s.tiles) {
          const PxRect& a = end.labelBox;
          const PxRect& b = tile.px;
          const bool over =
              a.x < b.x + b.w - 0.5f && b.x < a.x + a.w - 0.5f && a.y < b.y + b.h - 0.5f && b.y < a.y + a.h - 0.5f;
          CHECK_MESSAGE(!over, e.path().filename().string()
                                   << " node " << node << ": the " << end.label << " label on " << tileText(tile.tile));
        }
      }
    }
  }
  CHECK(labels > 100);
  CHECK(beside > 0);  // end_blocked_by_line's blocked end is among them
}

TEST_CASE("views: the whole table shows its edges, zoom keeps the point under the cursor, pan moves") {
  Timeline t = loaded(scenario("line_bends_at_edge.dgn"));
  t.last();
  const TableScene model = sceneOf(t.current().match, kNoTile, true);
  const TableScene whole = placed(model, TableView{ViewMode::WholeTable}, 680, 460);
  CHECK(whole.table.x > 0);
  CHECK(whole.table.y > 0);
  CHECK(whole.table.x + whole.table.w < 680);
  CHECK(whole.table.y + whole.table.h < 460);
  const TableScene fit = placed(model, TableView{}, 680, 460);
  CHECK(fit.transform.scale > whole.transform.scale);
  for (const auto& tile : fit.tiles) {
    CHECK(tile.px.x >= 0);
    CHECK(tile.px.x + tile.px.w <= 680);
  }
  // Zoom around a point: the table units under it stay under it.
  const float px = 200, py = 150;
  const float ux = (px - fit.transform.offsetX) / fit.transform.scale,
              uy = (py - fit.transform.offsetY) / fit.transform.scale;
  const TableView zoomed = zoomedAt(fit, px, py, 2.0f);
  CHECK(zoomed.zoom == doctest::Approx(2.0f));
  const TableScene z = placed(model, zoomed, 680, 460);
  CHECK(z.transform.x(ux) == doctest::Approx(px).epsilon(0.001));
  CHECK(z.transform.y(uy) == doctest::Approx(py).epsilon(0.001));
  CHECK(zoomedAt(fit, px, py, 1000.0f).zoom == doctest::Approx(kMaxZoom));
  // A drag of 30 px moves every tile 30 px.
  const TableScene p = placed(model, pannedBy(fit, 30, -10), 680, 460);
  CHECK(p.tiles[0].px.x == doctest::Approx(fit.tiles[0].px.x + 30));
  CHECK(p.tiles[0].px.y == doctest::Approx(fit.tiles[0].px.y - 10));
}

TEST_CASE("sprites: one tile per tile of the line, pips in drawing order, the last move outlined") {
  Timeline t = loaded(scenario("win_by_domino.dgn"));
  t.last();
  const Match& m = t.current().match;
  const Tile last = t.current().move && t.current().move->kind == MoveKind::Play ? t.current().move->tile : kNoTile;
  const TableScene s = placed(sceneOf(m, kNoTile, true, last), TableView{}, 680, 460);
  const auto sprites = spritesOf(s, SpriteStyle{});
  CHECK(std::count_if(sprites.begin(), sprites.end(), [](const Sprite& sp) { return sp.kind == Sprite::Tile; }) ==
        static_cast<long>(m.line().size()));
  CHECK(hasSprite(sprites, Sprite::Outline) == (last != kNoTile));
  for (const auto& tile : s.tiles) {
    const bool wide = tile.px.w > tile.px.h;
    CHECK(wide == (tile.units.w > tile.units.h));
    CHECK(std::minmax(tile.first, tile.second) == std::minmax(tile.pips[0], tile.pips[1]));
  }
  // The HiDPI ratio scales sprites, not the scene.
  SpriteStyle hi;
  hi.pixelRatio = 2;
  CHECK(spritesOf(s, hi)[0].w == doctest::Approx(sprites[0].w * 2));
}

TEST_CASE("the position being edited: its line laid by core, doubles crosswise, the lead marked") {
  const Rules rules = *preset("en-linea");
  const std::vector<LaidTile> line = {{tileOf(6, 3), 6, 3}, {tileOf(3, 3), 3, 3}, {tileOf(3, 1), 3, 1}};
  const TableScene s = placed(sceneOf(rules, line, 1), TableView{}, 680, 460);
  CHECK(s.editing);
  REQUIRE(s.tiles.size() == 3);
  CHECK(s.tiles[1].crosswise);
  CHECK(s.tiles[1].lead);
  CHECK_FALSE(s.tiles[0].lead);
  REQUIRE(s.ends.size() == 2);
  CHECK(s.ends[0].pip == 6);
  CHECK(s.ends[1].pip == 1);
  const auto sprites = spritesOf(s, SpriteStyle{});
  CHECK(std::count_if(sprites.begin(), sprites.end(), [](const Sprite& sp) { return sp.kind == Sprite::Lead; }) == 1);
  CHECK(sceneOf(rules, {}, 0).tiles.empty());
}

TEST_CASE("the default view shows an edge the line comes near: where the snake bends, its edge is on screen") {
  // line_bends_at_edge's note speaks of the west edge; the fitted view showed no edge at all.
  Timeline t = loaded(scenario("line_bends_at_edge.dgn"));
  t.last();
  const TableScene bent = placed(sceneOf(t.current().match, kNoTile, true), TableView{}, 680, 460);
  CHECK(bent.table.x >= 0);  // the west edge is inside the viewport
  CHECK(bent.table.x < 680 * 0.25f);
  // Near the centre of a big table, the view stays on the line (no edge, tiles as big as before).
  t.first();
  t.next();
  const TableScene lead = placed(sceneOf(t.current().match, kNoTile, true), TableView{}, 680, 460);
  CHECK(lead.table.x < 0);
  CHECK(lead.table.x + lead.table.w > 680);
}

namespace {
struct LabelStats {
  int labels = 0, withGhosts = 0;
  float farthest = 0;  // the largest distance of a label's centre from its own marker's centre
};

// Issue 43 #14: the L and R labels of a scene overlap neither each other, nor a tile, a ghost or the
// other end's marker, and each lies next to its own marker (nearer it than the other end's).
void checkLabels(const TableScene& s, const std::string& where, LabelStats& st) {
  if (s.ends.size() != 2) return;
  auto hits = [](float ax, float ay, float aw, float ah, float bx, float by, float bw, float bh) {
    constexpr float kTouch = 0.005f;
    return ax < bx + bw - kTouch && bx < ax + aw - kTouch && ay < by + bh - kTouch && by < ay + ah - kTouch;
  };
  const float h = kLabelUnits * 0.5f;
  for (std::size_t k = 0; k < 2; ++k) {
    const SceneEnd& e = s.ends[k];
    const SceneEnd& o = s.ends[1 - k];
    const float x = e.labelUx - h, y = e.labelUy - h;
    INFO(where << ": the " << std::string(1, e.label) << " label at " << e.labelUx << "," << e.labelUy);
    ++st.labels;
    for (const SceneTile& t : s.tiles)
      CHECK_MESSAGE(!hits(x, y, kLabelUnits, kLabelUnits, static_cast<float>(t.units.x), static_cast<float>(t.units.y),
                          static_cast<float>(t.units.w), static_cast<float>(t.units.h)),
                    "on the tile " << tileText(t.tile));
    for (const SceneGhost& g : s.ghosts)
      CHECK_MESSAGE(
          !hits(x, y, kLabelUnits, kLabelUnits, static_cast<float>(g.tile.units.x), static_cast<float>(g.tile.units.y),
                static_cast<float>(g.tile.units.w), static_cast<float>(g.tile.units.h)),
          "on the ghost " << ghostText(g.move));
    const auto& om = o.markerUnits;
    CHECK_MESSAGE(!hits(x, y, kLabelUnits, kLabelUnits, om[0], om[1], om[2], om[3]), "on the other end's marker");
    CHECK_MESSAGE(!hits(x, y, kLabelUnits, kLabelUnits, o.labelUx - h, o.labelUy - h, kLabelUnits, kLabelUnits),
                  "on the other label");
    const auto& m = e.markerUnits;
    const float own = std::hypot(m[0] + m[2] * 0.5f - e.labelUx, m[1] + m[3] * 0.5f - e.labelUy);
    const float other = std::hypot(om[0] + om[2] * 0.5f - e.labelUx, om[1] + om[3] * 0.5f - e.labelUy);
    CHECK_MESSAGE(own < other, "nearer the other end's marker");
    CHECK_MESSAGE(own <= 3.01f, "far from its own marker");
    st.farthest = std::max(st.farthest, own);
  }
  st.withGhosts += s.ghosts.empty() ? 0 : 1;
}

// The scene of m with no tile selected, then with each tile the mover can play selected (its ghosts).
void checkLabelsAt(const Match& m, const std::string& where, LabelStats& st) {
  checkLabels(sceneOf(m, kNoTile, true), where, st);
  Mask seen = 0;
  for (const Move& mv : m.legalMoves()) {
    if (mv.kind != MoveKind::Play || (seen & bit(mv.tile))) continue;
    seen |= bit(mv.tile);
    checkLabels(sceneOf(m, mv.tile, true), where + " with " + tileText(mv.tile) + " selected", st);
  }
}
}  // namespace

TEST_CASE("end labels: next to their own marker, never on each other, a tile, a ghost or the other marker") {
  LabelStats st;
  // Every position of every lesson and scenario (lesson 9 drew R over the L ring; after 6-6 L the R
  // label sat across the line from its red bar).
  for (const char* dir : {"/../../lessons", "/../../scenarios"})
    for (const auto& f : std::filesystem::directory_iterator(std::string(STUDIO_TEST_DIR) + dir)) {
      if (f.path().extension() != ".dgn") continue;
      Timeline t = loaded(f.path().string());
      for (const int node : std::vector<int>(t.branchPath())) {
        t.jump(node);
        checkLabelsAt(t.current().match, f.path().filename().string() + " node " + std::to_string(node), st);
      }
    }
  // Random rounds on every preset, every position, with every playable tile's ghosts.
  std::uint64_t seed = 43;
  for (const std::string& preset : presetNames()) {
    const auto parsed = parseRules(preset);
    REQUIRE(std::holds_alternative<Rules>(parsed));
    for (int round = 0; round < 40; ++round) {
      Match m(std::get<Rules>(parsed));
      REQUIRE(m.canStartRound().empty());
      m.startRound(dealFromSeed(++seed, m.rules().hand));
      int ply = 0;
      while (m.inRound()) {
        checkLabelsAt(m, preset + " seed " + std::to_string(seed) + " ply " + std::to_string(ply), st);
        const MoveList legal = m.legalMoves();
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        m.apply(legal.moves[(seed >> 33) % static_cast<std::uint64_t>(legal.size)]);
        ++ply;
      }
    }
  }
  MESSAGE("labels checked: " << st.labels << ", scenes with ghosts: " << st.withGhosts
                             << ", farthest from its marker: " << st.farthest << " units");
  CHECK(st.labels > 10000);
  CHECK(st.withGhosts > 1000);
}
