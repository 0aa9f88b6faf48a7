// The Branches pane: every line of play that left another, and which one the timeline shows.
#include <imgui.h>

#include "studio/app.h"

namespace dom::studio {

void drawBranchesPane(App& app, Intents& out) {
  placeWindow(0, 496, 296, 130);
  if (!ImGui::Begin("Branches", &app.settings.open[static_cast<int>(Pane::Branches)])) {
    ImGui::End();
    return;
  }
  const auto rows = branchRows(app.timeline);
  ImGui::TextDisabled("Play a different move at an earlier position to start a branch.");
  for (const BranchRow& r : rows) {
    ImGui::PushID(r.leaf);
    char label[160];
    std::snprintf(label, sizeof label, "%s branch %d: %d moves, leaves at %d, ends %s", r.current ? ">" : " ", r.number, r.length,
                  r.forkDepth, r.lastMove.c_str());
    if (ImGui::Selectable(label, r.current)) {
      Intent in;
      in.kind = Intent::Kind::Jump;
      in.node = r.leaf;
      out.push_back(in);
    }
    ImGui::PopID();
  }
  ImGui::End();
}

}  // namespace dom::studio
