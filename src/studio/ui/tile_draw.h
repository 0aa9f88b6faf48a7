// SPDX-License-Identifier: MIT
// Tiles drawn with ImGui's draw list: the hands, the stock, the editor, and the table's fallback.
#pragma once
#include <imgui.h>

namespace dom::studio {

enum class TileLook { Face, FaceDown, Ghost };

// A tile in the box [min, max]; a wide box lays it lengthwise, a tall one upright.
void drawTile(ImDrawList* dl, ImVec2 min, ImVec2 max, int first, int second, TileLook look, bool highlight = false,
              bool dim = false);
// A clickable tile; returns true when clicked (a face-down one is only drawn: never clicked).
bool tileButton(const char* id, int first, int second, ImVec2 size, TileLook look, bool highlight, bool dim);
// A felt rectangle (the fallback table).
void drawFelt(ImDrawList* dl, ImVec2 min, ImVec2 max);

}  // namespace dom::studio
