// The Timeline pane: every move of the current branch as a row; click to jump; playback controls.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "studio/app.h"

namespace dom::studio {

void drawTimelinePane(App& app, Intents& out) {
  placeWindow(0, 22, 296, 470);
  if (!ImGui::Begin("Timeline", &app.settings.open[static_cast<int>(Pane::Timeline)])) {
    ImGui::End();
    return;
  }
  auto button = [&](const char* label, Intent::Kind k, const char* tip) {
    if (ImGui::Button(label)) {
      Intent in;
      in.kind = k;
      out.push_back(in);
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
    ImGui::SameLine();
  };
  button("|<", Intent::Kind::First, "First (Home)");
  button("<", Intent::Kind::Prev, "Previous (Left)");
  button(">", Intent::Kind::Next, "Next (Right)");
  button(">|", Intent::Kind::Last, "Last (End)");
  button(app.autoplay ? "Pause" : "Play", Intent::Kind::Autoplay, "Autoplay (A)");
  ImGui::NewLine();
  ImGui::SetNextItemWidth(-1);
  ImGui::SliderFloat("##speed", &app.settings.speed, 0.25f, 8.0f, "speed %.2f moves/s");
  const auto rows = timelineRows(app.timeline, app.settings.visibility);
  ImGui::Text("Branch %d of %d, move %d of %d", app.timeline.currentBranch(), static_cast<int>(app.timeline.leaves().size()),
              app.timeline.pathPos(), static_cast<int>(rows.size()) - 1);
  if (ImGui::BeginTable("moves", 4, ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 2);
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize());
    ImGui::TableSetupColumn("move", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 6.5f);
    ImGui::TableSetupColumn("what it caused");
    ImGui::TableHeadersRow();
    // Keep the current row in view when the position changes (the clipper skips rows off screen).
    if (app.lastNode != app.timeline.currentIndex()) {
      const float rowH = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
      const float y = static_cast<float>(app.timeline.pathPos()) * rowH - ImGui::GetWindowHeight() * 0.5f;
      ImGui::SetScrollY(std::max(0.0f, y));
    }
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(rows.size()));
    while (clip.Step())
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
        const TimelineRow& r = rows[static_cast<std::size_t>(i)];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushID(i);
        char label[16];
        std::snprintf(label, sizeof label, r.number ? "%d" : "-", r.number);
        if (ImGui::Selectable(label, r.current, ImGuiSelectableFlags_SpanAllColumns)) {
          Intent in;
          in.kind = Intent::Kind::Jump;
          in.node = r.node;
          out.push_back(in);
        }
        ImGui::PopID();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.player.c_str());
        ImGui::TableNextColumn();
        if (r.branchPoint) ImGui::TextColored(ImVec4(1, 0.75f, 0.3f, 1), "%s *", r.move.c_str());
        else ImGui::TextUnformatted(r.move.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.caused.c_str());
      }
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace dom::studio
