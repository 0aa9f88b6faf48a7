// SPDX-License-Identifier: MIT
// The scenarios of a folder as the Scenarios pane lists them.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace dom::studio {

// The scenarios' teaching order: the names listed in `orderText` (one a line, '#' comments) first,
// in that order, then the others alphabetically. `files` are file names (no folder).
[[nodiscard]] std::vector<std::string> orderScenarios(std::vector<std::string> files, std::string_view orderText);

// A scenario as the Scenarios pane lists it: its path, file name, and title and about lines.
struct ScenarioEntry {
  std::string path, file, title, about;
};
// The scenarios of `dir` in teaching order: regular `.dgn` files only, told apart with stat, so that a
// FIFO, a device or a folder is skipped without ever being opened; titles and ORDER are read through
// files::readText (an unreadable file is listed by its name).
[[nodiscard]] std::vector<ScenarioEntry> listScenarios(const std::string& dir);

}  // namespace dom::studio
