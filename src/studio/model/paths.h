// Where the studio finds its data: scenarios next to its executable or through XDG_DATA_DIRS, and the
// UI font through fontconfig. No build-machine path is compiled in.
#pragma once
#include <string>

namespace dom::studio::paths {

// The folder that holds the running executable ("" if it cannot be told).
[[nodiscard]] std::string exeDir();
// The scenarios folder: EXE/../share/dominoes-studio/scenarios (an installed tree, or a build folder,
// where the build links it to the source tree's), else DIR/dominoes-studio/scenarios for each DIR of
// $XDG_DATA_HOME and $XDG_DATA_DIRS (default /usr/local/share:/usr/share), else ./scenarios.
// Empty when none exists.
[[nodiscard]] std::string scenariosDir();
// A TrueType file for the UI: fontconfig's match for "DejaVu Sans" (any sans-serif TrueType when that
// is missing); empty when fontconfig finds none.
[[nodiscard]] std::string uiFont();

}  // namespace dom::studio::paths
