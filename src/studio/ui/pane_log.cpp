// SPDX-License-Identifier: MIT
// The Log pane: spdlog messages (they also go to stderr), wrapped to the pane's width.
#include <imgui.h>

#include "studio/model/i18n.h"
#include "studio/ui/app.h"

namespace dom::studio {

void LogPane::draw(const App& app, Intents& out) {
  if (!app.beginPane(Pane::Log, out)) return;
  LogBuffer& log = logBuffer();
  if (ImGui::Button(_("Clear"))) {  // full height: a small button clips the marks above Devanagari
    std::lock_guard lock(log.mutex);
    log.lines.clear();
  }
  ImGui::BeginChild("lines", ImVec2(0, 0), false);
  {
    std::lock_guard lock(log.mutex);
    for (const auto& l : log.lines) ImGui::TextWrapped("%s", l.c_str());
  }
  if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY()) ImGui::SetScrollHereY(1.0f);
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace dom::studio
