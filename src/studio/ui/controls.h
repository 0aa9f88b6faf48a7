// SPDX-License-Identifier: MIT
// Every control ImGui laid out in the last frame, for the state dump (issue 53 #1: on a touch screen
// no control is under a finger's 44 CSS pixels, and the page's tests check each one). ImGui tells of
// each item through its test-engine hooks, which the page's ImGui is built with (controls_hooked.cpp,
// web/web.cmake); Debian's libimgui is built without them, so the desktop's dump has no list
// (controls_none.cpp).
#pragma once
#include <nlohmann/json.hpp>

namespace dom::studio {

// Starts listening to ImGui's item hooks (after the context is made).
void watchControls();
// A new frame starts: the controls seen in the one that ended are the ones controlsState() gives.
void controlsNewFrame();
// The last frame's controls: [{label, window, x, y, w, h}] in window pixels, each an interactive item
// at least partly in its window's view (a title bar that does not move its window is not one, nor a
// scrollbar: a finger's drag scrolls); null where ImGui has no hooks.
[[nodiscard]] nlohmann::json controlsState();

}  // namespace dom::studio
