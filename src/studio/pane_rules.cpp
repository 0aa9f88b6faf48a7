// The Rules pane: the rule set's knobs and the position in plain language.
#include <imgui.h>

#include "studio/app.h"

namespace dom::studio {

void drawRulesPane(App& app, Intents&) {
  placeWindow(984, 22, 296, 330);
  if (!ImGui::Begin("Rules", &app.settings.open[static_cast<int>(Pane::Rules)])) {
    ImGui::End();
    return;
  }
  const Match& m = app.match();
  if (ImGui::BeginTable("knobs", 2, ImGuiTableFlags_BordersInnerH)) {
    for (const auto& [k, v] : ruleKnobs(m.rules())) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextDisabled("%s", k.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(v.c_str());
    }
    ImGui::EndTable();
  }
  ImGui::TextDisabled("%s", presetOrigin(m.rules().preset).c_str());
  ImGui::Separator();
  const Node& n = app.timeline.current();
  if (n.move) {
    const auto [move, caused] = moveWords(n, app.settings.visibility);
    ImGui::TextColored(ImVec4(0.6f, 0.8f, 1, 1), "Last: %c %s", letter(n.by), move.c_str());
    ImGui::TextWrapped("%s", caused.c_str());
  }
  ImGui::TextWrapped("%s", explainPosition(m, app.settings.visibility).c_str());
  if (app.selected != kNoTile) {
    ImGui::Separator();
    const Player owner = (m.state().hand[1] & bit(app.selected)) ? Player::B : Player::A;
    ImGui::TextWrapped("%s", explainTile(m, owner, app.selected).c_str());
  } else {
    ImGui::TextDisabled("Select a tile in a hand to see why it can or cannot be played.");
  }
  ImGui::End();
}

}  // namespace dom::studio
