// SPDX-License-Identifier: MIT
// The Scenarios pane's listing: the scenarios of a folder in teaching order, with their titles.
#include "studio/model/scenarios.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <optional>
#include <sstream>

#include "core/files.h"
#include "studio/model/i18n.h"

namespace dom::studio {

// Sorted names and a flag per name for "already listed": O((files + lines) log files), so that a
// folder of 10,000 files and a long ORDER do not freeze the pane (it was files x lines).
std::vector<std::string> orderScenarios(std::vector<std::string> files, std::string_view orderText) {
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  std::vector<char> listed(files.size(), 0);
  std::vector<std::string> out;
  out.reserve(files.size());
  std::istringstream in{std::string(orderText)};
  std::string line;
  while (std::getline(in, line)) {
    if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    const auto a = line.find_first_not_of(" \t\r"), b = line.find_last_not_of(" \t\r");
    if (a == std::string::npos) continue;
    const std::string word = line.substr(a, b - a + 1);
    const auto it = std::lower_bound(files.begin(), files.end(), word);
    if (it == files.end() || *it != word) continue;
    char& seen = listed[static_cast<std::size_t>(it - files.begin())];
    if (seen) continue;
    seen = 1;
    out.push_back(word);
  }
  for (std::size_t i = 0; i < files.size(); ++i)
    if (!listed[i]) out.push_back(files[i]);
  return out;
}

namespace {
// The title and about lines of a record, read without replaying it (fast enough to list many).
ScenarioEntry describeScenario(const std::filesystem::path& p) {
  ScenarioEntry e{p.string(), p.filename().string(), "", ""};
  const auto text = files::readText(p.string());
  if (!std::holds_alternative<std::string>(text)) return e;
  std::istringstream in(std::get<std::string>(text));
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

std::vector<ScenarioEntry> listScenarios(const std::string& dir) {
  namespace fs = std::filesystem;
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& de : fs::directory_iterator(dir, ec)) {
    std::error_code sec;
    // status() is a stat: it follows a symlink but never opens the file, so a FIFO cannot block.
    if (de.path().extension() == ".dgn" && fs::is_regular_file(de.status(sec)))
      names.push_back(de.path().filename().string());
  }
  const auto order = files::readText((fs::path(dir) / "ORDER").string());
  const std::string orderText =
      std::holds_alternative<std::string>(order) ? std::get<std::string>(order) : std::string();
  std::vector<ScenarioEntry> out;
  for (const auto& f : orderScenarios(names, orderText)) out.push_back(describeScenario(fs::path(dir) / f));
  return out;
}

}  // namespace dom::studio
