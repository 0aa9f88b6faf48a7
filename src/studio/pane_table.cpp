// The Table pane: the line as core lays it out, ghosts of the selected tile, ends and last move.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "studio/app.h"
#include "studio/tile_draw.h"

namespace dom::studio {

namespace {

// Until the geometry lands (or if it ever returns nothing), lay the line in a straight row.
TableLayout fallbackLayout(const Match& m) {
  TableLayout l;
  l.tableW = m.rules().tableW;
  l.tableH = m.rules().tableH;
  const auto line = m.line();
  int x = 0;
  for (const LaidTile& lt : line) {
    TilePlacement p;
    p.tile = lt.tile;
    p.crosswise = isDouble(lt.tile);
    const int w = p.crosswise ? 2 : 4, h = p.crosswise ? 4 : 2;
    p.rect = {x, -h / 2, w, h};
    if (p.crosswise) p.halves = {Rect{x, -2, 2, 2}, Rect{x, 0, 2, 2}};
    else p.halves = {Rect{x, -1, 2, 2}, Rect{x + 2, -1, 2, 2}};
    p.pips = {lt.left, lt.right};
    l.tiles.push_back(p);
    x += w;
  }
  const int shift = l.tableW - x / 2;  // centre the row on the table (units: 2 per square)
  for (auto& p : l.tiles) {
    p.rect.x += shift;
    p.rect.y += l.tableH;
    for (auto& h : p.halves) {
      h.x += shift;
      h.y += l.tableH;
    }
  }
  l.leadIndex = m.leadIndex();
  if (!l.tiles.empty()) {
    l.ends[0] = {l.tiles.front().rect.x, l.tableH, Dir::West, m.state().ends[0], false, {}};
    l.ends[1] = {l.tiles.back().rect.x + l.tiles.back().rect.w, l.tableH, Dir::East, m.state().ends[1], false, {}};
  }
  return l;
}

TableLayout layoutOf(const Match& m) {
  TableLayout l = m.layout();
  if (l.tiles.empty() && m.state().line) l = fallbackLayout(m);
  return l;
}

struct Scene {
  TableLayout layout;
  std::vector<std::pair<TilePlacement, Move>> ghosts;
  std::uint64_t generation = ~std::uint64_t{0};
  Tile selected = kNoTile;
  bool showGhosts = true;
};

// The pips of a placement as first (left/top) and second (right/bottom).
std::pair<int, int> orderedPips(const TilePlacement& p) {
  const bool swapped = p.halves[0].x > p.halves[1].x || p.halves[0].y > p.halves[1].y;
  return swapped ? std::pair<int, int>{p.pips[1], p.pips[0]} : std::pair<int, int>{p.pips[0], p.pips[1]};
}

}  // namespace

std::vector<Move> placementsOf(const Match& m, Tile t) {
  std::vector<Move> out;
  for (const Move& mv : m.legalMoves())
    if (mv.kind == MoveKind::Play && mv.tile == t) out.push_back(mv);
  return out;
}

void drawTablePane(App& app, Intents& out) {
  placeWindow(300, 22, 680, 500);
  if (!ImGui::Begin("Table", &app.settings.open[static_cast<int>(Pane::Table)])) {
    ImGui::End();
    return;
  }
  static Scene scene;
  const Match& m = app.match();
  if (scene.generation != app.generation || scene.selected != app.selected || scene.showGhosts != app.settings.ghosts) {
    scene.layout = layoutOf(m);
    scene.ghosts.clear();
    if (app.selected != kNoTile && app.settings.ghosts)
      for (const Move& mv : placementsOf(m, app.selected)) {
        Match after = m;
        after.apply(mv);
        const TableLayout l = layoutOf(after);
        for (const auto& p : l.tiles)
          if (p.tile == app.selected) scene.ghosts.emplace_back(p, mv);
      }
    scene.generation = app.generation;
    scene.selected = app.selected;
    scene.showGhosts = app.settings.ghosts;
  }
  const TableLayout& lay = scene.layout;
  // The view: the tiles (and ghosts) with a margin, at least a comfortable size, within reason of
  // the table; an empty table shows its centre.
  float x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f;
  auto grow = [&](const Rect& r) {
    x0 = std::min(x0, static_cast<float>(r.x));
    y0 = std::min(y0, static_cast<float>(r.y));
    x1 = std::max(x1, static_cast<float>(r.x + r.w));
    y1 = std::max(y1, static_cast<float>(r.y + r.h));
  };
  for (const auto& p : lay.tiles) grow(p.rect);
  for (const auto& g : scene.ghosts) grow(g.first.rect);
  const float tw = static_cast<float>(2 * std::max(lay.tableW, 1)), tht = static_cast<float>(2 * std::max(lay.tableH, 1));
  if (x0 > x1) {
    x0 = x1 = tw * 0.5f;
    y0 = y1 = tht * 0.5f;
  }
  const float pad = 3.0f;
  x0 -= pad;
  y0 -= pad;
  x1 += pad;
  y1 += pad;
  const float minW = std::min(tw + 2, 30.0f), minH = std::min(tht + 2, 16.0f);
  if (x1 - x0 < minW) {
    const float c = (x0 + x1) * 0.5f;
    x0 = c - minW * 0.5f;
    x1 = c + minW * 0.5f;
  }
  if (y1 - y0 < minH) {
    const float c = (y0 + y1) * 0.5f;
    y0 = c - minH * 0.5f;
    y1 = c + minH * 0.5f;
  }

  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float captionH = ImGui::GetTextLineHeightWithSpacing() * 2.2f;
  const float aw = std::max(avail.x, 50.0f), ah = std::max(avail.y - captionH, 50.0f);
  const float scale = std::min(aw / (x1 - x0), ah / (y1 - y0));
  const ImVec2 size(aw, ah);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float ox = (aw - (x1 - x0) * scale) * 0.5f - x0 * scale, oy = (ah - (y1 - y0) * scale) * 0.5f - y0 * scale;
  const ImGuiIO& io = ImGui::GetIO();
  const float fb = std::max(1.0f, io.DisplayFramebufferScale.x);
  app.tableRect = {origin.x, origin.y, aw, ah};

  // The last move's tile fades in when stepped to.
  const Node& node = app.timeline.current();
  const Tile lastTile = node.move && node.move->kind == MoveKind::Play ? node.move->tile : kNoTile;
  const float anim = app.settings.animate ? std::clamp(app.animElapsed / 0.25f, 0.0f, 1.0f) : 1.0f;

  app.screenTiles.clear();
  std::vector<Sprite> sprites;
  auto toPx = [&](const Rect& r, float k) {
    Sprite s;
    s.w = static_cast<float>(r.w) * scale * k;
    s.h = static_cast<float>(r.h) * scale * k;
    s.cx = (ox + (static_cast<float>(r.x) + static_cast<float>(r.w) * 0.5f) * scale) * k;
    s.cy = (oy + (static_cast<float>(r.y) + static_cast<float>(r.h) * 0.5f) * scale) * k;
    return s;
  };
  const float inset = 0.06f;  // a small gap between neighbouring tiles
  auto tileSprite = [&](const TilePlacement& p, int kind, float alpha) {
    Sprite s = toPx(p.rect, fb);
    s.w -= inset * scale * fb * 2;
    s.h -= inset * scale * fb * 2;
    const auto [a, b] = orderedPips(p);
    s.first = a;
    s.second = b;
    s.kind = kind;
    s.alpha = alpha;
    return s;
  };
  for (const auto& p : lay.tiles) {
    Sprite s = tileSprite(p, Sprite::Shadow, p.tile == lastTile ? anim : 1.0f);
    sprites.push_back(s);
  }
  for (const auto& p : lay.tiles) {
    Sprite s = tileSprite(p, Sprite::Tile, p.tile == lastTile ? anim : 1.0f);
    if (p.tile == lastTile) s.cy -= (1.0f - anim) * 12.0f * fb;
    sprites.push_back(s);
    ScreenTile st;
    st.tile = p.tile;
    st.x = origin.x + (s.cx - s.w * 0.5f) / fb;
    st.y = origin.y + (s.cy - s.h * 0.5f) / fb;
    st.w = s.w / fb;
    st.h = s.h / fb;
    app.screenTiles.push_back(st);
  }
  const int chosen = std::clamp(app.chosenGhost, 0, std::max(0, static_cast<int>(scene.ghosts.size()) - 1));
  for (std::size_t k = 0; k < scene.ghosts.size(); ++k) {
    const auto& [p, mv] = scene.ghosts[k];
    Sprite s = tileSprite(p, Sprite::Ghost, 1.0f);
    sprites.push_back(s);
    // The placement that Enter plays, when there is a choice (Left/Right change it).
    if (scene.ghosts.size() > 1 && static_cast<int>(k) == chosen) sprites.push_back(tileSprite(p, Sprite::Outline, 0.8f));
    ScreenTile st;
    st.tile = p.tile;
    st.ghost = true;
    st.move = mv;
    st.x = origin.x + (s.cx - s.w * 0.5f) / fb;
    st.y = origin.y + (s.cy - s.h * 0.5f) / fb;
    st.w = s.w / fb;
    st.h = s.h / fb;
    app.screenTiles.push_back(st);
  }
  if (!lay.tiles.empty() && m.inRound())
    for (const auto& e : lay.ends) {
      Sprite s;
      s.kind = Sprite::Marker;
      s.cx = (ox + static_cast<float>(e.x) * scale) * fb;
      s.cy = (oy + static_cast<float>(e.y) * scale) * fb;
      s.w = s.h = scale * 1.1f * fb;
      s.alpha = 0.9f;
      sprites.push_back(s);
    }
  if (lastTile != kNoTile)
    for (const auto& p : lay.tiles)
      if (p.tile == lastTile) sprites.push_back(tileSprite(p, Sprite::Outline, anim));

  const float tablePx[4] = {(ox + 0.0f) * fb, (oy + 0.0f) * fb, static_cast<float>(2 * lay.tableW) * scale * fb,
                            static_cast<float>(2 * lay.tableH) * scale * fb};
  if (app.useShaders && app.renderer.ready()) {
    app.renderer.render(static_cast<int>(aw * fb), static_cast<int>(ah * fb), tablePx, sprites);
    ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(app.renderer.texture())), size, ImVec2(0, 1), ImVec2(1, 0));
  } else {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImGui::InvisibleButton("table", size);
    dl->PushClipRect(origin, ImVec2(origin.x + aw, origin.y + ah), true);
    dl->AddRectFilled(origin, ImVec2(origin.x + aw, origin.y + ah), IM_COL32(58, 36, 20, 255));
    drawFelt(dl, ImVec2(origin.x + tablePx[0] / fb, origin.y + tablePx[1] / fb),
             ImVec2(origin.x + (tablePx[0] + tablePx[2]) / fb, origin.y + (tablePx[1] + tablePx[3]) / fb));
    for (const Sprite& s : sprites) {
      const ImVec2 a(origin.x + (s.cx - s.w * 0.5f) / fb, origin.y + (s.cy - s.h * 0.5f) / fb);
      const ImVec2 b(origin.x + (s.cx + s.w * 0.5f) / fb, origin.y + (s.cy + s.h * 0.5f) / fb);
      if (s.kind == Sprite::Tile) drawTile(dl, a, b, s.first, s.second, TileLook::Face);
      else if (s.kind == Sprite::Ghost) drawTile(dl, a, b, s.first, s.second, TileLook::Ghost);
      else if (s.kind == Sprite::Marker) dl->AddCircle(ImVec2((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f), s.w * 0.5f / fb, IM_COL32(255, 215, 60, 230), 20, 2);
      else if (s.kind == Sprite::Outline) dl->AddRect(ImVec2(a.x - 3, a.y - 3), ImVec2(b.x + 3, b.y + 3), IM_COL32(255, 140, 40, 255), 4, 0, 2);
    }
    dl->PopClipRect();
  }
  // Click a ghost to play there.
  if (ImGui::IsItemHovered()) {
    const ImVec2 mp = io.MousePos;
    for (const ScreenTile& st : app.screenTiles)
      if (st.ghost && mp.x >= st.x && mp.x <= st.x + st.w && mp.y >= st.y && mp.y <= st.y + st.h) {
        ImGui::SetTooltip("Play %s here (%s)", tileText(st.tile).c_str(), m.moveText(st.move).c_str());
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
          Intent in;
          in.kind = Intent::Kind::Play;
          in.move = st.move;
          out.push_back(in);
        }
      }
  }
  if (ImGui::BeginDragDropTarget()) {
    if (const ImGuiPayload* pl = ImGui::AcceptDragDropPayload("DOM_TILE")) {
      const Tile t = *static_cast<const Tile*>(pl->Data);
      const auto moves = placementsOf(m, t);
      if (!moves.empty()) {
        Intent in;
        in.kind = Intent::Kind::Play;
        in.move = moves.front();
        const ImVec2 mp = io.MousePos;
        for (const ScreenTile& st : app.screenTiles)
          if (st.ghost && mp.x >= st.x && mp.x <= st.x + st.w && mp.y >= st.y && mp.y <= st.y + st.h) in.move = st.move;
        out.push_back(in);
      }
    }
    ImGui::EndDragDropTarget();
  }
  // Caption and the state in words under the table.
  const std::string caption = node.caption.empty() ? explainPosition(m, app.settings.visibility) : node.caption;
  ImGui::TextWrapped("%s", caption.c_str());
  if (m.round() > 0 && m.state().over() && !m.matchOver() && app.timeline.current().children.empty()) {
    if (ImGui::Button("Deal the next round")) {
      Intent in;
      in.kind = Intent::Kind::DealNext;
      out.push_back(in);
    }
    ImGui::SameLine();
  }
  if (scene.ghosts.size() > 1) {
    ImGui::TextDisabled("Click a ghost, or Left/Right to choose and Enter to play.");
    ImGui::SameLine();
  }
  if (!app.statusText.empty()) ImGui::TextDisabled("%s", app.statusText.c_str());
  ImGui::End();
}

}  // namespace dom::studio
