// The Scenarios pane: the files in scenarios/ in teaching order (scenarios/ORDER), with their titles
// and abouts; click to open. The listing itself (regular files only) is listScenarios in the session.
#include <imgui.h>

#include "studio/model/i18n.h"
#include "studio/ui/app.h"

namespace dom::studio {

void ScenariosPane::relist(const std::string& dir, double now) {
  namespace fs = std::filesystem;
  std::error_code e1, e2;
  dirTime_ = fs::last_write_time(dir, e1);
  orderTime_ = fs::last_write_time(fs::path(dir) / "ORDER", e2);
  entries_ = listScenarios(dir);
  dir_ = dir;
  paths_.clear();
  for (const ScenarioEntry& e : entries_) paths_.push_back(e.path);
  at_ = now;
}

void ScenariosPane::draw(const App& app, Intents& out) {
  if (!app.beginPane(Pane::Scenarios, out)) return;
  const double now = ImGui::GetTime();
  // Every 5 s the folder is looked at again: a small one is listed anew (a title being written shows
  // up), a big one only when the folder or its ORDER changed (reading 10,000 titles froze the UI).
  bool stale = dir_ != app.scenariosDir;
  if (!stale && now - at_ > 5.0) {
    namespace fs = std::filesystem;
    std::error_code e1, e2;
    const auto dirTime = fs::last_write_time(app.scenariosDir, e1);
    const auto orderTime = fs::last_write_time(fs::path(app.scenariosDir) / "ORDER", e2);
    stale = entries_.size() < 200 || dirTime != dirTime_ || orderTime != orderTime_;
    at_ = now;
  }
  if (stale) relist(app.scenariosDir, now);
  const std::vector<ScenarioEntry>& entries = entries_;
  if (entries.empty())
    ImGui::TextDisabled("%s", i18n::format(_("No scenarios found in {0}."), {app.scenariosDir}).c_str());
  const float wrap = ImGui::GetContentRegionAvail().x;
  int n = 0;
  for (const ScenarioEntry& e : entries) {
    ImGui::PushID(e.path.c_str());
    const std::string label = std::to_string(++n) + ". " +
                              shownText(e.title.empty() ? e.file : std::string(S_(e.title.c_str())), kTitleShown);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float h = ImGui::CalcTextSize(label.c_str(), nullptr, false, wrap).y;
    if (ImGui::Selectable("##scenario", app.session.filePath() == e.path, 0, ImVec2(wrap, h)))
      out.push_back(openIntent(e.path));
    ImGui::GetWindowDrawList()->AddText(nullptr, 0, at, ImGui::GetColorU32(ImGuiCol_Text), label.c_str(), nullptr,
                                        wrap);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s\n%s", shownText(e.file, kTitleShown).c_str(), shownText(S_(e.about.c_str()), 1000).c_str());
    ImGui::PopID();
  }
  ImGui::End();
}

void ScenariosPane::dump(nlohmann::json& j) const {
  j["scenarios"] = static_cast<int>(paths_.size());
  j["scenarioList"] = nlohmann::json::array();
  for (const auto& p : paths_) j["scenarioList"].push_back(std::filesystem::path(p).filename().string());
}

}  // namespace dom::studio
