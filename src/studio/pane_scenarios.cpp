// The Scenarios pane: the files in scenarios/ with their titles and abouts; click to open.
#include <imgui.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

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
}  // namespace

void drawScenariosPane(App& app, Intents& out) {
  placeWindow(0, 630, 296, 168);
  if (!ImGui::Begin("Scenarios", &app.settings.open[static_cast<int>(Pane::Scenarios)])) {
    ImGui::End();
    return;
  }
  static std::vector<Entry> entries;
  static std::string listedDir;
  static double listedAt = -100;
  const double now = ImGui::GetTime();
  if (listedDir != app.scenariosDir || now - listedAt > 5.0) {
    entries.clear();
    std::error_code ec;
    for (const auto& de : std::filesystem::directory_iterator(app.scenariosDir, ec))
      if (de.path().extension() == ".dgn") entries.push_back(describe(de.path()));
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.file < b.file; });
    listedDir = app.scenariosDir;
    app.scenarioPaths.clear();
    for (const Entry& e : entries) app.scenarioPaths.push_back(e.path);
    listedAt = now;
  }
  ImGui::TextDisabled("%s", app.scenariosDir.c_str());
  if (entries.empty()) ImGui::TextDisabled("No scenarios found.");
  for (const Entry& e : entries) {
    ImGui::PushID(e.path.c_str());
    if (ImGui::Selectable(e.title.empty() ? e.file.c_str() : e.title.c_str(), app.filePath == e.path)) {
      Intent in;
      in.kind = Intent::Kind::Open;
      in.path = e.path;
      out.push_back(in);
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n%s", e.file.c_str(), e.about.c_str());
    ImGui::PopID();
  }
  ImGui::End();
}

}  // namespace dom::studio
