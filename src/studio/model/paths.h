// SPDX-License-Identifier: MIT
// Where the studio finds its data: scenarios next to its executable or through XDG_DATA_DIRS (the
// fonts: studio/platform/platform.h). No build-machine path is compiled in.
#pragma once
#include <string>
#include <string_view>

namespace dom::studio::paths {

// The folder that holds the running executable ("" if it cannot be told).
[[nodiscard]] std::string exeDir();
// The scenarios folder: EXE/../share/dominoes-studio/scenarios (an installed tree, or a build folder,
// where the build links it to the source tree's), else DIR/dominoes-studio/scenarios for each DIR of
// $XDG_DATA_HOME and $XDG_DATA_DIRS (default /usr/local/share:/usr/share), else ./scenarios.
// Empty when none exists.
// The same for any data folder of the studio: "scenarios", "puzzles" (the puzzle book), "lessons".
[[nodiscard]] std::string dataDir(const std::string& name);
[[nodiscard]] inline std::string scenariosDir() { return dataDir("scenarios"); }
// A file the studio could not read, in its words: the path cut for echoing (a 15 MiB path is not
// written out whole) and the reason, without core's hint of the command line's --max-size, an
// option the studio does not have (its limit is core's default, 16 MiB).
[[nodiscard]] std::string readError(std::string_view path, const std::string& reason);
[[nodiscard]] std::string readReason(const std::string& reason);

}  // namespace dom::studio::paths
