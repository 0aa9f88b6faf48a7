// The Hands pane: both hands with pip totals, the opponent face down unless shown.
#include <imgui.h>

#include <algorithm>
#include <array>
#include <string>

#include "studio/app.h"
#include "studio/tile_draw.h"

namespace dom::studio {

void drawHandsPane(App& app, Intents& out) {
  placeWindow(300, 526, 680, 150);
  if (!ImGui::Begin("Hands", &app.settings.open[static_cast<int>(Pane::Hands)])) {
    ImGui::End();
    return;
  }
  int vis = static_cast<int>(app.settings.visibility);
  ImGui::TextUnformatted("Show:");
  ImGui::SameLine();
  ImGui::RadioButton("all", &vis, 0);
  ImGui::SameLine();
  ImGui::RadioButton("as A", &vis, 1);
  ImGui::SameLine();
  ImGui::RadioButton("as B", &vis, 2);
  app.settings.visibility = static_cast<Visibility>(vis);
  const Match& m = app.match();
  const auto hands = handsView(m, app.settings.visibility);
  const float th = ImGui::GetFrameHeight() * 1.25f;
  const ImVec2 size(th * 2.0f, th);
  // Labels first, so the tiles of both hands start at the same x.
  std::array<std::string, 2> labels;
  float labelW = 0;
  const auto& names = app.timeline.players();
  for (const HandView& h : hands) {
    const int p = idx(h.player);
    std::string l = std::string(h.toMove ? "> " : "  ") + letter(h.player) + (names ? " " + (*names)[static_cast<std::size_t>(p)] : std::string()) +
                    ": " + std::to_string(h.tiles.size()) + (h.tiles.size() == 1 ? " tile" : " tiles");
    if (h.pips >= 0) l += ", " + std::to_string(h.pips) + " pips";
    labelW = std::max(labelW, ImGui::CalcTextSize(l.c_str()).x);
    labels[static_cast<std::size_t>(p)] = std::move(l);
  }
  for (const HandView& h : hands) {
    const int p = idx(h.player);
    ImGui::PushID(p);
    ImGui::AlignTextToFramePadding();
    if (h.toMove) ImGui::TextColored(ImVec4(1, 0.8f, 0.3f, 1), "%s", labels[static_cast<std::size_t>(p)].c_str());
    else ImGui::TextUnformatted(labels[static_cast<std::size_t>(p)].c_str());
    ImGui::SameLine(labelW + ImGui::GetStyle().WindowPadding.x + ImGui::GetFontSize());
    for (std::size_t i = 0; i < h.tiles.size(); ++i) {
      const Tile t = h.tiles[i];
      ImGui::PushID(static_cast<int>(t));
      const bool sel = app.selected == t;
      const bool dim = h.toMove && !h.faceDown && !(h.playable & bit(t));
      if (tileButton("tile", high(t), low(t), size, h.faceDown ? TileLook::FaceDown : TileLook::Face, sel, dim) && !h.faceDown) {
        Intent in;
        in.kind = Intent::Kind::Select;
        in.tile = sel ? kNoTile : t;
        in.owner = h.player;
        out.push_back(in);
      }
      if (!h.faceDown) {
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", explainTile(m, h.player, t).c_str());
        if (ImGui::BeginDragDropSource()) {
          ImGui::SetDragDropPayload("DOM_TILE", &t, sizeof t);
          ImGui::Text("%s", tileText(t).c_str());
          ImGui::EndDragDropSource();
        }
      }
      ImGui::PopID();
      if (i + 1 < h.tiles.size()) ImGui::SameLine();
    }
    if (h.tiles.empty()) ImGui::TextDisabled("(empty)");
    ImGui::PopID();
  }
  if (app.selected != kNoTile) {
    const Player owner = (m.state().hand[1] & bit(app.selected)) ? Player::B : Player::A;
    ImGui::TextWrapped("%s", explainTile(m, owner, app.selected).c_str());
  }
  ImGui::End();
}

}  // namespace dom::studio
