// SPDX-License-Identifier: MIT
// The Scenarios pane: the files in scenarios/ in teaching order (scenarios/ORDER), with their titles
// and abouts; click to open. The listing itself (regular files only) is listScenarios (scenarios.h),
// made on a worker thread: a big folder never holds up a frame.
#include <imgui.h>
#include <imgui_internal.h>

#include "studio/model/i18n.h"
#include "studio/ui/app.h"

namespace dom::studio {

void ScenariosPane::relist(const std::string& dir, double now) {
  namespace fs = std::filesystem;
  std::error_code e1, e2;
  dirTime_ = fs::last_write_time(dir, e1);
  orderTime_ = fs::last_write_time(fs::path(dir) / "ORDER", e2);
  job_.start(++jobNo_, [dir](JobControl&) { return listScenarios(dir); });
  listing_ = true;
  dir_ = dir;
  at_ = now;
  (void)job_.waitFor(std::chrono::milliseconds(30));
}

// The worker's listing, once it is done.
void ScenariosPane::collect() {
  if (!listing_) return;
  auto listed = job_.take(jobNo_);
  if (!listed) return;
  listing_ = false;
  entries_ = std::move(*listed);
  paths_.clear();
  for (const ScenarioEntry& e : entries_) paths_.push_back(e.path);
}

void ScenariosPane::draw(const App& app, Intents& out) {
  if (!app.beginPane(Pane::Scenarios, out)) return;
  const double now = ImGui::GetTime();
  // Every 5 s the folder is looked at again: a small one is listed anew (a title being written shows
  // up), a big one only when the folder or its ORDER changed (reading 10,000 titles froze the UI).
  bool stale = dir_ != app.scenariosDir();
  if (!stale && now - at_ > 5.0) {
    namespace fs = std::filesystem;
    std::error_code e1, e2;
    const auto dirTime = fs::last_write_time(app.scenariosDir(), e1);
    const auto orderTime = fs::last_write_time(fs::path(app.scenariosDir()) / "ORDER", e2);
    stale = entries_.size() < 200 || dirTime != dirTime_ || orderTime != orderTime_;
    at_ = now;
  }
  // A listing still running is not started again, unless the folder is another.
  if (stale && (!listing_ || dir_ != app.scenariosDir())) relist(app.scenariosDir(), now);
  collect();
  const std::vector<ScenarioEntry>& entries = entries_;
  if (listing_ && entries.empty())
    ImGui::TextDisabled("%s", i18n::format(_("Listing the scenarios of {0}..."), {app.scenariosDir()}).c_str());
  else if (entries.empty())
    ImGui::TextDisabled("%s", i18n::format(_("No scenarios found in {0}."), {app.scenariosDir()}).c_str());
  const float wrap = ImGui::GetContentRegionAvail().x;
  // A folder of teaching scenarios: each title wrapped to the pane. A big one (a user's collection of
  // thousands): a line each, cut to the pane, drawn only as far as it is in view.
  const bool big = entries.size() > 200;
  auto entry = [&](std::size_t i) {
    const ScenarioEntry& e = entries[i];
    ImGui::PushID(static_cast<int>(i));
    const std::string label = std::to_string(i + 1) + ". " +
                              shownText(e.title.empty() ? e.file : std::string(S_(e.title.c_str())), kTitleShown);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float h = big ? ImGui::GetTextLineHeight() : ImGui::CalcTextSize(label.c_str(), nullptr, false, wrap).y;
    if (ImGui::Selectable("##scenario", app.session().filePath() == e.path, 0, ImVec2(wrap, tapRow(h))))
      out.push_back(openIntent(e.path));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    if (big)
      ImGui::RenderTextEllipsis(dl, at, ImVec2(at.x + wrap, at.y + h), at.x + wrap, at.x + wrap, label.c_str(), nullptr,
                                nullptr);
    else
      dl->AddText(nullptr, 0, at, ImGui::GetColorU32(ImGuiCol_Text), label.c_str(), nullptr, wrap);
    if (ImGui::IsItemHovered()) tooltip(shownText(e.file, kTitleShown) + "\n" + shownText(S_(e.about.c_str()), 1000));
    ImGui::PopID();
  };
  if (big) {
    ImGuiListClipper clip;
    clip.Begin(static_cast<int>(entries.size()));
    while (clip.Step())
      for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) entry(static_cast<std::size_t>(i));
  } else {
    for (std::size_t i = 0; i < entries.size(); ++i) entry(i);
  }
  ImGui::End();
}

void ScenariosPane::dump(nlohmann::json& j) const {
  j["scenarios"] = static_cast<int>(paths_.size());
  j["scenariosListing"] = listing_;  // the worker is still listing the folder
  j["scenarioList"] = nlohmann::json::array();
  for (const auto& p : paths_) j["scenarioList"].push_back(std::filesystem::path(p).filename().string());
}

}  // namespace dom::studio
