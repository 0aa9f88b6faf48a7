// SPDX-License-Identifier: MIT
// What differs between the desktop studio and the web page, behind one interface with two
// implementations (desktop.cpp, web.cpp; CMake compiles one of them): fonts, the window's context and
// scale, the frame loop, files the user keeps (saves become downloads on the web), the settings
// store, background jobs and the first thing to open. Nothing else in the studio asks which it is:
// no pane, no part of the model and nothing in the engine has an #ifdef for it.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace dom::studio::platform {

// "desktop" or "web".
[[nodiscard]] const char* name();
// Sets the process up, first thing in main: on the web the file mode mask (Emscripten starts with
// 0777, which makes every file the studio writes unreadable, even to itself).
void start();

// A TrueType file for the UI ("DejaVu Sans", else any sans-serif), and one with Devanagari for Hindi;
// "" when there is none.
[[nodiscard]] std::string uiFont();
[[nodiscard]] std::string devanagariFont();

// Why no window can be opened here ("" when one can): the desktop needs a display.
[[nodiscard]] std::string noWindowReason();
// The GL context the window asks for: OpenGL 3.3 core on the desktop, WebGL2 (OpenGL ES 3.0) on the web.
struct GlContext {
  int major = 3, minor = 3;
  bool core = true;                        // a core, forward-compatible profile (desktop GL only)
  const char* glsl = "#version 330 core";  // the first line of every shader
  const char* precision = "";              // the line after it (ES needs a default float precision)
};
[[nodiscard]] GlContext glContext();
// Asks GLFW for a window scaled to its monitor (before the window is made).
void scaleHints();
// The window's pixels per UI pixel: GLFW's content scale on the desktop, the browser's
// devicePixelRatio on the web (`window` is the GLFWwindow).
[[nodiscard]] float contentScale(void* window);

// Makes the window `w` x `h` pixels (a script's resize; `window` is the GLFWwindow). The web page
// resizes its canvas: Emscripten's GLFW would ask for full screen and the pointer lock when the size
// is the screen's.
void resizeWindow(void* window, int w, int h);

// Runs `frame` once per display frame until it returns false, then `done` (the desktop loops here and
// returns after `done`; the browser calls back from its own loop, so this returns at once there).
void runFrames(const std::function<bool()>& frame, const std::function<void()>& done);

// The phone's keyboard (issue 53 #4). The studio says each frame whether a text field is being
// edited, and whether it takes a number: the page then focuses a hidden field of its own, so that a
// touch screen shows its keyboard (the number pad for a number), and hands what is typed in it back
// through typed(). The desktop has its keyboard: nothing to do, nothing typed here.
void textInput(bool want, bool numeric);
[[nodiscard]] std::string typed();

// A double tap (issue 53 #2): the page, which sees the touches' own times, says when a tap began
// within 0.5 s and 20 CSS pixels of the last one; the next press is then a double click, however long
// the frames between the page's mouse events were. True once after it was said; the desktop's mouse
// has its own double clicks (false).
[[nodiscard]] bool takeDoubleTap();

// Waits up to `seconds` for input (the desktop: GLFW's wait, which returns at the first event); the
// browser cannot block its loop, so this returns at once there. The idle frame loop's wait.
void waitEvents(double seconds);

// A file the user saved or exported was written at `path`: the web page hands it to the browser as a
// download (the desktop has nothing more to do).
void fileSaved(const std::string& path);
// The settings or the learner's progress were written: the web page copies its store to IndexedDB.
void persist();
// The run ended with `code` (the desktop's main returns it; the web page is told).
void exited(int code);

// The web page's workers: a second WebAssembly module (web/worker.cpp) beside the page, which
// answers text requests: a computer's move (`player SPEC` and ai::engineRequest's lines, answered
// with ai::engineAnswer's) and a position's analysis (ai::analysisRequest, ai::analysisAnswer), so
// that no search stops a frame. Each channel (the computer's, the analysis') has a worker of its
// own. The desktop has none: its background jobs are threads (Task).
enum class Channel : std::uint8_t { Computer, Analysis, Record, Verdict };
[[nodiscard]] bool hasWorker();
// Sends `request` to the channel's worker; `reply` gets the answer in a later frame, unless
// cancelWorker() comes first (the desktop, which has no worker, replies at once: `error no worker`).
// `progress` (0..1) is told what the worker says of its progress meanwhile.
void askWorker(Channel channel, const std::string& request, const std::function<void(const std::string& answer)>& reply,
               const std::function<void(double)>& progress = {});
// Drops what the channel's worker is asked: a busy worker is ended and a new one starts at the next
// request.
void cancelWorker(Channel channel);

// A background job's runner: on the desktop a thread of its own; on the web (no threads without
// SharedArrayBuffer) the job runs to its end when started, inside the frame that starts it. An empty
// job runs nothing (a job the worker does instead).
class Task {
 public:
  explicit Task(std::function<void()> job);
  Task(Task&&) noexcept;
  Task& operator=(Task&&) noexcept;
  Task(const Task&) = delete;
  Task& operator=(const Task&) = delete;
  ~Task();  // NOLINT(performance-trivially-destructible): Impl is complete only in each platform's file
  void join();
  void detach();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Puts text on the system's clipboard (the web page: the full address, the page's own before
// `link`'s '#'); returns the text as copied, for the status line.
std::string copyLink(const std::string& link);

// Opens the platform's own file chooser for a record, when it has one (the browser's): the file
// chosen comes later, through the handler given to onFile. False on the desktop, whose Open dialog is
// the studio's own.
bool chooseFile();
// Where a file the user gives the page (chosen or dropped) is handed, by its path: set once by main.
void onFile(const std::function<void(const std::string& path)>& handler);
std::function<void(const std::string&)>& fileHandler();

// What the page's address asks to open first (web: the part after '#', e.g. "lesson=5"; "" on the desktop).
[[nodiscard]] std::string startLink();

}  // namespace dom::studio::platform
