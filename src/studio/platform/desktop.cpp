// SPDX-License-Identifier: MIT
// The desktop's side of the platform layer: fontconfig finds the fonts, GLFW opens an OpenGL 3.3
// window on the display, the frame loop is a plain loop and background jobs run on threads
// (task_thread.cpp).
#include <GLFW/glfw3.h>
#include <fontconfig/fontconfig.h>

#include <cstdlib>

#include "studio/platform/platform.h"

namespace dom::studio::platform {
namespace {

// fontconfig's match for `family` (a TrueType or OpenType file), or "" when it has none or the match
// does not cover `lang` (fontconfig falls back to any font when the family is missing).
std::string match(const char* family, const char* lang, bool trueType) {
  if (!FcInit()) return {};
  std::string found;
  FcPattern* pat = FcNameParse(reinterpret_cast<const FcChar8*>(family));
  if (!pat) return {};
  if (trueType) FcPatternAddString(pat, FC_FONTFORMAT, reinterpret_cast<const FcChar8*>("TrueType"));
  if (lang) FcPatternAddString(pat, FC_LANG, reinterpret_cast<const FcChar8*>(lang));
  FcConfigSubstitute(nullptr, pat, FcMatchPattern);
  FcDefaultSubstitute(pat);
  FcResult result = FcResultNoMatch;
  if (FcPattern* m = FcFontMatch(nullptr, pat, &result)) {
    FcChar8* file = nullptr;
    FcLangSet* langs = nullptr;
    if (FcPatternGetString(m, FC_FILE, 0, &file) == FcResultMatch && file) {
      const std::string f = reinterpret_cast<const char*>(file);
      const bool covers = !lang || (FcPatternGetLangSet(m, FC_LANG, 0, &langs) == FcResultMatch &&
                                    FcLangSetHasLang(langs, reinterpret_cast<const FcChar8*>(lang)) == FcLangEqual);
      if (covers && (!trueType || f.ends_with(".ttf") || f.ends_with(".otf"))) found = f;
    }
    FcPatternDestroy(m);
  }
  FcPatternDestroy(pat);
  return found;
}

}  // namespace

const char* name() { return "desktop"; }
void start() {}

std::string uiFont() {
  for (const char* family : {"DejaVu Sans", "sans-serif"})
    if (std::string f = match(family, nullptr, true); !f.empty()) return f;
  return {};
}

std::string devanagariFont() { return match("Noto Sans Devanagari", "hi", false); }

std::string noWindowReason() {
  const char* display = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  if ((!display || !*display) && (!wayland || !*wayland)) return "no display (DISPLAY and WAYLAND_DISPLAY are unset)";
  return {};
}

GlContext glContext() { return {}; }
void scaleHints() { glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE); }
float contentScale(void* window) {
  float xs = 1, ys = 1;
  glfwGetWindowContentScale(static_cast<GLFWwindow*>(window), &xs, &ys);
  return xs;
}

void resizeWindow(void* window, int w, int h) { glfwSetWindowSize(static_cast<GLFWwindow*>(window), w, h); }

void runFrames(const std::function<bool()>& frame, const std::function<void()>& done) {
  while (frame()) {}
  done();
}

void waitEvents(double seconds) { glfwWaitEventsTimeout(seconds); }
void textInput(bool /*want*/, bool /*numeric*/) {}
std::string typed() { return {}; }
bool takeDoubleTap() { return false; }

void fileSaved(const std::string& /*path*/) {}
void persist() {}
void exited(int /*code*/) {}
std::string startLink() { return {}; }
// The desktop has no address of its own: the link's part after '#', to paste after the address of a
// page that hosts the studio, or to give to --link.
std::string copyLink(const std::string& link) {
  std::string text = "#" + link;
  glfwSetClipboardString(nullptr, text.c_str());
  return text;
}
bool chooseFile() { return false; }
bool hasWorker() { return false; }
void askWorker(Channel /*channel*/, const std::string& /*request*/,
               const std::function<void(const std::string& answer)>& reply,
               const std::function<void(double)>& /*progress*/) {
  reply("error no worker\n");
}
void cancelWorker(Channel /*channel*/) {}
void onFile(const std::function<void(const std::string& path)>& /*handler*/) {}

}  // namespace dom::studio::platform
