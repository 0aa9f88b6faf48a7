// The Log pane: spdlog messages (they also go to stderr).
#include <imgui.h>

#include "studio/app.h"

namespace dom::studio {

void drawLogPane(App& app, Intents&) {
  placeWindow(984, 530, 296, 268);
  if (!ImGui::Begin("Log", &app.settings.open[static_cast<int>(Pane::Log)])) {
    ImGui::End();
    return;
  }
  LogBuffer& log = logBuffer();
  if (ImGui::SmallButton("Clear")) {
    std::lock_guard lock(log.mutex);
    log.lines.clear();
  }
  ImGui::BeginChild("lines", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  {
    std::lock_guard lock(log.mutex);
    for (const auto& l : log.lines) ImGui::TextUnformatted(l.c_str());
  }
  if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY()) ImGui::SetScrollHereY(1.0f);
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace dom::studio
