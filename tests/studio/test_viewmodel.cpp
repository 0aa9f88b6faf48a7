// SPDX-License-Identifier: MIT
// What each pane shows for a position, tested without a window.
#include <doctest/doctest.h>

#include <random>

#include "core/dgn.h"
#include "studio/model/editor.h"
#include "studio/model/players.h"
#include "studio/model/timeline.h"
#include "studio/model/viewmodel.h"

using namespace dom;
using namespace dom::studio;

namespace {
Timeline loaded(const char* name) {
  Timeline t;
  const auto err = t.loadFile(std::string(STUDIO_TEST_DIR) + "/" + name);
  REQUIRE_MESSAGE(!err, (err ? err->text() : ""));
  return t;
}
bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("timeline rows of a record: number, player, move, what it caused") {
  Timeline t = loaded("game.dgn");
  const auto rows = timelineRows(t);
  REQUIRE(rows.size() == 12);
  CHECK(rows[0].move == "deal");
  CHECK(rows[1].number == 1);
  CHECK(rows[1].player == "A");
  CHECK(rows[1].move == "6-6");
  CHECK(rows[1].caused == "led");
  CHECK(rows[2].caused == "drew 6-4");
  CHECK(rows[3].move == "6-4 R");
  CHECK(rows[3].caused == "ends 6 and 4");
  CHECK(rows[0].current);
  CHECK(t.node(rows[0].node).caption == "A holds the highest double and must lead it.");
  CHECK(t.node(rows[1].node).caption == "B holds no 6, so B must draw.");
}

TEST_CASE("stepping and branches") {
  Timeline t = loaded("game.dgn");
  t.last();
  CHECK(t.pathPos() == 11);
  t.first();
  CHECK(t.pathPos() == 0);
  CHECK(t.next());
  CHECK(t.next());
  CHECK(t.next());
  CHECK(t.pathPos() == 3);
  Match m = t.current().match;
  Move alt;
  bool found = false;
  for (const Move& mv : m.legalMoves())
    if (mv.tile == tileOf(6, 5)) {
      alt = mv;
      found = true;
    }
  REQUIRE(found);
  t.play(alt);
  CHECK(t.leaves().size() == 2);
  CHECK(t.currentBranch() == 2);
  CHECK(t.branchPath().size() == 5);
  const auto rows = branchRows(t);
  REQUIRE(rows.size() == 2);
  CHECK(rows[1].current);
  CHECK(rows[1].forkDepth == 3);
  // Playing the old move again returns to the old branch instead of adding one.
  t.jump(t.branchPath()[3]);
  t.play(t.node(t.branchPath()[3]).match.legalMoves().moves[0]);
  CHECK(t.leaves().size() >= 2);
}

TEST_CASE("saving a branch gives a record that reads back the same") {
  Timeline t = loaded("game.dgn");
  const std::string text = dgn::write(t.record());
  Timeline back;
  REQUIRE(!back.load(text, "saved.dgn"));
  back.last();
  t.last();
  CHECK(back.current().match.line() == t.current().match.line());
  CHECK(back.title() == "A short game with draws");
}

TEST_CASE("a bad record keeps the timeline and names FILE:LINE") {
  Timeline t = loaded("game.dgn");
  const auto err = t.loadFile(std::string(STUDIO_TEST_DIR) + "/bad.dgn");
  REQUIRE(err);
  CHECK(err->line == 7);
  CHECK(contains(err->text(), "bad.dgn:7: "));
  CHECK(t.branchPath().size() == 12);
}

TEST_CASE("hands: visibility and pip totals") {
  Timeline t = loaded("game.dgn");
  const Match& m = t.current().match;
  auto all = handsView(m, Visibility::All);
  CHECK(all[0].pips == 39);
  CHECK(all[1].pips == 40);
  CHECK(all[0].toMove);
  CHECK(all[0].playable == bit(tileOf(6, 6)));
  CHECK(all[0].tiles.front() == tileOf(6, 6));
  auto asA = handsView(m, Visibility::AsA);
  CHECK(asA[1].faceDown);
  CHECK(asA[1].pips == -1);
  CHECK_FALSE(asA[0].faceDown);
  auto asB = handsView(m, Visibility::AsB);
  CHECK(asB[0].faceDown);
}

TEST_CASE("stock: count, reserve and draw order") {
  Timeline t = loaded("game.dgn");
  const StockView v = stockView(t.current().match, true);
  CHECK(v.count == 14);
  CHECK(v.reserve == 0);
  CHECK(v.drawable == 14);
  REQUIRE(v.tiles.size() == 14);
  CHECK(v.tiles[0] == tileOf(6, 4));
  CHECK(stockView(t.current().match, false).tiles.empty());
}

TEST_CASE("rules: plain-language explanations") {
  Timeline t = loaded("game.dgn");
  CHECK(explainPosition(t.current().match) == "A opens: A holds the highest double, 6-6, and must lead it.");
  t.next();
  CHECK(explainPosition(t.current().match) == "B has no 6: B must draw.");
  CHECK(contains(explainTile(t.current().match, Player::B, tileOf(5, 5)), "5-5 cannot be played"));
  t.last();
  CHECK(explainTile(t.current().match, Player::B, tileOf(2, 2)) == "2-2 can be played on end R (2).");
  CHECK(explainTile(t.current().match, Player::A, tileOf(6, 5)) == "It is B's turn: A cannot play 6-5 now.");
  const auto knobs = ruleKnobs(t.current().match.rules());
  CHECK(knobs[0].second == "en-linea");
  CHECK(knobs[3].second == "until");
  const auto rows = ruleRows(t.current().match.rules());
  REQUIRE(rows.size() == knobs.size());
  CHECK(rows[3].label == "drawing");
  CHECK(rows[3].value == "until a tile plays");
  CHECK(rows[3].knob == "draw=until");
  CHECK(rows[6].value == "a single round");
}

TEST_CASE("rules: blocked rounds and passes at the reserve are explained") {
  bool sawBlocked = false, sawReserve = false;
  for (std::uint64_t seed = 1; seed < 400 && !(sawBlocked && sawReserve); ++seed) {
    for (const char* name : {"block", "draw"}) {
      Match m = newMatch(*dom::preset(name), seed);
      for (int guard = 0; guard < 200 && m.inRound(); ++guard) {
        const std::string e = explainPosition(m);
        if (contains(e, "passes") && m.rules().reserve == 2 && m.rules().draw == DrawRule::Until) {
          CHECK(contains(e, "the stock is down to its reserve of 2"));
          sawReserve = true;
        }
        m.apply(greedyMove(m));
      }
      const std::string e = explainPosition(m);
      if (!m.results().empty() && m.results().back().how == RoundStatus::Blocked && m.results().back().winner < 2) {
        CHECK(e.rfind("blocked: A ", 0) == 0);
        CHECK(contains(e, " scores "));
        sawBlocked = true;
      }
    }
  }
  CHECK(sawBlocked);
  CHECK(sawReserve);
}

TEST_CASE("score: rounds and the match") {
  Match m = newMatch(*preset("en-linea"), 3);
  while (m.inRound()) m.apply(greedyMove(m));
  const ScoreView v = scoreView(m);
  CHECK(v.round == 1);
  REQUIRE(v.rounds.size() == 1);
  CHECK(contains(v.rounds[0], "Round 1: "));
  CHECK_FALSE(v.match.empty());
}

TEST_CASE("greedy plays its heaviest playable tile, else draws or passes") {
  Match m = newMatch(*preset("en-linea"), 7);
  for (int i = 0; i < 60 && m.inRound(); ++i) {
    const Move g = greedyMove(m);
    CHECK(m.illegal(g, m.state().turn).empty());
    if (g.kind == MoveKind::Play)
      for (const Move& mv : m.legalMoves())
        if (mv.kind == MoveKind::Play) CHECK_FALSE(heavier(mv.tile, g.tile));
    m.apply(g);
  }
  std::mt19937_64 rng(5);
  Match r = newMatch(*preset("dominoes2"), 9);
  for (int i = 0; i < 80 && r.inRound(); ++i) {
    const Move mv = randomMove(r, rng);
    CHECK(r.illegal(mv, r.state().turn).empty());
    r.apply(mv);
  }
}

TEST_CASE("editor: live check with the exact reason, undo and redo") {
  Timeline t = loaded("full.dgn");
  Editor ed;
  ed.load(t.current().match);
  CHECK(ed.error().empty());
  ed.moveTile(tileOf(6, 6), Zone::HandA);
  CHECK(contains(ed.error(), "hand B is empty"));
  CHECK(ed.undo());
  CHECK(ed.error().empty());
  CHECK(ed.redo());
  CHECK(contains(ed.error(), "hand B is empty"));
  ed.undo();
  ed.moveTile(tileOf(0, 0), Zone::Box);
  CHECK(contains(ed.error(), "misses 0-0"));
  ed.undo();
  ed.moveTile(tileOf(2, 2), Zone::LineL);
  CHECK(contains(ed.error(), "does not match"));
  ed.undo();
  ed.setTurn(Player::B);
  const auto started = ed.start();
  REQUIRE(started);
  CHECK(started->first.state().turn == Player::B);
  CHECK(started->second.setup);
}

TEST_CASE("hidden hands: a hidden player's drawn tiles are not shown") {
  Timeline t = loaded("game.dgn");
  const auto open = timelineRows(t, Visibility::All);
  const auto asA = timelineRows(t, Visibility::AsA);
  const auto asB = timelineRows(t, Visibility::AsB);
  CHECK(open[2].move == "draw 6-4");
  CHECK(asA[2].move == "draw");
  CHECK(asA[2].caused == "drew a tile");
  CHECK(asB[2].move == "draw 6-4");
  t.next();
  t.next();
  t.next();
  CHECK(contains(explainPosition(t.current().match, Visibility::All), "can play"));
  CHECK_FALSE(contains(explainPosition(t.current().match, Visibility::AsB), "can play"));
}

TEST_CASE("a play after several draws says how many were drawn") {
  // Greedy against greedy from seeds until someone draws twice in a row.
  Timeline t;
  for (std::uint64_t seed = 1; seed < 200; ++seed) {
    Match m = newMatch(*dom::preset("en-linea"), seed);
    t.reset(m, dealRecord(m));
    int run = 0, best = 0;
    while (t.current().match.inRound()) {
      const Move mv = greedyMove(t.current().match);
      run = mv.kind == MoveKind::Draw ? run + 1 : 0;
      best = std::max(best, run);
      t.play(mv);
    }
    if (best > 1) break;
  }
  bool found = false;
  for (const auto& r : timelineRows(t))
    if (contains(r.caused, "(after drawing ")) found = true;
  CHECK(found);
}

namespace {
// A scenario stepped to the first position where the ends are (l, r) and `p` is to move.
Timeline scenarioAt(const char* name, int l, int r, Player p) {
  Timeline t = loaded((std::string("../../scenarios/") + name).c_str());
  t.first();
  do {
    const RoundState& s = t.current().match.state();
    if (s.ends[0] == l && s.ends[1] == r && s.turn == p && t.current().match.inRound()) return t;
  } while (t.next());
  FAIL("no such position in " << name);
  return t;
}
}  // namespace

TEST_CASE("rules: under layout=free the explanations look at both ends (end_blocked_by_edge, move 5)") {
  const Timeline t = scenarioAt("end_blocked_by_edge.dgn", 6, 3, Player::A);
  const Match& m = t.current().match;
  CHECK(explainPosition(m) ==
        "A holds 3-1 and 3-0 for end R (3), but neither has room there (the table's edge): A must draw.");
  // Hidden, the hand is not named.
  CHECK(explainPosition(m, Visibility::AsB) ==
        "A's tiles for end R (3) have no room there (the table's edge): A must draw.");
  CHECK(explainTile(m, Player::A, tileOf(3, 1)) ==
        "3-1 cannot be played: 3-1 does not match end L (6); it matches end R (3) but has no room there: the table's "
        "edge.");
  CHECK(explainTile(m, Player::A, tileOf(3, 0)) ==
        "3-0 cannot be played: 3-0 does not match end L (6); it matches end R (3) but has no room there: the table's "
        "edge.");
  CHECK(explainTile(m, Player::A, tileOf(2, 0)) == "2-0 cannot be played: 2-0 matches no open end (ends are 6 and 3).");
}

TEST_CASE("rules: under layout=free the explanations look at both ends (end_blocked_by_line)") {
  const Timeline t = scenarioAt("end_blocked_by_line.dgn", 6, 3, Player::A);
  const Match& m = t.current().match;
  CHECK(explainPosition(m) == "A to move: the ends are 6 and 3; A can play 1 tile.");
  CHECK(explainTile(m, Player::A, tileOf(3, 0)) ==
        "3-0 cannot be played: 3-0 does not match end L (6); it matches end R (3) but has no room there: the line.");
  CHECK(explainTile(m, Player::A, tileOf(3, 3)) ==
        "3-3 cannot be played: 3-3 does not match end L (6); it matches end R (3) but has no room there: the line.");
  CHECK(explainTile(m, Player::A, tileOf(6, 6)) == "6-6 can be played on end L (6).");
}

TEST_CASE("rules: a blocked free round names the tiles that matched an end with no room") {
  // Greedy dominoes2 rounds (28x20) until one ends blocked with such tiles; the caption and the
  // timeline's "what it caused" both name them.
  bool seen = false;
  for (std::uint64_t seed = 1; seed < 300 && !seen; ++seed) {
    Timeline t;
    const Match start = newMatch(*dom::preset("dominoes2"), seed);
    t.reset(start, dealRecord(start));
    while (t.current().match.inRound()) t.play(greedyMove(t.current().match));
    const Match& m = t.current().match;
    if (m.results().back().how != RoundStatus::Blocked) continue;
    const std::string roomless = m.matchedWithoutRoomText();
    if (roomless.empty()) continue;
    seen = true;
    const Mask a = m.matchedWithoutRoom(Player::A), b = m.matchedWithoutRoom(Player::B);
    CHECK((a | b) != 0);
    if (a) CHECK(contains(roomless, "A's " + tilesText(a)));
    if (b) CHECK(contains(roomless, "B's " + tilesText(b)));
    CHECK(contains(roomless, " matched ends that had no room"));
    const std::string e = explainPosition(m);
    CHECK(e.rfind("blocked: A ", 0) == 0);
    CHECK(contains(e, "; " + roomless + ". "));
    CHECK(contains(t.current().caused, "(" + roomless + ")"));
    MESSAGE("seed " << seed << ": " << e << " | " << t.current().caused);
  }
  CHECK(seen);
}

TEST_CASE("rules: tiles without room at both ends are told end by end") {
  // The spiral of docs/layout.md on 10x8: end L (6) is covered by 5-0, end R (0) faces the lead.
  Match m(std::get<Rules>(parseRules("dominoes2 table=10x8")));
  Setup s;
  auto laid = [](int l, int r, Heading h = Heading::Straight) {
    return LaidTile{tileOf(l, r), static_cast<std::uint8_t>(l), static_cast<std::uint8_t>(r), h};
  };
  s.line = {laid(6, 4), laid(4, 1, Heading::Right), laid(1, 2, Heading::Right),
            laid(2, 3), laid(3, 5, Heading::Right), laid(5, 0, Heading::Right)};
  s.turn = Player::A;
  s.hand = {bit(tileOf(6, 2)) | bit(tileOf(3, 0)) | bit(tileOf(1, 1)), bit(tileOf(5, 5)) | bit(tileOf(4, 4))};
  Mask used = s.hand[0] | s.hand[1];
  for (const LaidTile& lt : s.line) used |= bit(lt.tile);
  for (Tile t = 0; t < kTiles; ++t)
    if (!(used & bit(t))) s.stock.push_back(t);
  REQUIRE(m.startSetup(s).empty());
  REQUIRE(m.inRound());
  CHECK(explainPosition(m) ==
        "A holds 6-2 for end L (6) and 3-0 for end R (0), but neither has room there (the line): A must draw.");
  CHECK(explainPosition(m, Visibility::AsB) ==
        "A's tiles for end L (6) and for end R (0) have no room there (the line): A must draw.");
  CHECK(explainTile(m, Player::A, tileOf(1, 1)) == "1-1 cannot be played: 1-1 matches no open end (ends are 6 and 0).");
  CHECK(explainTile(m, Player::A, tileOf(6, 2)) ==
        "6-2 cannot be played: 6-2 does not match end R (0); it matches end L (6) but has no room there: the line.");
}

TEST_CASE("hidden hands: a hidden draw that ends the round keeps the round's end in its words") {
  // A draw down to the reserve can block the round at once; hidden, the words lose only the tile.
  bool seen = false;
  for (std::uint64_t seed = 1; seed < 400 && !seen; ++seed) {
    Timeline t;
    const Match start = newMatch(*dom::preset("dominoes2"), seed);
    t.reset(start, dealRecord(start));
    while (t.current().match.inRound()) t.play(greedyMove(t.current().match));
    const Node& n = t.current();
    if (!n.move || n.move->kind != MoveKind::Draw) continue;
    seen = true;
    const std::string drew = "drew " + tileText(n.move->tile);
    REQUIRE(n.caused.rfind(drew, 0) == 0);
    CHECK(contains(n.caused, ", blocked: "));
    const auto [move, caused] = moveWords(n, n.by == Player::A ? Visibility::AsB : Visibility::AsA);
    CHECK(move == "draw");
    CHECK(caused == "drew a tile" + n.caused.substr(drew.size()));
    CHECK(moveWords(n, Visibility::All).second == n.caused);
  }
  CHECK(seen);
}

// Issue 26 #1: text from a file is shown cut, and drawn whole only a line in view at a time.
TEST_CASE("long text: shown cut at a character boundary, split into display lines") {
  CHECK(shownText("short", 10) == "short");
  CHECK_FALSE(longerThan("0123456789", 10));
  CHECK(longerThan("0123456789x", 10));
  const std::string e = "\xC3\xA9";  // é, two bytes
  std::string many;
  for (int i = 0; i < 1000; ++i) many += e;
  const std::string cut = shownText(many, 5);
  CHECK(cut.rfind(e + e + e + e + e + "\xE2\x80\xA6 (995 more characters)", 0) == 0);
  const std::string text = "ab\n" + many + "\n\nc";  // the lines are views into it
  const auto lines = textLines(text, 300);
  REQUIRE(lines.size() == 7);  // ab, 300 + 300 + 300 + 100 é, an empty line, c
  CHECK(lines[0] == "ab");
  CHECK(lines[1].size() == 600);
  CHECK(lines[4].size() == 200);
  CHECK(lines[5].empty());
  CHECK(lines[6] == "c");
  std::size_t total = 0;
  const std::string big(1000000, 'x');
  for (const auto l : textLines(big, 80)) total += l.size();
  CHECK(total == 1000000);
}
