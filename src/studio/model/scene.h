// SPDX-License-Identifier: MIT
// The table scene: every tile, end and ghost the Table pane draws, with rects in table units and in
// viewport pixels, computed from core as plain data (no ImGui, no GL). Renderer, fallback,
// hit-testing, the state dump and tests all read this one list.
#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/layout.h"
#include "core/match.h"
#include "studio/model/sprite.h"

namespace dom::studio {

// Fit the line (the tiles and ghosts with a margin) or the whole table with its edges.
enum class ViewMode : std::uint8_t { FitLine, WholeTable };
[[nodiscard]] const char* name(ViewMode m);

// What the user chose: a fit, then a zoom around a point and a pan on top of it.
struct TableView {
  ViewMode mode = ViewMode::FitLine;
  float zoom = 1.0f;         // times the fitted scale
  float panX = 0, panY = 0;  // table units the view's centre moved from the fitted centre
  bool operator==(const TableView&) const = default;
};
inline constexpr float kMinZoom = 0.25f, kMaxZoom = 8.0f;

enum class EndState : std::uint8_t { Open, BlockedByEdge, BlockedByTiles, BlockedByBoth };
[[nodiscard]] const char* name(EndState s);     // open, edge, tiles, edge+tiles
[[nodiscard]] std::string whyText(EndState s);  // the hover text, in the rules' words
[[nodiscard]] inline bool isBlocked(EndState s) { return s != EndState::Open; }
// The end's state as core's layout tells it.
[[nodiscard]] EndState endStateOf(const OpenEnd& e);

struct PxRect {
  float x = 0, y = 0, w = 0, h = 0;
  [[nodiscard]] bool contains(float px, float py) const { return px >= x && px <= x + w && py >= y && py <= y + h; }
  [[nodiscard]] float cx() const { return x + w * 0.5f; }
  [[nodiscard]] float cy() const { return y + h * 0.5f; }
};

struct SceneTile {
  Tile tile = kNoTile;
  Rect units;                 // as core lays it
  PxRect px;                  // viewport pixels
  std::array<int, 2> pips{};  // as core: the pip of halves[0], halves[1]
  int first = 0, second = 0;  // as drawn: left (or top) half, right (or bottom) half
  bool crosswise = false;
  bool lead = false;
  bool last = false;  // the tile of the move that led to this position
};

struct SceneEnd {
  End end = End::L;
  char label = 'L';
  int pip = -1;
  EndState state = EndState::Open;
  Dir dir = Dir::East;
  float ux = 0, uy = 0;  // units: the midpoint where the next tile attaches
  float px = 0, py = 0;  // viewport pixels of that point
  Rect frontUnits;       // the square in front of the end, where a next tile's half goes
  PxRect front;
  PxRect bar;                          // blocked: the red bar across the front square, at the end's side
  bool underGhost = false;             // a ghost covers the front square: no ring, and the label steps aside
  bool onTile = false;                 // the front square holds a laid tile (what blocks the end): the bar is thin
  std::array<float, 4> markerUnits{};  // units x, y, w, h: the open end's ring or the blocked end's bar
  float labelUx = 0, labelUy = 0;      // units: the centre of the L/R label, next to its marker (placeLabels)
  PxRect labelBox;                     // its box in viewport pixels (kLabelUnits square), as drawn
  bool veiled = false;                 // drawn open whatever its state: a lesson's task waits (disclosure.h)
};
// Whether the end is drawn blocked: its red bar and red label.
[[nodiscard]] inline bool drawnBlocked(const SceneEnd& e) { return isBlocked(e.state) && !e.veiled; }
// The L/R label's box side, in units: no tile, ghost, other label or other end's marker lies under
// a label drawn this big.
inline constexpr float kLabelUnits = 1.6f;

struct SceneGhost {
  Move move;
  SceneTile tile;
};

// pixels = offset + units * scale
struct ViewTransform {
  float scale = 1, offsetX = 0, offsetY = 0;
  [[nodiscard]] float x(float u) const { return offsetX + u * scale; }
  [[nodiscard]] float y(float u) const { return offsetY + u * scale; }
};

struct TableScene {
  int tableW = 0, tableH = 0;      // squares
  bool editing = false;            // the position editor's position, not the match's
  bool veiled = false;             // a lesson's task waits: no end drawn blocked, no ghost (disclosure.h)
  std::vector<SceneTile> tiles;    // drawing order: the line from end L to end R
  std::vector<SceneEnd> ends;      // L then R; empty while the line is empty
  std::vector<SceneGhost> ghosts;  // the selected tile's placements, in legal-move order
  // Filled by placed():
  TableView view;
  float viewportW = 0, viewportH = 0;
  ViewTransform fitted;     // the view's fit alone (zoom 1, no pan)
  ViewTransform transform;  // what is drawn
  PxRect table;             // the table's felt in viewport pixels
};

// The scene in table units. From a match: its layout, its ends and the selected tile's ghosts;
// lastPlayed is the tile of the move that led here (drawn fading in), or kNoTile.
// veil: a lesson's task waits (disclosure.h): no ghost, and every end drawn open.
[[nodiscard]] TableScene sceneOf(const Match& m, Tile selected, bool showGhosts, Tile lastPlayed = kNoTile,
                                 bool veil = false);
// From a position being edited: its line laid by core under its rules, the lead marked.
[[nodiscard]] TableScene sceneOf(const Rules& rules, std::span<const LaidTile> line, int leadIndex);
// The run of an edited line around its lead whose neighbours' halves match, as [first, last]: an
// edit that breaks the line (6-5 after 4-3) is not drawn as if it were laid.
[[nodiscard]] std::pair<int, int> matchingRun(std::span<const LaidTile> line, int leadIndex);
// The scene of the position being edited: its matching run laid by core, the lead marked.
[[nodiscard]] TableScene editedScene(const Rules& rules, std::span<const LaidTile> line, int leadIndex);
// Adds the pixels for a view and a viewport of w x h pixels.
[[nodiscard]] TableScene placed(TableScene s, const TableView& view, float w, float h);

// Hit tests in viewport pixels: the ghost a click plays there (among the ghosts under the point,
// the one whose centre is nearest), the end whose front square is there; -1 for none.
// slop: how far outside a ghost's rect a point still hits it (a finger's tap), the nearest centre winning.
[[nodiscard]] int ghostAt(const TableScene& s, float x, float y, float slop = 0);
[[nodiscard]] int endAt(const TableScene& s, float x, float y);

// View changes, keeping the point under the cursor fixed for a zoom.
[[nodiscard]] TableView zoomedAt(const TableScene& s, float x, float y, float factor);
[[nodiscard]] TableView pannedBy(const TableScene& s, float dxPx, float dyPx);

// The sprites that draw a scene (framebuffer pixels = viewport pixels * pixelRatio).
struct SpriteStyle {
  int hoverGhost = -1;   // highlighted: the ghost a click would play
  int chosenGhost = -1;  // outlined: the ghost Enter plays when there is a choice
  float anim = 1.0f;     // 0..1: the last move's tile fading in
  float pixelRatio = 1.0f;
};
[[nodiscard]] std::vector<Sprite> spritesOf(const TableScene& s, const SpriteStyle& style);

// The scene as the state dump writes it, in window pixels (the scene's origin at originX, originY):
// tiles (the line, then the ghosts, flagged), ends with their state and blocked_by, ghosts with
// their move, and the view.
[[nodiscard]] nlohmann::json sceneState(const TableScene& s, float originX, float originY);
// A ghost's move in DGN's words: "3-1 R", "3-1 R left".
[[nodiscard]] std::string ghostText(const Move& m);

}  // namespace dom::studio
