// SPDX-License-Identifier: MIT
// The Branches pane: every line of play that left another, and which one the timeline shows.
#include <imgui.h>

#include <cstdio>

#include "studio/model/i18n.h"
#include "studio/ui/app.h"

namespace dom::studio {

void BranchesPane::draw(const App& app, Intents& out) {
  if (!app.beginPane(Pane::Branches, out)) return;
  const auto rows = branchRows(app.timeline());
  ImGui::TextWrapped("%s", _("Play a different move at an earlier position to start a branch."));
  const float wrap = ImGui::GetContentRegionAvail().x;
  for (const BranchRow& r : rows) {
    ImGui::PushID(r.leaf);
    const std::string text =
        std::string(r.current ? "> " : "  ") +
        i18n::format(P_("branch {0}: {1} move, leaves at {2}, ends {3}",
                        "branch {0}: {1} moves, leaves at {2}, ends {3}", r.length),
                     {std::to_string(r.number), std::to_string(r.length), std::to_string(r.forkDepth), r.lastMove});
    const char* label = text.c_str();
    // A row as tall as its wrapped text: nothing is cut at the pane's edge.
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float h = ImGui::CalcTextSize(label, nullptr, false, wrap).y;
    if (ImGui::Selectable("##row", r.current, 0, ImVec2(wrap, tapRow(h)))) out.push_back(jumpIntent(r.leaf));
    ImGui::GetWindowDrawList()->AddText(nullptr, 0, at, ImGui::GetColorU32(ImGuiCol_Text), label, nullptr, wrap);
    ImGui::PopID();
  }
  ImGui::End();
}

}  // namespace dom::studio
