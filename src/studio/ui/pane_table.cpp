// SPDX-License-Identifier: MIT
// The Table pane: draws the table scene (scene.h) with the shaders or ImGui's draw list, and reads
// the mouse against the same scene: ghosts to play, ends to explain, wheel zoom and drag pan.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "studio/model/disclosure.h"
#include "studio/model/i18n.h"
#include "studio/ui/app.h"
#include "studio/ui/panes.h"
#include "studio/ui/renderer.h"
#include "studio/ui/tile_draw.h"

namespace dom::studio {

namespace {
// Below this many pixels a half tile (two of the scene's units), the loupe magnifies the line under
// the mouse: a 16-pixel half's pips are hard to count, a 30-pixel one's (800x600's lessons) are not.
constexpr float kLoupeBelowHalf = 24.0f;

ImU32 spriteColour(int kind) {
  switch (kind) {
    case Sprite::Marker: return IM_COL32(255, 215, 60, 230);
    case Sprite::Hover: return IM_COL32(140, 240, 255, 255);
    case Sprite::Blocked: return IM_COL32(220, 26, 20, 245);
    case Sprite::Lead: return IM_COL32(90, 140, 255, 255);
    default: return IM_COL32(255, 140, 40, 255);
  }
}

// The fallback: the same sprites with ImGui's draw list, in window pixels.
void drawFallback(ImDrawList* dl, ImVec2 origin, ImVec2 size, const TableScene& s, const std::vector<Sprite>& sprites,
                  float fb) {
  dl->PushClipRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), true);
  dl->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), IM_COL32(58, 36, 20, 255));
  drawFelt(dl, ImVec2(origin.x + s.table.x, origin.y + s.table.y),
           ImVec2(origin.x + s.table.x + s.table.w, origin.y + s.table.y + s.table.h));
  for (const Sprite& sp : sprites) {
    const ImVec2 a(origin.x + (sp.cx - sp.w * 0.5f) / fb, origin.y + (sp.cy - sp.h * 0.5f) / fb);
    const ImVec2 b(origin.x + (sp.cx + sp.w * 0.5f) / fb, origin.y + (sp.cy + sp.h * 0.5f) / fb);
    const ImU32 col = spriteColour(sp.kind);
    switch (sp.kind) {
      case Sprite::Tile: drawTile(dl, a, b, sp.first, sp.second, TileLook::Face); break;
      case Sprite::Ghost: drawTile(dl, a, b, sp.first, sp.second, TileLook::Ghost, false, sp.alpha < 0.9f); break;
      case Sprite::Marker:
        dl->AddCircle(ImVec2((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f), sp.w * 0.5f / fb, col, 20, 2);
        break;
      case Sprite::Blocked: dl->AddRectFilled(a, b, col, 2); break;
      case Sprite::Outline:
      case Sprite::Hover:
      case Sprite::Lead:
        dl->AddRect(ImVec2(a.x - 3, a.y - 3), ImVec2(b.x + 3, b.y + 3), col, 4, 0,
                    sp.kind == Sprite::Hover ? 3.0f : 2.0f);
        break;
      default: break;
    }
  }
  dl->PopClipRect();
}

// Every end carries its label, L or R, on a round badge filling the box scene.cpp placed next to its
// marker (never over a tile, a ghost or the other end's marker and label): gold on dark when open,
// white on red when blocked.
void drawEndLabels(ImDrawList* dl, ImVec2 origin, const TableScene& s) {
  for (const SceneEnd& e : s.ends) {
    const bool blocked = drawnBlocked(e);
    const float r = e.labelBox.w * 0.5f, size = std::min(r * 1.45f, 30.0f);
    const char text[2] = {e.label, 0};
    const ImVec2 ts = ImGui::GetFont()->CalcTextSizeA(size, 1e9f, 0, text);
    const ImVec2 c(origin.x + e.labelBox.cx(), origin.y + e.labelBox.cy());
    dl->AddCircleFilled(c, r, blocked ? IM_COL32(200, 20, 16, 235) : IM_COL32(10, 30, 20, 150), 20);
    dl->AddText(ImGui::GetFont(), size, ImVec2(c.x - ts.x * 0.5f, c.y - ts.y * 0.5f),
                blocked ? IM_COL32(255, 245, 240, 255) : IM_COL32(255, 225, 110, 255), text);
  }
}

void play(Intents& out, const Move& mv) { out.push_back(intent::Play{mv}); }

// While a lesson's task waits the table draws no ghost (disclosure.h): the ends answer, as the seed's
// players tap them. A click on end `end` (-1: the felt) answers an end task, or plays tile `tile` (the
// selected one, or one dropped there) on that end: its first placement there, else the tile as it would
// go, which the lesson judges. Before the lead, a click anywhere leads the tile. `dropped`: the tile was
// dragged there (a drop never answers an end task: it is a move).
void veiledPlay(const App& app, const TableScene& scene, Tile tile, int end, bool dropped, Intents& out) {
  const Session& s = app.session();
  const LessonStep* t = s.course().pending();
  if (end >= 0 && !dropped && t && t->task.kind == dgn::Task::Kind::End && s.lessonWaits()) {
    out.push_back(intent::AnswerEnd{scene.ends[static_cast<std::size_t>(end)].end});
    return;
  }
  const Match& m = app.match();
  if (tile == kNoTile || !m.toMove()) return;
  Move mv;
  mv.tile = tile;
  const auto placements = placementsOf(m, tile);
  if (!m.state().beforeLead()) {
    if (end < 0) return;
    mv.end = scene.ends[static_cast<std::size_t>(end)].end;
    const auto on = std::find_if(placements.begin(), placements.end(), [&](const Move& p) { return p.end == mv.end; });
    if (on != placements.end()) mv = *on;
  } else if (!placements.empty()) {
    mv = placements.front();
  }
  play(out, mv);
}

// The words under the table: the note of the position (or the position in plain words), then a line
// with Deal the next round, the hint to choose a ghost, and the status, each wrapped to the pane.
// A small spinning arc at the cursor, one line high (the computer is thinking).
void spinner() {
  const float r = ImGui::GetTextLineHeight() * 0.4f;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const ImVec2 c(p.x + r + 1, p.y + ImGui::GetTextLineHeight() * 0.5f);
  const float a = static_cast<float>(ImGui::GetTime()) * 6.0f;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PathArcTo(c, r, a, a + 4.2f, 16);
  dl->PathStroke(ImGui::GetColorU32(ImGuiCol_PlotHistogram), 0, 2.0f);
  ImGui::Dummy(ImVec2(2 * r + 2, ImGui::GetTextLineHeight()));
  ImGui::SameLine();
}

struct Words {
  std::string caption, hint, status, thinking;
  bool deal = false;
  bool newGame = false;  // the match is over at the end of the line: File > New game... as a button
  bool cut = false;      // the note is longer than kCaptionShown: cut, with a button for the whole of it
  [[nodiscard]] float height(float width) const {
    const ImGuiStyle& st = ImGui::GetStyle();
    float h = ImGui::CalcTextSize(caption.c_str(), nullptr, false, width).y + st.ItemSpacing.y;
    if (deal || cut || newGame) h += ImGui::GetFrameHeightWithSpacing();
    for (const std::string* t : {&hint, &status, &thinking})
      if (!t->empty()) h += ImGui::CalcTextSize(t->c_str(), nullptr, false, width).y + st.ItemSpacing.y;
    return h + st.ItemSpacing.y;
  }
  // View > Show the whole note and Game > Deal the next round as buttons, when they apply.
  // Its buttons' rects go to shown["buttons"] (whole_note, deal_next, new_game) for the dump.
  void draw(const ActionContext& c, Intents& out, nlohmann::json& shown) const {
    ImGui::TextWrapped("%s", caption.c_str());
    if (cut) actionButton("view.whole_note", c, out, &shown, "whole_note");
    if (deal && cut) ImGui::SameLine();
    if (deal) actionButton("game.deal_next", c, out, &shown, "deal_next");
    if (newGame && cut) ImGui::SameLine();
    if (newGame) actionButton("file.new", c, out, &shown, "new_game");
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    if (!hint.empty()) {
      ImGui::TextWrapped("%s", hint.c_str());
      shown["hint"] = hint;  // how to play the selected tile, as drawn (the dump's tableWords/hint)
    }
    if (!status.empty()) ImGui::TextWrapped("%s", status.c_str());
    ImGui::PopStyleColor();
    if (!thinking.empty()) {
      spinner();
      ImGui::TextUnformatted(thinking.c_str());
    }
  }
};

Words wordsOf(const App& app, bool choice) {
  const Match& m = app.match();
  const Node& node = app.timeline().current();
  Words w;
  w.caption = app.editing()
                  ? std::string(_("Editing the position: the table shows it as it is laid, the lead outlined in blue."))
              : node.caption.empty()
                  ? explainPosition(app.timeline(), app.settings().visibility, disclosure(app.session()).legality)
                  : i18n::trScenarioLines(node.caption);
  // A note of any length: the first kCaptionShown characters here, the whole in its own window. A
  // lesson's and a puzzle's own notes are shown whole (up to kLessonNoteShown, far above any of theirs).
  const std::size_t most =
      app.session().course().active() || app.session().trainer().active() ? kLessonNoteShown : kCaptionShown;
  w.cut = longerThan(w.caption, most);
  if (w.cut) w.caption = shownText(w.caption, most);
  w.deal = !app.editing() && m.round() > 0 && m.state().over() && !m.matchOver() && node.children.empty();
  // A game played here (a computer seat, or one not opened from a file): a record being read, a
  // lesson and a puzzle have their own ways on (Next lesson, Next puzzle).
  const Session& s = app.session();
  const auto& seats = s.game().seats;
  const bool played = seats[0] != Seat::Human || seats[1] != Seat::Human || s.filePath().empty();
  w.newGame = played && !app.editing() && m.round() > 0 && m.matchOver() && node.children.empty() &&
              !s.course().active() && !s.trainer().active();
  // On a touch screen the words say tap and name no key (issue 53 #5).
  const bool touch = i18n::touch();
  if (!disclosure(app.session()).legality && app.selected() != kNoTile && !app.editing()) {
    const std::string tile = tileText(app.selected());
    if (!app.match().state().beforeLead())
      w.hint = i18n::format(
          touch ? _("Tap an end, L or R, to play {0} there.") : _("Click an end, L or R, to play {0} there."), {tile});
    else if (touch)
      w.hint = i18n::format(_("Tap the table to play {0}."), {tile});
    else
      w.hint = i18n::format(_("Click the table, or press {0}, to play {1}."), {keyOf("game.play"), tile});
  } else if (choice) {
    w.hint = touch ? std::string(_("Tap a ghost to play the tile there."))
                   : i18n::format(_("Click a ghost, or {0}/{1} to choose and {2} to play."),
                                  {keyOf("game.placement_prev"), keyOf("game.placement_next"), keyOf("game.play")});
  }
  w.status = shownText(app.statusText(), 1000);
  if (const auto who = app.session().thinker()) {
    const Seat& seat = app.session().game().seats[static_cast<std::size_t>(idx(*who))];
    w.thinking = i18n::format(_("{0}, {1}, is thinking..."), {std::string(1, letter(*who)), seatLabel(seat)});
  } else if (const auto& d = app.session().lastDecision(); d && !d->reason.empty() && !app.editing() &&
                                                           d->node == app.timeline().currentIndex() &&
                                                           w.status.empty()) {
    w.status = i18n::format(_("{0}: {1}"), {std::string(1, letter(app.timeline().current().by)), d->reason});
  }
  return w;
}

// Whether the selected tile has more than one placement (its ghosts offer a choice).
bool hasChoice(const App& app) {
  return !app.editing() && app.selected() != kNoTile && app.settings().ghosts &&
         placementsOf(app.match(), app.selected()).size() > 1;
}

}  // namespace

// The scene in table units: a match's is cached on the generation and the ghost settings; the
// position editor's is recomputed every frame (a layout of at most 28 tiles) so it is always live.
const TableScene& TablePane::sceneModel(const App& app, const Tile lastPlayed) {
  Cache& c = cache_;
  if (app.editing()) {
    const auto& p = app.editor().position();
    c.scene = editedScene(app.editor().rules(), p.line, p.leadIndex);
    c.editing = true;
    return c.scene;
  }
  const bool veil = !disclosure(app.session()).blocking;
  if (c.editing || c.generation != app.generation() || c.selected != app.selected() ||
      c.ghosts != app.settings().ghosts || c.last != lastPlayed || c.veil != veil) {
    c.scene = sceneOf(app.match(), app.selected(), app.settings().ghosts, lastPlayed, veil);
    c.veil = veil;
    c.generation = app.generation();
    c.selected = app.selected();
    c.ghosts = app.settings().ghosts;
    c.last = lastPlayed;
    c.editing = false;
  }
  return c.scene;
}

// Wheel zoom around the cursor (a pinch on a touch screen: the page turns it into the wheel), pan
// with the right or middle button or a left drag on the felt; a double click or tap on the felt fits
// the line again (issue 53 #2).
void TablePane::input(const TableScene& s, float mx, float my) {
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemHovered() && io.MouseWheel != 0.0f) view_ = zoomedAt(s, mx, my, std::pow(1.15f, io.MouseWheel));
  if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) && !leftOnGhost_)
    view_ = TableView{view_.mode};
  if (!ImGui::IsItemActive()) return;
  const bool dragging = ImGui::IsMouseDragging(ImGuiMouseButton_Right) ||
                        ImGui::IsMouseDragging(ImGuiMouseButton_Middle) ||
                        (ImGui::IsMouseDragging(ImGuiMouseButton_Left) && !leftOnGhost_);
  if (dragging && (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f))
    view_ = pannedBy(s, io.MouseDelta.x, io.MouseDelta.y);
}

void TablePane::fillScreenTiles(float ox, float oy) {
  screenTiles_.clear();
  auto add = [&](const SceneTile& t, bool ghost, const Move& mv) {
    screenTiles_.push_back({t.tile, ox + t.px.x, oy + t.px.y, t.px.w, t.px.h, ghost, mv});
  };
  for (const auto& t : scene_.tiles) add(t, false, Move{});
  for (const auto& g : scene_.ghosts) add(g.tile, true, g.move);
}

void TablePane::dump(nlohmann::json& j) const {
  // The table scene as it was drawn (scene.h), in window pixels.
  nlohmann::json table = sceneState(scene_, rect_[0], rect_[1]);
  table.update({{"x", rect_[0]},
                {"y", rect_[1]},
                {"w", rect_[2]},
                {"h", rect_[3]},
                {"shaders", shaders_},
                {"hover", hoverGhost_},
                {"caption", captionShown_},
                {"loupe",
                 {{"shown", loupe_.shown},
                  {"factor", loupe_.factor},
                  {"square", loupe_.square},
                  {"x", loupe_.x},
                  {"y", loupe_.y},
                  {"w", loupe_.w},
                  {"h", loupe_.h}}}});
  j["table"] = table;
  j["view"] = name(view_.mode);
  j["viewZoom"] = view_.zoom;  // times the fitted scale (the wheel, a pinch)
  j["tableWords"] = wordsShown_;
  j["wholeNote"] = {{"open", noteShown_},
                    {"cut", captionCut_},
                    {"chars", static_cast<long long>(note_.size())},
                    {"lines", static_cast<long long>(noteLines_.size())},
                    {"drawn", noteLinesDrawn_}};
}

std::vector<Move> placementsOf(const Match& m, Tile t) {
  std::vector<Move> out;
  for (const Move& mv : m.legalMoves())
    if (mv.kind == MoveKind::Play && mv.tile == t) out.push_back(mv);
  return out;
}

void TablePane::draw(const App& app, Intents& out) {
  // The wheel zooms the table, so it never scrolls the pane.
  if (!app.beginPane(Pane::Table, out, ImGuiWindowFlags_NoScrollWithMouse)) return;
  const Node& node = app.timeline().current();
  const Tile lastTile = !app.editing() && node.move && node.move->kind == MoveKind::Play ? node.move->tile : kNoTile;
  const ImGuiIO& io = ImGui::GetIO();
  const float fb = std::max(1.0f, io.DisplayFramebufferScale.x);

  const ImVec2 avail = ImGui::GetContentRegionAvail();
  // The words under the table take the height they need (wrapped), the table the rest.
  const Words words = wordsOf(app, hasChoice(app));
  captionShown_ = words.caption;
  captionCut_ = words.cut;
  const float captionH = words.height(avail.x);
  const ImVec2 size(std::max(avail.x, 50.0f), std::max(avail.y - captionH, 50.0f));
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  scene_ = placed(sceneModel(app, lastTile), view_, size.x, size.y);
  const TableScene& scene = scene_;
  rect_ = {origin.x, origin.y, size.x, size.y};
  fillScreenTiles(origin.x, origin.y);

  // One item for the whole table: clicks, drags, the wheel and drops all read the scene.
  ImGui::InvisibleButton(
      "table", size,
      ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
  const ImVec2 mouse(io.MousePos.x - origin.x, io.MousePos.y - origin.y);
  const bool hovered = ImGui::IsItemHovered();
  // In the compact layout (a phone) a tap near a ghost plays it: a finger covers more than a ghost.
  hoverGhost_ = hovered ? ghostAt(scene, mouse.x, mouse.y, app.compact() ? ImGui::GetFontSize() * 1.2f : 0) : -1;
  if (ImGui::IsItemClicked(ImGuiMouseButton_Left)) {
    leftOnGhost_ = hoverGhost_ >= 0;
    if (leftOnGhost_) play(out, scene.ghosts[static_cast<std::size_t>(hoverGhost_)].move);
    if (scene.veiled && !app.editing())
      veiledPlay(app, scene, app.selected(), endAt(scene, mouse.x, mouse.y), false, out);
  }
  input(scene, mouse.x, mouse.y);

  render(app, origin.x, origin.y, fb);
  pointer(app, lastTile, mouse.x, mouse.y, hovered, out);
  wordsShown_ = nlohmann::json::object();
  words.draw(app.actionContext(), out, wordsShown_);
  ImGui::End();
  if (noteShown_) drawWholeNote(app);
}

// The scene's sprites drawn by the shaders into their texture (or by the draw list), and the end
// labels over them.
void TablePane::render(const App& app, float ox, float oy, float fb) {
  const TableScene& scene = scene_;
  const ImVec2 origin(ox, oy), size(rect_[2], rect_[3]);
  SpriteStyle style;
  style.hoverGhost = hoverGhost_;
  style.chosenGhost = std::clamp(app.chosenGhost(), 0, std::max(0, static_cast<int>(scene.ghosts.size()) - 1));
  style.anim = app.settings().animate ? std::clamp(app.animElapsed() / 0.25f, 0.0f, 1.0f) : 1.0f;
  style.pixelRatio = fb;
  const std::vector<Sprite> sprites = spritesOf(scene, style);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  shaders_ = app.useShaders() && renderer_.ready();
  if (shaders_) {
    const float tablePx[4] = {scene.table.x * fb, scene.table.y * fb, scene.table.w * fb, scene.table.h * fb};
    // The same sprites on the same image need no drawing: the texture still holds them (an idle
    // studio draws nothing, issue 53 #9).
    const std::array<float, 6> frame{size.x * fb, size.y * fb, tablePx[0], tablePx[1], tablePx[2], tablePx[3]};
    const bool same =
        frame == renderedFrame_ && sprites.size() == rendered_.size() &&
        (sprites.empty() || std::memcmp(sprites.data(), rendered_.data(), sprites.size() * sizeof(Sprite)) == 0);
    if (!same) {
      renderer_.render(static_cast<int>(size.x * fb), static_cast<int>(size.y * fb), tablePx, sprites);
      rendered_ = sprites;
      renderedFrame_ = frame;
      ++renders_;
    }
    dl->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(renderer_.texture())), origin,
                 ImVec2(origin.x + size.x, origin.y + size.y), ImVec2(0, 1), ImVec2(1, 0));
  } else {
    drawFallback(dl, origin, size, scene, sprites, fb);
  }
  dl->PushClipRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), true);
  drawEndLabels(dl, origin, scene);
  dl->PopClipRect();
}

// What the mouse does over the table: the loupe or a ghost's or an end's tooltip, and a tile
// dropped from a hand.
void TablePane::pointer(const App& app, Tile lastTile, float mx, float my, bool hovered, Intents& out) {
  const TableScene& scene = scene_;
  const Match& m = app.match();
  const ImVec2 mouse(mx, my);
  const float fb = std::max(1.0f, ImGui::GetIO().DisplayFramebufferScale.x);
  loupe_ = {};
  // An end is hovered over its front square or its L/R label (its reason, never the loupe).
  int endHovered = hovered ? endAt(scene, mouse.x, mouse.y) : -1;
  for (std::size_t i = 0; hovered && endHovered < 0 && i < scene.ends.size(); ++i)
    if (scene.ends[i].labelBox.contains(mouse.x, mouse.y)) endHovered = static_cast<int>(i);
  // Only near the line: over empty felt there is nothing to count, and the loupe would hide the words.
  const float reach = 2 * scene.transform.scale;
  const bool nearTile = std::any_of(scene.tiles.begin(), scene.tiles.end(), [&](const SceneTile& t) {
    return mx >= t.px.x - reach && mx <= t.px.x + t.px.w + reach && my >= t.px.y - reach &&
           my <= t.px.y + t.px.h + reach;
  });
  if (hovered && nearTile && hoverGhost_ < 0 && endHovered < 0 && scene.transform.scale * 2 < kLoupeBelowHalf &&
      !ImGui::IsMouseDown(ImGuiMouseButton_Left) && !ImGui::IsMouseDown(ImGuiMouseButton_Right))
    drawLoupe(sceneModel(app, lastTile), mouse.x, mouse.y, fb);
  if (hoverGhost_ >= 0) {
    const Move& mv = scene.ghosts[static_cast<std::size_t>(hoverGhost_)].move;
    tooltip(i18n::format(_("Click to play {0} here ({1})"), {tileText(mv.tile), m.moveText(mv)}));
  } else if (const int e = endHovered; e >= 0) {
    const SceneEnd& end = scene.ends[static_cast<std::size_t>(e)];
    // A veiled end (a lesson's task waits) does not say whether it is blocked.
    tooltip(end.veiled ? i18n::format(_("End {0} ({1})"), {std::string(1, end.label), std::to_string(end.pip)})
                       : i18n::format(_("End {0} ({1}): {2}"),
                                      {std::string(1, end.label), std::to_string(end.pip), whyText(end.state)}));
  }
  if (!app.editing() && ImGui::BeginDragDropTarget()) {
    if (const ImGuiPayload* pl = ImGui::AcceptDragDropPayload("DOM_TILE")) {
      const Tile t = *static_cast<const Tile*>(pl->Data);
      // Dropped on a ghost of that tile: that placement; elsewhere: its first placement.
      const auto moves = placementsOf(m, t);
      const int g = ghostAt(scene, mouse.x, mouse.y);
      if (scene.veiled) {
        // No ghost while a task waits: the end it is dropped on (disclosure.h).
        veiledPlay(app, scene, t, endHovered, true, out);
      } else if (g >= 0 && scene.ghosts[static_cast<std::size_t>(g)].move.tile == t)
        play(out, scene.ghosts[static_cast<std::size_t>(g)].move);
      else if (!moves.empty())
        play(out, moves.front());
    }
    ImGui::EndDragDropTarget();
  }
}

// The loupe: the scene zoomed about the mouse (the point under it stays under it), drawn by the
// draw list into a tooltip centred on that point, so that a square is about 24 pixels.
void TablePane::drawLoupe(const TableScene& model, float mx, float my, float fb) {
  const float factor = std::clamp(20.0f / std::max(scene_.transform.scale, 0.5f), 2.0f, 8.0f);
  const TableScene big = placed(model, zoomedAt(scene_, mx, my, factor), rect_[2], rect_[3]);
  ImGui::BeginTooltip();
  const float f = ImGui::GetFontSize();
  const ImVec2 size(f * 26, f * 8);
  ImGui::Dummy(size);
  const ImVec2 at = ImGui::GetItemRectMin();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(at, ImVec2(at.x + size.x, at.y + size.y), true);
  const ImVec2 origin(at.x + size.x * 0.5f - mx, at.y + size.y * 0.5f - my);
  SpriteStyle style;
  style.pixelRatio = fb;
  drawFallback(dl, origin, ImVec2(rect_[2], rect_[3]), big, spritesOf(big, style), fb);
  drawEndLabels(dl, origin, big);
  dl->PopClipRect();
  const std::string times = std::to_string(static_cast<int>(std::lround(factor)));
  ImGui::TextDisabled(
      "%s", i18n::format(i18n::touch() ? _("magnified {0}x") : _("magnified {0}x (the wheel zooms the table)"), {times})
                .c_str());
  ImGui::EndTooltip();
  loupe_ = {true, factor, big.transform.scale, at.x, at.y, size.x, size.y};
}

// The current position's whole note in a window of its own, drawn a display line at a time
// through a list clipper (only the lines in view are drawn, whatever the note's length).
void TablePane::drawWholeNote(const App& app) {
  const Node& node = app.timeline().current();
  if (noteNode_ != app.timeline().currentIndex() || noteTimeline_ != app.session().timelineId()) {
    note_ = i18n::trScenarioLines(node.caption);
    noteNode_ = app.timeline().currentIndex();
    noteTimeline_ = app.session().timelineId();
    noteLines_ = textLines(note_, 80);
    noteChars_ = 0;
    for (const char c : note_) noteChars_ += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }
  if (noteFocus_) ImGui::SetNextWindowFocus();
  noteFocus_ = false;
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowSize(ImVec2(std::min(d.x * 0.8f, ImGui::GetFontSize() * 48), d.y * 0.6f), ImGuiCond_Appearing);
  ImGui::SetNextWindowPos(ImVec2(d.x * 0.5f, d.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  const std::string title = i18n::format(_("The whole note ({0} characters)"), {std::to_string(noteChars_)});
  if (ImGui::Begin((title + "###wholenote").c_str(), &noteShown_, ImGuiWindowFlags_HorizontalScrollbar)) {
    noteLinesDrawn_ = 0;
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(noteLines_.size()));
    while (clip.Step())
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const std::string_view l = noteLines_[static_cast<std::size_t>(i)];
        ImGui::TextUnformatted(l.data(), l.data() + l.size());
        ++noteLinesDrawn_;
      }
  }
  ImGui::End();
}

}  // namespace dom::studio
