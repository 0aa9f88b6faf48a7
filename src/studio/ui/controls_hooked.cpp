// SPDX-License-Identifier: MIT
// The page's ImGui is built with IMGUI_ENABLE_TEST_ENGINE (web/web.cmake): it calls the hooks below
// for every item it lays out, which collect the frame's controls (controls.h).
#include <algorithm>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

#include "studio/ui/controls.h"

namespace dom::studio {
namespace {
struct Control {
  ImGuiID id = 0;
  std::string label, window;
  ImRect rect;
};
std::vector<Control> gThisFrame, gLastFrame;
}  // namespace

void watchControls() { GImGui->TestEngineHookItems = true; }

void controlsNewFrame() {
  gLastFrame.swap(gThisFrame);
  gThisFrame.clear();
}

nlohmann::json controlsState() {
  nlohmann::json out = nlohmann::json::array();
  for (const Control& c : gLastFrame)
    out.push_back({{"label", c.label},
                   {"window", c.window},
                   {"x", c.rect.Min.x},
                   {"y", c.rect.Min.y},
                   {"w", c.rect.GetWidth()},
                   {"h", c.rect.GetHeight()}});
  return out;
}

}  // namespace dom::studio

// ImGui's hooks (imgui_internal.h declares them when IMGUI_ENABLE_TEST_ENGINE is defined).
void ImGuiTestEngineHook_ItemAdd(ImGuiContext* ctx, const ImRect& bb, ImGuiID id) {
  const ImGuiWindow* w = ctx->CurrentWindow;
  if (!w || id == 0 || (id == w->MoveId && (w->Flags & ImGuiWindowFlags_NoMove))) return;
  // A scrollbar is not counted: on a touch screen it shows where the view is, and a finger's drag
  // anywhere on the pane scrolls it (scrollByFinger, docs/web.md).
  if (id == ImGui::GetWindowScrollbarID(const_cast<ImGuiWindow*>(w), ImGuiAxis_X) ||
      id == ImGui::GetWindowScrollbarID(const_cast<ImGuiWindow*>(w), ImGuiAxis_Y))
    return;
  if (!bb.Overlaps(w->ClipRect)) return;  // scrolled out of its window's view
  std::string window = w->Name;
  if (const auto k = window.find("###"); k != std::string::npos) window = window.substr(k + 3);
  dom::studio::gThisFrame.push_back({id, std::string(), window, bb});
}

void ImGuiTestEngineHook_ItemInfo(ImGuiContext* /*ctx*/, ImGuiID id, const char* label,
                                  ImGuiItemStatusFlags /*flags*/) {
  auto& frame = dom::studio::gThisFrame;
  // The item just added, usually: searched from the end.
  const auto it = std::find_if(frame.rbegin(), frame.rend(), [id](const auto& c) { return c.id == id; });
  if (it == frame.rend()) return;
  std::string text = label ? label : "";
  if (const auto k = text.find("##"); k != std::string::npos) text = text.substr(0, k);
  it->label = text;
}

void ImGuiTestEngineHook_Log(ImGuiContext* /*ctx*/, const char* /*fmt*/, ...) {}

const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext* /*ctx*/, ImGuiID /*id*/) { return nullptr; }
