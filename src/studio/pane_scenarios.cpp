// The Scenarios pane: the files in scenarios/ in teaching order (scenarios/ORDER), with their titles
// and abouts; click to open.
#include <imgui.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "studio/app.h"

namespace dom::studio {

namespace {
struct Entry {
  std::string path, file, title, about;
};

// Reads the title and about lines without replaying the record (fast enough to list many).
Entry describe(const std::filesystem::path& p) {
  Entry e{p.string(), p.filename().string(), "", ""};
  std::ifstream in(p);
  std::string line;
  auto quoted = [](const std::string& s) {
    const auto a = s.find('"'), b = s.rfind('"');
    return a != std::string::npos && b > a ? s.substr(a + 1, b - a - 1) : std::string();
  };
  for (int n = 0; n < 40 && std::getline(in, line); ++n) {
    if (line.rfind("title", 0) == 0) e.title = quoted(line);
    if (line.rfind("about", 0) == 0) e.about = quoted(line);
  }
  return e;
}

// The scenarios of `dir` in the order its ORDER file gives, the rest after it alphabetically.
std::vector<Entry> listScenarios(const std::string& dir) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& de : fs::directory_iterator(dir, ec))
    if (de.path().extension() == ".dgn") files.push_back(de.path().filename().string());
  std::ostringstream order;
  order << std::ifstream(fs::path(dir) / "ORDER").rdbuf();
  std::vector<Entry> out;
  for (const auto& f : orderScenarios(files, order.str())) out.push_back(describe(fs::path(dir) / f));
  return out;
}
}  // namespace

void drawScenariosPane(App& app, Intents& out) {
  if (!app.beginPane(Pane::Scenarios, out)) return;
  static std::vector<Entry> entries;
  static std::string listedDir;
  static double listedAt = -100;
  const double now = ImGui::GetTime();
  if (listedDir != app.scenariosDir || now - listedAt > 5.0) {
    entries = listScenarios(app.scenariosDir);
    listedDir = app.scenariosDir;
    app.scenarioPaths.clear();
    for (const Entry& e : entries) app.scenarioPaths.push_back(e.path);
    listedAt = now;
  }
  if (entries.empty()) ImGui::TextDisabled("No scenarios found in %s.", app.scenariosDir.c_str());
  const float wrap = ImGui::GetContentRegionAvail().x;
  int n = 0;
  for (const Entry& e : entries) {
    ImGui::PushID(e.path.c_str());
    const std::string label = std::to_string(++n) + ". " + (e.title.empty() ? e.file : e.title);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float h = ImGui::CalcTextSize(label.c_str(), nullptr, false, wrap).y;
    if (ImGui::Selectable("##scenario", app.session.filePath == e.path, 0, ImVec2(wrap, h))) out.push_back(openIntent(e.path));
    ImGui::GetWindowDrawList()->AddText(nullptr, 0, at, ImGui::GetColorU32(ImGuiCol_Text), label.c_str(), nullptr, wrap);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n%s", e.file.c_str(), e.about.c_str());
    ImGui::PopID();
  }
  ImGui::End();
}

}  // namespace dom::studio
