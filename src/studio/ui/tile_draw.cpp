// SPDX-License-Identifier: MIT
// ImGui draw-list tiles: rounded ivory body, shadow, divider and pips in the standard patterns.
#include "studio/ui/tile_draw.h"

#include <algorithm>

namespace dom::studio {

namespace {
constexpr int kPipBits[7] = {0, 16, 257, 273, 325, 341, 365};

void drawPips(ImDrawList* dl, ImVec2 c, float s, int n, bool across, ImU32 col) {
  const float cell = s * 0.26f, rad = std::max(1.2f, s * 0.095f);
  for (int i = 0; i < 9; ++i) {
    if (!((kPipBits[n] >> i) & 1)) continue;
    float gx = static_cast<float>(i % 3 - 1), gy = static_cast<float>(i / 3 - 1);
    if (across) std::swap(gx, gy);
    dl->AddCircleFilled(ImVec2(c.x + gx * cell, c.y + gy * cell), rad, col, rad < 3.0f ? 6 : 10);
  }
}
}  // namespace

void drawTile(ImDrawList* dl, ImVec2 a, ImVec2 b, int first, int second, TileLook look, bool highlight, bool dim) {
  const float w = b.x - a.x, h = b.y - a.y;
  const bool horizontal = w >= h;
  const float s = std::min(w, h);
  const float r = s * 0.2f;
  if (look != TileLook::Ghost)
    dl->AddRectFilled(ImVec2(a.x + s * 0.06f, a.y + s * 0.09f), ImVec2(b.x + s * 0.06f, b.y + s * 0.09f),
                      IM_COL32(0, 0, 0, 70), r);
  if (look == TileLook::FaceDown) {
    dl->AddRectFilled(a, b, IM_COL32(40, 70, 120, 255), r);
    dl->AddRect(ImVec2(a.x + s * 0.1f, a.y + s * 0.1f), ImVec2(b.x - s * 0.1f, b.y - s * 0.1f),
                IM_COL32(120, 160, 220, 255), r * 0.6f);
    return;
  }
  const int alpha = look == TileLook::Ghost ? (dim ? 55 : 120) : dim ? 150 : 255;
  dl->AddRectFilledMultiColor(ImVec2(a.x + r * 0.3f, a.y + r * 0.3f), ImVec2(b.x - r * 0.3f, b.y - r * 0.3f),
                              IM_COL32(253, 249, 236, alpha), IM_COL32(253, 249, 236, alpha),
                              IM_COL32(228, 218, 192, alpha), IM_COL32(228, 218, 192, alpha));
  dl->AddRect(a, b, IM_COL32(200, 190, 165, alpha), r, 0, std::max(1.0f, r * 0.6f));
  dl->AddRect(a, b, IM_COL32(150, 140, 120, alpha), r);
  const ImU32 ink = IM_COL32(20, 20, 26, alpha);
  if (horizontal) {
    const float mx = (a.x + b.x) * 0.5f;
    dl->AddLine(ImVec2(mx, a.y + s * 0.12f), ImVec2(mx, b.y - s * 0.12f), IM_COL32(70, 60, 50, alpha),
                std::max(1.0f, s * 0.05f));
    drawPips(dl, ImVec2(a.x + w * 0.25f, (a.y + b.y) * 0.5f), s, first, true, ink);
    drawPips(dl, ImVec2(a.x + w * 0.75f, (a.y + b.y) * 0.5f), s, second, true, ink);
  } else {
    const float my = (a.y + b.y) * 0.5f;
    dl->AddLine(ImVec2(a.x + s * 0.12f, my), ImVec2(b.x - s * 0.12f, my), IM_COL32(70, 60, 50, alpha),
                std::max(1.0f, s * 0.05f));
    drawPips(dl, ImVec2((a.x + b.x) * 0.5f, a.y + h * 0.25f), s, first, false, ink);
    drawPips(dl, ImVec2((a.x + b.x) * 0.5f, a.y + h * 0.75f), s, second, false, ink);
  }
  if (look == TileLook::Ghost) dl->AddRect(a, b, IM_COL32(255, 215, 60, 230), r, 0, 2.0f);
  if (highlight)
    dl->AddRect(ImVec2(a.x - 3, a.y - 3), ImVec2(b.x + 3, b.y + 3), IM_COL32(255, 150, 40, 255), r + 2, 0, 2.5f);
}

bool tileButton(const char* id, int first, int second, ImVec2 size, TileLook look, bool highlight, bool dim) {
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  // A face-down tile is not a control: nothing happens when it is clicked, and on a touch screen it
  // would be a target under a finger's size (issue 53 #1).
  bool clicked = false;
  if (look == TileLook::FaceDown)
    ImGui::Dummy(size);
  else
    clicked = ImGui::InvisibleButton(id, size);
  const bool hovered = ImGui::IsItemHovered();
  ImVec2 a = pos, b(pos.x + size.x, pos.y + size.y);
  if (hovered && look != TileLook::FaceDown) {
    a.y -= 3;
    b.y -= 3;
  }
  drawTile(ImGui::GetWindowDrawList(), a, b, first, second, look, highlight, dim);
  return clicked;
}

void drawFelt(ImDrawList* dl, ImVec2 a, ImVec2 b) {
  dl->AddRectFilled(a, b, IM_COL32(58, 36, 20, 255));
  dl->AddRectFilled(ImVec2(a.x + 6, a.y + 6), ImVec2(b.x - 6, b.y - 6), IM_COL32(18, 92, 54, 255), 14);
}

}  // namespace dom::studio
