// SPDX-License-Identifier: MIT
// The platform layer for the fuzz build (src/studio/platform/platform.h), which has no window, no
// GLFW and no page: background jobs are threads as on the desktop (task_thread.cpp), and the rest
// does nothing. The fuzzers reach the studio's model only, never a window.
#include "studio/platform/platform.h"

namespace dom::studio::platform {

const char* name() { return "fuzz"; }
void start() {}
std::string uiFont() { return {}; }
std::string devanagariFont() { return {}; }
std::string noWindowReason() { return "the fuzz build has no window"; }
GlContext glContext() { return {}; }
void scaleHints() {}
float contentScale(void* /*window*/) { return 1.0f; }
void resizeWindow(void* /*window*/, int /*w*/, int /*h*/) {}
void runFrames(const std::function<bool()>& frame, const std::function<void()>& done) {
  while (frame()) {}
  done();
}
void fileSaved(const std::string& /*path*/) {}
void persist() {}
void exited(int /*code*/) {}
std::string startLink() { return {}; }
std::string copyLink(const std::string& link) { return "#" + link; }
bool chooseFile() { return false; }
bool hasWorker() { return false; }
void askWorker(Channel /*channel*/, const std::string& /*request*/,
               const std::function<void(const std::string& answer)>& reply,
               const std::function<void(double)>& /*progress*/) {
  reply("error no worker\n");
}
void cancelWorker(Channel /*channel*/) {}
void onFile(const std::function<void(const std::string& path)>& /*handler*/) {}
std::function<void(const std::string&)>& fileHandler() {
  static std::function<void(const std::string&)> handler;
  return handler;
}

}  // namespace dom::studio::platform
