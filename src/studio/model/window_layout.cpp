// SPDX-License-Identifier: MIT
// The default window layout: the panes in three columns, none covering another.
#include "studio/model/window_layout.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace dom::studio {

namespace {
// Stacks the open panes of a column top to bottom, sharing its height by weight.
void stack(std::array<Box, kPanes>& out, const std::vector<std::pair<Pane, float>>& column,
           const std::array<bool, kPanes>& open, float x, float y, float w, float h, float gap) {
  float total = 0;
  for (const auto& [p, weight] : column)
    if (open[static_cast<std::size_t>(p)]) total += weight;
  float at = y;
  for (const auto& [p, weight] : column) {
    Box& b = out[static_cast<std::size_t>(p)];
    // A closed pane keeps its place for when it opens; the layout is made again then.
    const float share = total > 0 ? weight / total : 0;
    const float ph = open[static_cast<std::size_t>(p)] ? std::floor((h + gap) * share - gap) : std::floor(h * weight);
    b = {x, open[static_cast<std::size_t>(p)] ? at : y, w, std::max(ph, 1.0f)};
    if (open[static_cast<std::size_t>(p)]) at += ph + gap;
  }
}
}  // namespace

std::array<Box, kPanes> defaultLayout(float w, float h, float menuH, const std::array<bool, kPanes>& open,
                                      bool editing) {
  std::array<Box, kPanes> out{};
  const float gap = 2;
  const float top = menuH + gap, height = h - top;
  // Side columns: a readable width, never more than a quarter of the window each.
  const float side = std::floor(std::clamp(w * 0.22f, std::min(190.0f, w * 0.25f), 560.0f));
  const float centre = w - 2 * side - 2 * gap;
  using P = Pane;
  stack(out, {{P::Timeline, 0.55f}, {P::Branches, 0.18f}, {P::Scenarios, 0.27f}, {P::Tracker, 0.3f}, {P::Write, 1.5f}},
        open, 0, top, side, height, gap);
  stack(out,
        {{P::Learn, 0.5f},
         {P::Puzzles, 0.45f},
         {P::Analysis, 0.45f},
         {P::Rules, 0.45f},
         {P::Score, 0.27f},
         {P::Log, 0.28f}},
        open, side + gap + centre + gap, top, side, height, gap);
  auto centreOpen = open;
  if (editing) {
    // Edit mode: the table over the editor; the hands and stock are the match's, not the edit's.
    centreOpen[static_cast<std::size_t>(P::Hands)] = centreOpen[static_cast<std::size_t>(P::Stock)] = false;
    centreOpen[static_cast<std::size_t>(P::Editor)] = true;
    stack(out, {{P::Table, 0.5f}, {P::Editor, 0.5f}}, centreOpen, side + gap, top, centre, height, gap);
    const Box editorBox = out[static_cast<std::size_t>(P::Editor)];
    out[static_cast<std::size_t>(P::Hands)] = out[static_cast<std::size_t>(P::Stock)] = editorBox;
  } else {
    stack(out, {{P::Table, 0.55f}, {P::Hands, 0.29f}, {P::Stock, 0.16f}}, centreOpen, side + gap, top, centre, height,
          gap);
    // Outside edit mode the editor is closed; its place is the lower half of the centre.
    out[static_cast<std::size_t>(P::Editor)] = {side + gap, top + height * 0.5f, centre, height * 0.5f};
  }
  return out;
}

bool compactWindow(float w, float h, float em, float textScale) {
  return em > 0 && textScale > 0 && (w < kCompactEms * em || h < kCompactLines * em / textScale);
}

bool landscapeWindow(float w, float h) { return w > h; }

namespace {
// The compact layout's boxes: the table, the hands (or the editor), the sheet's tabs and its pane.
struct CompactBoxes {
  Box table, hands, tabs, sheet;
};
constexpr float kGap = 2;
CompactBoxes compactBoxes(float w, float h, float menuH) {
  const float top = menuH + kGap, height = h - top, tabsH = std::ceil(menuH * 1.3f);
  CompactBoxes b{};
  if (landscapeWindow(w, h)) {
    // Sideways: the table two fifths of the width, the hands a quarter (two of a finger's tiles a
    // row), the sheet the rest, each the whole height under the menu bar.
    const float tableW = std::floor(w * 0.4f), handsW = std::floor(w * 0.26f);
    const float sheetX = tableW + handsW + 2 * kGap;
    b.table = {0, top, tableW, height};
    b.hands = {tableW + kGap, top, handsW, height};
    b.tabs = {sheetX, top, w - sheetX, tabsH};
    b.sheet = {sheetX, top + tabsH + kGap, w - sheetX, std::max(1.0f, height - tabsH - kGap)};
    return b;
  }
  const float table = std::floor(height * 0.4f), hands = std::floor(height * 0.26f);
  b.table = {0, top, w, table};
  b.hands = {0, top + table + kGap, w, hands};
  b.tabs = {0, top + table + hands + 2 * kGap, w, tabsH};
  b.sheet = {0, b.tabs.y + tabsH + kGap, w, std::max(1.0f, height - table - hands - tabsH - 3 * kGap)};
  return b;
}
}  // namespace

Box sheetTabs(float w, float h, float menuH) { return compactBoxes(w, h, menuH).tabs; }

bool sheetPane(Pane p, bool editing) { return p != Pane::Table && p != Pane::Hands && !(editing && p == Pane::Editor); }

std::array<Box, kPanes> compactLayout(float w, float h, float menuH, bool editing) {
  const CompactBoxes b = compactBoxes(w, h, menuH);
  std::array<Box, kPanes> out{};
  for (int i = 0; i < kPanes; ++i) out[static_cast<std::size_t>(i)] = b.sheet;
  out[static_cast<std::size_t>(Pane::Table)] = b.table;
  out[static_cast<std::size_t>(Pane::Hands)] = b.hands;
  // Edit mode: the editor takes the hands' place (the hands and stock are the match's, not the edit's).
  if (editing) out[static_cast<std::size_t>(Pane::Editor)] = b.hands;
  return out;
}

Pane sheetFront(Pane front, const std::array<bool, kPanes>& open, bool editing) {
  const auto isOpen = [&](Pane p) { return open[static_cast<std::size_t>(p)] && sheetPane(p, editing); };
  if (front != Pane::Count && isOpen(front)) return front;
  using P = Pane;
  for (P p : {P::Learn, P::Puzzles, P::Score, P::Stock, P::Analysis, P::Rules, P::Timeline, P::Log, P::Scenarios,
              P::Branches, P::Tracker, P::Editor, P::Write})
    if (isOpen(p)) return p;
  return P::Count;
}

bool overlap(const Box& a, const Box& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

bool inside(const Box& b, float w, float h) {
  return b.x >= -0.5f && b.y >= -0.5f && b.x + b.w <= w + 0.5f && b.y + b.h <= h + 0.5f;
}

}  // namespace dom::studio
