// The Stock pane: the count with the reserve marked; revealed in draw order in teaching mode.
#include <imgui.h>

#include "studio/app.h"
#include "studio/tile_draw.h"

namespace dom::studio {

void drawStockPane(App& app, Intents& out) {
  if (!app.beginPane(Pane::Stock, out)) return;
  const Match& m = app.match();
  bool teaching = app.settings.teaching;
  if (ImGui::Checkbox("Teaching mode (reveal)", &teaching)) {
    Intent in = intentOf(Intent::Kind::SetTeaching);
    in.on = teaching;
    out.push_back(in);
  }
  const StockView v = stockView(m, true);
  ImGui::TextWrapped("%d tiles, reserve %d, %d can be drawn", v.count, v.reserve, v.drawable);
  const float th = ImGui::GetFrameHeight() * 1.5f;
  const ImVec2 size(th * 0.5f, th);
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  for (int i = 0; i < v.count; ++i) {
    const Tile t = v.tiles[static_cast<std::size_t>(i)];
    const bool reserve = i >= v.count - v.reserve;
    const ImVec2 a = ImGui::GetCursorScreenPos();
    ImGui::Dummy(size);
    drawTile(dl, a, ImVec2(a.x + size.x, a.y + size.y), high(t), low(t), app.settings.teaching ? TileLook::Face : TileLook::FaceDown);
    if (reserve) dl->AddRect(ImVec2(a.x - 2, a.y - 2), ImVec2(a.x + size.x + 2, a.y + size.y + 2), IM_COL32(230, 80, 60, 255), 3, 0, 2);
    if (ImGui::IsItemHovered()) {
      if (app.settings.teaching) ImGui::SetTooltip("%d: %s%s", i + 1, tileText(t).c_str(), reserve ? " (reserve: never drawn)" : "");
      else ImGui::SetTooltip("%d%s", i + 1, reserve ? " (reserve: never drawn)" : "");
    }
    // Wrap to the pane's width.
    if (i + 1 < v.count && ImGui::GetItemRectMax().x + 5 + size.x <= right) ImGui::SameLine(0, 5);
  }
  if (v.count == 0) ImGui::TextDisabled("The stock is empty.");
  ImGui::End();
}

}  // namespace dom::studio
