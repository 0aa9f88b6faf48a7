// SPDX-License-Identifier: MIT
// The session model without a window: intents, generation, focus of undo/redo, seats, first run,
// the move counter, the scenarios' order and the default layout.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "studio/model/session.h"

using namespace dom;
using namespace dom::studio;

namespace {
std::string testFile(const char* name) { return std::string(STUDIO_TEST_DIR) + "/" + name; }

Session opened(const char* name) {
  Session s;
  s.apply(openIntent(testFile(name)));
  REQUIRE_MESSAGE(s.filePath() == testFile(name), s.errorText());
  return s;
}

Session against(Seat b, std::uint64_t seed = 7, const char* rules = "en-linea") {
  Session s;
  intent::NewGame in;
  in.options.rules = rules;
  in.options.seed = seed;
  in.options.seats = {Seat::Human, b};
  s.apply(in);
  return s;
}

// The heaviest tile the player to move can play, as a move.
Move heaviestPlay(const Match& m) {
  std::optional<Move> best;
  for (const Move& mv : m.legalMoves())
    if (mv.kind == MoveKind::Play && (!best || heavier(mv.tile, best->tile))) best = mv;
  return best ? *best : m.legalMoves().moves[0];
}
}  // namespace

TEST_CASE("every change the table can show bumps the generation") {
  Session s = opened("game.dgn");
  auto bumps = [&](const Intent& in) {
    const auto before = s.generation();
    s.apply(in);
    return s.generation() > before;
  };
  CHECK(bumps(intentOf(intent::Cmd::Next)));
  CHECK(bumps(intentOf(intent::Cmd::First)));
  CHECK(bumps(selectIntent(parseTile("6-6")->tile())));
  CHECK(bumps(playIntent(heaviestPlay(s.match()))));
  CHECK(bumps(paneIntent(Pane::Editor, true)));
  CHECK(bumps(editMoveIntent(parseTile("6-6")->tile(), Zone::HandB)));
  CHECK(bumps(intentOf(intent::Cmd::Undo)));
  CHECK(bumps(visibilityIntent(Visibility::AsB)));
  CHECK(bumps(openIntent(testFile("full.dgn"))));
  intent::NewGame ng;
  ng.options.seed = 3;
  CHECK(bumps(ng));
  // Time passing with nothing to do changes nothing.
  Session idle = opened("game.dgn");
  const auto g = idle.generation();
  idle.tick(1.0f);
  CHECK(idle.generation() == g);
}

TEST_CASE("undo and redo act on the editor in edit mode, on the timeline otherwise") {
  Session s = opened("game.dgn");
  s.apply(intentOf(intent::Cmd::Last));
  const int tip = s.timeline().currentIndex();
  // The editor is hidden: Ctrl+Z in the middle of a game steps back, the editor is untouched.
  s.apply(paneIntent(Pane::Editor, true));
  s.apply(editMoveIntent(parseTile("0-0")->tile(), Zone::Box));
  REQUIRE(s.editor().canUndo());
  s.apply(paneIntent(Pane::Editor, false));
  s.apply(intentOf(intent::Cmd::Undo));
  CHECK(s.timeline().currentIndex() == s.timeline().node(tip).parent);
  CHECK(s.editor().canUndo());  // the hidden edit is still there
  s.apply(intentOf(intent::Cmd::Redo));
  CHECK(s.timeline().currentIndex() == tip);
  // In edit mode the same keys undo and redo the edit, and the timeline stays.
  s.apply(paneIntent(Pane::Editor, true));
  s.apply(intentOf(intent::Cmd::Undo));
  CHECK_FALSE(s.editor().canUndo());
  CHECK(s.editor().canRedo());
  CHECK(s.timeline().currentIndex() == tip);
}

TEST_CASE("undo move against the computer takes back the reply too and leaves no branch") {
  Session s = against(Seat::Greedy);
  REQUIRE(s.soleHuman() == Player::A);
  // A leads (A holds the highest double for this seed, or draws/plays); the computer answers.
  REQUIRE(s.humanToMove());
  const Match before = s.match();
  s.apply(playIntent(heaviestPlay(s.match())));
  s.apply(intent::SetComputerDelay{0});
  for (int i = 0; i < 20 && !s.humanToMove(); ++i) {
    s.tick(0.1f);
    s.waitForComputer();  // the computer decides on a worker thread
  }
  REQUIRE(s.humanToMove());
  REQUIRE(s.timeline().pathPos() >= 2);
  s.apply(intentOf(intent::Cmd::Undo));
  CHECK(s.timeline().pathPos() == 0);
  CHECK(s.match().line().size() == before.line().size());
  CHECK(s.timeline().size() == 1);  // the undone moves are gone: no branch left behind
  CHECK(s.humanToMove());
  // Playing again continues the only branch.
  s.apply(playIntent(heaviestPlay(s.match())));
  CHECK(s.timeline().leaves().size() == 1);
}

TEST_CASE("undo in a reviewed record is a step back, never a deletion") {
  Session s = opened("game.dgn");
  s.apply(intentOf(intent::Cmd::Last));
  const int size = s.timeline().size();
  s.apply(intentOf(intent::Cmd::Undo));
  CHECK(s.timeline().pathPos() == static_cast<int>(s.timeline().branchPath().size()) - 2);
  CHECK(s.timeline().size() == size);
}

TEST_CASE("a seat set to human is labelled human: the players follow the seats") {
  Session s = against(Seat::Greedy);
  CHECK(s.playerNames()[1] == "greedy");
  s.apply(seatIntent(Player::B, Seat::Human));
  CHECK(s.playerNames()[1] == "human");
  REQUIRE(s.timeline().players());
  CHECK((*s.timeline().players())[1] == "human");
  // A record keeps its own names.
  Session r = opened("game.dgn");
  const auto names = r.playerNames();
  r.apply(seatIntent(Player::B, Seat::Random));
  CHECK(r.playerNames() == names);
}

TEST_CASE("a message is cleared by the next successful action") {
  Session s = opened("game.dgn");
  s.apply(intentOf(intent::Cmd::PlaySelected));
  CHECK(s.statusText() == "select a tile first (Tab)");
  s.apply(selectIntent(parseTile("6-6")->tile()));  // a mouse selection
  CHECK(s.statusText().empty());
  s.apply(playIntent(moveOf(MoveKind::Pass)));
  CHECK(s.statusText() == "A cannot pass while able to play");
}

TEST_CASE("a refused draw says its reason once") {
  Session s = opened("game.dgn");
  s.apply(playIntent(moveOf(MoveKind::Draw)));
  CHECK(s.statusText().find("cannot draw") != std::string::npos);
  CHECK(s.statusText().find("cannot draw: A cannot draw") == std::string::npos);
  CHECK(s.statusText().rfind("A cannot draw", 0) == 0);
}

TEST_CASE("the move counter is numbered like the timeline's rows") {
  Session s = against(Seat::Greedy, 11, "en-linea target=100");
  s.apply(seatIntent(Player::A, Seat::Greedy));
  s.apply(intent::SetComputerDelay{0});
  for (int i = 0; i < 4000 && !s.match().matchOver(); ++i) {
    s.tick(0.1f);
    s.waitForComputer();
  }
  REQUIRE(s.match().matchOver());
  REQUIRE(s.match().round() > 1);  // several deals: the old counter counted them as moves
  const auto rows = timelineRows(s.timeline());
  const MoveCounter c = moveCounter(s.timeline());
  CHECK(c.last == rows.back().number);
  CHECK(c.current == c.last);
  s.apply(intentOf(intent::Cmd::First));
  CHECK(moveCounter(s.timeline()).current == 0);
}

TEST_CASE("the first run shows the human's view, the hint until the first move, and the scenarios") {
  Session s = against(Seat::Greedy);
  s.firstRun();
  CHECK(s.settings().visibility == Visibility::AsA);
  CHECK(s.settings().isOpen(Pane::Scenarios));
  CHECK(s.statusLine() == s.hint());
  CHECK_FALSE(s.hint().empty());
  s.apply(selectIntent(heaviestPlay(s.match()).tile));
  CHECK(s.statusLine() == s.hint());  // a selection is not a move
  s.apply(playIntent(heaviestPlay(s.match())));
  CHECK(s.hint().empty());
  // Opening a record shows every hand (the view was the first run's, not the user's).
  s.apply(openIntent(testFile("game.dgn")));
  CHECK(s.settings().visibility == Visibility::All);
}

// Issue 43 #8: "Show: all" left by a record (or chosen by the user) does not carry into a new game
// against the computer: the computer's hand starts hidden; between two humans every hand shows.
TEST_CASE("a new game against the computer always starts with the computer's hand hidden") {
  Session s;  // not a first run: the view is the user's own
  s.apply(openIntent(testFile("game.dgn")));
  s.apply(visibilityIntent(Visibility::All));
  REQUIRE(s.settings().visibility == Visibility::All);
  intent::NewGame in;
  in.options.seats = {Seat::Greedy, Seat::Human};
  s.apply(in);
  CHECK(s.settings().visibility == Visibility::AsB);
  s.apply(visibilityIntent(Visibility::All));  // the user may still show every hand
  CHECK(s.settings().visibility == Visibility::All);
  in.options.seats = {Seat::Human, Seat::Greedy};
  s.apply(in);
  CHECK(s.settings().visibility == Visibility::AsA);
  in.options.seats = {Seat::Human, Seat::Human};
  s.apply(in);
  CHECK(s.settings().visibility == Visibility::All);
}

TEST_CASE("scenarios are listed in the order scenarios/ORDER gives, the rest alphabetically") {
  const auto order =
      orderScenarios({"c.dgn", "a.dgn", "b.dgn", "d.dgn"}, "# teaching order\nd.dgn\n\nb.dgn  # then\nnot-there.dgn\n");
  CHECK(order == std::vector<std::string>{"d.dgn", "b.dgn", "a.dgn", "c.dgn"});
  // The real folder: every scenario is in ORDER, so the order is the file's.
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(STUDIO_TEST_DIR) / ".." / ".." / "scenarios";
  std::vector<std::string> files;
  for (const auto& de : fs::directory_iterator(dir))
    if (de.path().extension() == ".dgn") files.push_back(de.path().filename().string());
  std::ostringstream text;
  text << std::ifstream(dir / "ORDER").rdbuf();
  std::vector<std::string> listed;
  std::istringstream in(text.str());
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') listed.push_back(line);
  CHECK(listed.size() == files.size());
  CHECK(orderScenarios(files, text.str()) == listed);
  CHECK(listed.front() == "opening_highest_double.dgn");
}

TEST_CASE("a big scenarios folder is ordered: each file once, ORDER's names first, repeats ignored") {
  // Issue 26's folder of 10,000 files with a long ORDER (every name listed twice, some missing).
  std::vector<std::string> files;
  std::string order;
  for (int i = 0; i < 10000; ++i) files.push_back("s" + std::to_string(i) + ".dgn");
  for (int i = 9999; i >= 0; i -= 3) order += "s" + std::to_string(i) + ".dgn\nmissing" + std::to_string(i) + "\n";
  order += order;  // every line twice
  const auto out = orderScenarios(files, order);
  REQUIRE(out.size() == files.size());
  CHECK(out[0] == "s9999.dgn");
  CHECK(out[1] == "s9996.dgn");
  CHECK(out[3333] == "s0.dgn");  // the last of the 3,334 names ORDER gives (9999, 9996, ..., 0)
  CHECK(out[3334] == "s1.dgn");  // then the rest alphabetically
  CHECK(out.back() == "s9998.dgn");
  std::vector<std::string> sorted = out;
  std::sort(sorted.begin(), sorted.end());
  CHECK(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
}

TEST_CASE("the default layout tiles the window with no pane over another") {
  for (const auto& size :
       {std::pair{800.0f, 600.0f}, {1024.0f, 768.0f}, {1280.0f, 800.0f}, {1920.0f, 1080.0f}, {3840.0f, 2160.0f}})
    for (const bool editing : {false, true}) {
      const float w = size.first,
                  h = size.second;  // not a structured binding: doctest's CAPTURE is a lambda (Clang 14)
      for (int mask = 0; mask < 64; ++mask) {
        std::array<bool, kPanes> open{};
        open.fill(true);
        // Vary the panes a user toggles most.
        const Pane toggled[] = {Pane::Branches, Pane::Scenarios, Pane::Log, Pane::Hands, Pane::Stock, Pane::Rules};
        for (int k = 0; k < 6; ++k) open[static_cast<std::size_t>(toggled[k])] = (mask >> k) & 1;
        open[static_cast<std::size_t>(Pane::Editor)] = editing;
        const auto boxes = defaultLayout(w, h, 23, open, editing);
        for (int i = 0; i < kPanes; ++i) {
          const Pane pi = static_cast<Pane>(i);
          const bool shown =
              open[static_cast<std::size_t>(i)] && !(editing && (pi == Pane::Hands || pi == Pane::Stock));
          if (!shown) continue;
          const Box& a = boxes[static_cast<std::size_t>(i)];
          CAPTURE(w);
          CAPTURE(h);
          CAPTURE(name(pi));
          CHECK(a.x >= 0);
          CHECK(a.y >= 23);
          CHECK(a.x + a.w <= w);
          CHECK(a.y + a.h <= h);
          CHECK(a.w >= 150);
          for (int k = i + 1; k < kPanes; ++k) {
            const Pane pk = static_cast<Pane>(k);
            if (!open[static_cast<std::size_t>(k)] || (editing && (pk == Pane::Hands || pk == Pane::Stock))) continue;
            CAPTURE(name(pk));
            CHECK_FALSE(overlap(a, boxes[static_cast<std::size_t>(k)]));
          }
        }
      }
    }
}

TEST_CASE("edit mode puts the editor under the table") {
  std::array<bool, kPanes> open{};
  open.fill(true);
  const auto boxes = defaultLayout(1280, 800, 23, open, true);
  const Box& table = boxes[static_cast<std::size_t>(Pane::Table)];
  const Box& editor = boxes[static_cast<std::size_t>(Pane::Editor)];
  CHECK(editor.x == table.x);
  CHECK(editor.w == table.w);
  CHECK(editor.y >= table.y + table.h);
}

TEST_CASE("a narrow window gets the compact layout: table, hands, then one sheet pane under its tabs") {
  // A phone held upright: 390x844 CSS pixels at a pixel ratio of 3, the UI font at 15 x 3 pixels.
  CHECK(compactWindow(1170, 2532, 45));
  CHECK_FALSE(landscapeWindow(1170, 2532));
  CHECK_FALSE(compactWindow(800, 600, 15));      // the smallest desktop window keeps three columns
  CHECK_FALSE(compactWindow(1024, 768, 15));     // and a tablet too
  CHECK_FALSE(compactWindow(1536, 2048, 30));    // a tablet held upright (768 CSS pixels at ratio 2)
  CHECK_FALSE(compactWindow(2048, 1536, 30));    // and sideways
  CHECK_FALSE(compactWindow(1280, 800, 30, 2));  // a projector's 200% text keeps the columns
  CHECK(compactWindow(1280, 390, 15, 1));        // a window as low as a phone held sideways
  for (const bool editing : {false, true}) {
    const float w = 1170, h = 2532, menuH = 60;
    const auto boxes = compactLayout(w, h, menuH, editing);
    const Box& table = boxes[static_cast<std::size_t>(Pane::Table)];
    const Box& hands = boxes[static_cast<std::size_t>(editing ? Pane::Editor : Pane::Hands)];
    const Box tabs = sheetTabs(w, h, menuH);
    CHECK(table.y >= menuH);
    CHECK(table.w == w);
    CHECK(hands.w == w);
    CHECK(hands.y >= table.y + table.h);
    CHECK(tabs.y >= hands.y + hands.h);
    CHECK(tabs.h >= menuH);
    for (int i = 0; i < kPanes; ++i) {
      const auto p = static_cast<Pane>(i);
      if (!sheetPane(p, editing)) continue;
      const Box& b = boxes[static_cast<std::size_t>(i)];
      CAPTURE(name(p));
      CHECK(b.y >= tabs.y + tabs.h);
      CHECK(b.y + b.h <= h);
      CHECK(b.w == w);
      CHECK(b.h >= h * 0.2f);  // a third of the window, less the tabs: room to read a lesson
      CHECK_FALSE(overlap(b, table));
      CHECK_FALSE(overlap(b, hands));
    }
  }
}

TEST_CASE("a phone held sideways: the table, the hands beside it, and the sheet beside them (issue 53 #6)") {
  // 844x390 CSS pixels at a pixel ratio of 3: 56 widths of the font across, but 26 lines down.
  const float w = 2532, h = 1170, menuH = 132;
  CHECK(compactWindow(w, h, 45));
  CHECK(landscapeWindow(w, h));
  for (const bool editing : {false, true}) {
    const auto boxes = compactLayout(w, h, menuH, editing);
    const Box& table = boxes[static_cast<std::size_t>(Pane::Table)];
    const Box& hands = boxes[static_cast<std::size_t>(editing ? Pane::Editor : Pane::Hands)];
    const Box tabs = sheetTabs(w, h, menuH);
    CHECK(table.x == 0);
    CHECK(table.y >= menuH);
    CHECK(table.y + table.h == doctest::Approx(h));  // the whole height under the menu bar
    CHECK(table.w >= w * 0.39f);                     // two fifths
    CHECK(hands.x >= table.x + table.w);
    CHECK(hands.h == table.h);
    CHECK(tabs.x >= hands.x + hands.w);
    CHECK(tabs.x + tabs.w == doctest::Approx(w));
    CHECK(tabs.h >= menuH);
    for (int i = 0; i < kPanes; ++i) {
      const auto p = static_cast<Pane>(i);
      if (!sheetPane(p, editing)) continue;
      const Box& b = boxes[static_cast<std::size_t>(i)];
      CAPTURE(name(p));
      CHECK(b.x == tabs.x);
      CHECK(b.y >= tabs.y + tabs.h);
      CHECK(b.y + b.h <= h);
      CHECK(b.h >= h * 0.5f);
      CHECK_FALSE(overlap(b, table));
      CHECK_FALSE(overlap(b, hands));
      CHECK(inside(b, w, h));
    }
  }
}

TEST_CASE("the sheet's front pane: the one chosen while open, else the first open in the learner's order") {
  std::array<bool, kPanes> open{};
  CHECK(sheetFront(Pane::Learn, open, false) == Pane::Count);
  open[static_cast<std::size_t>(Pane::Score)] = open[static_cast<std::size_t>(Pane::Rules)] = true;
  CHECK(sheetFront(Pane::Learn, open, false) == Pane::Score);
  CHECK(sheetFront(Pane::Rules, open, false) == Pane::Rules);
  open[static_cast<std::size_t>(Pane::Learn)] = true;
  CHECK(sheetFront(Pane::Count, open, false) == Pane::Learn);
  open[static_cast<std::size_t>(Pane::Table)] = true;
  CHECK(sheetFront(Pane::Table, open, false) == Pane::Learn);  // the table is never in the sheet
  open.fill(false);
  open[static_cast<std::size_t>(Pane::Editor)] = true;
  CHECK(sheetFront(Pane::Editor, open, true) == Pane::Count);  // in edit mode the editor has the hands' place
}

TEST_CASE("play from here leaves edit mode and plays the edited position") {
  Session s = opened("full.dgn");
  s.apply(paneIntent(Pane::Editor, true));
  REQUIRE(s.editing());
  s.apply(intent::EditTurn{Player::B});
  REQUIRE(s.editor().error().empty());
  s.apply(intentOf(intent::Cmd::EditorStart));
  CHECK_FALSE(s.editing());
  CHECK(s.match().toMove() == Player::B);
  CHECK(s.filePath().empty());
}

TEST_CASE("settings are validated field by field: NaN, infinities and out-of-range values are refused") {
  Settings s;
  CHECK_FALSE(applySetting(s, "Speed", "nan").empty());
  CHECK_FALSE(applySetting(s, "Speed", "inf").empty());
  CHECK_FALSE(applySetting(s, "Speed", "-inf").empty());
  CHECK_FALSE(applySetting(s, "Speed", "99").empty());
  CHECK_FALSE(applySetting(s, "Speed", "2x").empty());
  CHECK_FALSE(applySetting(s, "Speed", "").empty());
  CHECK(s.speed == 1.0f);  // every refused value left the default
  CHECK(applySetting(s, "Speed", "2.5").empty());
  CHECK(s.speed == 2.5f);
  CHECK_FALSE(applySetting(s, "ComputerDelay", "nan").empty());
  CHECK(s.computerDelay == doctest::Approx(0.4));
  CHECK_FALSE(applySetting(s, "Visibility", "7").empty());
  CHECK_FALSE(applySetting(s, "Visibility", "-1").empty());
  CHECK(applySetting(s, "Visibility", "1").empty());
  CHECK(static_cast<int>(s.visibility) == 1);
  CHECK_FALSE(applySetting(s, "Teaching", "2").empty());
  CHECK_FALSE(applySetting(s, "Pane.nowhere", "1").empty());
  CHECK(applySetting(s, "Pane.log", "1").empty());
  CHECK(s.isOpen(Pane::Log));
  CHECK_FALSE(applySetting(s, "Bogus", "1").empty());
  // A NaN set some other way is put back by clamp (std::clamp alone lets it through).
  s.speed = std::numeric_limits<float>::quiet_NaN();
  s.computerDelay = std::numeric_limits<float>::infinity();
  s.clamp();
  CHECK(s.speed == 1.0f);
  CHECK(s.computerDelay == doctest::Approx(0.4));
}

TEST_CASE("a recent path with a line break adds no line to the saved settings") {
  Settings s;
  s.recent = {"/tmp/ok.dgn", "/tmp/evil\nSpeed=nan\n[Window][x]", "/tmp/cr\r.dgn"};
  const std::string text = settingsText(s);
  CHECK(text.find("Recent=/tmp/ok.dgn\n") != std::string::npos);
  CHECK(text.find("evil") == std::string::npos);
  CHECK(text.find("Speed=nan") == std::string::npos);
  CHECK(text.find("cr\r") == std::string::npos);
  // Read back line by line, it gives the same settings.
  Settings back;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const auto eq = line.find('=');
    REQUIRE(eq != std::string::npos);
    CHECK(applySetting(back, std::string_view(line).substr(0, eq), std::string_view(line).substr(eq + 1)) == "");
  }
  CHECK(back.recent == std::vector<std::string>{"/tmp/ok.dgn"});
  CHECK(back.speed == s.speed);
}

TEST_CASE("listing scenarios skips a FIFO, a folder and a dangling link without opening them") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("studio-scenarios-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "folder.dgn");
  std::ofstream(dir / "a.dgn") << "dgn 1\ntitle \"A title\"\nrules en-linea\n";
  REQUIRE(::mkfifo((dir / "pipe.dgn").c_str(), 0600) == 0);  // opening it for reading would block
  fs::create_symlink(dir / "missing.dgn", dir / "dangling.dgn");
  const auto list = listScenarios(dir.string());
  REQUIRE(list.size() == 1);
  CHECK(list[0].file == "a.dgn");
  CHECK(list[0].title == "A title");
  fs::remove_all(dir);
}

TEST_CASE("opening a folder or a missing file says why, with the OS reason") {
  Session s;
  s.apply(openIntent(STUDIO_TEST_DIR));
  CHECK(s.errorText().find("is a folder, not a file") != std::string::npos);
  Session t;
  t.apply(openIntent(testFile("no-such-file.dgn")));
  CHECK(t.errorText().find("No such file or directory") != std::string::npos);
}

TEST_CASE("saving to an unwritable place names the file and the reason") {
  Session s;
  s.apply(intent::Save{"/proc/no-such-folder/x.dgn"});
  CHECK(s.errorText().find("cannot save /proc/no-such-folder/x.dgn: ") == 0);
}
