// SPDX-License-Identifier: MIT
// The default window layout of the panes.
#pragma once
#include <array>

#include "studio/model/settings.h"

namespace dom::studio {

// The default window layout: every pane's rect in a window of w x h pixels below a menu bar of
// menuH, in three columns; the open panes of a column share its height, so no pane covers another.
// In edit mode the editor takes the Hands and Stock places under the table.
struct Box {
  float x = 0, y = 0, w = 0, h = 0;
};
[[nodiscard]] std::array<Box, kPanes> defaultLayout(float w, float h, float menuH, const std::array<bool, kPanes>& open,
                                                    bool editing);
[[nodiscard]] bool overlap(const Box& a, const Box& b);
// Whether b lies wholly inside a window of w x h (half a pixel of rounding allowed).
[[nodiscard]] bool inside(const Box& b, float w, float h);

}  // namespace dom::studio
