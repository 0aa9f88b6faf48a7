// SPDX-License-Identifier: MIT
// The --script reader: text to typed commands, with no App and no ImGui, so that it can be tested
// and fuzzed alone. Everything that can be checked without a running studio is checked here (the
// action, its words, numbers, tiles, keys, JSON pointers); the rest (a move's legality, a file's
// content) is checked when the command runs.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/tile.h"
#include "studio/model/editor.h"
#include "studio/model/session.h"

namespace dom::studio {

struct ScriptCommand {
  enum class Kind : std::uint8_t {
    Load,
    LoadBad,
    Jump,
    Select,
    Monkey,
    Click,
    Hover,
    Resize,
    ClickGhost,
    ClickAt,  // click-at /json/pointer: a click at the centre of the rect drawn there
    ThrowInFrame,
    ScenariosDir,
    OpenScenario,
    Puzzle,  // puzzle FILE N: the trainer opens puzzle N (from 1) of a collection
    Lesson,  // lesson FILE: Learn mode opens the lesson
    Answer,  // answer end L|R, answer tiles T..., answer points N: a lesson's task answered
    Author,  // author LINE (must be added) / author-refused LINE: a line written to a lesson (the Write pane's)
    ExportTable,
    SelectPlayable,
    Play,
    Key,
    Ctrl,
    Autoplay,
    Speed,
    Delay,
    Seat,
    New,
    Editor,
    Save,
    Wait,
    WaitFile,  // wait-file PATH: no further line runs until PATH exists (a test driving the studio from outside)
    Screenshot,
    Dump,
    Check,
    CheckContains,
    CheckAbsent,  // check-absent /pointer TEXT: no text nor number there holds TEXT as a word
    WaitAnalysis,
    WaitComputer,
    Analysis,
    WaitJudging,
    AnalysisRow,
    AnalysisPlay,
    WaitRecordAnalysis,
    WaitDialog,  // wait-dialog: until the open dialog's background work is done (New game's Ask the engine)
    Action,      // a registry action by its id (actions.h): `action ID` and every verb that names one
    Type,        // type TEXT: characters typed into the focused text field (the palette's filter)
    Quit
  };
  Kind kind = Kind::Quit;
  int line = 0;      // 1-based line of the script file
  std::string text;  // the line as written, its comment and outer spaces removed
  std::string arg;   // the words after the action (a path, a move, a rules text, a seat...)
  std::string word;  // Action: the registry action's id; editor: its sub-word; new: the rules; seat: the seat
  Pane pane = Pane::Table;
  Zone zone = Zone::Box;
  Tile tile = kNoTile;
  Mask tiles = 0;  // answer tiles
  Player player = Player::A;
  bool on = false;  // a toggle Action's state wanted, autoplay; analysis: all tiles known
  // Action: a toggle (open/close PANE, edit, teaching, animate on|off) run only when its check mark
  // (Action::checked) is not `on` already.
  bool toggle = false;
  long long number = 0;              // jump, wait, open-scenario, click-ghost, analysis-row/-play, monkey's frames
  std::uint64_t seed = 0;            // new, monkey
  float x = 0, y = 0;                // click; speed and delay in x
  int width = 0, height = 0;         // resize
  int key = -1;                      // key, ctrl, shift, ctrl-shift: a GLFW key code
  bool ctrl = false, shift = false;  // the key's modifiers
  std::string pointer;               // check: a JSON pointer into the state
  nlohmann::json want;               // check: the value expected (JSON, or the words as a string)
  std::string wantText;              // check-contains: the text; check: as written (">N" compares numbers)
  double above = 0;                  // check ">N": N
};

struct ScriptError {
  int line = 0;
  std::string message;  // cut: a word of the script is echoed at most 60 characters long
  [[nodiscard]] std::string text(std::string_view file) const;  // "FILE:LINE: message"
};

struct ParsedScript {
  std::vector<ScriptCommand> commands;
  std::vector<ScriptError> errors;  // every line that does not parse, in order
};

// Reads a script: one action a line, `#` starts a comment, blank lines are skipped. Never throws.
[[nodiscard]] ParsedScript parseScript(std::string_view text);
// One line (without its line break) as parseScript reads it; false with `error` set when it does not
// parse, false with `error` empty for a blank line or a comment.
[[nodiscard]] bool parseScriptLine(std::string_view line, ScriptCommand& out, std::string& error);

// The GLFW key code of a script's key name (left, enter, a letter...), or -1.
[[nodiscard]] int scriptKeyCode(std::string_view name);

}  // namespace dom::studio
