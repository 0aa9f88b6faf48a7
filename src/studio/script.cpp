// Script actions: open/close panes, load, step, jump, select, play, keys, editor edits, undo/redo,
// resize, checks. Every change goes through the app's intents, as the panes' do.
#include "studio/script.h"

#include <spdlog/spdlog.h>

#include <sstream>
#include <variant>

#include "core/files.h"
#include "studio/viewmodel.h"

namespace dom::studio {

std::string jsonText(const nlohmann::json& j, int indent) {
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string Script::load(const std::string& path) {
  const auto text = files::readText(path);
  if (const auto* e = std::get_if<files::ReadError>(&text)) return "--script " + path + ": " + e->message;
  std::istringstream in(std::get<std::string>(text));
  std::string line;
  while (std::getline(in, line)) {
    const auto hash = line.find('#');
    if (hash != std::string::npos) line.erase(hash);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
    std::size_t a = 0;
    while (a < line.size() && std::isspace(static_cast<unsigned char>(line[a]))) ++a;
    if (a < line.size()) lines_.push_back(line.substr(a));
  }
  return {};
}

std::optional<Move> parseMove(const Match& m, const std::string& text, std::string& error) {
  std::istringstream ss(text);
  std::string tileWord, endWord, headingWord;
  ss >> tileWord >> endWord >> headingWord;
  for (const Move& mv : m.legalMoves()) {
    if (tileWord == "draw" && mv.kind == MoveKind::Draw) return mv;
    if (tileWord == "pass" && mv.kind == MoveKind::Pass) return mv;
  }
  if (tileWord == "draw" || tileWord == "pass") {
    const auto who = m.toMove();
    error = who ? m.illegal(moveOf(tileWord == "draw" ? MoveKind::Draw : MoveKind::Pass), *who) : "no round is on";
    return std::nullopt;
  }
  const auto wt = parseTile(tileWord);
  if (!wt) {
    error = "not a tile: " + tileWord;
    return std::nullopt;
  }
  const End end = endWord == "L" ? End::L : endWord == "R" ? End::R : End::None;
  Heading h = Heading::Straight;
  if (headingWord == "left") h = Heading::Left;
  if (headingWord == "right") h = Heading::Right;
  for (const Move& mv : m.legalMoves())
    if (mv.kind == MoveKind::Play && mv.tile == wt->tile() && (end == End::None || mv.end == end) && mv.heading == h)
      return mv;
  const auto who = m.toMove();
  Move probe;
  probe.tile = wt->tile();
  probe.end = end;
  error = who ? m.illegal(probe, *who) : "no round is on";
  if (error.empty()) error = "no such placement";
  return std::nullopt;
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
  if (next_ >= lines_.size()) return;
  const std::string& line = lines_[next_++];
  // A script line is user input: whatever it makes throw is a failed line, never a dead studio.
  try {
    run(app, line, key);
  } catch (const std::exception& e) {
    ++failures_;
    spdlog::error("script: {}: {}", jsonText(line), e.what());
  }
}

void Script::monkey(App& app, int& key) {
  auto next = [&](int n) {
    monkeyState_ = monkeyState_ * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int>((monkeyState_ >> 33) % static_cast<std::uint64_t>(n));
  };
  static const int keys[] = {258, 257, 32, 262, 263, 264, 265, 268, 269, 256, 'D', 'P', 'A'};
  const Match& m = app.match();
  switch (next(12)) {
    case 0:
    case 1: key = keys[next(static_cast<int>(sizeof keys / sizeof keys[0]))]; break;
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
    case 5: app.apply(jumpIntent(next(app.timeline.size()))); break;
    case 6: app.apply(editMoveIntent(static_cast<Tile>(next(kTiles)), static_cast<Zone>(next(6)))); break;
    case 7: app.apply(intentOf(next(2) ? Intent::Kind::Undo : Intent::Kind::Redo)); break;
    case 8: app.apply(visibilityIntent(static_cast<Visibility>(next(3)))); break;
    case 9: app.apply(intentOf(next(2) ? Intent::Kind::DealNext : Intent::Kind::EditorStart)); break;
    case 10: app.apply(paneIntent(static_cast<Pane>(next(kPanes)), next(4) != 0)); break;
    default:
      app.apply(playIntent(next(2) ? moveOf(MoveKind::Draw) : moveOf(MoveKind::Pass)));
      break;  // refused with a reason when illegal
  }
  if (app.session.errorPopup) app.session.errorPopup = false;  // keep going rather than stop at a modal
  if (app.quit) app.quit = false;
}

namespace {
int keyCode(const std::string& k) {
  if (k == "left") return 263;
  if (k == "right") return 262;
  if (k == "up") return 265;
  if (k == "down") return 264;
  if (k == "home") return 268;
  if (k == "end") return 269;
  if (k == "tab") return 258;
  if (k == "enter") return 257;
  if (k == "space") return 32;
  if (k == "escape") return 256;
  if (k.size() == 1 && std::isalpha(static_cast<unsigned char>(k[0])))
    return std::toupper(static_cast<unsigned char>(k[0]));
  return -1;
}
}  // namespace

void Script::run(App& app, const std::string& line, int& key) {
  std::istringstream ss(line);
  std::string cmd, arg;
  ss >> cmd;
  std::getline(ss >> std::ws, arg);
  spdlog::debug("script: {}", line);
  auto fail = [&](const std::string& why) {
    ++failures_;
    spdlog::error("script: {}: {}", jsonText(line), why);
  };
  // A file action succeeded when the session asked for no error dialog.
  auto fileAction = [&](const Intent& in) {
    app.session.errorPopup = false;
    app.apply(in);
    const bool ok = !app.session.errorPopup;
    return ok;
  };
  auto simple = [&](Intent::Kind k) { app.apply(intentOf(k)); };
  if (cmd == "open" || cmd == "close") {
    Pane p;
    if (!parsePane(arg, p)) return fail("unknown pane");
    app.apply(paneIntent(p, cmd == "open"));
  } else if (cmd == "edit") {  // edit on|off: edit mode (the Position editor under the table)
    app.apply(paneIntent(Pane::Editor, arg != "off"));
  } else if (cmd == "load") {
    if (!fileAction(openIntent(arg))) fail(app.session.errorText);
  } else if (cmd == "load-bad") {  // a load that must fail and keep the game
    if (fileAction(openIntent(arg))) fail("the file loaded");
  } else if (cmd == "step") {
    simple(arg == "first"  ? Intent::Kind::First
           : arg == "prev" ? Intent::Kind::Prev
           : arg == "last" ? Intent::Kind::Last
                           : Intent::Kind::Next);
  } else if (cmd == "undo" || cmd == "redo") {  // as Ctrl+Z / Ctrl+Y: on the editor in edit mode, else the timeline
    simple(cmd == "undo" ? Intent::Kind::Undo : Intent::Kind::Redo);
  } else if (cmd == "jump") {
    const int n = std::atoi(arg.c_str());
    const auto& path = app.timeline.branchPath();
    if (n < 0 || n >= static_cast<int>(path.size())) return fail("no such position");
    app.apply(jumpIntent(path[static_cast<std::size_t>(n)]));
  } else if (cmd == "select") {
    const auto wt = parseTile(arg);
    if (!wt) return fail("not a tile");
    app.apply(selectIntent(wt->tile()));
  } else if (cmd == "monkey") {  // monkey N SEED: N frames of random actions (nothing may crash)
    std::istringstream as(arg);
    as >> monkeyLeft_ >> monkeyState_;
    monkeyState_ = monkeyState_ * 2 + 1;
  } else if (cmd == "click") {
    std::istringstream as(arg);
    as >> click.x >> click.y;
    click.pending = true;
  } else if (cmd == "resize") {  // resize WxH: the window's new size (the layout follows)
    if (std::sscanf(arg.c_str(), "%dx%d", &resize.w, &resize.h) != 2 || resize.w < 320 || resize.h < 240)
      return fail("resize WxH");
    resize.pending = true;
  } else if (cmd == "click-ghost") {  // clicks the centre of the N-th ghost placement on the table
    const int n = std::atoi(arg.c_str());
    int seen = 0;
    for (const ScreenTile& st : app.screenTiles)
      if (st.ghost && seen++ == n) {
        click.x = st.x + st.w * 0.5f;
        click.y = st.y + st.h * 0.5f;
        click.pending = true;
        return;
      }
    fail("no such ghost");
  } else if (cmd == "throw-in-frame") {  // the next frame throws halfway (tests the frame boundary)
    app.throwInFrame = true;
  } else if (cmd == "scenarios-dir") {  // list another folder in the Scenarios pane (tests of odd folders)
    app.scenariosDir = arg;
  } else if (cmd == "open-scenario") {  // the N-th scenario as the Scenarios pane lists them (from 0)
    const auto n = static_cast<std::size_t>(std::atoi(arg.c_str()));
    if (n >= app.scenarioPaths.size()) return fail("no such scenario");
    if (!fileAction(openIntent(app.scenarioPaths[n]))) fail(app.session.errorText);
  } else if (cmd == "dialog") {  // new, open, save, about
    if (arg == "new")
      app.newGameDialog = true;
    else if (arg == "open") {
      app.dialogPath = app.scenariosDir + "/";
      app.openDialog = true;
    } else if (arg == "save") {
      app.dialogPath = "game.dgn";
      app.saveDialog = true;
    } else if (arg == "about")
      app.aboutDialog = true;
    else
      fail("dialog new|open|save|about");
  } else if (cmd == "export-table") {
    Intent in = intentOf(Intent::Kind::ExportTablePng);
    in.path = arg;
    app.apply(in);
  } else if (cmd == "select-playable") {  // the heaviest tile the player to move can play
    const Match& m = app.match();
    Tile best = kNoTile;
    for (const Move& mv : m.legalMoves())
      if (mv.kind == MoveKind::Play && (best == kNoTile || heavier(mv.tile, best))) best = mv.tile;
    if (best == kNoTile) return fail("no tile can be played");
    app.apply(selectIntent(best));
  } else if (cmd == "play") {
    std::string why;
    const auto mv = parseMove(app.match(), arg, why);
    if (!mv) return fail(why);
    app.apply(playIntent(*mv));
  } else if (cmd == "deal") {
    simple(Intent::Kind::DealNext);
  } else if (cmd == "key") {
    key = keyCode(arg);
    if (key < 0) fail("unknown key");
  } else if (cmd == "ctrl") {  // ctrl z: the key with Ctrl held
    key = keyCode(arg);
    ctrl = true;
    if (key < 0) fail("unknown key");
  } else if (cmd == "visibility") {
    app.apply(visibilityIntent(arg == "a" ? Visibility::AsA : arg == "b" ? Visibility::AsB : Visibility::All));
  } else if (cmd == "teaching" || cmd == "animate") {
    Intent in = intentOf(cmd == "teaching" ? Intent::Kind::SetTeaching : Intent::Kind::SetAnimate);
    in.on = arg == "on";
    app.apply(in);
  } else if (cmd == "autoplay") {
    if ((arg == "on") != app.session.autoplay) simple(Intent::Kind::Autoplay);
  } else if (cmd == "speed" || cmd == "delay") {
    Intent in = intentOf(cmd == "speed" ? Intent::Kind::SetSpeed : Intent::Kind::SetComputerDelay);
    in.value = static_cast<float>(std::atof(arg.c_str()));
    app.apply(in);
  } else if (cmd == "seat") {
    std::istringstream as(arg);
    std::string who, seat;
    as >> who >> seat;
    Seat s;
    if ((who != "A" && who != "B") || !parseSeat(seat, s)) return fail("seat A|B human|greedy|random");
    app.apply(seatIntent(who == "A" ? Player::A : Player::B, s));
  } else if (cmd == "new") {
    std::istringstream as(arg);
    Intent in = intentOf(Intent::Kind::NewGame);
    in.game = app.session.game;
    std::string seedWord;
    as >> seedWord;
    in.game.seed = std::strtoull(seedWord.c_str(), nullptr, 10);
    std::getline(as >> std::ws, in.game.rules);
    if (in.game.rules.empty()) in.game.rules = "en-linea";
    if (!fileAction(in)) fail(app.session.errorText);
  } else if (cmd == "editor") {
    std::istringstream as(arg);
    std::string sub, tileWord, zoneWord;
    as >> sub >> tileWord >> zoneWord;
    if (sub == "load")
      simple(Intent::Kind::EditLoad);
    else if (sub == "undo" || sub == "redo") {
      if (!app.editing()) return fail("not in edit mode (open editor)");
      simple(sub == "undo" ? Intent::Kind::Undo : Intent::Kind::Redo);
    } else if (sub == "turn") {
      Intent in = intentOf(Intent::Kind::EditTurn);
      in.owner = tileWord == "B" ? Player::B : Player::A;
      app.apply(in);
    } else if (sub == "play")
      simple(Intent::Kind::EditorStart);
    else if (sub == "move") {
      const auto wt = parseTile(tileWord);
      static const std::pair<const char*, Zone> zones[] = {{"A", Zone::HandA},     {"B", Zone::HandB},
                                                           {"stock", Zone::Stock}, {"L", Zone::LineL},
                                                           {"R", Zone::LineR},     {"box", Zone::Box}};
      const Zone* z = nullptr;
      for (const auto& [n, zz] : zones)
        if (zoneWord == n) z = &zz;
      if (!wt || !z) return fail("editor move TILE A|B|stock|L|R|box");
      app.apply(editMoveIntent(wt->tile(), *z));
    } else
      fail("unknown editor action");
  } else if (cmd == "save") {
    Intent in = intentOf(Intent::Kind::Save);
    in.path = arg;
    if (!fileAction(in)) fail(app.session.errorText);
  } else if (cmd == "wait") {
    wait_ = std::max(0, std::atoi(arg.c_str()));
  } else if (cmd == "screenshot") {
    app.exportPath = arg;
  } else if (cmd == "dump") {
    if (const auto err = files::writeAtomic(arg, jsonText(app.state(), 2) + '\n'); !err.empty()) fail(err);
  } else if (cmd == "check" || cmd == "check-contains") {
    // check /json/pointer VALUE: the state there equals VALUE exactly. VALUE is JSON, or a bare
    // word (not valid JSON) compared as a whole string; ">N" means a number greater than N.
    // check-contains /json/pointer TEXT: the string there contains TEXT (say so when that is meant).
    std::istringstream as(arg);
    std::string ptr, want;
    as >> ptr;
    std::getline(as >> std::ws, want);
    const auto state = app.state();
    nlohmann::json got;
    try {
      got = state.at(nlohmann::json::json_pointer(ptr));
    } catch (const std::exception& e) {
      return fail(std::string("no such state: ") + e.what());
    }
    if (cmd == "check-contains") {
      if (want.empty() || !got.is_string() || got.get<std::string>().find(want) == std::string::npos)
        return fail("expected a string containing " + jsonText(want) + ", found " + jsonText(got));
    } else if (!want.empty() && want[0] == '>' && got.is_number()) {
      if (!(got.get<double>() > std::atof(want.c_str() + 1)))
        return fail("expected " + jsonText(want) + ", found " + jsonText(got));
    } else {
      nlohmann::json wantJson = nlohmann::json::parse(want, nullptr, false);
      if (wantJson.is_discarded()) wantJson = want;
      if (got != wantJson) return fail("expected " + jsonText(wantJson) + ", found " + jsonText(got));
    }
    spdlog::info("check {} ok", ptr);
  } else if (cmd == "quit") {
    quit_ = true;
  } else {
    fail("unknown action");
  }
}

}  // namespace dom::studio
