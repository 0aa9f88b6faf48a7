// SPDX-License-Identifier: MIT
// The action registry as the one route of every user action (issue 43, "Everything through the
// registry"): key names from one table, the panes' buttons and File > Open recent made from the
// registry, the script's verbs mapped to its ids.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <variant>

#include "studio/model/actions.h"
#include "studio/model/i18n.h"
#include "studio/model/script_parse.h"

using namespace dom;
using namespace dom::studio;

namespace {
const std::filesystem::path kSource = std::filesystem::path(STUDIO_TEST_DIR) / ".." / "..";

std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The studio's pane sources (the Learn pane is another area's).
std::vector<std::filesystem::path> paneSources() {
  std::vector<std::filesystem::path> out;
  for (const auto& e : std::filesystem::directory_iterator(kSource / "src" / "studio" / "ui")) {
    const std::string name = e.path().filename().string();
    if ((name.starts_with("pane_") || name == "panes.cpp") && name != "pane_learn.cpp") out.push_back(e.path());
  }
  return out;
}
}  // namespace

TEST_CASE("key names: one table, and every name and script word goes back to its key") {
  std::set<std::string> names, words;
  for (const KeyName& k : kKeyNames) {
    CHECK_MESSAGE(names.insert(k.name).second, k.name << " named twice");
    CHECK_MESSAGE(words.insert(k.word).second, k.word << " written twice");
    CHECK(keyName(k.code) == k.name);
    CHECK(keyCodeOfWord(k.word) == k.code);
  }
  std::vector<int> codes;
  for (const KeyName& k : kKeyNames) codes.push_back(k.code);
  for (int ch = 'A'; ch <= 'Z'; ++ch) codes.push_back(ch);
  for (int ch = '0'; ch <= '9'; ++ch) codes.push_back(ch);
  for (const int code : codes)
    for (const bool ctrl : {false, true})
      for (const bool shift : {false, true}) {
        const Shortcut s{code, ctrl, shift};
        const auto back = parseShortcut(s.text());
        REQUIRE_MESSAGE(back.has_value(), s.text());
        CHECK(*back == s);
      }
  CHECK(keyCodeOfWord("a") == 'A');
  CHECK(keyCodeOfWord("Q") == 'Q');
  CHECK(keyCodeOfWord("f1") == -1);
  CHECK(keyName(999).empty());
  CHECK_FALSE(parseShortcut(" ").has_value());
  CHECK_FALSE(parseShortcut("Ctrl+").has_value());
}

TEST_CASE("every shortcut of the registry can be pressed from a script") {
  for (const Action& a : actions())
    for (const Shortcut& k : a.keys) {
      bool named = false;
      for (const KeyName& n : kKeyNames) named = named || n.code == k.key;
      const std::string word = named ? std::string() : keyName(k.key);
      ScriptCommand c;
      std::string error;
      std::string line = k.ctrl && k.shift ? "ctrl-shift " : k.ctrl ? "ctrl " : k.shift ? "shift " : "key ";
      for (const KeyName& n : kKeyNames)
        if (n.code == k.key) line += n.word;
      line += word;
      REQUIRE_MESSAGE(parseScriptLine(line, c, error), a.id << ": " << line << ": " << error);
      CHECK(c.key == k.key);
      CHECK(c.ctrl == k.ctrl);
      CHECK(c.shift == k.shift);
    }
}

TEST_CASE("the panes' buttons are registry actions, and no pane writes a key name by hand") {
  // Every action id a pane names exists.
  const std::regex id(R"re("((file|edit|view|game|learn|help)\.[a-z0-9_.:]+)")re");
  int ids = 0;
  for (const auto& p : paneSources()) {
    const std::string text = readFile(p);
    for (std::sregex_iterator it(text.begin(), text.end(), id), end; it != end; ++it) {
      ++ids;
      CHECK_MESSAGE(findAction((*it)[1].str()) != nullptr, p.filename().string() << " names " << (*it)[1].str());
    }
  }
  CHECK(ids > 40);
  // No text in brackets that is a shortcut ("Hint (H)", "First (Home)", "Undo (Ctrl+Z)"): the tooltips
  // take the key from the registry.
  std::set<std::string> shortcuts;
  for (const Action& a : actions())
    for (const Shortcut& k : a.keys) shortcuts.insert(k.text());
  const std::regex bracket(R"re(\(([A-Za-z0-9+ ]+)\))re");
  for (const auto& p : paneSources()) {
    const std::string text = readFile(p);
    CHECK_MESSAGE(text.find("Left/Right") == std::string::npos, p.filename().string() << " writes Left/Right by hand");
    for (std::sregex_iterator it(text.begin(), text.end(), bracket), end; it != end; ++it)
      CHECK_MESSAGE(shortcuts.count((*it)[1].str()) == 0, p.filename().string()
                                                              << " writes the key " << (*it)[0].str() << " by hand");
  }
}

TEST_CASE("a button's text and tooltip come from the registry") {
  Session s;
  ActionContext c;
  c.session = &s;
  const Action& prev = *findAction("game.prev");
  CHECK(buttonText(prev, c) == "<");
  CHECK(buttonTip(prev, c) == "Previous (Left)");
  const Action& hint = *findAction("game.hint");
  CHECK(buttonText(hint, c) == "Hint");
  CHECK(buttonTip(hint, c).starts_with("Hint (H)\nThe best move"));
  CHECK(buttonText(*findAction("edit.undo"), c) == "Undo");
  CHECK(buttonTip(*findAction("game.stop_analysis"), c) == "Stop the analysis of the record");
  for (const char* id : {"edit.load", "edit.play_from_here", "game.stop_analysis", "learn.puzzle_retry"})
    CHECK_MESSAGE(findAction(id) != nullptr, id);
}

TEST_CASE("File > Open recent: one registry action a recent file, listed in the menus and the palette") {
  Session s;
  ActionContext c;
  c.session = &s;
  const Action* first = findAction("file.recent.1");
  REQUIRE(first);
  CHECK(first->menu == "File > Open recent");
  CHECK(findAction("file.recent." + std::to_string(kRecentActions)) != nullptr);
  CHECK_FALSE(isListed(*first, c));  // no recent file yet
  CHECK_FALSE(first->enabled(c));
  const std::string a = std::string(STUDIO_TEST_DIR) + "/game.dgn", b = std::string(STUDIO_TEST_DIR) + "/full.dgn";
  s.apply(openIntent(a));
  s.apply(openIntent(b));
  REQUIRE(s.settings().recent.size() == 2);
  CHECK(isListed(*first, c));
  CHECK(first->labelText(c) == b);  // the newest first
  CHECK(paletteLabel(*first, c) == "File > Open recent > " + b);
  const Action& second = *findAction("file.recent.2");
  CHECK(second.labelText(c) == a);
  CHECK_FALSE(isListed(*findAction("file.recent.3"), c));
  Intents out;
  REQUIRE(runAction(second, c, out));
  REQUIRE(out.size() == 1);
  const auto* open = std::get_if<intent::Open>(&out[0]);
  REQUIRE(open);
  CHECK(open->path == a);
  // --list-actions: the menu path ends with the entry's number.
  CHECK(listActions().find("file.recent.1\t\tFile > Open recent > 1\n") != std::string::npos);
}

TEST_CASE("script verbs that duplicate an action name its id") {
  const std::pair<const char*, const char*> verbs[] = {{"hint", "game.hint"},
                                                       {"undo", "edit.undo"},
                                                       {"redo", "edit.redo"},
                                                       {"step next", "game.next"},
                                                       {"step", "game.next"},
                                                       {"step first", "game.first"},
                                                       {"deal", "game.deal_next"},
                                                       {"dialog new", "file.new"},
                                                       {"dialog open", "file.open"},
                                                       {"dialog save", "file.save_as"},
                                                       {"dialog about", "help.about"},
                                                       {"visibility a", "view.as_a"},
                                                       {"visibility all", "view.show_all"},
                                                       {"lang hi", "view.language.hi"},
                                                       {"open timeline", "view.pane.timeline"},
                                                       {"close log", "view.pane.log"},
                                                       {"edit", "edit.position"},
                                                       {"edit off", "edit.position"},
                                                       {"teaching on", "view.teaching"},
                                                       {"animate off", "view.animate"}};
  for (const auto& verb : verbs) {  // no structured binding: Clang cannot capture one in doctest's lambdas
    const std::string line = verb.first;
    const std::string id = verb.second;
    ScriptCommand c;
    std::string error;
    REQUIRE_MESSAGE(parseScriptLine(line, c, error), line << ": " << error);
    CHECK_MESSAGE(c.kind == ScriptCommand::Kind::Action, line);
    CHECK_MESSAGE(c.word == id, line);
    CHECK_MESSAGE(findAction(c.word) != nullptr, line);
  }
  // The toggles say the state they want.
  ScriptCommand c;
  std::string error;
  REQUIRE(parseScriptLine("edit off", c, error));
  CHECK((c.toggle && !c.on));
  REQUIRE(parseScriptLine("open log", c, error));
  CHECK((c.toggle && c.on));
  REQUIRE(parseScriptLine("hint", c, error));
  CHECK_FALSE(c.toggle);
  CHECK_FALSE(parseScriptLine("teaching maybe", c, error));
  CHECK(error == "teaching takes on or off");
}

TEST_CASE("a verb's disabled action does nothing but say why, as its key does") {
  Session s;
  ActionContext c;
  c.session = &s;
  s.apply(paneIntent(Pane::Editor, true));  // edit mode: no hint, no move
  REQUIRE(s.editing());
  ScriptCommand cmd;
  std::string error;
  REQUIRE(parseScriptLine("hint", cmd, error));
  const Action* a = findAction(cmd.word);
  REQUIRE(a);
  Intents out;
  CHECK_FALSE(runAction(*a, c, out));
  REQUIRE(out.size() == 1);
  const auto* status = std::get_if<intent::Status>(&out[0]);
  REQUIRE(status);
  CHECK(status->text == "leave edit mode first (Edit > Edit the position)");
  // The key H gives the same action, so the same refusal.
  CHECK(actionForKey(Shortcut{'H'}, c) == a);
}

namespace {
// One intent of every alternative, with values that mean something on an opened record; each command
// of the session and of the window once.
Intents oneOfEach() {
  const std::string record = std::string(STUDIO_TEST_DIR) + "/full.dgn";
  const std::string sample = (kSource / "puzzles" / "sample.dgn").string();
  const std::string lesson = (kSource / "lessons" / "01_highest_double_leads.dgn").string();
  const Tile six = tileOf(6, 6), blank = tileOf(0, 0);
  Intents all{intent::Jump{1},
              intent::Play{moveOf(MoveKind::Pass)},
              intent::Select{six},
              intent::ChooseGhost{1},
              intent::AddNotes{{{1, "a note"}}},
              intent::Open{record},
              intent::Save{"/proc/no-such-folder/x.dgn"},
              intent::NewGame{},
              intent::EditMove{blank, Zone::Box},
              intent::EditTurn{Player::B},
              intent::EditScore{{1, 2}},
              intent::EditStockOrder{blank, 1},
              intent::SetSeat{Player::B, Seat::Greedy},
              intent::SetVisibility{Visibility::AsB},
              intent::SetToggle{intent::Toggle::Ghosts, false},
              intent::SetSpeed{2},
              intent::SetComputerDelay{0.5f},
              intent::SetPane{Pane::Log, true},
              intent::SetLanguage{"es"},
              intent::Status{"a message"},
              intent::SetSetting{"Speed=3"},
              intent::SetMistakeSide{MistakeSide::A},
              intent::SetAnalysisAll{true},
              intent::OpenPuzzle{sample, 1},
              intent::NextPuzzle{sample},
              intent::RetryPuzzle{},
              intent::SetPuzzleTheme{""},
              intent::StartLesson{lesson},
              intent::AnswerEnd{End::R},
              intent::AnswerTiles{bit(six)},
              intent::AnswerPoints{3},
              intent::WriteLesson{"note \"written\""},
              intent::UnwriteLesson{0, 0},
              intent::ExportPng{"never-written.png", true},
              intent::SetView{true}};
  for (int c = 0; c <= static_cast<int>(intent::Cmd::EndLesson); ++c)
    all.push_back(intent::Command{static_cast<intent::Cmd>(c)});
  for (int c = 0; c <= static_cast<int>(intent::WindowCmd::ShowWholeNote); ++c)
    all.push_back(intent::WindowCommand{static_cast<intent::WindowCmd>(c)});
  return all;
}
}  // namespace

TEST_CASE("an intent is a variant of small structs: the registry's intents carry their own named fields") {
  Session s;
  ActionContext c;
  c.session = &s;
  // Help > Puzzles with no puzzle open: the pane, then the next puzzle of the current rules' book.
  Intents out;
  REQUIRE(runAction(*findAction("learn.puzzles"), c, out));
  REQUIRE(out.size() == 2);
  const auto* pane = std::get_if<intent::SetPane>(&out[0]);
  REQUIRE(pane);
  CHECK(pane->pane == Pane::Puzzles);
  CHECK(pane->open);
  const auto* next = std::get_if<intent::NextPuzzle>(&out[1]);
  REQUIRE(next);
  CHECK(next->collection.empty());  // the current one's, else the rules' book
  CHECK_FALSE(next->confirmed);     // asks first over unsaved moves
  // The collection an intent names is the one the trainer opens.
  const std::string sample = (kSource / "puzzles" / "sample.dgn").string();
  s.apply(intent::NextPuzzle{sample});
  REQUIRE(s.trainer().active());
  CHECK(s.trainer().puzzle->file == sample);
  // The themes, the languages and the sides: each action's intent holds its own value, by name.
  for (std::string_view theme : puzzleThemeChoices()) {
    out.clear();
    REQUIRE(runAction(*findAction("learn.theme." + (theme.empty() ? std::string("any") : std::string(theme))), c, out));
    const auto* t = std::get_if<intent::SetPuzzleTheme>(&out.at(0));
    REQUIRE(t);
    CHECK(t->theme == theme);
  }
  for (const i18n::Language& l : i18n::languages()) {
    out.clear();
    REQUIRE(runAction(*findAction("view.language." + std::string(l.code)), c, out));
    const auto* lang = std::get_if<intent::SetLanguage>(&out.at(0));
    REQUIRE(lang);
    CHECK(lang->code == l.code);
  }
  out.clear();
  REQUIRE(runAction(*findAction("game.mistakes_of.b"), c, out));
  const auto* side = std::get_if<intent::SetMistakeSide>(&out.at(0));
  REQUIRE(side);
  CHECK(side->side == MistakeSide::B);
  out.clear();
  REQUIRE(runAction(*findAction("view.whole"), c, out));
  const auto* view = std::get_if<intent::SetView>(&out.at(0));
  REQUIRE(view);
  CHECK(view->whole);
  CHECK(windowIntent(out[0]));
}

TEST_CASE(
    "every intent once through Session::apply: only the window's own and the messages leave the table as it was") {
  const std::string record = std::string(STUDIO_TEST_DIR) + "/game.dgn";
  std::set<std::size_t> covered;
  for (const Intent& in : oneOfEach()) {
    CAPTURE(in.index());
    covered.insert(in.index());
    Session s;
    s.apply(openIntent(record));
    REQUIRE(s.filePath() == record);
    const auto before = s.generation();
    s.apply(in);
    // The window's own (App's business) and the messages: the session's table is as it was.
    const bool window = std::holds_alternative<intent::WindowCommand>(in) ||
                        std::holds_alternative<intent::ExportPng>(in) || std::holds_alternative<intent::SetView>(in);
    const bool message = std::holds_alternative<intent::Status>(in) || std::holds_alternative<intent::SetSetting>(in) ||
                         commandOf(in) == intent::Cmd::DismissError;
    CHECK(windowIntent(in) == window);
    CHECK((s.generation() == before) == (window || message));
    // Only the intents that drop the game ask first: they alone carry `confirmed`.
    Intent copy = in;
    const bool drops = std::holds_alternative<intent::Open>(in) || std::holds_alternative<intent::OpenPuzzle>(in) ||
                       std::holds_alternative<intent::NextPuzzle>(in) ||
                       std::holds_alternative<intent::RetryPuzzle>(in);
    CHECK((confirmation(copy) != nullptr) == drops);
  }
  CHECK(covered.size() == std::variant_size_v<Intent>);
  // A few alternatives' fields, applied.
  Session s;
  s.apply(intent::Status{"a message"});
  CHECK(s.statusText() == "a message");
  s.apply(intent::SetSetting{"Speed=3"});
  CHECK(s.settings().speed == doctest::Approx(3));
  s.apply(intent::SetComputerDelay{0.5f});
  CHECK(s.settings().computerDelay == doctest::Approx(0.5));
  const bool ghosts = s.settings().ghosts, animate = s.settings().animate;
  s.apply(intent::SetToggle{intent::Toggle::Teaching, true});
  CHECK(s.settings().teaching);
  CHECK(s.settings().ghosts == ghosts);
  CHECK(s.settings().animate == animate);
  s.apply(intent::SetToggle{intent::Toggle::Ghosts, !ghosts});
  CHECK(s.settings().ghosts != ghosts);
  s.apply(intent::SetMistakeSide{MistakeSide::A});
  CHECK(s.mistakeSide() == MistakeSide::A);
}
