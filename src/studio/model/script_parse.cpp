// SPDX-License-Identifier: MIT
// The --script reader: one action a line into a typed command, every static check done here.
#include "studio/model/script_parse.h"
#include "studio/model/actions.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <exception>
#include <optional>

#include "core/decimal.h"
#include "core/files.h"
#include "studio/model/i18n.h"

namespace dom::studio {

std::string ScriptError::text(std::string_view file) const {
  return std::string(file) + ":" + std::to_string(line) + ": " + message;
}

int scriptKeyCode(std::string_view k) { return keyCodeOfWord(k); }  // actions.h's kKeyNames

namespace {

bool space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

// The words of a text split at spaces.
std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> w;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && space(s[i])) ++i;
    const std::size_t a = i;
    while (i < s.size() && !space(s[i])) ++i;
    if (i > a) w.push_back(s.substr(a, i - a));
  }
  return w;
}

// A word as echoed in a message: quoted and cut.
// A word of the script as its error echoes it: cut at 60 characters, and its control characters
// (a NUL cut the message, an ESC reached the terminal) written as \xNN (core's files::printable).
std::string echoed(std::string_view w) { return "'" + files::printable(files::cut(w)) + "'"; }

// Strict whole numbers: digits only (no sign, no space), in [lo, hi].
bool wholeNumber(std::string_view w, long long lo, long long hi, long long& out) {
  if (w.empty() || !std::isdigit(static_cast<unsigned char>(w[0]))) return false;
  long long v = 0;
  const auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
  if (ec != std::errc{} || p != w.data() + w.size() || v < lo || v > hi) return false;
  out = v;
  return true;
}

bool seedNumber(std::string_view w, std::uint64_t& out) {
  if (w.empty() || !std::isdigit(static_cast<unsigned char>(w[0]))) return false;
  const auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), out);
  return ec == std::errc{} && p == w.data() + w.size();
}

// A finite decimal number, with a sign allowed (a click may be off the window).
template <class T>
bool decimal(std::string_view w, T& out) {
  if (w.empty()) return false;
  const char* b = w.data();
  if (*b == '+') ++b;  // from_chars takes a '-' but no '+'
  const auto d = parseDecimal(std::string_view(b, static_cast<std::size_t>(w.data() + w.size() - b)));
  if (!d) return false;
  out = static_cast<T>(*d);
  return std::isfinite(out);
}

bool onOff(std::string_view w, bool& out) {
  if (w != "on" && w != "off") return false;
  out = w == "on";
  return true;
}

bool validPointer(const std::string& p) {
  try {
    (void)nlohmann::json::json_pointer(p);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace

namespace {

using K = ScriptCommand::Kind;

// A line being read: its verb, the words after it (whole and split), the command it fills and the
// error it sets; with the checks that many verbs share.
struct Line {
  std::string_view cmd, arg;
  std::vector<std::string_view> w;
  ScriptCommand& c;
  std::string& error;

  // Sets the error; false.
  bool fail(const std::string& why) {
    error = why;
    return false;
  }
  // A verb that takes no words.
  bool none(K k) {
    c.kind = k;
    return w.empty() ? true : fail(std::string(cmd) + " takes no words, found " + echoed(w[0]));
  }
  // A verb that takes a file name (the whole rest of the line, in c.arg).
  bool path(K k) {
    c.kind = k;
    return arg.empty() ? fail(std::string(cmd) + " needs a file name") : true;
  }
  // A verb that takes a whole number 0..1000000000, in c.number; `form` shows how it is written.
  bool count(K k, const char* form) {
    c.kind = k;
    if (w.size() != 1 || !wholeNumber(w[0], 0, 1'000'000'000, c.number))
      return fail(std::string(cmd) + " takes a whole number 0..1000000000: " + form);
    return true;
  }
  // A verb that takes on or off, in c.on.
  bool flag(K k) {
    c.kind = k;
    if (w.size() != 1 || !onOff(w[0], c.on)) return fail(std::string(cmd) + " takes on or off");
    return true;
  }
  // The verbs that name a registry action run it as its menu item would (nothing when disabled).
  bool action(std::string id) {
    c.kind = K::Action;
    c.word = std::move(id);
    return true;
  }
  // A verb that sets a registry toggle on or off: the action runs when its check mark differs.
  bool toggleAction(std::string id, bool on) {
    c.toggle = true;
    c.on = on;
    return action(std::move(id));
  }
  // A verb that names a registry action and takes no words.
  bool bareAction(const char* id) { return w.empty() ? action(id) : fail(std::string(cmd) + " takes no words"); }
};

// What a group of verbs makes of a line: nullopt when the verb is none of the group's, else whether
// the line parses.
using Parsed = std::optional<bool>;

// open|close PANE: View > PANE (view.pane.NAME) when it is not open (closed) already.
bool paneVerb(Line& l) {
  if (!parsePane(l.arg, l.c.pane)) {
    std::string panes;
    for (int i = 0; i < kPanes; ++i) panes += std::string(i ? ", " : "") + name(static_cast<Pane>(i));
    return l.fail("unknown pane " + echoed(l.arg) + ": one of " + panes);
  }
  return l.toggleAction(std::string("view.pane.") + name(l.c.pane), l.cmd == "open");
}

// answer end L|R, answer tiles TILE..., answer points N: a lesson's task answered (c.word the kind).
bool answerVerb(Line& l) {
  l.c.kind = K::Answer;
  const auto& w = l.w;
  if (w.empty()) return l.fail("answer takes end L|R, tiles TILE... or points N");
  l.c.word = std::string(w[0]);
  if (w[0] == "end") {
    if (w.size() != 2 || (w[1] != "L" && w[1] != "R")) return l.fail("answer end takes L or R");
    l.c.number = w[1] == "L" ? 0 : 1;
    return true;
  }
  if (w[0] == "points") {
    if (w.size() != 2 || !wholeNumber(w[1], 0, 999, l.c.number)) return l.fail("answer points takes a number 0..999");
    return true;
  }
  if (w[0] == "tiles") {
    for (std::size_t i = 1; i < w.size(); ++i) {
      const auto t = parseTile(w[i]);
      if (!t) return l.fail("answer tiles takes tiles such as 6-4, found " + echoed(w[i]));
      l.c.tiles |= bit(t->tile());
    }
    return true;
  }
  return l.fail("answer takes end L|R, tiles TILE... or points N, found " + echoed(w[0]));
}

// The panes, edit mode and the verbs that take a file name.
Parsed paneAndFileVerbs(Line& l) {
  const std::string_view cmd = l.cmd;
  if (cmd == "open" || cmd == "close") return paneVerb(l);
  if (cmd == "edit") {  // edit [on|off]: edit mode (Edit > Edit the position)
    bool on = true;
    if (l.w.size() > 1 || (l.w.size() == 1 && !onOff(l.w[0], on))) return l.fail("edit takes on or off");
    return l.toggleAction("edit.position", on);
  }
  if (cmd == "load") return l.path(K::Load);
  if (cmd == "lesson") return l.path(K::Lesson);
  if (cmd == "answer") return answerVerb(l);
  if (cmd == "author" || cmd == "author-refused") {  // a title, about, note or task line, as the Write pane writes it
    l.c.kind = K::Author;
    l.c.on = cmd == "author";
    l.c.arg = std::string(l.arg);
    if (l.c.arg.empty()) return l.fail(std::string(cmd) + " takes a lesson's line: title, about, note or task");
    return true;
  }
  if (cmd == "puzzle") {  // puzzle FILE N: the N-th record of a collection (from 1), in the trainer
    l.c.kind = K::Puzzle;
    const auto sp = l.arg.find_last_of(' ');
    if (sp == std::string_view::npos || !wholeNumber(l.arg.substr(sp + 1), 1, 1'000'000'000, l.c.number))
      return l.fail("puzzle takes a file and a number from 1: puzzle FILE N");
    std::string_view file = l.arg.substr(0, sp);
    while (!file.empty() && file.back() == ' ') file.remove_suffix(1);
    l.c.arg = std::string(file);
    return true;
  }
  if (cmd == "load-bad") return l.path(K::LoadBad);
  if (cmd == "scenarios-dir") return l.path(K::ScenariosDir);
  if (cmd == "export-table") return l.path(K::ExportTable);
  if (cmd == "screenshot") return l.path(K::Screenshot);
  if (cmd == "dump") return l.path(K::Dump);
  if (cmd == "wait-file") return l.path(K::WaitFile);
  if (cmd == "save") {  // save [PATH]: no path saves to the open file
    l.c.kind = K::Save;
    return true;
  }
  return std::nullopt;
}

// The verbs that run a registry action, and the waits and checks of the analyses.
Parsed actionVerbs(Line& l) {
  const std::string_view cmd = l.cmd;
  const auto& w = l.w;
  if (cmd == "action") {  // action ID: any action of dominoes-studio --list-actions
    if (w.size() != 1 || !findAction(w[0]))
      return l.fail("unknown action " + echoed(l.arg) + " (dominoes-studio --list-actions lists them)");
    return l.action(std::string(w[0]));
  }
  if (cmd == "step") {
    const std::string word = w.empty() ? "next" : std::string(w[0]);
    if (w.size() > 1 || (word != "next" && word != "prev" && word != "first" && word != "last"))
      return l.fail("step takes first, prev, next or last");
    return l.action("game." + word);
  }
  if (cmd == "undo") return l.bareAction("edit.undo");
  if (cmd == "redo") return l.bareAction("edit.redo");
  if (cmd == "deal") return l.bareAction("game.deal_next");
  if (cmd == "hint") return l.bareAction("game.hint");  // as H
  if (cmd == "analyse-record") return l.bareAction("game.analyse");
  if (cmd == "next-mistake") return l.bareAction("game.next_mistake");
  if (cmd == "prev-mistake") return l.bareAction("game.prev_mistake");
  if (cmd == "analysis-notes") return l.bareAction("game.analysis_notes");
  if (cmd == "mistake-side") {  // mistake-side A|B|both: whose mistakes N and Shift+N jump to
    if (w.size() != 1 || (w[0] != "A" && w[0] != "B" && w[0] != "both"))
      return l.fail("mistake-side takes A, B or both");
    return l.action(w[0] == "A" ? "game.mistakes_of.a" : w[0] == "B" ? "game.mistakes_of.b" : "game.mistakes_of.both");
  }
  if (cmd == "wait-analysis") return l.none(K::WaitAnalysis);  // until the analysis (or the hint's) is computed
  if (cmd == "wait-computer") return l.none(K::WaitComputer);  // until the computer seat's decision is made
  if (cmd == "wait-judging") return l.none(K::WaitJudging);    // until the puzzle trainer's verdict is searched
  if (cmd == "wait-dialog") return l.none(K::WaitDialog);      // until New game's engine has answered
  if (cmd == "wait-record-analysis") return l.none(K::WaitRecordAnalysis);         // until it is computed
  if (cmd == "analysis-row") return l.count(K::AnalysisRow, "analysis-row N");     // as a click on row N
  if (cmd == "analysis-play") return l.count(K::AnalysisPlay, "analysis-play N");  // as a double click
  if (cmd == "analysis") {  // analysis mover|all: whose knowledge the Analysis pane uses
    l.c.kind = K::Analysis;
    if (w.size() != 1 || (w[0] != "mover" && w[0] != "all")) return l.fail("analysis takes mover or all");
    l.c.on = w[0] == "all";
    return true;
  }
  return std::nullopt;
}

// resize WxH.
bool resizeVerb(Line& l) {
  l.c.kind = K::Resize;
  const auto x = l.arg.find('x');
  long long wd = 0, ht = 0;
  // The bound of --size: a window Xlib can make.
  if (l.w.size() != 1 || x == std::string_view::npos || !wholeNumber(l.arg.substr(0, x), 320, 8192, wd) ||
      !wholeNumber(l.arg.substr(x + 1), 240, 8192, ht))
    return l.fail("resize takes WxH from 320x240 to 8192x8192, found " + echoed(l.arg));
  l.c.width = static_cast<int>(wd);
  l.c.height = static_cast<int>(ht);
  return true;
}

// key|ctrl|shift|ctrl-shift KEY: the key with its modifiers held.
bool keyVerb(Line& l) {
  const std::string_view cmd = l.cmd;
  l.c.kind = cmd == "key" ? K::Key : K::Ctrl;
  l.c.ctrl = cmd == "ctrl" || cmd == "ctrl-shift";
  l.c.shift = cmd == "shift" || cmd == "ctrl-shift";
  l.c.key = l.w.size() == 1 ? scriptKeyCode(l.w[0]) : -1;
  if (l.c.key < 0) return l.fail("unknown key " + echoed(l.arg) + ": " + keyWords());
  return true;
}

// The window's input and timing: waits, clicks, the mouse, keys, typing, the size, random actions.
Parsed inputVerbs(Line& l) {
  const std::string_view cmd = l.cmd;
  const auto& w = l.w;
  ScriptCommand& c = l.c;
  if (cmd == "throw-in-frame") return l.none(K::ThrowInFrame);
  if (cmd == "quit") return l.none(K::Quit);
  if (cmd == "wait") return l.count(K::Wait, "wait FRAMES");
  if (cmd == "click-ghost") return l.count(K::ClickGhost, "click-ghost N");
  if (cmd == "click-at") {  // click-at /json/pointer: at the centre of the rect the state has there
    c.kind = K::ClickAt;
    c.pointer = w.size() == 1 ? std::string(w[0]) : std::string();
    if (w.size() != 1 || !validPointer(c.pointer)) return l.fail("click-at takes a JSON pointer to a drawn rect");
    return true;
  }
  if (cmd == "type") {  // type TEXT: typed into the focused field (the palette's filter)
    c.kind = K::Type;
    if (l.arg.empty()) return l.fail("type takes the text to type");
    c.arg = std::string(l.arg);
    return true;
  }
  if (cmd == "monkey") {  // monkey N [SEED]
    c.kind = K::Monkey;
    if (w.empty() || w.size() > 2 || !wholeNumber(w[0], 0, 1'000'000'000, c.number) ||
        (w.size() == 2 && !seedNumber(w[1], c.seed)))
      return l.fail("monkey takes frames and a seed: monkey 300 1");
    return true;
  }
  if (cmd == "click") {
    c.kind = K::Click;
    if (w.size() != 2 || !decimal(w[0], c.x) || !decimal(w[1], c.y)) return l.fail("click takes X Y: click 640 400");
    return true;
  }
  if (cmd == "hover") {  // the mouse held at X Y, not pressed, from then on
    c.kind = K::Hover;
    if (w.size() != 2 || !decimal(w[0], c.x) || !decimal(w[1], c.y)) return l.fail("hover takes X Y: hover 640 400");
    return true;
  }
  if (cmd == "resize") return resizeVerb(l);
  if (cmd == "key" || cmd == "ctrl" || cmd == "shift" || cmd == "ctrl-shift") return keyVerb(l);
  return std::nullopt;
}

// play TILE [L|R] [straight|left|right], draw or pass (its legality is checked when it runs).
bool playVerb(Line& l) {
  const auto& w = l.w;
  l.c.kind = K::Play;
  if (w.empty() || w.size() > 3) return l.fail("play takes a move: 6-4 R, 6-4 R left, 6-4, draw or pass");
  if (w[0] == "draw" || w[0] == "pass") {
    if (w.size() > 1) return l.fail("unexpected " + echoed(w[1]) + " after " + std::string(w[0]));
    return true;
  }
  if (!parseTile(w[0])) return l.fail("play: not a tile: " + echoed(w[0]));
  std::size_t i = 1;
  if (i < w.size() && (w[i] == "L" || w[i] == "R")) ++i;
  if (i < w.size() && (w[i] == "straight" || w[i] == "left" || w[i] == "right")) ++i;
  if (i < w.size())
    return l.fail("play: unexpected " + echoed(w[i]) + ": the end is L or R, the heading straight, left or right");
  return true;
}

// new SEED [RULES...]: a new game (en-linea when no rules are given).
bool newVerb(Line& l) {
  const auto& w = l.w;
  l.c.kind = K::New;
  if (w.empty() || !seedNumber(w[0], l.c.seed))
    return l.fail("new takes a seed 0.." + std::to_string(UINT64_MAX) + " and rules: new 5 en-linea");
  const std::string_view rest = l.arg.substr(static_cast<std::size_t>(w[0].data() + w[0].size() - l.arg.data()));
  std::size_t a = 0;
  while (a < rest.size() && space(rest[a])) ++a;
  l.c.word = rest.substr(a).empty() ? std::string("en-linea") : std::string(rest.substr(a));
  return true;
}

// The game: moving along the timeline, opening a scenario, selecting, playing, a new game, dialogs, seats.
Parsed gameVerbs(Line& l) {
  const std::string_view cmd = l.cmd;
  const auto& w = l.w;
  ScriptCommand& c = l.c;
  if (cmd == "jump") return l.count(K::Jump, "jump N");
  if (cmd == "open-scenario") return l.count(K::OpenScenario, "open-scenario N");
  if (cmd == "select-playable") return l.none(K::SelectPlayable);
  if (cmd == "select") {
    c.kind = K::Select;
    const auto t = w.size() == 1 ? parseTile(w[0]) : std::nullopt;
    if (!t) return l.fail("select takes a tile like 6-4, found " + echoed(l.arg));
    c.tile = t->tile();
    return true;
  }
  if (cmd == "play") return playVerb(l);
  if (cmd == "new") return newVerb(l);
  if (cmd == "dialog") {  // new, open, save, about: the dialog's action (File > New game..., ...)
    static const std::pair<std::string_view, const char*> dialogs[] = {
        {"new", "file.new"}, {"open", "file.open"}, {"save", "file.save_as"}, {"about", "help.about"}};
    for (const auto& [word, id] : dialogs)
      if (l.arg == word) return l.action(id);
    return l.fail("dialog takes new, open, save or about");
  }
  if (cmd == "seat") {  // seat A|B SEAT (the seat's name is checked when the line runs)
    c.kind = K::Seat;
    if (w.size() < 2 || (w[0] != "A" && w[0] != "B")) return l.fail("seat takes a player and a seat: seat B greedy");
    c.player = w[0] == "A" ? Player::A : Player::B;
    // The seat is the rest of the line: an outside engine's command has spaces (engine:python3 bot.py).
    c.word = std::string(w[1]);
    for (std::size_t i = 2; i < w.size(); ++i) c.word += " " + std::string(w[i]);
    return true;
  }
  return std::nullopt;
}

// The view settings: the language, whose tiles show, teaching, animation, autoplay and the speeds.
Parsed settingVerbs(Line& l) {
  const std::string_view cmd = l.cmd;
  const auto& w = l.w;
  ScriptCommand& c = l.c;
  if (cmd == "lang") {  // lang xx: View > Language
    if (w.size() != 1 || !i18n::known(w[0])) {
      std::string codes;
      for (const auto& lang : i18n::languages()) codes += std::string(codes.empty() ? "" : ", ") + lang.code;
      return l.fail("lang takes a language code: " + codes);
    }
    return l.action("view.language." + std::string(w[0]));
  }
  if (cmd == "visibility") {  // View > Show all hands, Show as A, Show as B
    if (l.arg == "a") return l.action("view.as_a");
    if (l.arg == "b") return l.action("view.as_b");
    if (l.arg == "all") return l.action("view.show_all");
    return l.fail("visibility takes a, b or all");
  }
  if (cmd == "teaching" || cmd == "animate") {  // View > Teaching mode, View > Animate moves
    bool on = false;
    if (w.size() != 1 || !onOff(w[0], on)) return l.fail(std::string(cmd) + " takes on or off");
    return l.toggleAction(cmd == "teaching" ? "view.teaching" : "view.animate", on);
  }
  if (cmd == "autoplay") return l.flag(K::Autoplay);
  if (cmd == "speed" || cmd == "delay") {
    c.kind = cmd == "speed" ? K::Speed : K::Delay;
    if (w.size() != 1 || !decimal(w[0], c.x)) return l.fail(std::string(cmd) + " takes a finite number");
    return true;
  }
  return std::nullopt;
}

// editor move TILE ZONE: the tile moved to a hand, the stock, an end of the line or the box.
bool editorMove(Line& l) {
  static const std::pair<std::string_view, Zone> zones[] = {{"A", Zone::HandA},     {"B", Zone::HandB},
                                                            {"stock", Zone::Stock}, {"L", Zone::LineL},
                                                            {"R", Zone::LineR},     {"box", Zone::Box}};
  const auto& w = l.w;
  const auto t = w.size() == 3 ? parseTile(w[1]) : std::nullopt;
  bool zoned = false;
  for (const auto& [n, z] : zones)
    if (w.size() == 3 && w[2] == n) {
      l.c.zone = z;
      zoned = true;
    }
  if (!t || !zoned) return l.fail("editor move TILE A|B|stock|L|R|box");
  l.c.tile = t->tile();
  return true;
}

// editor load|undo|redo|play|turn A|B|move TILE ZONE: the position editor's actions.
bool editorVerb(Line& l) {
  const auto& w = l.w;
  ScriptCommand& c = l.c;
  c.kind = K::Editor;
  c.word = w.empty() ? std::string() : std::string(w[0]);
  if ((c.word == "load" || c.word == "undo" || c.word == "redo" || c.word == "play") && w.size() == 1) return true;
  if (c.word == "turn") {
    if (w.size() != 2 || (w[1] != "A" && w[1] != "B")) return l.fail("editor turn takes A or B");
    c.player = w[1] == "A" ? Player::A : Player::B;
    return true;
  }
  if (c.word == "move") return editorMove(l);
  return l.fail("unknown editor action " + echoed(l.arg) + ": load, undo, redo, play, turn A|B or move TILE ZONE");
}

// check /json/pointer VALUE: the state there equals VALUE exactly. VALUE is JSON, or a bare word (not
// valid JSON) compared as a whole string; ">N" means a number greater than N.
// check-contains /json/pointer TEXT: the string there contains TEXT.
// check-absent /json/pointer TEXT: no string (nor number) anywhere in the value there holds TEXT as a
// word (not inside a longer word or number: "16" is not in "116"); object keys are not looked at, and
// a part of the state that is not there (a pane part not drawn) holds nothing.
// How deeply the arrays and objects of a JSON text nest (outside its strings).
int jsonDepth(std::string_view text) {
  int depth = 0, most = 0;
  bool inString = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (inString) {
      if (ch == '\\')
        ++i;
      else if (ch == '"')
        inString = false;
    } else if (ch == '"') {
      inString = true;
    } else if (ch == '[' || ch == '{') {
      most = std::max(most, ++depth);
    } else if (ch == ']' || ch == '}') {
      --depth;
    }
  }
  return most;
}
constexpr int kMaxCheckDepth = 32;  // the state nests 6 deep; a deeper value could only fail

bool checkVerb(Line& l) {
  const std::string_view cmd = l.cmd, arg = l.arg;
  const auto& w = l.w;
  ScriptCommand& c = l.c;
  c.kind = cmd == "check" ? K::Check : cmd == "check-contains" ? K::CheckContains : K::CheckAbsent;
  if (w.empty()) return l.fail(std::string(cmd) + " takes a JSON pointer and a value: check /round 1");
  c.pointer = std::string(w[0]);
  if (!validPointer(c.pointer))
    return l.fail(std::string(cmd) + ": " + echoed(c.pointer) + " is not a JSON pointer (like /panes/log)");
  std::string_view want = arg.substr(static_cast<std::size_t>(w[0].data() + w[0].size() - arg.data()));
  while (!want.empty() && space(want.front())) want.remove_prefix(1);
  c.wantText = std::string(want);
  if (c.kind != K::Check) {
    if (want.empty()) return l.fail(std::string(cmd) + " needs the text to find");
    return true;
  }
  if (!want.empty() && want[0] == '>') {
    if (!decimal(want.substr(1), c.above)) return l.fail("check: '>' takes a number, found " + echoed(want));
  }
  // A value nested 100,000 deep overflowed the stack when a failed check was formatted.
  if (const int depth = jsonDepth(want); depth > kMaxCheckDepth)
    return l.fail("check: the value nests " + std::to_string(depth) + " levels deep (at most " +
                  std::to_string(kMaxCheckDepth) + ")");
  c.want = nlohmann::json::parse(want, nullptr, false);
  if (c.want.is_discarded()) c.want = c.wantText;
  return true;
}

// The position editor and the checks of the state.
Parsed editorAndCheckVerbs(Line& l) {
  if (l.cmd == "editor") return editorVerb(l);
  if (l.cmd == "check" || l.cmd == "check-contains" || l.cmd == "check-absent") return checkVerb(l);
  return std::nullopt;
}

}  // namespace

bool parseScriptLine(std::string_view line, ScriptCommand& c, std::string& error) {
  error.clear();
  if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
  while (!line.empty() && space(line.back())) line.remove_suffix(1);
  while (!line.empty() && space(line.front())) line.remove_prefix(1);
  if (line.empty()) return false;
  std::size_t cut = 0;
  while (cut < line.size() && !space(line[cut])) ++cut;
  const std::string_view cmd = line.substr(0, cut);
  std::string_view arg = line.substr(cut);
  while (!arg.empty() && space(arg.front())) arg.remove_prefix(1);
  c = ScriptCommand{};
  c.text = std::string(line);
  c.arg = std::string(arg);
  Line l{cmd, arg, words(arg), c, error};
  // Each verb belongs to one group.
  for (const auto group : {paneAndFileVerbs, actionVerbs, inputVerbs, gameVerbs, settingVerbs, editorAndCheckVerbs})
    if (const Parsed parsed = group(l)) return *parsed;
  return l.fail("unknown action " + echoed(cmd));
}

ParsedScript parseScript(std::string_view text) {
  ParsedScript out;
  int lineNo = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t nl = text.find('\n', pos);
    const std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    ++lineNo;
    ScriptCommand c;
    std::string error;
    if (parseScriptLine(line, c, error)) {
      c.line = lineNo;
      out.commands.push_back(std::move(c));
    } else if (!error.empty()) {
      out.errors.push_back({lineNo, files::cutWords(error)});
    }
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  return out;
}

}  // namespace dom::studio
