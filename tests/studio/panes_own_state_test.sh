#!/bin/sh
# SPDX-License-Identifier: MIT
# Issue 25: the panes are objects that own their state (src/studio/ui/panes.h). No function of the
# UI layer keeps state in a function static (a cache or a dialog's field hidden from the dump and
# from every other frame's reader), every pane the Settings list names has a class with a draw, and
# the app draws them from its list (no free draw*Pane function is left).
# (The app's own process-wide tables, the log buffer and the shaper's fonts, are not the panes'.)
# usage: panes_own_state_test.sh SOURCE_DIR
set -u
src=${1:?usage: panes_own_state_test.sh SOURCE_DIR}/src/studio
fail=0
# A function-local static: an indented `static` that is not constexpr, const data or a cast.
hits=$(grep -nE '^[[:space:]]+static[[:space:]]' "$src"/ui/pane*.cpp "$src"/ui/dialogs.cpp "$src"/ui/script.cpp | grep -vE 'static[[:space:]]+(constexpr|const[[:space:]])|static_cast|static_assert')
if [ -n "$hits" ]; then
  echo "FAIL: function statics in the UI layer (state a pane or the app should own):"
  echo "$hits"
  fail=1
fi
if grep -nE '^void draw[A-Za-z]+Pane\(' "$src"/ui/*.cpp "$src"/ui/*.h; then
  echo "FAIL: a pane is still a free function"
  fail=1
fi
for pane in Table Hands Stock Timeline Branches Rules Score Editor Scenarios Log Tracker Analysis; do
  grep -q "class ${pane}Pane final : public PaneView" "$src/ui/panes.h" || { echo "FAIL: no class ${pane}Pane"; fail=1; }
  grep -q "make_unique<${pane}Pane>" "$src/ui/panes.cpp" || { echo "FAIL: ${pane}Pane is not in the app's list"; fail=1; }
  grep -qE "^void ${pane}Pane::draw\(const App& app, Intents& out\)" "$src"/ui/pane_*.cpp ||
    { echo "FAIL: ${pane}Pane has no draw(const App&, Intents&)"; fail=1; }
done
[ "$fail" = 0 ] && echo "ok: 12 pane classes drawn from the app's list, no function statics in the panes, dialogs and script"
exit $fail
