// SPDX-License-Identifier: MIT
// --script: a small list of UI actions run one per frame, so that tests can drive the app.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "studio/model/script_parse.h"
#include "studio/ui/app.h"

namespace dom::studio {

// JSON as text with invalid UTF-8 (a file name, a script's word) shown as U+FFFD instead of throwing.
[[nodiscard]] std::string jsonText(const nlohmann::json& j, int indent = -1);

class Script {
 public:
  // Reads and parses the file (script_parse.h); returns the errors, one "FILE:LINE: message" a
  // line, or empty. A script with an error is not run at all.
  [[nodiscard]] std::string load(const std::string& path);
  // Runs the next action, if any. `key` receives a GLFW key code to press for one frame (or -1),
  // with Ctrl held when `ctrl` is set.
  void tick(App& app, int& key);
  // A mouse click the script asks for: pressed this frame at (x, y), released the next.
  struct Click {
    bool pending = false;
    float x = 0, y = 0;
  } click;
  // Where the script holds the mouse (`hover X Y`) from then on, between and after clicks; unset:
  // the window system's cursor.
  struct Hover {
    bool active = false;
    float x = 0, y = 0;
  } hover;
  // A window size the script asks for (the frame loop resizes the window).
  struct Resize {
    bool pending = false;
    int w = 0, h = 0;
  } resize;
  bool ctrl = false, shift = false;  // the key of this tick is pressed with Ctrl / Shift held
  std::string typed;                 // characters to type this frame (the frame loop takes them)
  [[nodiscard]] bool done() const { return next_ >= commands_.size() && wait_ == 0 && waitFile_.empty() && !waitWork_; }
  [[nodiscard]] int failures() const { return failures_; }
  [[nodiscard]] bool quitRequested() const { return quit_; }
  // A write the script asked for was refused (a screenshot or table export): a failure, which
  // makes the run exit 3 as a refused save does.
  void refusedWrite(const std::string& why);
  // The line of the first command not run (0 when every command ran).
  [[nodiscard]] int stoppedAt() const { return next_ < commands_.size() ? commands_[next_].line : 0; }

 private:
  void run(App& app, const ScriptCommand& c, int& key);
  // run()'s groups of kinds: each runs its own kinds and returns false for any other.
  bool runFileCommand(App& app, const ScriptCommand& c);             // load, save, new, export, dump...
  bool runViewCommand(App& app, const ScriptCommand& c);             // panes, dialogs, actions, view settings
  bool runInputCommand(App& app, const ScriptCommand& c, int& key);  // clicks, keys, typing, waits
  bool runGameCommand(App& app, const ScriptCommand& c);             // jump, select, play, the editor
  bool runCoachCommand(App& app, const ScriptCommand& c);            // the analyses' waits and rows
  // A failed line: counted, and logged with its line number.
  void fail(const ScriptCommand& c, const std::string& why);
  // A registry action: the line's (c.word) or `id`; a toggle only when its state is not c.on.
  void runAction(App& app, const ScriptCommand& c, std::string_view id = {});
  // click-ghost N: a click at the centre of the N-th ghost placement on the table.
  void clickGhost(App& app, const ScriptCommand& c);
  void clickAt(App& app, const ScriptCommand& c);
  // editor load|undo|redo|turn|play|move: the position editor's action.
  void editorCommand(App& app, const ScriptCommand& c);
  // check / check-contains: the state at the pointer compared with the value expected.
  void check(App& app, const ScriptCommand& c);
  // analysis-row / analysis-play N: as a click (a double click) on the Analysis pane's row N.
  void analysisRow(App& app, const ScriptCommand& c);
  // wait-analysis, wait-computer: blocks until the work is done, or waits over frames for a web worker.
  void waitOver(App& app, App::Work w);
  void monkey(App& app, int& key);
  std::vector<ScriptCommand> commands_;
  int monkeyLeft_ = 0;
  std::uint64_t monkeyState_ = 1;
  std::size_t next_ = 0;
  int wait_ = 0;
  std::string waitFile_;               // wait-file: the path whose coming the script waits for
  std::optional<App::Work> waitWork_;  // a wait where a web worker does the work: the frames go on meanwhile
  int failures_ = 0;
  bool quit_ = false;
};

// Parses "6-4 R", "6-4 R left", "6-4", "draw", "pass" into a legal move of the position.
[[nodiscard]] std::optional<Move> parseMove(const Match& m, const std::string& text, std::string& error);

}  // namespace dom::studio
