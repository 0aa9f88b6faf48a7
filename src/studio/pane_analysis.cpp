// The Analysis pane: every legal move of the current position with its win probability and expected
// points, best first, as bars with numbers; from the mover's knowledge or with all tiles known.
// Computed in the background (a progress bar meanwhile) and cached per node. A click shows the
// move's ghost on the table; a double click plays it (a branch when the record goes on otherwise).
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "studio/app.h"

namespace dom::studio {

void drawAnalysisPane(App& app, Intents& out) {
  if (!app.beginPane(Pane::Analysis, out)) return;
  const Match& m = app.match();
  int mode = app.analysisAll ? 1 : 0;
  bool changed = ImGui::RadioButton("mover's view", &mode, 0);
  ImGui::SameLine();
  changed |= ImGui::RadioButton("all tiles known", &mode, 1);
  if (changed) app.analysisAll = mode == 1;
  if (!analysisAvailable()) {
    ImGui::TextWrapped("The analysis engine is not built into this studio.");
    ImGui::End();
    return;
  }
  const auto who = m.toMove();
  if (!who || app.editing()) {
    ImGui::TextDisabled(app.editing() ? "(editing the position)" : "No round is on: nothing to analyse.");
    ImGui::End();
    return;
  }
  const AnalysisView* v = app.analysis();
  if (!v) {
    char label[48];
    std::snprintf(label, sizeof label, "analysing... %.0f%%", 100.0 * app.analyser.progress());
    ImGui::ProgressBar(static_cast<float>(app.analyser.progress()), ImVec2(-1, 0), label);
    ImGui::End();
    return;
  }
  if (!v->error.empty()) {
    ImGui::TextWrapped("%s", v->error.c_str());
    ImGui::End();
    return;
  }
  if (v->exact)
    ImGui::TextWrapped("%c to move: exact values (every tile known to the solver)", letter(*who));
  else
    ImGui::TextWrapped("%c to move: %d deals %c could be facing", letter(*who), v->samples, letter(*who));
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
  if (ImGui::BeginTable("moves", 4, flags)) {
    ImGui::TableSetupColumn("move", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 6);
    ImGui::TableSetupColumn("win", ImGuiTableColumnFlags_WidthStretch, 3.0f);
    ImGui::TableSetupColumn("%", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 2.6f);
    ImGui::TableSetupColumn("points", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 3.2f);
    ImGui::TableHeadersRow();
    const double best = v->rows.empty() ? 0 : v->rows.front().win;
    for (std::size_t i = 0; i < v->rows.size(); ++i) {
      const AnalysisRow& r = v->rows[i];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushID(static_cast<int>(i));
      const bool sel = app.selected != kNoTile && r.move.kind == MoveKind::Play && r.move.tile == app.selected;
      if (ImGui::Selectable(r.text.c_str(), sel,
                            ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowDoubleClick)) {
        if (ImGui::IsMouseDoubleClicked(0))
          out.push_back(playIntent(r.move));
        else
          app.showMove(r.move, out);
      }
      ImGui::PopID();
      ImGui::TableNextColumn();
      // The bar: the win probability; the best move's in green, a move 5 points or more below it in
      // amber, 20 or more in red.
      const double gap = best - r.win;
      const ImVec4 col = gap < 0.005  ? ImVec4(0.35f, 0.75f, 0.4f, 1)
                         : gap < 0.05 ? ImVec4(0.55f, 0.7f, 0.45f, 1)
                         : gap < 0.2  ? ImVec4(0.9f, 0.65f, 0.25f, 1)
                                      : ImVec4(0.9f, 0.35f, 0.3f, 1);
      ImGui::PushStyleColor(ImGuiCol_PlotHistogram, col);
      ImGui::ProgressBar(static_cast<float>(std::clamp(r.win, 0.0, 1.0)), ImVec2(-1, ImGui::GetTextLineHeight()), "");
      ImGui::PopStyleColor();
      ImGui::TableNextColumn();
      ImGui::Text("%.0f", 100.0 * r.win);
      ImGui::TableNextColumn();
      ImGui::Text("%+.1f", r.points);
    }
    ImGui::EndTable();
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("Click: its ghost on the table. Double click: play it.");
  ImGui::PopStyleColor();
  ImGui::End();
}

}  // namespace dom::studio
