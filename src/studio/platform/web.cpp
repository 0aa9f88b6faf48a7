// SPDX-License-Identifier: MIT
// The web page's side of the platform layer (built with Emscripten): the fonts and data come in the
// page's data package, WebGL2 draws, the browser runs the frame loop, saves become downloads, the
// settings and progress live in IndexedDB, the computer's moves are decided by a worker beside the
// page (web/worker.cpp), and other background jobs run to their end in the frame that starts them (no
// threads: the page needs no SharedArrayBuffer, so any static host serves it).
#include <emscripten.h>
#include <emscripten/html5.h>

#include <sys/stat.h>

#include <array>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "studio/platform/platform.h"

// The page's side (web/library_dominoes.js).
extern "C" {
void dom_web_persist();
void dom_web_download(const char* path);
void dom_web_hash(char* out, int size);
void dom_web_exited(int code);
void dom_web_choose();
void dom_web_resize(int w, int h);
void dom_web_copy(const char* link, char* out, int size);
void dom_web_text_input(int want, int numeric);
}

namespace dom::studio::platform {

const char* name() { return "web"; }
void start() { ::umask(022); }

// The data package (web/web.cmake) puts Debian's font files where Debian keeps them.
std::string uiFont() {
  const char* f = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
  std::error_code ec;
  return std::filesystem::exists(f, ec) ? f : "";
}

std::string devanagariFont() {
  const char* f = "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf";
  std::error_code ec;
  return std::filesystem::exists(f, ec) ? f : "";
}

std::string noWindowReason() { return {}; }

GlContext glContext() {
  GlContext c;
  c.major = 3;
  c.minor = 0;
  c.core = false;
  c.glsl = "#version 300 es";
  c.precision = "precision highp float;";
  return c;
}

void scaleHints() {}
float contentScale(void* /*window*/) { return static_cast<float>(emscripten_get_device_pixel_ratio()); }

void resizeWindow(void* /*window*/, int w, int h) { dom_web_resize(w, h); }

namespace {
struct Loop {
  std::function<bool()> frame;
  std::function<void()> done;
};
void loopStep(void* arg) {
  auto* loop = static_cast<Loop*>(arg);
  if (loop->frame()) return;
  emscripten_cancel_main_loop();
  loop->done();
  delete loop;
}
}  // namespace

void runFrames(const std::function<bool()>& frame, const std::function<void()>& done) {
  auto* loop = new Loop{frame, done};
  // The browser's own frame rate (0), and no return to main: what main holds lives on.
  emscripten_set_main_loop_arg(loopStep, loop, 0, true);
}

void waitEvents(double /*seconds*/) {}

namespace {
std::string gTyped;  // what the page's hidden field took since the last frame (dom_web_type)
}  // namespace
void textInput(bool want, bool numeric) {
  static int said = -1;  // the page is told of a change only
  const int now = want ? (numeric ? 2 : 1) : 0;
  if (now == said) return;
  said = now;
  dom_web_text_input(want ? 1 : 0, numeric ? 1 : 0);
}
std::string typed() { return std::exchange(gTyped, {}); }
void addTyped(const char* text) { gTyped += text; }
namespace {
bool gDoubleTap = false;  // the page said a double tap began (dom_web_double_tap)
}  // namespace
bool takeDoubleTap() { return std::exchange(gDoubleTap, false); }
void doubleTapBegan() { gDoubleTap = true; }

void fileSaved(const std::string& path) { dom_web_download(path.c_str()); }
void persist() { dom_web_persist(); }
void exited(int code) { dom_web_exited(code); }
std::string copyLink(const std::string& link) {
  std::string out(link.size() + 4096, '\0');  // the page's address before the '#'
  dom_web_copy(link.c_str(), out.data(), static_cast<int>(out.size()));
  out.resize(std::strlen(out.c_str()));
  return out;
}

std::string startLink() {
  std::string out(4096, '\0');
  dom_web_hash(out.data(), static_cast<int>(out.size()));
  out.resize(out.find('\0'));
  return out;
}

std::function<void(const std::string&)>& fileHandler() {
  static std::function<void(const std::string&)> h;
  return h;
}

bool chooseFile() {
  dom_web_choose();
  return true;
}
void onFile(const std::function<void(const std::string& path)>& handler) { fileHandler() = handler; }

namespace {
// Each channel's worker, made at its first request and after a cancel, and the answers it owes.
struct Ask {
  std::function<void(const std::string&)> reply;
  std::function<void(double)> progress;
  int channel = 0;
};
struct Worker {
  worker_handle handle = 0;
  bool made = false;
  std::vector<Ask*> owed;
};
std::array<Worker, 4> workers;

void answered(char* data, int size, void* arg) {
  // A provisional answer says how far the work is ("progress 0.42"); the final one is the answer.
  const std::string_view text(data ? data : "", data && size > 0 ? static_cast<std::size_t>(size) : 0);
  if (text.starts_with("progress ")) {
    auto* ask = static_cast<Ask*>(arg);
    if (ask->progress) ask->progress(std::strtod(std::string(text.substr(9)).c_str(), nullptr));
    return;
  }
  std::unique_ptr<Ask> ask(static_cast<Ask*>(arg));
  std::erase(workers[static_cast<std::size_t>(ask->channel)].owed, ask.get());
  ask->reply(data && size > 0 ? std::string(data, static_cast<std::size_t>(size)) : std::string("error no answer\n"));
}
}  // namespace

bool hasWorker() { return true; }

void askWorker(Channel channel, const std::string& request, const std::function<void(const std::string& answer)>& reply,
               const std::function<void(double)>& progress) {
  Worker& w = workers[static_cast<std::size_t>(channel)];
  if (!w.made) {
    w.handle = emscripten_create_worker("dominoes-worker.js");
    w.made = true;
  }
  auto* ask = new Ask{reply, progress, static_cast<int>(channel)};  // freed when answered, or when the worker ends
  w.owed.push_back(ask);
  std::string data = request;
  emscripten_call_worker(w.handle, "dom_worker_ask", data.data(), static_cast<int>(data.size()), answered, ask);
}

void cancelWorker(Channel channel) {
  Worker& w = workers[static_cast<std::size_t>(channel)];
  if (!w.made || w.owed.empty()) return;
  emscripten_destroy_worker(w.handle);  // its answers are dropped by Emscripten's side from now on
  w.made = false;
  for (Ask* a : w.owed) delete a;
  w.owed.clear();
}

struct Task::Impl {};
Task::Task(std::function<void()> job) {
  if (job) job();
}
Task::Task(Task&&) noexcept = default;
Task& Task::operator=(Task&&) noexcept = default;
Task::~Task() = default;
void Task::join() {}
void Task::detach() {}

}  // namespace dom::studio::platform

// Text typed into the page's hidden field (the phone's keyboard, web/shell.js).
extern "C" EMSCRIPTEN_KEEPALIVE void dom_web_type(const char* text) {
  if (text) dom::studio::platform::addTyped(text);
}

// A tap began close in time and place to the last one (web/shell.js): the next press is a double click.
extern "C" EMSCRIPTEN_KEEPALIVE void dom_web_double_tap() { dom::studio::platform::doubleTapBegan(); }

// The page wrote a file the user chose into the store and hands over its path (web/library_dominoes.js).
extern "C" EMSCRIPTEN_KEEPALIVE void dom_web_file_chosen(const char* path) {
  if (auto& h = dom::studio::platform::fileHandler(); h && path) h(path);
}
