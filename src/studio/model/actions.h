// SPDX-License-Identifier: MIT
// The action registry: every user action declared once (its id, label, shortcuts, menu path, when it
// is enabled and what it does as intents). The menus, the keys, the command palette, the script's
// `action` verb, the About key list, `--list-actions` and docs/studio.md's key table are all made
// from it, so an action disabled in its menu does nothing from any route. No ImGui here.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "studio/model/coach.h"
#include "studio/model/session.h"

namespace dom::studio {

// Key codes are GLFW's (a letter is its capital's ASCII code), so that the model needs no window.
namespace keycode {
inline constexpr int Space = 32, Escape = 256, Enter = 257, Tab = 258, Right = 262, Left = 263, Down = 264, Up = 265,
                     Home = 268, End = 269, KeypadEnter = 335;
}

// Every key the studio names but the letters, once: its code, its name as a shortcut shows it (the
// menus, the palette, tooltips, the key table, parseShortcut) and the word a script writes for it
// (`key left`, `shift tab`). A letter is its capital ("A", script word "a" or "A"), a digit itself.
struct KeyName {
  int code;
  const char* name;
  const char* word;
};
inline constexpr KeyName kKeyNames[] = {{keycode::Space, "Space", "space"},
                                        {keycode::Escape, "Esc", "escape"},
                                        {keycode::Enter, "Enter", "enter"},
                                        {keycode::Tab, "Tab", "tab"},
                                        {keycode::Right, "Right", "right"},
                                        {keycode::Left, "Left", "left"},
                                        {keycode::Down, "Down", "down"},
                                        {keycode::Up, "Up", "up"},
                                        {keycode::Home, "Home", "home"},
                                        {keycode::End, "End", "end"},
                                        {keycode::KeypadEnter, "Keypad Enter", "keypad-enter"}};
// A key's name ("Left", "A", "7"), or "" for a code the studio does not name.
[[nodiscard]] std::string keyName(int code);
// The code of a script's key word ("left", "keypad-enter", a digit, a letter in either case), or -1.
[[nodiscard]] int keyCodeOfWord(std::string_view word);
// The script's key words, for its error message: "a letter, space, escape, ...".
[[nodiscard]] std::string keyWords();

struct Shortcut {
  int key = -1;
  bool ctrl = false, shift = false;
  [[nodiscard]] std::string text() const;  // "Ctrl+Shift+P", "Tab", "Left"
  bool operator==(const Shortcut&) const = default;
};
// "Ctrl+O", "Shift+Tab", "N": the shortcut, or nullopt when the text is not one.
[[nodiscard]] std::optional<Shortcut> parseShortcut(std::string_view text);

// What an action reads to know whether it is enabled: the session, and the few things the window
// keeps beside it (the record analysis, the hint shown, the table's view).
struct ActionContext {
  const Session* session = nullptr;
  bool recordAnalysed = false;   // the current branch's record analysis is done
  bool recordAnalysing = false;  // ... or running
  std::optional<Move> hint;      // the hint on the table at this position (a draw or a pass too)
  bool wholeTable = false;       // the table shows its edges (View > Whole table)
  MistakeSide mistakeSide = MistakeSide::Both;
  [[nodiscard]] const Session& s() const { return *session; }
};

struct Action {
  std::string id;     // "game.next", "view.pane.log", "game.seat.b.greedy"
  std::string label;  // a msgid (translated when shown) unless `literal`
  bool literal = false;
  std::string menu;  // "Game", "View > Language"; "" for an action with keys only
  bool separatorBefore = false;
  std::vector<Shortcut> keys;  // the first is the one shown
  bool repeat = false;         // the key repeats while held (stepping, moving through tiles)
  bool keyFirst = false;       // when enabled, its keys mean it before any other action's
  std::function<bool(const ActionContext&)> enabled;
  // Why it is disabled (said in the status line when a key, the palette or a script asks for it).
  std::function<std::string(const ActionContext&)> why;
  std::function<void(const ActionContext&, Intents&)> run;
  std::function<bool(const ActionContext&)> checked;            // a check mark in the menu, if any
  std::function<std::string(const ActionContext&)> shownLabel;  // a label that changes (Undo move/edit)
  std::function<std::string(const ActionContext&)> tooltip;     // shown on hover in menus and on buttons
  // A pane's button for it, when shorter than the label ("|<", "Undo"): translated. The button's
  // tooltip says the label and the shortcut (buttonTip).
  std::function<std::string(const ActionContext&)> button;
  // Listed in the menus and the palette only while true (File > Open recent's entries); unset: always.
  std::function<bool(const ActionContext&)> listed;
  [[nodiscard]] std::string labelText(const ActionContext& c) const;  // translated
  [[nodiscard]] std::string shortcutText() const { return keys.empty() ? std::string() : keys.front().text(); }
};

// A pane button's text (Action::button, else the label) and its tooltip: the label, its first
// shortcut from the registry in brackets ("Previous (Left)"), then the action's tooltip if any.
[[nodiscard]] std::string buttonText(const Action& a, const ActionContext& c);
[[nodiscard]] std::string buttonTip(const Action& a, const ActionContext& c);
// Whether the menus and the palette list it now (Action::listed).
[[nodiscard]] bool isListed(const Action& a, const ActionContext& c);
// File > Open recent holds one action a recent file, file.recent.1 to file.recent.N (the newest first).
inline constexpr int kRecentActions = 8;

// The registry, in menu order (made once; the seat and language entries from their catalogs).
[[nodiscard]] const std::vector<Action>& actions();
[[nodiscard]] const Action* findAction(std::string_view id);
// An action's key as its menu shows it, for a message that names it ("draw (D)"); "" when it has none.
[[nodiscard]] std::string keyOf(std::string_view id);
// Runs the action when enabled and returns true; otherwise adds a Status intent saying why and
// returns false (nothing else happens).
bool runAction(const Action& a, const ActionContext& c, Intents& out);
// The enabled action a key press means: the first action with that shortcut that is enabled, else
// the first with that shortcut (disabled: runAction then says why), else nullptr.
[[nodiscard]] const Action* actionForKey(const Shortcut& key, const ActionContext& c);
// `--list-actions`: one action a line, `id<TAB>shortcut<TAB>menu path` (the path ends with the label).
[[nodiscard]] std::string listActions();
// docs/studio.md's key table (Markdown), made from the actions with shortcuts.
[[nodiscard]] std::string keyTable();
// The tiles Tab moves through: the mover's tiles that can be played, heaviest first (empty when the
// mover is not a human seat).
[[nodiscard]] std::vector<Tile> selectableTiles(const Session& s);
// A menu's word in the current language ("Seat A" is "Seat {0}" with its letter).
[[nodiscard]] std::string menuWord(const std::string& segment);
// A command palette row: the action's menu path, each word translated, then its label ("Game >
// Seat A > Other players > Flat Monte Carlo (200 deals)"): the path `--list-actions` prints, so that
// no two rows read the same (View > Learn opens the pane, Help > Learn the course).
[[nodiscard]] std::string paletteLabel(const Action& a, const ActionContext& c);
// The command palette's filter: every word of `filter` is in the label or the id (case-insensitive).
[[nodiscard]] bool paletteMatches(const Action& a, const std::string& label, std::string_view filter);

}  // namespace dom::studio
