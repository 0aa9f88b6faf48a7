// SPDX-License-Identifier: MIT
// The Score pane: match scores, the target, each round's result and the match result, wrapped.
#include <imgui.h>

#include <algorithm>
#include <array>

#include "studio/model/i18n.h"
#include "studio/model/players.h"
#include "studio/ui/app.h"

namespace dom::studio {

void ScorePane::draw(const App& app, Intents& out) {
  if (!app.beginPane(Pane::Score, out)) return;
  const ScoreView v = scoreView(app.timeline());
  const std::array<std::string, 2> names = app.session().playerNames();
  // The match result first: it is the one line that must never be scrolled out of view.
  if (!v.match.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.85f, 0.3f, 1));
    ImGui::TextWrapped("%s", v.match.c_str());
    ImGui::PopStyleColor();
  }
  for (int p = 0; p < 2; ++p) {
    const auto i = static_cast<std::size_t>(p);
    // "A Human: 12", through the catalog's "{0}: {1}" (French puts a space before the colon).
    const std::string seat = playerTitle(static_cast<Player>(p), names[i]);
    if (v.target > 0) {
      const std::string label =
          i18n::format(_("{0}: {1}"), {seat, std::to_string(v.scores[i]) + " / " + std::to_string(v.target)});
      // The words on their own line, then a thin bar in a muted colour: ImGui's overlay text would be
      // white on its bright yellow and move with the fill.
      ImGui::TextUnformatted(label.c_str());
      ImGui::PushStyleColor(ImGuiCol_PlotHistogram, ImVec4(0.3f, 0.55f, 0.45f, 1));
      ImGui::ProgressBar(std::min(1.0f, static_cast<float>(v.scores[i]) / static_cast<float>(v.target)),
                         ImVec2(-1, ImGui::GetFontSize() * 0.45f), "");
      ImGui::PopStyleColor();
    } else {
      ImGui::TextWrapped("%s", i18n::format(_("{0}: {1}"), {seat, std::to_string(v.scores[i])}).c_str());
    }
  }
  if (v.target > 0)
    ImGui::TextWrapped("%s", i18n::format(P_("Round {0}, to {1} point", "Round {0}, to {1} points", v.target),
                                          {std::to_string(v.round), std::to_string(v.target)})
                                 .c_str());
  else
    ImGui::TextWrapped("%s",
                       i18n::format(_("Round {0} (a single round: target 0)"), {std::to_string(v.round)}).c_str());
  for (const auto& r : v.rounds) {
    ImGui::Bullet();
    ImGui::TextWrapped("%s", r.c_str());
  }
  ImGui::End();
}

}  // namespace dom::studio
