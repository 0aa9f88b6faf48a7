// SPDX-License-Identifier: MIT
// The desktop's ImGui (Debian's libimgui) has no item hooks: its dump lists no controls (controls.h).
#include "studio/ui/controls.h"

namespace dom::studio {

void watchControls() {}
void controlsNewFrame() {}
nlohmann::json controlsState() { return nullptr; }

}  // namespace dom::studio
