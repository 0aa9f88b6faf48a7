// The Timeline pane: every move of the current branch as a row; click to jump; playback controls.
// A cell too long for its column ends in an ellipsis and shows the whole text on hover.
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cstdio>

#include "studio/app.h"

namespace dom::studio {

namespace {
// The text in the cell's width; cut with an ellipsis when longer, the full text on hover.
void cell(const std::string& text, const ImVec4* colour = nullptr) {
  const float w = ImGui::GetContentRegionAvail().x;
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  if (size.x <= w) {
    if (colour)
      ImGui::TextColored(*colour, "%s", text.c_str());
    else
      ImGui::TextUnformatted(text.c_str());
    return;
  }
  const ImVec2 at = ImGui::GetCursorScreenPos();
  if (colour) ImGui::PushStyleColor(ImGuiCol_Text, *colour);
  ImGui::RenderTextEllipsis(ImGui::GetWindowDrawList(), at, ImVec2(at.x + w, at.y + size.y), at.x + w, at.x + w,
                            text.c_str(), nullptr, &size);
  if (colour) ImGui::PopStyleColor();
  ImGui::Dummy(ImVec2(w, size.y));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
}
}  // namespace

void drawTimelinePane(App& app, Intents& out) {
  if (!app.beginPane(Pane::Timeline, out)) return;
  auto button = [&](const char* label, Intent::Kind k, const char* tip) {
    if (ImGui::Button(label)) out.push_back(intentOf(k));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
    ImGui::SameLine();
  };
  button("|<", Intent::Kind::First, "First (Home)");
  button("<", Intent::Kind::Prev, "Previous (Left)");
  button(">", Intent::Kind::Next, "Next (Right)");
  button(">|", Intent::Kind::Last, "Last (End)");
  button(app.session.autoplay ? "Pause" : "Play", Intent::Kind::Autoplay, "Autoplay (A)");
  ImGui::NewLine();
  ImGui::SetNextItemWidth(-1);
  float speed = app.settings.speed;
  if (ImGui::SliderFloat("##speed", &speed, 0.25f, 8.0f, "speed %.2f moves/s")) {
    Intent in = intentOf(Intent::Kind::SetSpeed);
    in.value = speed;
    out.push_back(in);
  }
  const auto rows = timelineRows(app.timeline, app.settings.visibility);
  // Numbered as the rows are: deals are rows without a number, not moves.
  const MoveCounter c = moveCounter(app.timeline);
  ImGui::TextWrapped("Branch %d of %d, move %d of %d", app.timeline.currentBranch(),
                     static_cast<int>(app.timeline.leaves().size()), c.current, c.last);
  if (ImGui::BeginTable("moves", 4, ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("999").x);
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize());
    ImGui::TableSetupColumn("move", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("what it caused", ImGuiTableColumnFlags_WidthStretch, 1.6f);
    ImGui::TableHeadersRow();
    // Keep the current row in view when the position changes (the clipper skips rows off screen).
    if (app.lastNode != app.timeline.currentIndex()) {
      const float rowH = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
      const float y = static_cast<float>(app.timeline.pathPos()) * rowH - ImGui::GetWindowHeight() * 0.5f;
      ImGui::SetScrollY(std::max(0.0f, y));
    }
    const ImVec4 branchColour(1, 0.75f, 0.3f, 1);
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
        if (ImGui::Selectable(label, r.current,
                              ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap))
          out.push_back(jumpIntent(r.node));
        ImGui::PopID();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.player.c_str());
        ImGui::TableNextColumn();
        if (r.branchPoint)
          cell(r.move + " *", &branchColour);
        else
          cell(r.move);
        ImGui::TableNextColumn();
        cell(r.caused);
      }
    ImGui::EndTable();
  }
  ImGui::End();
}

}  // namespace dom::studio
