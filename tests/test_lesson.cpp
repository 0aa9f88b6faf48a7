// SPDX-License-Identifier: MIT
// Lessons: the `task` statement's forms (read, refused, written back), lesson::judge's verdicts,
// lesson::validate, readChecked (what `dominoes check` runs) and the stars.
#include <doctest/doctest.h>

#include <string>
#include <variant>

#include "core/dgn.h"
#include "core/lesson.h"
#include "test_util.h"

using namespace dom;
using namespace dom::test;
using Kind = dgn::Task::Kind;

namespace {

// en-linea: A leads 6-6; B holds no 6 and draws three tiles, the third (6-2) plays.
const std::string kDeal = R"(dgn 1
rules en-linea
round 1
hand A 6-6 6-5 6-4 6-3 2-2 2-1 1-0
hand B 5-4 5-3 4-3 3-2 2-0 1-1 0-0
stock 5-0 4-1 6-2 3-3 5-5 4-4 6-1 5-2 6-0 5-1 4-2 4-0 3-1 3-0
)";

// dominoes2: the right end (3) points at the lead and has no room; A holds 6-6 for the left end.
const std::string kBlockedEnd = R"(dgn 1
rules dominoes2
round 1
hand A 6-6 3-3 3-0 5-2 0-0
hand B 6-1 5-5 5-4 5-3 6-5 6-2 4-4 4-3 6-0 5-1 4-2 5-0 3-1 2-2 1-1 1-0
stock 4-0 6-3 2-0
line 6-4* 4-1> 1-2> 2-3>
turn A
)";

// en-linea: A may play 4-3 on the 3 or 6-1 on the 6 (scenarios/tip_count_the_tiles.dgn).
const std::string kChoice = R"(dgn 1
rules en-linea
round 1
hand A 6-1 4-3 4-0 1-1
hand B 5-3 5-1 1-0
stock 6-6 3-3 3-1
line 3-2 2-6 6-3 3-0 0-6 6-4 4-4* 4-1 1-2 2-4 4-5 5-2 2-2 2-0 0-0 0-5 5-5 5-6
turn A
)";

// dominoes2: B cannot play and the stock is down to its reserve after one draw.
const std::string kReserve = R"(dgn 1
rules dominoes2
round 1
hand A 5-3 4-3 5-1 4-2 3-3 5-0 4-1 3-2 4-0 3-1 2-2 2-0 1-1 1-0 0-0
hand B 6-5 6-4 6-2 6-0 5-5 5-4 5-2
stock 4-4 2-1 3-0
line 3-6 6-6* 6-1
turn B
B: draw 4-4
)";

// en-linea: A goes out with 1-0, and B is left with 6-6 and 5-4 (21 pips).
const std::string kDomino = R"(dgn 1
rules en-linea
round 1
hand A 1-0
hand B 6-6 5-4
stock 0-0 2-0 2-1 2-2 3-0 3-1 3-2 3-3 4-0 4-1 4-2 4-3 4-4 5-0 5-1 5-2 5-3 5-5 6-0 6-1 6-2 6-3 6-4 6-5
line 1-1*
turn A
A: 1-0 R
)";

// The position at the record's last statement, a task, and that task.
struct AtTask {
  Match position;
  dgn::Task task;
};
AtTask lastTask(const std::string& text) {
  auto r = dgn::load(text, "t.dgn");
  if (auto* e = std::get_if<dgn::Error>(&r)) FAIL("unexpected error: " << e->text());
  auto& l = std::get<dgn::Loaded>(r);
  const dgn::Statement st = l.record.rounds.back().statements.back();
  REQUIRE(st.kind == dgn::Statement::Kind::Task);
  REQUIRE(st.task);
  return {l.match, *st.task};
}

std::string errorText(const std::string& text) {
  auto r = dgn::load(text, "t.dgn");
  REQUIRE_MESSAGE(std::holds_alternative<dgn::Error>(r), "expected an error in:\n" << text);
  return std::get<dgn::Error>(r).text();
}

Move play(const char* tile, End end = End::None) {
  Move m;
  m.tile = T(tile);
  m.end = end;
  return m;
}
Move ofKind(MoveKind k) {
  Move m;
  m.kind = k;
  return m;
}
lesson::Answer moveAnswer(const Move& m) { return {Kind::Play, m}; }

// What `dominoes check` says of a record: "" when every task holds.
std::string checked(const std::string& text, int* count = nullptr) {
  int tasks = 0;
  const auto parts = dgn::splitRecords(text);
  REQUIRE(parts.size() == 1);
  auto r = lesson::readChecked(parts[0], "t.dgn", tasks);
  if (count) *count = tasks;
  if (auto* e = std::get_if<dgn::Error>(&r)) return e->text();
  return {};
}

}  // namespace

TEST_CASE("lesson: the reader takes each task form and keeps its fields") {
  auto lead = lastTask(kDeal + "task play 6-6 \"Lead with your highest double.\"\n");
  CHECK(lead.task.kind == Kind::Play);
  REQUIRE(lead.task.moves.size() == 1);
  CHECK(lead.task.moves[0].tile == T("6-6"));
  CHECK(lead.task.moves[0].isLead());
  CHECK(lead.task.prompt == "Lead with your highest double.");
  CHECK(lead.task.explanation.empty());
  CHECK(lead.task.text == "play 6-6 \"Lead with your highest double.\"");
  CHECK(lead.task.line == 7);

  // The end left out is resolved against the position, as a move line's.
  auto two = lastTask(kChoice + "task play 3-4 6-1 R \"Play a tile.\" \"Count the 4s first.\"\n");
  REQUIRE(two.task.moves.size() == 2);
  CHECK(two.task.moves[0].same(play("4-3", End::L)));
  CHECK(two.task.moves[1].same(play("6-1", End::R)));
  CHECK(two.task.explanation == "Count the 4s first.");
  CHECK(two.task.text == "play 3-4 6-1 R \"Play a tile.\" \"Count the 4s first.\"");

  CHECK(lastTask(kDeal + "A: 6-6\ntask draw \"Draw.\"\n").task.kind == Kind::Draw);
  CHECK(lastTask(kReserve + "task pass \"Pass.\"\n").task.kind == Kind::Pass);
  auto end = lastTask(kBlockedEnd + "task end R \"Click the blocked end.\"\n");
  CHECK(end.task.kind == Kind::End);
  CHECK(end.task.end == End::R);
  auto tiles = lastTask(kChoice + "task tiles 6-1 3-4 \"Click every tile you can play.\"\n");
  CHECK(tiles.task.kind == Kind::Tiles);
  CHECK(tiles.task.tiles == dom::test::tiles({"6-1", "4-3"}));
  auto points = lastTask(kDomino + "task points 21 \"How many points?\"\n");
  CHECK(points.task.kind == Kind::Points);
  CHECK(points.task.points == 21);
}

TEST_CASE("lesson: the reader refuses a bad task with its line and what is wrong") {
  auto err = [](const std::string& line) { return errorText(kDeal + line + "\n"); };
  CHECK(err("task") ==
        "t.dgn:7: task takes what the learner must do, then a quoted prompt: task play, draw, pass, end, tiles or "
        "points");
  CHECK(err("task jump \"x\"") == "t.dgn:7: unknown task 'jump': task play, draw, pass, end, tiles or points");
  CHECK(err("task play \"x\"") ==
        "t.dgn:7: task play takes one or more moves before its prompt: task play 6-5 L 6-5 R \"...\"");
  CHECK(err("task play 6-6") == "t.dgn:7: task play needs its prompt, a quoted string: task play ... \"What to do\"");
  CHECK(err("task play 6-6 \"\"") == "t.dgn:7: a task's prompt may not be empty");
  CHECK(err("task play 6-6 \"a\" \"\"") == "t.dgn:7: a task's explanation may not be empty: leave it out");
  CHECK(err("task play 6-6 \"a\" \"b\" \"c\"") ==
        "t.dgn:7: task play takes a prompt and an optional explanation: two quoted strings at most");
  CHECK(err("task play 6-6 \"a\" L") ==
        "t.dgn:7: task play: 'L' after the prompt: a task ends with its quoted "
        "prompt and an optional quoted explanation");
  CHECK(err("task play draw \"a\"") ==
        "t.dgn:7: task play lists plays: write 'task draw' or 'task pass' for a draw or a pass");
  CHECK(err("task play 6-7 \"a\"").starts_with("t.dgn:7: task play: malformed tile '6-7'"));
  CHECK(err("task draw 6-6 \"a\"") == "t.dgn:7: task draw takes only its prompt: task draw \"...\"");
  CHECK(err("task end X \"a\"") ==
        "t.dgn:7: task end takes the blocked end, L or R, before its prompt: task end R \"...\"");
  CHECK(err("task tiles \"a\"") ==
        "t.dgn:7: task tiles takes one or more tiles before its prompt: task tiles 6-4 4-1 \"...\"");
  CHECK(err("task tiles 6-6 6-6 \"a\"") == "t.dgn:7: task tiles names 6-6 twice");
  for (const char* n : {"01", "1001", "-1", "x", "2.5"})
    CHECK(err(std::string("task points ") + n + " \"a\"") ==
          "t.dgn:7: task points takes the round's points, a whole number 0..1000: task points 23 \"...\"");
  CHECK(errorText("dgn 1\nrules en-linea\ntask draw \"a\"\n") == "t.dgn:3: a task before round 1");
}

TEST_CASE("lesson: tasks are written back exactly: write(read(x)) is a fixed point") {
  const std::string text = kDeal +
                           "task play 6-6   \"Lead with your \\\"highest\\\" double.\"  # the lead\n"
                           "task tiles 6-6 \"Which tiles?\"\n"
                           "A: 6-6\n"
                           "task draw \"B has no 6: draw.\" \"Nothing fits.\"\n"
                           "B: draw 5-0\nB: draw 4-1\nB: draw 6-2\n"
                           "task play 2-6 L 6-2 R \"Play the 6.\"\n"
                           "B: 6-2 R\n";
  auto r1 = dgn::read(text, "a");
  REQUIRE(std::holds_alternative<dgn::Record>(r1));
  const std::string w1 = dgn::write(std::get<dgn::Record>(r1));
  CHECK(w1.find("task play 6-6 \"Lead with your \\\"highest\\\" double.\"  # the lead\n") != std::string::npos);
  CHECK(w1.find("task draw \"B has no 6: draw.\" \"Nothing fits.\"\n") != std::string::npos);
  CHECK(w1.find("task play 2-6 L 6-2 R \"Play the 6.\"\n") != std::string::npos);
  auto r2 = dgn::read(w1, "b");
  REQUIRE(std::holds_alternative<dgn::Record>(r2));
  CHECK(dgn::write(std::get<dgn::Record>(r2)) == w1);

  for (const std::string& more : {kBlockedEnd + "task end R \"Click it.\" \"The lead is in the way.\"\n",
                                  kDomino + "task points 21 \"Count.\"\n", kReserve + "task pass \"Pass.\"\n"}) {
    auto a = dgn::read(more, "c");
    REQUIRE(std::holds_alternative<dgn::Record>(a));
    const std::string w = dgn::write(std::get<dgn::Record>(a));
    CHECK(w.find("task ") != std::string::npos);
    auto b = dgn::read(w, "d");
    REQUIRE(std::holds_alternative<dgn::Record>(b));
    CHECK(dgn::write(std::get<dgn::Record>(b)) == w);
  }
}

TEST_CASE("lesson: judge a play: right, illegal with the engine's reason, legal but not asked for") {
  auto t = lastTask(kChoice + "task play 4-3 L \"Play on the 3.\"\n");
  CHECK(lesson::judge(t.position, Player::A, t.task, moveAnswer(play("4-3", End::L))).empty());
  CHECK(lesson::judge(t.position, Player::A, t.task, moveAnswer(play("3-4"))).empty());  // the end left out
  CHECK(lesson::judge(t.position, Player::A, t.task, moveAnswer(play("4-0", End::L))) ==
        "4-0 matches no open end (ends are 3 and 6)");
  // At a task the reason names no playable tile: it would be the answer (issue 52 #5).
  CHECK(lesson::judge(t.position, Player::A, t.task, moveAnswer(ofKind(MoveKind::Draw))) ==
        "A cannot draw while able to play: a tile of A's hand fits an open end");
  CHECK(t.position.illegal(ofKind(MoveKind::Draw), Player::A) ==
        "A cannot draw while able to play (6-1 can be played)");
  CHECK(lesson::judge(t.position, Player::A, t.task, moveAnswer(play("6-1", End::R))) ==
        "That move is legal, but it is not the one asked for.");
  t.task.explanation = "Count the 4s first.";
  CHECK(lesson::judge(t.position, Player::A, t.task, moveAnswer(play("6-1", End::R))) == "Count the 4s first.");
  CHECK(lesson::judge(t.position, Player::A, t.task, {Kind::Points, {}, End::None, 0, 3}) ==
        "That is not the kind of answer this task asks for.");

  auto lead = lastTask(kDeal + "task play 6-6 \"Lead.\"\n");
  CHECK(lesson::judge(lead.position, Player::A, lead.task, moveAnswer(play("6-6"))).empty());
  CHECK(lesson::judge(lead.position, Player::A, lead.task, moveAnswer(play("6-5"))) ==
        "the lead must be 6-6 (the highest double)");
}

TEST_CASE("lesson: judge a draw and a pass") {
  auto d = lastTask(kDeal + "A: 6-6\ntask draw \"Draw.\"\n");
  CHECK(lesson::judge(d.position, Player::B, d.task, {Kind::Draw, ofKind(MoveKind::Draw)}).empty());
  CHECK(lesson::judge(d.position, Player::B, d.task, {Kind::Pass, ofKind(MoveKind::Pass)}) ==
        "B cannot pass while able to draw");
  CHECK(lesson::judge(d.position, Player::B, d.task, moveAnswer(play("5-4", End::L))) ==
        "5-4 matches no open end (ends are 6 and 6)");
  auto p = lastTask(kReserve + "task pass \"Pass.\"\n");
  CHECK(lesson::judge(p.position, Player::B, p.task, {Kind::Pass, ofKind(MoveKind::Pass)}).empty());
  CHECK(lesson::judge(p.position, Player::B, p.task, {Kind::Draw, ofKind(MoveKind::Draw)}) ==
        "B cannot draw: the stock is down to its reserve of 2");
}

TEST_CASE("lesson: judge the blocked end and the playable tiles") {
  auto e = lastTask(kBlockedEnd + "task end R \"Click the blocked end.\"\n");
  CHECK(lesson::judge(e.position, Player::A, e.task, {Kind::End, {}, End::R}).empty());
  CHECK(lesson::judge(e.position, Player::A, e.task, {Kind::End, {}, End::L}) ==
        "End L (6) is not blocked: a tile showing 6 still has room there.");
  e.task.explanation = "Look where the right end points.";
  CHECK(lesson::judge(e.position, Player::A, e.task, {Kind::End, {}, End::L}) ==
        "End L (6) is not blocked: a tile showing 6 still has room there.\nLook where the right end points.");

  auto t = lastTask(kBlockedEnd + "task tiles 6-6 \"Click every tile you can play.\"\n");
  const lesson::Answer right{Kind::Tiles, {}, End::None, tiles({"6-6"})};
  CHECK(lesson::judge(t.position, Player::A, t.task, right).empty());
  const lesson::Answer extra{Kind::Tiles, {}, End::None, tiles({"6-6", "3-3"})};
  CHECK(lesson::judge(t.position, Player::A, t.task, extra) == "3-3 matches end R (3) but has no room there: the line");
  const lesson::Answer none{Kind::Tiles, {}, End::None, 0};
  CHECK(lesson::judge(t.position, Player::A, t.task, none) == "6-6 can be played too: it matches end L (6)");
  auto c = lastTask(kChoice + "task tiles 6-1 4-3 \"Click every tile you can play.\"\n");
  CHECK(lesson::judge(c.position, Player::A, c.task, {Kind::Tiles, {}, End::None, tiles({"4-3", "1-1"})}) ==
        "1-1 matches no open end (ends are 3 and 6)");
  CHECK(lesson::judge(c.position, Player::A, c.task, {Kind::Tiles, {}, End::None, tiles({"4-3"})}) ==
        "6-1 can be played too: it matches end R (6)");
}

TEST_CASE("lesson: judge the points of a round: domino and blocked") {
  auto d = lastTask(kDomino + "task points 21 \"How many points does A score?\"\n");
  CHECK(lesson::judge(d.position, Player::A, d.task, {Kind::Points, {}, End::None, 0, 21}).empty());
  CHECK(lesson::judge(d.position, Player::A, d.task, {Kind::Points, {}, End::None, 0, 20}) ==
        "Count again: A went out, and a domino scores the pips left in B's hand: 6-6 and 5-4.");
  // scenarios/tip_count_the_tiles.dgn's end: blocked, A 2 pips, B 24.
  const std::string blocked = kChoice +
                              "A: 3-4 L\nB: draw 6-6\nB: 6-6 R\nA: 4-0 L\nB: 0-1 L\nA: 1-6 L\nB: draw 3-3\n"
                              "B: draw 3-1\nexpect result A blocked 22\ntask points 22 \"Count.\"\n";
  auto b = lastTask(blocked);
  CHECK(lesson::judge(b.position, Player::A, b.task, {Kind::Points, {}, End::None, 0, 22}).empty());
  CHECK(lesson::judge(b.position, Player::A, b.task, {Kind::Points, {}, End::None, 0, 24}) ==
        "Count again: in a blocked round the hand with fewer pips wins and scores the difference between the two "
        "hands' pips. A holds 1-1; B holds 5-3, 5-1, 3-3 and 3-1.");
  std::string loserText = blocked;
  loserText.replace(loserText.find("rules en-linea"), 14, "rules en-linea blocked=loser");
  loserText.replace(loserText.find("expect result A blocked 22"), 26, "expect result A blocked 24");
  auto loser = lastTask(loserText);
  CHECK(lesson::judge(loser.position, Player::A, loser.task, {Kind::Points, {}, End::None, 0, 22}) ==
        "Count again: in a blocked round the hand with fewer pips wins and scores the pips in the loser's hand. B "
        "holds 5-3, 5-1, 3-3 and 3-1.");
}

TEST_CASE("lesson: validate catches a wrong expected answer of each kind") {
  const auto next = std::optional<Move>(play("4-3", End::L));
  auto p = lastTask(kChoice + "task play 4-3 L \"Play.\"\n");
  CHECK(lesson::validate(p.position, p.task, next).empty());
  CHECK(lesson::validate(p.position, p.task, std::nullopt) ==
        "the record has no next move: after a task play the record goes on with one of its moves");
  CHECK(lesson::validate(p.position, p.task, play("6-1", End::R)) ==
        "the record's next move, 6-1 R, is not one the task lists (3-4 L)");
  p.task.moves.push_back(play("4-0", End::R));
  CHECK(lesson::validate(p.position, p.task, next) ==
        "'4-0 R' is not a legal move: 4-0 matches no open end (ends are 3 and 6)");

  auto d = lastTask(kChoice + "task draw \"Draw.\"\n");
  CHECK(lesson::validate(d.position, d.task, ofKind(MoveKind::Draw)) ==
        "the learner cannot draw here: A cannot draw while able to play (6-1 can be played)");
  auto d2 = lastTask(kDeal + "A: 6-6\ntask draw \"Draw.\"\n");
  CHECK(lesson::validate(d2.position, d2.task, ofKind(MoveKind::Draw)).empty());
  CHECK(lesson::validate(d2.position, d2.task, std::nullopt) ==
        "the record has no next move: after a task draw the record goes on with the draw");
  auto s = lastTask(kDeal + "A: 6-6\ntask pass \"Pass.\"\n");
  CHECK(lesson::validate(s.position, s.task, ofKind(MoveKind::Pass)) ==
        "the learner cannot pass here: B cannot pass while able to draw");

  auto e = lastTask(kBlockedEnd + "task end L \"Click the blocked end.\"\n");
  CHECK(lesson::validate(e.position, e.task, std::nullopt) == "end L (6) is not blocked: a tile still has room there");
  e.task.end = End::R;
  CHECK(lesson::validate(e.position, e.task, std::nullopt).empty());
  auto snake = lastTask(kChoice + "task end L \"Click the blocked end.\"\n");
  CHECK(lesson::validate(snake.position, snake.task, std::nullopt) ==
        "under layout=snake the line bends by itself and no end is ever blocked: a task end needs layout=free");

  auto t = lastTask(kChoice + "task tiles 4-3 1-1 \"Tiles.\"\n");
  CHECK(lesson::validate(t.position, t.task, std::nullopt) ==
        "the task lists 1-1, which cannot be played: 1-1 matches no open end (ends are 3 and 6)");
  t.task.tiles = tiles({"4-3"});
  CHECK(lesson::validate(t.position, t.task, std::nullopt) == "the task misses 6-1, which can be played");
  t.task.tiles = tiles({"4-3", "6-1"});
  CHECK(lesson::validate(t.position, t.task, std::nullopt).empty());

  auto pts = lastTask(kDomino + "task points 20 \"Count.\"\n");
  CHECK(lesson::validate(pts.position, pts.task, std::nullopt) == "the round scores 21, not 20");
  auto early = lastTask(kChoice + "task points 20 \"Count.\"\n");
  CHECK(lesson::validate(early.position, early.task, std::nullopt) ==
        "the round is not over: a task points stands after the round's last move");
}

TEST_CASE("lesson: readChecked validates each task with the record's next played move") {
  int n = 0;
  CHECK(checked(kDeal + "task play 6-6 \"Lead.\"\nA: 6-6\ntask draw \"Draw.\"\n"
                        "expect error \"cannot pass while able to draw\"\nB: pass\nB: draw\n",
                &n)
            .empty());
  CHECK(n == 2);
  CHECK(checked(kDeal + "task play 6-6 \"Lead.\"\nnote \"x\"\n") ==
        "t.dgn:7: task: the record has no next move: after a task play the record goes on with one of its moves");
  // Two tasks at one position: both are checked, the first wrong one reported.
  CHECK(checked(kChoice + "task tiles 4-3 \"Tiles.\"\ntask play 6-1 R \"Play.\"\nA: 4-3 L\n") ==
        "t.dgn:9: task: the task misses 6-1, which can be played");
  // A round's last task has no next move in the next round.
  CHECK(checked(kDomino + "task points 21 \"Count.\"\n", &n).empty());
  CHECK(n == 1);
}

TEST_CASE("lesson: stars for the wrong tries") {
  CHECK(lesson::stars(0) == 3);
  CHECK(lesson::stars(1) == 2);
  CHECK(lesson::stars(2) == 2);
  CHECK(lesson::stars(3) == 1);
  CHECK(lesson::stars(10) == 1);
  CHECK(lesson::stars(-1) == 3);
}
