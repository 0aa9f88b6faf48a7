// SPDX-License-Identifier: MIT
// The coach without a window: the worker that runs computer moves and analyses off the frame, the
// seats, the tile tracker's counts, the hint's words.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>

#include "ai/engine.h"
#include "studio/model/coach.h"
#include "studio/model/jobs.h"
#include "studio/model/session.h"
#include "studio/model/worker.h"

using namespace dom;
using namespace dom::studio;

namespace {
std::string testFile(const char* name) { return std::string(STUDIO_TEST_DIR) + "/" + name; }

Session against(Seat b, std::uint64_t seed = 7) {
  Session s;
  intent::NewGame in;
  in.options.seed = seed;
  in.options.seats = {Seat::Human, b};
  s.apply(in);
  return s;
}
}  // namespace

TEST_CASE("a background job's result is taken once, under its own key only") {
  Background<int> bg;
  bg.start(1, [](JobControl& c) {
    c.progress = 0.5;
    return 42;
  });
  CHECK(bg.busy());
  CHECK(bg.runs(1));
  CHECK_FALSE(bg.take(2));  // another key: never this job's result
  bg.wait();
  const auto r = bg.take(1);
  REQUIRE(r);
  CHECK(*r == 42);
  CHECK_FALSE(bg.busy());
  CHECK_FALSE(bg.take(1));  // taken once
}

TEST_CASE("a job started again cancels the running one, whose result is dropped") {
  Background<int> bg;
  std::atomic<bool> sawCancel{false};
  bg.start(1, [&](JobControl& c) {
    while (!c.cancel) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    sawCancel = true;
    return 1;
  });
  bg.start(2, [](JobControl&) { return 2; });  // returns at once: the first job is not waited for
  bg.wait();
  CHECK_FALSE(bg.take(1));
  const auto r = bg.take(2);
  REQUIRE(r);
  CHECK(*r == 2);
  for (int i = 0; i < 2000 && bg.retiredCount() > 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  CHECK(sawCancel);
  CHECK(bg.retiredCount() == 0);
}

TEST_CASE("a job asked of the platform's worker: its answer read into the result, settled once answered") {
  Background<std::size_t> bg;
  CHECK(bg.settled());  // nothing runs
  std::string seen;
  // The desktop has no worker: its answer comes at once, and says so.
  bg.ask(3, platform::Channel::Computer, "player expert\n", [&](const std::string& answer) {
    seen = answer;
    return answer.size();
  });
  CHECK(bg.settled());
  CHECK(seen == "error no worker\n");
  const auto r = bg.take(3);
  REQUIRE(r);
  CHECK(*r == seen.size());
  CHECK_FALSE(bg.busy());
  // A read that throws fails the job: its result is empty, and nothing is left running.
  bg.ask(4, platform::Channel::Analysis, "x",
         [](const std::string&) -> std::size_t { throw std::runtime_error("unreadable"); });
  CHECK_FALSE(bg.take(4));
  CHECK_FALSE(bg.busy());
}

TEST_CASE("the web worker's answer as the computer's decision: its time, its move, or its failure") {
  Session s = against(Seat::Human);
  const ai::Observation o = ai::observe(s.match(), s.match().toMove().value(), ai::RoundLog{});
  const std::string words = ai::engineMoveText(o.rules, o.ends, o.legal.moves[0]);
  const auto asked = std::chrono::steady_clock::now();
  const ComputerDecision d =
      workerDecision("strategist", o, "time 12.5\nreason the heaviest\nmove " + words + "\n", asked);
  CHECK(d.failure.empty());
  CHECK(d.move.same(o.legal.moves[0]));
  CHECK(d.reason == "the heaviest");
  CHECK(d.ms == doctest::Approx(12.5));
  CHECK(d.spec == "strategist");
  const ComputerDecision bad = workerDecision("strategist", o, "time 1\nerror no such player: x\n", asked);
  CHECK(bad.failure == "no such player: x");
  const ComputerDecision none = workerDecision("strategist", o, "", asked);
  CHECK(none.failure == "an answer holds no move");
  CHECK(none.ms >= 0);
}

TEST_CASE("seats: human and every player of src/ai, by spec") {
  const auto& choices = seatChoices();
  REQUIRE(choices.size() >= 3);
  CHECK(choices.front().spec == "human");
  for (const auto& c : choices) {
    Seat s;
    CHECK_MESSAGE(parseSeat(c.spec, s), c.spec);
    CHECK(s.spec == c.spec);
    CHECK_FALSE(c.label.empty());
  }
  Seat s = Seat::Greedy;
  CHECK_FALSE(parseSeat("grandmaster", s));
  CHECK(s == Seat::Greedy);  // unchanged
  CHECK(seatError("grandmaster").find("grandmaster") != std::string::npos);
  CHECK(seatError("random").empty());
}

TEST_CASE("the computer decides on a worker: the tick never waits, and its move comes later") {
  Session s = against(Seat::Greedy);
  s.apply(intent::SetComputerDelay{0});
  // Let A play, then it is B's (the computer's) turn.
  s.apply(playIntent(s.match().legalMoves().moves[0]));
  REQUIRE_FALSE(s.humanToMove());
  const int before = s.timeline().pathPos();
  s.tick(0.1f);  // starts the decision; it is played at once only if the worker was done already
  CHECK((s.thinking() ? s.timeline().pathPos() == before : s.timeline().pathPos() > before));
  for (int i = 0; i < 50 && !s.humanToMove(); ++i) {
    s.waitForComputer();
    s.tick(0.1f);
  }
  CHECK(s.timeline().pathPos() > before);
  REQUIRE(s.lastDecision());
  CHECK(s.lastDecision()->spec == "greedy");
}

TEST_CASE("stepping back while the computer thinks drops its decision") {
  Session s = against(Seat::Greedy);
  s.apply(intent::SetComputerDelay{5});  // it thinks at once but moves only after 5 s
  s.apply(playIntent(s.match().legalMoves().moves[0]));
  s.tick(0.1f);  // the computer starts thinking at the tip
  CHECK(s.thinking());
  s.apply(intentOf(intent::Cmd::Prev));  // the user steps back: the position is another
  s.apply(intent::SetComputerDelay{0});
  CHECK_FALSE(s.thinking());
  s.waitForComputer();
  const int size = s.timeline().size();
  s.tick(0.1f);  // not at the tip: nobody plays
  CHECK(s.timeline().size() == size);
  CHECK(s.timeline().pathPos() == 0);
}

TEST_CASE("the tile tracker counts each number's 7 tiles from the viewer's side") {
  Timeline t;
  REQUIRE_FALSE(t.loadFile(testFile("game.dgn")));
  t.jump(t.branchPath()[3]);  // A: 6-6, B: draw, B: 6-4 R
  const TrackerView a = trackerView(t, Visibility::AsA);
  CHECK(a.viewer == Player::A);
  // On the table: 6-6 and 6-4. A holds 6-5 4-4 3-1 2-0 1-1 0-0.
  CHECK(a.rows[6].table == 2);
  CHECK(a.rows[6].hand == 1);
  CHECK(a.rows[6].unseen == 4);
  CHECK(a.rows[4].table == 1);
  CHECK(a.rows[4].hand == 1);
  CHECK(a.rows[4].unseen == 5);
  for (const auto& r : a.rows) CHECK(r.table + r.hand + r.unseen == 7);
  const TrackerView b = trackerView(t, Visibility::AsB);
  CHECK(b.viewer == Player::B);
  CHECK(b.rows[5].hand == 2);  // 5-5 5-4
}

TEST_CASE("the round's moves run from its deal to the current node") {
  Timeline t;
  REQUIRE_FALSE(t.loadFile(testFile("game.dgn")));
  t.jump(t.branchPath()[3]);
  const auto moves = roundMoves(t);
  REQUIRE(moves.size() == 3);
  CHECK(moves[0].by == Player::A);
  CHECK(moves[1].move.kind == MoveKind::Draw);
  CHECK(moves[1].move.tile == parseTile("6-4")->tile());
  CHECK(moves[2].move.tile == parseTile("6-4")->tile());
}

TEST_CASE("the hint's words name the tile, the end and the tips that apply") {
  Timeline t;
  REQUIRE_FALSE(t.loadFile(testFile("game.dgn")));
  t.jump(t.branchPath()[3]);  // A to move, ends 6 and 4
  const Match& m = t.current().match;
  Move mv;
  for (const Move& x : m.legalMoves())
    if (x.tile == parseTile("4-4")->tile()) mv = x;
  REQUIRE(mv.tile == parseTile("4-4")->tile());
  const std::string why = hintReason(m, mv, trackerView(t, Visibility::AsA));
  CHECK(why.rfind("play 4-4 on the 4", 0) == 0);
  CHECK(why.find("a double") != std::string::npos);
}

TEST_CASE("the tile tracker says what the opponent cannot hold, with the move that revealed it") {
  Timeline t;
  REQUIRE_FALSE(t.loadFile(testFile("game.dgn")));
  t.jump(t.branchPath()[10]);  // ... B: draw at ends 6 and 0, B: 6-3 L
  const TrackerView a = trackerView(t, Visibility::AsA);
  REQUIRE(a.revealed.size() == 3);
  CHECK(a.revealed[0] == "A opened with 6-6 by the double rule: B had no higher double");
  CHECK(a.revealed[1] == "B drew at 6 on move 2: B had no 6 \u2014 6-2, 6-1, 6-0");
  CHECK(a.revealed[2] == "B drew at 6 and 0 on move 9: B had no 6 and no 0 \u2014 6-2, 6-1, 6-0, 5-0, 4-0, 3-0");
  // B drew once since move 2 and once at move 9, so what it surely lacks now is what move 9 showed.
  CHECK((a.cannotHold & suitMask(0) & ~t.current().match.state().line) != 0);
  // From B's side, nothing is known about A: A never drew nor passed.
  const TrackerView b = trackerView(t, Visibility::AsB);
  for (const auto& l : b.revealed) CHECK(l.rfind("B ", 0) != 0);
}

TEST_CASE("the record analysis: N and Shift+N find the marked moves of a side, notes and the win curve") {
  Timeline t;
  REQUIRE_FALSE(t.loadFile(testFile("game.dgn")));
  const auto& path = t.branchPath();
  REQUIRE(path.size() > 8);
  // A made-up analysis (the real one is compared with the CLI by studio_coach_record_cli): marks on
  // B's move 2 and A's move 4 and 8.
  RecordAnalysis ra;
  auto ply = [&](int pos, Player who, ai::Mark mark, double played, double best) {
    RecordPly p;
    p.node = path[static_cast<std::size_t>(pos)];
    p.number = pos;
    p.mover = who;
    p.mark = mark;
    p.played = "6-4 R";
    p.best = "4-4 R";
    p.playedWin = played;
    p.bestWin = best;
    ra.plies.push_back(p);
  };
  ply(2, Player::B, ai::Mark::Mistake, 0.4, 0.55);
  ply(3, Player::B, ai::Mark::None, 0.5, 0.5);
  ply(4, Player::A, ai::Mark::Inaccuracy, 0.3, 0.36);
  ply(8, Player::A, ai::Mark::Blunder, 0.1, 0.7);
  t.jump(path[0]);
  CHECK(findMistake(ra, t, 1, MistakeSide::Both) == path[2]);
  CHECK(findMistake(ra, t, 1, MistakeSide::A) == path[4]);
  CHECK(findMistake(ra, t, -1, MistakeSide::Both) == -1);
  t.jump(path[4]);
  CHECK(findMistake(ra, t, 1, MistakeSide::A) == path[8]);
  // After A's marked move 4, Shift+N goes back to the position before it.
  CHECK(findMistake(ra, t, -1, MistakeSide::A) == path[4]);
  CHECK(findMistake(ra, t, -1, MistakeSide::B) == path[2]);
  CHECK(findMistake(ra, t, 1, MistakeSide::B) == -1);
  // Before B's marked move 2 (N landed here), N goes on to the next one: A's move 4.
  t.jump(path[1]);
  CHECK(findMistake(ra, t, 1, MistakeSide::Both) == path[4]);
  CHECK(findMistake(ra, t, -1, MistakeSide::Both) == -1);
  CHECK(mistakeNote(ra.plies[3]) == "8 ?? A: 6-4 R loses 60% (best 4-4 R 70%, played 10%)");
  const std::vector<double> curve = winCurve(ra, t);
  REQUIRE(curve.size() == path.size());
  CHECK(curve[0] == doctest::Approx(0.5));
  CHECK(curve[2] == doctest::Approx(0.6));  // B's move: A's chance is 1 - B's
  CHECK(curve[3] == doctest::Approx(0.5));
  CHECK(curve[4] == doctest::Approx(0.3));
  CHECK(curve[7] == doctest::Approx(0.3));  // held until the next analysed move
  CHECK(curve[8] == doctest::Approx(0.1));
  // Notes go after the move, once.
  CHECK(t.addNote(path[8], mistakeNote(ra.plies[3])));
  CHECK_FALSE(t.addNote(path[8], mistakeNote(ra.plies[3])));
  CHECK(t.node(path[8]).caption.find("8 ?? A:") != std::string::npos);
  CHECK(dgn::write(t.record()).find("note \"8 ?? A: 6-4 R loses 60%") != std::string::npos);
}

TEST_CASE("the record analysis runs off the calling thread and can be stopped") {
  Timeline t;
  REQUIRE_FALSE(t.loadFile(testFile("mistakes.dgn")));
  RecordAnalyser ra;
  const RecordAnalyser::Key key{1, t.branchPath().back()};
  ra.start(key, t);
  CHECK(ra.runs(key));
  CHECK(ra.find(key) == nullptr);  // not computed yet: start returned at once
  ra.cancel();
  CHECK_FALSE(ra.busy());
  ra.poll();
  CHECK(ra.find(key) == nullptr);  // a stopped analysis is never shown
}

TEST_CASE("a win probability is one figure everywhere: rounded half away from zero") {
  // 0.125 was "12%" in the Timeline's tooltip (printf's rounding) and "13%" in the note written for it.
  CHECK(percentText(0.125) == "13");
  CHECK(percentText(0.135) == "14");
  CHECK(percentText(0.0) == "0");
  CHECK(percentText(1.0) == "100");
  CHECK(percentText(0.994) == "99");
  RecordPly p;
  p.number = 6;
  p.mark = ai::Mark::Mistake;
  p.mover = Player::A;
  p.played = "6-2 R";
  p.best = "0-0 L";
  p.playedWin = 0.125;
  p.bestWin = 0.625;
  CHECK(mistakeNote(p) == "6 ? A: 6-2 R loses 50% (best 0-0 L 63%, played 13%)");
}

TEST_CASE("the tile tracker says what a forced lead revealed once it is played, naming the tiles") {
  // Seed 11: A holds 5-5 and 0-0, B 2-2; the double rule makes A lead 5-5, so B had no 6-6.
  Session s = against(Seat::Human, 11);
  const TrackerView before = trackerView(s.timeline(), Visibility::AsA);
  CHECK(before.revealed.empty());
  CHECK(before.cannotHold == 0);
  Intent play = playIntent(s.match().legalMoves().moves[0]);
  REQUIRE(s.match().legalMoves().size == 1);
  s.apply(play);
  const TrackerView after = trackerView(s.timeline(), Visibility::AsA);
  REQUIRE(after.revealed.size() == 1);
  CHECK(after.revealed[0].find("A opened with 5-5") != std::string::npos);
  CHECK(after.revealed[0].rfind("\u2014 6-6") == after.revealed[0].size() - std::string("\u2014 6-6").size());
}

TEST_CASE("the hint calls a tile heavy only when no other tile that can be played is as heavy") {
  // In tip_strongest_number_on_ends the hint led with "a heavy tile (9 pips)" though the rejected
  // 5-4 weighs 9 too. Every position of every scenario: the word is said only of the heaviest tile.
  int heavy = 0, checked = 0;
  for (const auto& e : std::filesystem::directory_iterator(std::string(STUDIO_TEST_DIR) + "/../../scenarios")) {
    if (e.path().extension() != ".dgn") continue;
    Timeline t;
    if (t.loadFile(e.path().string())) continue;
    for (const int node : std::vector<int>(t.branchPath())) {
      t.jump(node);
      const Match& m = t.current().match;
      if (!m.toMove()) continue;
      const TrackerView known = trackerView(t, Visibility::AsA);
      for (const Move& mv : m.legalMoves()) {
        if (mv.kind != MoveKind::Play) continue;
        bool asHeavy = false;
        for (const Move& o : m.legalMoves())
          asHeavy = asHeavy || (o.kind == MoveKind::Play && o.tile != mv.tile && weight(o.tile) >= weight(mv.tile));
        const bool said = hintReason(m, mv, known).find("heavy tile") != std::string::npos;
        heavy += said;
        ++checked;
        if (asHeavy) CHECK_MESSAGE(!said, e.path().filename().string() << ": " << m.moveText(mv));
      }
    }
  }
  CHECK(checked > 100);
  CHECK(heavy > 0);  // the word is still said where it tells a tile apart
}
