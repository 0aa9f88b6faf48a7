// SPDX-License-Identifier: MIT
// Script actions: open/close panes, load, step, jump, select, play, keys, editor edits, undo/redo,
// resize, checks. Every change goes through the app's intents, as the panes' do.
#include "studio/ui/script.h"

#include <spdlog/spdlog.h>

#include <cctype>
#include <filesystem>
#include <sstream>
#include <variant>

#include "core/files.h"
#include "core/movetext.h"
#include "studio/model/paths.h"
#include "studio/model/viewmodel.h"
#include "studio/platform/platform.h"

namespace dom::studio {

std::string jsonText(const nlohmann::json& j, int indent) {
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string Script::load(const std::string& path) {
  const auto text = files::readText(path);
  if (const auto* e = std::get_if<files::ReadError>(&text)) return "--script " + paths::readError(path, e->message);
  ParsedScript parsed = parseScript(std::get<std::string>(text));
  std::string errors;
  for (std::size_t i = 0; i < parsed.errors.size() && i < 20; ++i)
    errors += (errors.empty() ? "" : "\n") + parsed.errors[i].text(path);
  if (parsed.errors.size() > 20) errors += "\n(" + std::to_string(parsed.errors.size() - 20) + " more errors)";
  if (!errors.empty()) return errors;
  commands_ = std::move(parsed.commands);
  return {};
}

std::optional<Move> parseMove(const Match& m, const std::string& text, std::string& error) {
  FoundMove found = dom::findMove(m, m.state().turn, dom::moveWords(text));
  if (!found.move) error = std::move(found.error);
  return found.move;
}

void Script::tick(App& app, int& key) {
  key = -1;
  ctrl = false;
  if (monkeyLeft_ > 0) {
    --monkeyLeft_;
    monkey(app, key);
    return;
  }
  if (wait_ > 0) {
    --wait_;
    return;
  }
  if (waitWork_) {
    if (!app.settled(*waitWork_)) return;
    app.waitFor(*waitWork_);  // done: collects its result
    waitWork_.reset();
  }
  if (!waitFile_.empty()) {
    std::error_code ec;
    if (!std::filesystem::exists(waitFile_, ec)) return;
    waitFile_.clear();
  }
  if (next_ >= commands_.size()) return;
  const ScriptCommand& c = commands_[next_++];
  // A script line is user input: whatever it makes throw is a failed line, never a dead studio.
  try {
    run(app, c, key);
  } catch (const std::exception& e) {
    ++failures_;
    spdlog::error("script: {}: {}", jsonText(c.text), e.what());
  }
}

void Script::monkey(App& app, int& key) {
  auto next = [&](int n) {
    monkeyState_ = monkeyState_ * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int>((monkeyState_ >> 33) % static_cast<std::uint64_t>(n));
  };
  using namespace keycode;
  static const int keys[] = {Tab, Enter, Space, Right, Left, Down, Up, Home, End, Escape, 'D', 'P', 'A'};
  const Match& m = app.match();
  switch (next(13)) {
    case 0:
    case 1: key = keys[next(static_cast<int>(sizeof keys / sizeof keys[0]))]; break;
    case 12: {  // any action of the registry but those that open a dialog or leave
      const auto& all = actions();
      const Action& a = all[static_cast<std::size_t>(next(static_cast<int>(all.size())))];
      if (!a.id.starts_with("file.") && !a.id.starts_with("help.") && a.id != "view.palette") app.runActionId(a.id);
      break;
    }
    case 2: {  // a click anywhere below the menu bar
      click.x = static_cast<float>(next(1280));
      click.y = static_cast<float>(30 + next(770));
      click.pending = true;
      break;
    }
    case 3: app.apply(selectIntent(static_cast<Tile>(next(kTiles)))); break;
    case 4: {
      const MoveList moves = m.legalMoves();
      if (!moves.empty()) app.apply(playIntent(moves.moves[static_cast<std::size_t>(next(moves.size))]));
      break;
    }
    case 5: app.apply(jumpIntent(next(app.timeline().size()))); break;
    case 6: app.apply(editMoveIntent(static_cast<Tile>(next(kTiles)), static_cast<Zone>(next(6)))); break;
    case 7: app.apply(intentOf(next(2) ? intent::Cmd::Undo : intent::Cmd::Redo)); break;
    case 8: app.apply(visibilityIntent(static_cast<Visibility>(next(3)))); break;
    case 9: app.apply(intentOf(next(2) ? intent::Cmd::DealNext : intent::Cmd::EditorStart)); break;
    case 10: app.apply(paneIntent(static_cast<Pane>(next(kPanes)), next(4) != 0)); break;
    default:
      app.apply(playIntent(next(2) ? moveOf(MoveKind::Draw) : moveOf(MoveKind::Pass)));
      break;  // refused with a reason when illegal
  }
  if (app.session().errorPopup())
    app.apply(intentOf(intent::Cmd::DismissError));  // keep going rather than stop at a modal
  app.forgetQuit();
}

namespace {
// A file action succeeded when the session asked for no error dialog.
bool fileAction(App& app, const ScriptCommand& c, Intent in) {
  app.apply(intentOf(intent::Cmd::DismissError));
  // `load` opens at once; `open-scenario` asks as the pane does.
  if (bool* confirmed = confirmation(in)) *confirmed = c.kind != ScriptCommand::Kind::OpenScenario;
  app.apply(in);
  const bool ok = !app.session().errorPopup();
  return ok;
}
}  // namespace

void Script::refusedWrite(const std::string& why) {
  ++failures_;
  spdlog::error("script: {}", why);
}

void Script::fail(const ScriptCommand& c, const std::string& why) {
  ++failures_;
  spdlog::error("script: line {}: {}: {}", c.line, jsonText(c.text), why);
}

bool Script::runFileCommand(App& app, const ScriptCommand& c) {
  using K = ScriptCommand::Kind;
  const std::string& arg = c.arg;
  switch (c.kind) {
    case K::Load:
      if (!fileAction(app, c, openIntent(arg))) fail(c, app.session().errorText());
      break;
    case K::LoadBad:  // a load that must fail and keep the game
      if (fileAction(app, c, openIntent(arg))) fail(c, "the file loaded");
      break;
    case K::ScenariosDir: app.setScenariosDir(arg); break;  // list another folder in the Scenarios pane
    case K::Puzzle: {
      if (!fileAction(app, c, intent::OpenPuzzle{arg, static_cast<int>(c.number)})) fail(c, app.session().errorText());
      break;
    }
    case K::Lesson: {
      if (!fileAction(app, c, intent::StartLesson{arg})) fail(c, app.session().errorText());
      break;
    }
    case K::Author: {
      app.apply(intent::WriteLesson{arg});
      const std::string& why = app.session().writeError();
      if (c.on && !why.empty()) fail(c, "not added: " + why);
      if (!c.on && why.empty()) fail(c, "the line was added");
      break;
    }
    case K::Answer: {
      if (c.word == "end")
        app.apply(intent::AnswerEnd{c.number == 0 ? End::L : End::R});
      else if (c.word == "tiles")
        app.apply(intent::AnswerTiles{c.tiles});
      else
        app.apply(intent::AnswerPoints{static_cast<int>(c.number)});
      break;
    }
    case K::OpenScenario:  // the N-th scenario as the Scenarios pane lists them (from 0)
      if (c.number >= static_cast<long long>(app.scenarios().paths().size()))
        fail(c, "no such scenario");
      else if (!fileAction(app, c, openIntent(app.scenarios().paths()[static_cast<std::size_t>(c.number)])))
        fail(c, app.session().errorText());
      break;
    case K::New: {
      intent::NewGame in{app.session().game()};
      in.options.seed = c.seed;
      in.options.rules = c.word;
      if (!fileAction(app, c, std::move(in))) fail(c, app.session().errorText());
      break;
    }
    case K::Save: {  // save PATH; a bare save is File > Save (disabled while the game has no file)
      app.apply(intentOf(intent::Cmd::DismissError));
      if (arg.empty()) {
        runAction(app, c, "file.save");
      } else {
        app.apply(intent::Save{arg});
      }
      if (app.session().errorPopup()) fail(c, app.session().errorText());
      break;
    }
    case K::ExportTable: {
      app.apply(intent::ExportPng{arg, true});
      break;
    }
    case K::Screenshot: app.requestScreenshot(arg); break;
    case K::Dump:
      if (const auto err = files::writeAtomic(arg, jsonText(app.state(), 2) + '\n'); !err.empty()) fail(c, err);
      break;
    default: return false;
  }
  return true;
}

bool Script::runViewCommand(App& app, const ScriptCommand& c) {
  using K = ScriptCommand::Kind;
  switch (c.kind) {
    case K::Action: runAction(app, c); break;
    case K::Autoplay:  // Game > Autoplay when it is not on (off) already
      if (c.on != app.session().autoplay()) runAction(app, c, "game.autoplay");
      break;
    case K::Speed:
    case K::Delay: {
      if (c.kind == K::Speed)
        app.apply(intent::SetSpeed{c.x});
      else
        app.apply(intent::SetComputerDelay{c.x});
      break;
    }
    case K::Seat: {
      Seat s;
      if (!parseSeat(c.word, s))
        fail(c, seatError(c.word));
      else
        app.apply(seatIntent(c.player, s));
      break;
    }
    case K::Analysis: {
      app.apply(intent::SetAnalysisAll{c.on});
      break;
    }
    case K::ThrowInFrame: app.throwInNextFrame(); break;  // the next frame throws halfway (tests the frame boundary)
    default: return false;
  }
  return true;
}

// A registry action from a script line (the line's own or `id`): as from its menu item or key,
// refused when disabled, the status line then saying why (the run goes on). A toggle runs only when
// its check mark is not the state the line asks for.
void Script::runAction(App& app, const ScriptCommand& c, std::string_view id) {
  if (id.empty()) id = c.word;
  if (c.toggle)
    if (const Action* a = findAction(id); a && a->checked && a->checked(app.actionContext()) == c.on) return;
  if (!app.runActionId(id))
    spdlog::info("script: line {}: {} is disabled: {}", c.line, std::string(id), app.session().statusText());
}

bool Script::runInputCommand(App& app, const ScriptCommand& c, int& key) {
  using K = ScriptCommand::Kind;
  switch (c.kind) {
    case K::Monkey:  // N frames of random actions (nothing may crash)
      monkeyLeft_ = static_cast<int>(c.number);
      monkeyState_ = c.seed * 2 + 1;
      break;
    case K::Click:
      click.x = c.x;
      click.y = c.y;
      click.pending = true;
      break;
    case K::Hover:  // the mouse held there from now on (a tooltip shows, nothing is pressed)
      hover.x = c.x;
      hover.y = c.y;
      hover.active = true;
      break;
    case K::Resize:  // the window's new size (the layout follows)
      resize.w = c.width;
      resize.h = c.height;
      resize.pending = true;
      break;
    case K::ClickGhost: clickGhost(app, c); break;
    case K::ClickAt: clickAt(app, c); break;
    case K::Key:
    case K::Ctrl:  // ctrl z, shift n, ctrl-shift p: the key with its modifiers held
      key = c.key;
      ctrl = c.ctrl;
      shift = c.shift;
      break;
    case K::Type: typed += c.arg; break;
    case K::Wait: wait_ = static_cast<int>(c.number); break;
    case K::WaitFile: waitFile_ = c.arg; break;
    case K::Quit: quit_ = true; break;
    default: return false;
  }
  return true;
}

void Script::clickGhost(App& app, const ScriptCommand& c) {
  long long seen = 0;
  for (const ScreenTile& st : app.table().screenTiles())
    if (st.ghost && seen++ == c.number) {
      click.x = st.x + st.w * 0.5f;
      click.y = st.y + st.h * 0.5f;
      click.pending = true;
      return;
    }
  fail(c, "no such ghost");
}

// A click at the centre of a rect the state dump holds: [x, y, w, h] or {x, y, w, h}, window pixels
// (a pane's button or a lesson's tile as drawn last frame).
void Script::clickAt(App& app, const ScriptCommand& c) {
  nlohmann::json r;
  try {
    r = app.state().at(nlohmann::json::json_pointer(c.pointer));
  } catch (const std::exception& e) {
    return fail(c, std::string("no such state: ") + e.what());
  }
  const bool list = r.is_array() && r.size() == 4;
  if (!list && !(r.is_object() && r.contains("x") && r.contains("w")))
    return fail(c, c.pointer + " is not a drawn rect");
  const auto at = [&](int i, const char* k) { return (list ? r[static_cast<std::size_t>(i)] : r[k]).get<float>(); };
  click.x = at(0, "x") + at(2, "w") * 0.5f;
  click.y = at(1, "y") + at(3, "h") * 0.5f;
  click.pending = true;
}

bool Script::runGameCommand(App& app, const ScriptCommand& c) {
  using K = ScriptCommand::Kind;
  switch (c.kind) {
    case K::Jump: {
      const auto& path = app.timeline().branchPath();
      if (c.number >= static_cast<long long>(path.size()))
        fail(c, "no such position");
      else
        app.apply(jumpIntent(path[static_cast<std::size_t>(c.number)]));
      break;
    }
    case K::Select: app.apply(selectIntent(c.tile)); break;
    case K::SelectPlayable: {  // the heaviest tile the player to move can play
      const Match& m = app.match();
      Tile best = kNoTile;
      for (const Move& mv : m.legalMoves())
        if (mv.kind == MoveKind::Play && (best == kNoTile || heavier(mv.tile, best))) best = mv.tile;
      if (best == kNoTile)
        fail(c, "no tile can be played");
      else
        app.apply(selectIntent(best));
      break;
    }
    case K::Play: {
      std::string why;
      const auto mv = parseMove(app.match(), c.arg, why);
      if (!mv)
        fail(c, why);
      else
        app.apply(playIntent(*mv));
      break;
    }
    case K::Editor: editorCommand(app, c); break;
    default: return false;
  }
  return true;
}

void Script::editorCommand(App& app, const ScriptCommand& c) {
  // The editor's buttons are the registry's Edit actions (its undo and redo too: Ctrl+Z, Ctrl+Y).
  static const std::pair<std::string_view, std::string_view> buttons[] = {
      {"load", "edit.load"}, {"undo", "edit.undo"}, {"redo", "edit.redo"}, {"play", "edit.play_from_here"}};
  for (const auto& [word, id] : buttons)
    if (c.word == word) {
      // Ctrl+Z and Ctrl+Y undo moves outside edit mode: the editor's must not.
      if ((word == "undo" || word == "redo") && !app.editing()) return fail(c, "not in edit mode (open editor)");
      return runAction(app, c, id);
    }
  if (c.word == "turn") {
    app.apply(intent::EditTurn{c.player});
  } else {
    app.apply(editMoveIntent(c.tile, c.zone));
  }
}

namespace {
// A value in a failed check's message: its JSON cut at 300 characters (a 1 MB note is not echoed).
std::string shown(const nlohmann::json& j) { return files::cut(jsonText(j), 300); }

bool wordChar(char ch) { return std::isalnum(static_cast<unsigned char>(ch)) != 0; }

// Whether TEXT is in S as a word: not inside a longer word or number ("16" is not in "116").
bool holdsWord(const std::string& s, const std::string& text) {
  for (std::size_t at = s.find(text); at != std::string::npos; at = s.find(text, at + 1)) {
    const bool before = at > 0 && wordChar(text.front()) && wordChar(s[at - 1]);
    const std::size_t end = at + text.size();
    const bool after = end < s.size() && wordChar(text.back()) && wordChar(s[end]);
    if (!before && !after) return true;
  }
  return false;
}

// The first string or number in J (its values, at any depth) that holds TEXT as a word, or null.
const nlohmann::json* holding(const nlohmann::json& j, const std::string& text) {
  if (j.is_string()) return holdsWord(j.get<std::string>(), text) ? &j : nullptr;
  if (j.is_number()) return j.dump() == text ? &j : nullptr;
  if (j.is_structured())
    for (const auto& v : j)
      if (const nlohmann::json* found = holding(v, text)) return found;
  return nullptr;
}
}  // namespace

void Script::check(App& app, const ScriptCommand& c) {
  using K = ScriptCommand::Kind;
  const auto state = app.state();
  nlohmann::json got;
  try {
    got = state.at(nlohmann::json::json_pointer(c.pointer));
  } catch (const std::exception& e) {
    if (c.kind == K::CheckAbsent) return;  // a part not drawn holds no text
    return fail(c, std::string("no such state: ") + e.what());
  }
  if (c.kind == K::CheckAbsent) {
    if (const nlohmann::json* found = holding(got, c.wantText))
      return fail(c, "expected no " + shown(c.wantText) + ", found it in " + shown(*found));
  } else if (c.kind == K::CheckContains) {
    if (!got.is_string() || got.get<std::string>().find(c.wantText) == std::string::npos)
      return fail(c, "expected a string containing " + shown(c.wantText) + ", found " + shown(got));
  } else if (!c.wantText.empty() && c.wantText[0] == '>' && got.is_number()) {
    if (!(got.get<double>() > c.above)) return fail(c, "expected " + shown(c.wantText) + ", found " + shown(got));
  } else if (got != c.want) {
    return fail(c, "expected " + shown(c.want) + ", found " + shown(got));
  }
  spdlog::info("check {} ok", c.pointer);
}

void Script::waitOver(App& app, App::Work w) {
  if (platform::hasWorker())
    waitWork_ = w;
  else
    app.waitFor(w);
}

bool Script::runCoachCommand(App& app, const ScriptCommand& c) {
  using K = ScriptCommand::Kind;
  switch (c.kind) {
    // Each blocks until its work is done: the analysis (or the hint's), the computer seat's decision.
    // Where the web page's workers do them, the frames go on meanwhile.
    case K::WaitAnalysis: waitOver(app, App::Work::Analysis); break;
    case K::WaitComputer: waitOver(app, App::Work::Computer); break;
    case K::WaitJudging: waitOver(app, App::Work::Judging); break;  // blocks until the puzzle's verdict is searched
    case K::WaitRecordAnalysis: waitOver(app, App::Work::RecordAnalysis); break;  // blocks until the record is analysed
    case K::WaitDialog: app.waitForDialogs(); break;  // blocks until New game's engine has answered its handshake
    case K::AnalysisRow:
    case K::AnalysisPlay: analysisRow(app, c); break;
    default: return false;
  }
  return true;
}

void Script::analysisRow(App& app, const ScriptCommand& c) {
  const AnalysisView* v = app.session().analysis();
  if (!v || c.number >= static_cast<long long>(v->rows.size()))
    return fail(c, "no such analysis row (wait-analysis first)");
  Intents out;
  const Move& mv = v->rows[static_cast<std::size_t>(c.number)].move;
  if (c.kind == ScriptCommand::Kind::AnalysisPlay)
    out.push_back(playIntent(mv));
  else
    app.showMove(mv, out);
  app.applyAll(out);
}

void Script::run(App& app, const ScriptCommand& c, int& key) {
  using K = ScriptCommand::Kind;
  spdlog::debug("script: {}", c.text);
  if (c.kind == K::Check || c.kind == K::CheckContains || c.kind == K::CheckAbsent) return check(app, c);
  // Each kind belongs to one group.
  if (!runFileCommand(app, c) && !runViewCommand(app, c) && !runInputCommand(app, c, key) && !runGameCommand(app, c))
    runCoachCommand(app, c);
}

}  // namespace dom::studio
