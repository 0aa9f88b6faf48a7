// The Score pane: match scores, the target, and each round's result.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "studio/app.h"

namespace dom::studio {

void drawScorePane(App& app, Intents&) {
  placeWindow(984, 356, 296, 170);
  if (!ImGui::Begin("Score", &app.settings.open[static_cast<int>(Pane::Score)])) {
    ImGui::End();
    return;
  }
  const ScoreView v = scoreView(app.match());
  const auto& names = app.timeline.players();
  ImGui::Text("A%s%s: %d", names ? " " : "", names ? (*names)[0].c_str() : "", v.scores[0]);
  ImGui::Text("B%s%s: %d", names ? " " : "", names ? (*names)[1].c_str() : "", v.scores[1]);
  if (v.target > 0) {
    ImGui::Text("Target %d", v.target);
    for (int p = 0; p < 2; ++p) {
      char label[48];
      std::snprintf(label, sizeof label, "%c %d / %d", p == 0 ? 'A' : 'B', v.scores[static_cast<std::size_t>(p)], v.target);
      ImGui::ProgressBar(std::min(1.0f, static_cast<float>(v.scores[static_cast<std::size_t>(p)]) / static_cast<float>(v.target)),
                         ImVec2(-1, 0), label);
    }
  } else {
    ImGui::TextDisabled("Single round (target 0)");
  }
  ImGui::Text("Round %d", v.round);
  for (const auto& r : v.rounds) ImGui::BulletText("%s", r.c_str());
  if (!v.match.empty()) ImGui::TextColored(ImVec4(1, 0.85f, 0.3f, 1), "%s", v.match.c_str());
  ImGui::End();
}

}  // namespace dom::studio
