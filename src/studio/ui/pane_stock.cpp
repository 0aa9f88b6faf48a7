// SPDX-License-Identifier: MIT
// The Stock pane: the count with the reserve marked; revealed in draw order in teaching mode.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "studio/model/disclosure.h"
#include "studio/model/i18n.h"
#include "studio/ui/app.h"
#include "studio/ui/tile_draw.h"

namespace dom::studio {

void StockPane::draw(const App& app, Intents& out) {
  if (!app.beginPane(Pane::Stock, out)) return;
  const Match& m = app.match();
  actionCheckbox("view.teaching", app.actionContext(), out);  // View > Teaching mode
  const StockView v = stockView(m, true);
  // While a lesson's task waits, how many tiles can be drawn is the learner's to work out (lessons
  // 3, 6 and 7 ask whether to draw): the pane counts the stock only, outlines no reserve and shows
  // no face (disclosure.h).
  const Disclosure shown = disclosure(app.session());
  const bool faces = app.settings().teaching && shown.stockFaces;
  styles_.clear();
  counts_ = !shown.reserve
                ? i18n::format(P_("{0} tile", "{0} tiles", v.count), {std::to_string(v.count)})
                : i18n::format(P_("{0} tile, reserve {1}, {2} can be drawn", "{0} tiles, reserve {1}, {2} can be drawn",
                                  v.count),
                               {std::to_string(v.count), std::to_string(v.reserve), std::to_string(v.drawable)});
  const char* counts = counts_.c_str();
  // On the checkbox's line when it fits there, else wrapped under it.
  if (ImGui::GetContentRegionAvail().x - ImGui::GetItemRectSize().x - ImGui::GetStyle().ItemSpacing.x >
      ImGui::CalcTextSize(counts).x)
    ImGui::SameLine();
  ImGui::TextWrapped("%s", counts);
  // Upright tiles as tall as fit: every tile of the stock shows, wrapped to the pane's width.
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  float th = ImGui::GetFrameHeight() * 1.5f;
  for (; th > ImGui::GetFontSize() * 0.8f; th -= 1.0f) {
    const int perRow = std::max(1, static_cast<int>((avail.x + 5) / (th * 0.5f + 5)));
    const int rows = (std::max(v.count, 1) + perRow - 1) / perRow;
    if (static_cast<float>(rows) * (th + ImGui::GetStyle().ItemSpacing.y) <=
        avail.y - ImGui::GetStyle().WindowPadding.y - ImGui::GetStyle().ItemSpacing.y)
      break;
  }
  const ImVec2 size(th * 0.5f, th);
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int i = 0; i < v.count; ++i) {
    const Tile t = v.tiles[static_cast<std::size_t>(i)];
    const bool reserve = shown.reserve && i >= v.count - v.reserve;
    styles_.emplace_back(reserve, faces);
    const ImVec2 a = ImGui::GetCursorScreenPos();
    ImGui::Dummy(size);
    drawTile(dl, a, ImVec2(a.x + size.x, a.y + size.y), high(t), low(t), faces ? TileLook::Face : TileLook::FaceDown);
    if (reserve)
      dl->AddRect(ImVec2(a.x - 2, a.y - 2), ImVec2(a.x + size.x + 2, a.y + size.y + 2), IM_COL32(230, 80, 60, 255), 3,
                  0, 2);
    if (ImGui::IsItemHovered()) {
      if (faces)
        tooltip(std::to_string(i + 1) + ": " + tileText(t) + (reserve ? _(" (reserve: never drawn)") : ""));
      else
        tooltip(std::to_string(i + 1) + (reserve ? _(" (reserve: never drawn)") : ""));
    }
    // Wrap to the pane's width.
    if (i + 1 < v.count && ImGui::GetItemRectMax().x + 5 + size.x <= right) ImGui::SameLine(0, 5);
  }
  if (v.count == 0) ImGui::TextDisabled("%s", _("The stock is empty."));
  ImGui::End();
}

void StockPane::dump(nlohmann::json& j) const {
  // Each stock tile's style as drawn: outlined red as the reserve, face up.
  nlohmann::json styles = nlohmann::json::array();
  for (const auto& [outlined, face] : styles_) styles.push_back({{"outlined", outlined}, {"face", face}});
  j["stockPane"] = {{"counts", counts_}, {"styles", styles}};
}

}  // namespace dom::studio
