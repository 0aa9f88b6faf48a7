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

// The compact layout, for a phone's window: fewer than kCompactEms widths of the UI font across (a
// phone held upright), or fewer than kCompactLines heights of it down at 100% text size (a phone
// held sideways; `textScale` is View > Text size: a projector's 1280x800 at 200% keeps its columns). Held
// upright: the table on top and the hands under it, full width; under them one sheet where one other
// pane shows at a time, chosen on the tab strip at the sheet's top (sheetTabs). Held sideways (wider
// than high, issue 53 #6): three columns, the table, the hands beside it, and the sheet with its tabs.
inline constexpr float kCompactEms = 36;
inline constexpr float kCompactLines = 30;
[[nodiscard]] bool compactWindow(float w, float h, float em, float textScale = 1);
[[nodiscard]] bool landscapeWindow(float w, float h);
[[nodiscard]] std::array<Box, kPanes> compactLayout(float w, float h, float menuH, bool editing);
[[nodiscard]] Box sheetTabs(float w, float h, float menuH);
// The panes that share the sheet (all but the table, the hands and, in edit mode, the editor).
[[nodiscard]] bool sheetPane(Pane p, bool editing);
// The sheet's pane to show: `front` when it is open, else the first open one in the order the
// learner needs them (Learn, Puzzles, Score, Stock, Analysis ...); Pane::Count when none is open.
[[nodiscard]] Pane sheetFront(Pane front, const std::array<bool, kPanes>& open, bool editing);
[[nodiscard]] bool overlap(const Box& a, const Box& b);
// Whether b lies wholly inside a window of w x h (half a pixel of rounding allowed).
[[nodiscard]] bool inside(const Box& b, float w, float h);

}  // namespace dom::studio
