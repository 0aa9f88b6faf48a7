// SPDX-License-Identifier: MIT
// The Tile tracker pane: for each number, its 7 tiles on the table, in the viewer's hand and unseen;
// what the opponent cannot hold and the move that revealed it. From the shown player's view.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "studio/model/disclosure.h"
#include "studio/model/i18n.h"
#include "studio/ui/app.h"

namespace dom::studio {

void TrackerPane::draw(const App& app, Intents& out) {
  if (!app.beginPane(Pane::Tracker, out)) return;
  // While a lesson's task waits the counts are the learner's to make (lesson 18 asks to count the 4s).
  if (!disclosure(app.session()).analysis) {
    ImGui::TextWrapped("%s", _("The tile tracker is hidden until the lesson's task is answered."));
    ImGui::End();
    return;
  }
  const TrackerView& v = app.tracker();
  const Player opp = other(v.viewer);
  const std::string me(1, letter(v.viewer)), them(1, letter(opp));
  ImGui::TextWrapped("%s", i18n::format(_("As {0}: the tiles of each number (7 each)"), {me}).c_str());
  // The count columns are as wide as their headers, so no header is cut; the bar of the 7 tiles
  // takes the rest, and is left out when the rest is too narrow for it (it repeats the counts).
  const char* heads[] = {"#", _("table"), _("hand"), _("unseen")};
  const ImGuiStyle& style = ImGui::GetStyle();
  float fixed = 0;
  for (const char* h : heads) fixed += std::max(ImGui::CalcTextSize(h).x, ImGui::CalcTextSize("0").x);
  const float barW = ImGui::GetContentRegionAvail().x - fixed - 10 * style.CellPadding.x - 4;
  const bool bar = barW >= 4 * ImGui::GetFontSize();
  barShown_ = bar;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV;
  if (ImGui::BeginTable("counts", bar ? 5 : 4, flags)) {
    for (const char* h : heads) ImGui::TableSetupColumn(h, ImGuiTableColumnFlags_WidthFixed);
    if (bar) ImGui::TableSetupColumn("##bar", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (const TrackerRow& r : v.rows) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%d", r.number);
      ImGui::TableNextColumn();
      ImGui::Text("%d", r.table);
      ImGui::TableNextColumn();
      ImGui::Text("%d", r.hand);
      ImGui::TableNextColumn();
      if (r.unseen == 0) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.55f, 0.4f, 1));
      ImGui::Text("%d", r.unseen);
      if (r.unseen == 0) ImGui::PopStyleColor();
      if (!bar) continue;
      ImGui::TableNextColumn();
      // A bar of the 7 tiles: table grey, hand gold, unseen blue.
      ImDrawList* dl = ImGui::GetWindowDrawList();
      const ImVec2 p = ImGui::GetCursorScreenPos();
      const float w = ImGui::GetContentRegionAvail().x, h = ImGui::GetTextLineHeight() * 0.7f;
      const float y = p.y + ImGui::GetTextLineHeight() * 0.15f;
      const float unit = w / 7.0f;
      float x = p.x;
      const std::pair<int, ImU32> parts[] = {{r.table, IM_COL32(140, 140, 140, 255)},
                                             {r.hand, IM_COL32(230, 190, 80, 255)},
                                             {r.unseen, IM_COL32(90, 150, 230, 255)}};
      for (const auto& [n, col] : parts) {
        if (n > 0) dl->AddRectFilled(ImVec2(x, y), ImVec2(x + unit * static_cast<float>(n) - 1, y + h), col);
        x += unit * static_cast<float>(n);
      }
      ImGui::Dummy(ImVec2(1, ImGui::GetTextLineHeight()));
    }
    ImGui::EndTable();
  }
  ImGui::Separator();
  if (v.revealed.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped(
        "%s", i18n::format(_("Nothing known about {0}'s hand yet: watch when {0} draws or passes."), {them}).c_str());
    ImGui::PopStyleColor();
  } else {
    ImGui::TextWrapped("%s", i18n::format(_("{0} cannot hold:"), {them}).c_str());
    for (const std::string& line : v.revealed) {
      ImGui::Bullet();
      ImGui::TextWrapped("%s", line.c_str());
    }
  }
  ImGui::End();
}

void TrackerPane::dump(nlohmann::json& j) const { j["trackerDrawn"] = {{"bars", barShown_}}; }

}  // namespace dom::studio
