// The Scenarios pane: the files in scenarios/ in teaching order (scenarios/ORDER), with their titles
// and abouts; click to open. The listing itself (regular files only) is listScenarios in the session.
#include <imgui.h>

#include "studio/model/i18n.h"
#include "studio/ui/app.h"

namespace dom::studio {

void drawScenariosPane(App& app, Intents& out) {
  if (!app.beginPane(Pane::Scenarios, out)) return;
  App::ScenarioListing& listing = app.scenarioListing;  // the pane's own state, in the app
  std::vector<ScenarioEntry>& entries = listing.entries;
  std::string& listedDir = listing.dir;
  double& listedAt = listing.at;
  const double now = ImGui::GetTime();
  // Every 5 s the folder is looked at again: a small one is listed anew (a title being written shows
  // up), a big one only when the folder or its ORDER changed (reading 10,000 titles froze the UI).
  bool stale = listedDir != app.scenariosDir;
  if (!stale && now - listedAt > 5.0) {
    namespace fs = std::filesystem;
    std::error_code e1, e2;
    const auto dirTime = fs::last_write_time(app.scenariosDir, e1);
    const auto orderTime = fs::last_write_time(fs::path(app.scenariosDir) / "ORDER", e2);
    stale = entries.size() < 200 || dirTime != listing.dirTime || orderTime != listing.orderTime;
    listedAt = now;
  }
  if (stale) {
    namespace fs = std::filesystem;
    std::error_code e1, e2;
    listing.dirTime = fs::last_write_time(app.scenariosDir, e1);
    listing.orderTime = fs::last_write_time(fs::path(app.scenariosDir) / "ORDER", e2);
    entries = listScenarios(app.scenariosDir);
    listedDir = app.scenariosDir;
    app.scenarioPaths.clear();
    for (const ScenarioEntry& e : entries) app.scenarioPaths.push_back(e.path);
    listedAt = now;
  }
  if (entries.empty())
    ImGui::TextDisabled("%s", i18n::format(_("No scenarios found in {0}."), {app.scenariosDir}).c_str());
  const float wrap = ImGui::GetContentRegionAvail().x;
  int n = 0;
  for (const ScenarioEntry& e : entries) {
    ImGui::PushID(e.path.c_str());
    const std::string label =
        std::to_string(++n) + ". " + (e.title.empty() ? e.file : std::string(S_(e.title.c_str())));
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float h = ImGui::CalcTextSize(label.c_str(), nullptr, false, wrap).y;
    if (ImGui::Selectable("##scenario", app.session.filePath == e.path, 0, ImVec2(wrap, h)))
      out.push_back(openIntent(e.path));
    ImGui::GetWindowDrawList()->AddText(nullptr, 0, at, ImGui::GetColorU32(ImGuiCol_Text), label.c_str(), nullptr,
                                        wrap);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n%s", e.file.c_str(), S_(e.about.c_str()));
    ImGui::PopID();
  }
  ImGui::End();
}

}  // namespace dom::studio
