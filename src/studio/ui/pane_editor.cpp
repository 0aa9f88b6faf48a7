// SPDX-License-Identifier: MIT
// The Position editor: edit mode's controls under the table. Move tiles between hands, stock, line
// and box; live check; undo/redo. Every edit is an intent.
#include <imgui.h>

#include "studio/model/i18n.h"
#include "studio/ui/app.h"
#include "studio/ui/tile_draw.h"

namespace dom::studio {

namespace {
void zoneRow(Intents& out, const char* label, Zone zone,
             const std::vector<std::pair<Tile, std::pair<int, int>>>& tiles) {
  ImGui::PushID(label);
  ImGui::TextUnformatted(label);
  ImGui::SameLine(ImGui::GetFontSize() * 6);
  const float th = ImGui::GetFrameHeight() * 1.1f;
  ImGui::BeginGroup();
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const Tile t = tiles[i].first;
    ImGui::PushID(static_cast<int>(t));
    const bool upright = zone == Zone::Stock || zone == Zone::Box;
    const ImVec2 size = upright ? ImVec2(th * 0.55f, th * 1.1f) : ImVec2(th * 1.6f, th * 0.8f);
    tileButton("t", tiles[i].second.first, tiles[i].second.second, size, TileLook::Face, false, false);
    if (ImGui::BeginDragDropSource()) {
      ImGui::SetDragDropPayload("DOM_EDIT", &t, sizeof t);
      ImGui::Text("%s", tileText(t).c_str());
      ImGui::EndDragDropSource();
    }
    if (ImGui::BeginPopupContextItem("move")) {
      ImGui::TextDisabled("%s", tileText(t).c_str());
      for (Zone z : {Zone::HandA, Zone::HandB, Zone::Stock, Zone::LineL, Zone::LineR, Zone::Box})
        if (z != zone && ImGui::MenuItem(i18n::format(_("Move to {0}"), {_(name(z))}).c_str()))
          out.push_back(editMoveIntent(t, z));
      if (zone == Zone::Stock) {
        for (const auto& [label, delta] :
             {std::pair{_("Earlier in the draw order"), -1}, std::pair{_("Later in the draw order"), +1}})
          if (ImGui::MenuItem(label)) {
            out.push_back(intent::EditStockOrder{t, delta});
          }
      }
      ImGui::EndPopup();
    }
    if (ImGui::IsItemHovered()) tooltip(i18n::format(_("{0}: right-click to move, or drag"), {tileText(t)}));
    ImGui::PopID();
    // Wrap to the pane's width.
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (i + 1 < tiles.size() && ImGui::GetItemRectMax().x + 3 + size.x < right) ImGui::SameLine(0, 3);
  }
  if (tiles.empty()) ImGui::TextDisabled("%s", _("(none: drop tiles here)"));
  ImGui::EndGroup();
  if (ImGui::BeginDragDropTarget()) {
    if (const ImGuiPayload* p = ImGui::AcceptDragDropPayload("DOM_EDIT"))
      out.push_back(editMoveIntent(*static_cast<const Tile*>(p->Data), zone));
    ImGui::EndDragDropTarget();
  }
  ImGui::PopID();
}
}  // namespace

void EditorPane::draw(const App& app, Intents& out) {
  if (!app.beginPane(Pane::Editor, out)) return;
  const Editor& ed = app.editor();
  // The registry's actions as buttons (greyed when disabled), wrapping to the next line where the
  // pane is too narrow for a language's words.
  const ActionContext c = app.actionContext();
  bool first = true;
  for (const char* id : {"edit.load", "edit.undo", "edit.redo", "edit.play_from_here", "edit.position"}) {
    if (!first) sameLineIfFits(actionButtonWidth(id, c));
    first = false;
    actionButton(id, c, out);
  }
  // The verdict first, wrapped: it is what the user reads after each edit.
  if (ed.error().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.4f, 0.9f, 0.4f, 1));
    ImGui::TextWrapped("%s", _("The position is legal."));
  } else {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.4f, 0.35f, 1));
    ImGui::TextWrapped("%s", i18n::format(_("Illegal: {0}"), {ed.error()}).c_str());
  }
  ImGui::PopStyleColor();
  const EditPosition& p = ed.position();
  auto handTiles = [](Mask m) {
    std::vector<std::pair<Tile, std::pair<int, int>>> v;
    forEachHeaviestFirst(m, [&](Tile t) { v.push_back({t, {high(t), low(t)}}); });
    return v;
  };
  zoneRow(out, _("A's hand"), Zone::HandA, handTiles(p.hand[0]));
  zoneRow(out, _("B's hand"), Zone::HandB, handTiles(p.hand[1]));
  std::vector<std::pair<Tile, std::pair<int, int>>> line;
  for (const LaidTile& lt : p.line) line.push_back({lt.tile, {lt.left, lt.right}});
  zoneRow(out, _("Line"), Zone::LineR, line);
  std::vector<std::pair<Tile, std::pair<int, int>>> stock;
  for (Tile t : p.stock) stock.push_back({t, {high(t), low(t)}});
  zoneRow(out, _("Stock"), Zone::Stock, stock);
  Mask placed = p.hand[0] | p.hand[1];
  for (Tile t : p.stock) placed |= bit(t);
  for (const LaidTile& lt : p.line) placed |= bit(lt.tile);
  zoneRow(out, _("Box"), Zone::Box, handTiles(~placed & kAllTiles));
  int turn = idx(p.turn.value_or(Player::A));
  ImGui::TextUnformatted(_("Turn"));
  for (int who = 0; who < 2; ++who) {
    ImGui::SameLine();
    if (ImGui::RadioButton(who == 0 ? "A" : "B", &turn, who)) {
      out.push_back(intent::EditTurn{static_cast<Player>(who)});
    }
  }
  std::array<int, 2> score = p.score.value_or(std::array<int, 2>{});
  sameLineIfFits(ImGui::GetFontSize() * 8 + ImGui::GetStyle().ItemInnerSpacing.x +
                 ImGui::CalcTextSize(_("score A, B")).x);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  if (ImGui::InputInt2(_("score A, B"), score.data(), ImGuiInputTextFlags_EnterReturnsTrue)) {
    out.push_back(intent::EditScore{score});
  }
  ImGui::End();
}

}  // namespace dom::studio
