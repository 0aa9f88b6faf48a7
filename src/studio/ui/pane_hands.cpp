// SPDX-License-Identifier: MIT
// The Hands pane: both hands with pip totals, the opponent face down unless shown; tiles wrap to
// the pane's width so that every tile of a long hand shows.
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <array>
#include <string>

#include "studio/model/disclosure.h"
#include "studio/model/i18n.h"
#include "studio/model/players.h"
#include "studio/ui/app.h"
#include "studio/ui/tile_draw.h"

namespace dom::studio {

namespace {
// The tallest tiles (up to a comfortable size, down to a legible one) with which both hands,
// wrapped to the pane's width, fit in its height under their labels; `words`: the height of the
// texts around them (the labels and the selected tile's explanation, as wrapped in the language).
float tileHeight(const std::array<HandView, 2>& hands, ImVec2 avail, float gap, float words) {
  const float spacing = ImGui::GetStyle().ItemSpacing.y;
  // The smallest tile: as high as a Latin line (a taller Hindi line must not make tiles overflow), at
  // the chosen text size (a projector's 200% must not shrink the tiles to half of 100%'s: the pane
  // scrolls instead).
  const float latin = 15.0f * ImGui::GetIO().FontGlobalScale;
  const float big = ImGui::GetFrameHeight() * 1.25f, small = std::min(ImGui::GetFontSize(), latin) * 0.9f;
  // Leave room for a scrollbar, so that its coming and going does not change the wrap.
  avail.x -= ImGui::GetStyle().ScrollbarSize;
  const float room = avail.y - words - ImGui::GetStyle().WindowPadding.y - spacing * 3;
  for (float th = big; th > small; th -= 1.0f) {
    const int perRow = std::max(1, static_cast<int>((avail.x + gap) / (th * 2.0f + gap)));
    float need = 0;
    for (const HandView& h : hands) {
      const int n = std::max(1, static_cast<int>(h.tiles.size()));
      need += static_cast<float>((n + perRow - 1) / perRow) * (th + spacing);
    }
    if (need <= room) return th;
  }
  return small;
}

// Show: all, as A, as B (whose tiles are face up).
void drawVisibility(const App& app, Intents& out) {
  // The registry's View > Show all hands / as A / as B, as radio buttons with their short words.
  const ActionContext c = app.actionContext();
  ImGui::TextUnformatted(_("Show:"));
  for (const auto& [id, word] : {std::pair{"view.show_all", N_("all")}, std::pair{"view.as_a", N_("as A")},
                                 std::pair{"view.as_b", N_("as B")}}) {
    // A radio button's width: its circle (a frame's height), the inner spacing and the word.
    sameLineIfFits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(_(word)).x);
    const Action* a = findAction(id);
    if (a && ImGui::RadioButton(_(word), a->checked(c))) runAction(*a, c, out);
  }
}

// The hint, on the same line: the best move for the player to move; pressed again, the next best.
// Then Draw and Pass when they are the human's move to make. The buttons are the registry's actions
// (greyed when their keys would do nothing), their tooltips the registry's label and key.
void drawMoveButtons(const App& app, std::vector<std::string>& drawn, Intents& out) {
  const ActionContext c = app.actionContext();
  ImGui::SameLine();
  // A full-height button, as tall as the radio buttons beside it: a small button's text is clipped
  // at the font's height, which cuts the marks above a Devanagari line (the anusvara of संकेत).
  // Just its key ("H") when a language's words leave no room for the whole label (the tooltip says
  // it all): a line more would take the tiles' room in a small window.
  const Action& hint = *findAction("game.hint");
  // A narrow pane (a phone held sideways) puts it on a line of its own rather than cut it.
  if (ImGui::GetContentRegionAvail().x < buttonWidth(hint.shortcutText().c_str())) ImGui::NewLine();
  if (ImGui::GetContentRegionAvail().x >= actionButtonWidth(hint.id, c)) {
    actionButton(hint.id, c, out);
  } else {
    ImGui::BeginDisabled(!hint.enabled(c));
    if (ImGui::Button((hint.shortcutText() + "###" + hint.id).c_str())) runAction(hint, c, out);
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) tooltip(buttonTip(hint, c));
  }
  // Drawing and passing have a button when they are the human's move to make (D and P do the same).
  for (const char* id : {"game.draw", "game.pass"}) {
    if (!findAction(id)->enabled(c)) continue;
    sameLineIfFits(actionButtonWidth(id, c));  // on the next line when the pane is too narrow (es, hi)
    actionButton(id, c, out);
    drawn.emplace_back(id);
  }
}

// Each hand's label: "A Human: 7 tiles, 52 pips", with "> " before the player to move.
std::array<std::string, 2> handLabels(const App& app, const std::array<HandView, 2>& hands) {
  const std::array<std::string, 2> names = app.session().playerNames();
  std::array<std::string, 2> labels;
  for (const HandView& h : hands) {
    const int p = idx(h.player);
    const std::string count = std::to_string(h.tiles.size());
    std::string& l = labels[static_cast<std::size_t>(p)];
    std::string what = i18n::format(P_("{0} tile", "{0} tiles", h.tiles.size()), {count});
    if (h.pips >= 0) what += ", " + i18n::format(P_("{0} pip", "{0} pips", h.pips), {std::to_string(h.pips)});
    // "A Human: 7 tiles, 52 pips", through the catalog's "{0}: {1}" (French: "A Humain : ...").
    l = std::string(h.toMove ? "> " : "") +
        i18n::format(_("{0}: {1}"), {playerTitle(h.player, names[static_cast<std::size_t>(p)]), what});
  }
  return labels;
}

// One hand under its label: its tiles wrapped to the pane's width (a click selects, a drag carries
// the tile); returns the count of tiles wholly shown.
int drawHand(const App& app, const HandView& h, const std::string& label, ImVec2 size, float gap, Intents& out,
             std::vector<HandTileRect>* rects) {
  // While a lesson's task waits, no tile is greyed and no tooltip says whether it plays (disclosure.h).
  const bool legality = disclosure(app.session()).legality;
  const Match& m = app.match();
  const int p = idx(h.player);
  ImGui::PushID(p);
  if (h.toMove) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.8f, 0.3f, 1));
  ImGui::TextWrapped("%s", label.c_str());
  if (h.toMove) ImGui::PopStyleColor();
  int shown = 0;
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  for (std::size_t i = 0; i < h.tiles.size(); ++i) {
    const Tile t = h.tiles[i];
    ImGui::PushID(static_cast<int>(t));
    // A tiles task's picked tile is drawn selected: the learner answers on the hand's own tiles.
    const bool sel = app.selected() == t || (app.session().course().picked & bit(t)) != 0;
    const bool dim = legality && h.toMove && !h.faceDown && !(h.playable & bit(t));
    if (tileButton("tile", high(t), low(t), size, h.faceDown ? TileLook::FaceDown : TileLook::Face, sel, dim) &&
        !h.faceDown)
      out.push_back(intent::Select{app.selected() == t ? kNoTile : t, true});
    if (rects && !h.faceDown) {
      const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
      rects->push_back({tileText(t), lo.x, lo.y, hi.x - lo.x, hi.y - lo.y, dim, sel});
    }
    // Counted when the whole tile lies within the pane's width (the test of the wrapping).
    if (ImGui::GetItemRectMax().x <= ImGui::GetWindowPos().x + ImGui::GetWindowWidth()) ++shown;
    if (!h.faceDown) {
      if (ImGui::IsItemHovered()) tooltip(legality ? explainTile(m, h.player, t) : tileText(t));
      if (ImGui::BeginDragDropSource()) {
        ImGui::SetDragDropPayload("DOM_TILE", &t, sizeof t);
        ImGui::Text("%s", tileText(t).c_str());
        ImGui::EndDragDropSource();
      }
    }
    ImGui::PopID();
    // Wrap to the pane's width.
    if (i + 1 < h.tiles.size() && ImGui::GetItemRectMax().x + gap + size.x <= right) ImGui::SameLine(0, gap);
  }
  if (h.tiles.empty()) ImGui::TextDisabled("%s", _("(empty)"));
  ImGui::PopID();
  return shown;
}
}  // namespace

void HandsPane::draw(const App& app, Intents& out) {
  for (auto& r : tileRects_) r.clear();
  if (!app.beginPane(Pane::Hands, out)) return;
  drawVisibility(app, out);
  const Match& m = app.match();
  if (m.toMove() && !app.editing()) drawMoveButtons(app, buttons_, out);
  const Disclosure shown = disclosure(app.session());
  const auto hands = handsView(app.timeline(), app.settings().visibility, shown.pips, shown.legality);
  const float gap = ImGui::GetStyle().ItemSpacing.x * 0.5f;
  // The labels and the explanation first: their wrapped height decides the tiles' size.
  std::array<std::string, 2> labels = handLabels(app, hands);
  std::string explanation;
  if (app.selected() != kNoTile && shown.legality) {
    const Player owner = (m.state().hand[1] & bit(app.selected())) ? Player::B : Player::A;
    explanation = explainTile(m, owner, app.selected());
  }
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float wrap = avail.x - ImGui::GetStyle().ScrollbarSize;
  float words = 0;
  for (const std::string* t : {&labels[0], &labels[1], &explanation})
    if (!t->empty()) words += ImGui::CalcTextSize(t->c_str(), nullptr, false, wrap).y + ImGui::GetStyle().ItemSpacing.y;
  float th = tileHeight(hands, avail, gap, words);
  // The compact layout (a phone): the tiles a finger taps are at least 40 CSS pixels high (the UI
  // font is 15 of them), two a row at least, and a finger's 44 on a touch screen (tapSize); a face-down hand, which no
  // one taps, stays small. The pane scrolls when a long hand needs more rows.
  const float fontPx = ImGui::GetFontSize();
  if (app.compact()) th = std::max({th, std::min(fontPx * 40.0f / 15.0f, (wrap - gap) / 4.0f), tapSize()});
  // The pane's view (screen pixels), to bring the hand whose turn comes into it (below).
  const ImRect view = ImGui::GetCurrentWindow()->InnerClipRect;
  const std::optional<Player> mover = m.toMove();
  for (const HandView& h : hands) {
    const auto p = static_cast<std::size_t>(idx(h.player));
    const float hth = app.compact() && h.faceDown ? fontPx * 0.9f : th;
    const float top = ImGui::GetCursorScreenPos().y;
    tilesShown_[p] = drawHand(app, h, labels[p], ImVec2(hth * 2.0f, hth), gap, out, &tileRects_[p]);
    const float bottom = ImGui::GetItemRectMax().y;
    inView_[p] = top >= view.Min.y - 1 && bottom <= view.Max.y + 1;
    // A short pane (a large text size, a small window) scrolls: when the turn passes to a hand out of
    // its view, the pane scrolls to show it (the learner's task is about it), then leaves the
    // scrolling to the user. A few frames: the pane's scroll range is known one frame late. A hand
    // taller than the view counts as shown when its top is at the view's top.
    const bool shownTop = top >= view.Min.y - 1 && top <= view.Min.y + 1;
    if (mover == h.player && scrollFrames_ > 0 && !inView_[p] && !shownTop)
      ImGui::SetScrollFromPosY(top - ImGui::GetWindowPos().y, 0.0f);
  }
  if (mover != moverSeen_)
    scrollFrames_ = 3;
  else if (scrollFrames_ > 0)
    --scrollFrames_;
  moverSeen_ = mover;
  if (!explanation.empty()) ImGui::TextWrapped("%s", explanation.c_str());
  ImGui::End();
}

void HandsPane::dump(nlohmann::json& j) const {
  for (const Player p : {Player::A, Player::B})
    j["hands"][std::string(1, letter(p))]["shown"] = tilesShown_[static_cast<std::size_t>(idx(p))];
  j["handButtons"] = buttons_;
  // Whether each hand (its label and tiles) is whole in the pane's view, not scrolled out of it.
  for (const Player p : {Player::A, Player::B})
    j["hands"][std::string(1, letter(p))]["inView"] = inView_[static_cast<std::size_t>(idx(p))];
  // Each face-up tile's button as drawn (window pixels): where a tap or a click selects it.
  for (const Player p : {Player::A, Player::B}) {
    auto& rects = j["hands"][std::string(1, letter(p))]["rects"];
    rects = nlohmann::json::array();
    for (const HandTileRect& r : tileRects_[static_cast<std::size_t>(idx(p))])
      rects.push_back({{"tile", r.tile},
                       {"x", r.x},
                       {"y", r.y},
                       {"w", r.w},
                       {"h", r.h},
                       {"style", {{"dim", r.dim}, {"selected", r.selected}}}});
  }
}

}  // namespace dom::studio
