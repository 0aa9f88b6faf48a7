// SPDX-License-Identifier: MIT
// Learn mode's rules of a teacher (docs/lessons.md, "The future is hidden"), without a window: a
// lesson `dominoes check` refuses does not open; the future of a lesson does not exist until it is
// reached; no text on screen holds a task's answer before it is given; every route stops at a task;
// every wrong try counts, with its reason. Issue 42 item 17 and issue 43 items 1-5.
#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>

#include "core/lesson.h"
#include "studio/model/disclosure.h"
#include "studio/model/scene.h"
#include "studio/model/session.h"
#include "studio/model/viewmodel.h"

using namespace dom;
using namespace dom::studio;

namespace {
const std::filesystem::path kLessons = std::filesystem::path(STUDIO_TEST_DIR) / ".." / ".." / "lessons";
using TK = dgn::Task::Kind;

Session lessonSession(const std::filesystem::path& file) {
  Session s;
  s.apply(intent::StartLesson{file.string()});
  return s;
}

// Steps forward to the task that waits (the notes before it).
void reachTask(Session& s) {
  for (int guard = 0; guard < 1000 && s.course().pending() && !s.lessonWaits(); ++guard)
    s.apply(intentOf(intent::Cmd::Next));
}

std::string lowered(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

bool namesTile(const std::string& text, Tile t) {
  return text.find(tileText(high(t), low(t))) != std::string::npos ||
         text.find(tileText(low(t), high(t))) != std::string::npos;
}

bool hasWord(const std::string& text, const std::string& word) {
  return std::regex_search(lowered(text), std::regex("\\b" + word));
}

// Every text the session puts on screen at the current position: the caption (or the explanation
// in its place), the timeline's rows, the score, the hands' pip totals, the status line and the
// Learn pane's verdict (the prompt aside: it is the question).
std::string screenText(const Session& s, bool rows = true) {
  const Timeline& t = s.timeline();
  std::string all = t.current().caption + "\n" + explainPosition(t, s.settings().visibility) + "\n";
  for (const TimelineRow& r : timelineRows(t, s.settings().visibility))
    if (rows || r.node == t.currentIndex()) all += r.player + ": " + r.move + " / " + r.caused + "\n";
  const ScoreView v = scoreView(t);
  all += "score " + std::to_string(v.scores[0]) + " " + std::to_string(v.scores[1]) + "\n";
  for (const std::string& r : v.rounds) all += r + "\n";
  all += v.match + "\n";
  for (const HandView& h : handsView(t, s.settings().visibility))
    if (h.pips >= 0) all += "pips " + std::to_string(h.pips) + "\n";
  all += s.statusText() + "\n";
  if (!s.course().lastRight) all += s.course().feedback + "\n";
  return all;
}

// What gives the waiting task's answer away, or "".
std::string givenAway(const Session& s, const LessonStep& step) {
  const std::string text = screenText(s);
  const dgn::Task& task = step.task;
  // The future does not exist: no node after the one reached (the walk only steps forward, so that is
  // the current one), and at the task none of the statements after it.
  if (s.timeline().branchPath().back() != s.timeline().currentIndex())
    return "the timeline holds positions the learner has not reached";
  if (step.node < s.timeline().size() && s.timeline().node(step.node).statements.size() > step.statement)
    return "the task's position holds the statements after it";
  switch (task.kind) {
    case TK::Play:
      for (const Move& m : task.moves) {
        const std::string cap = s.timeline().current().caption;
        for (const std::string& tile : {tileText(high(m.tile), low(m.tile)), tileText(low(m.tile), high(m.tile))})
          if (cap.find("plays " + tile) != std::string::npos || cap.find(tile + " wins") != std::string::npos)
            return "the caption says " + tile + " is the move";
        if (m.end == End::None && namesTile(s.timeline().current().caption, m.tile))
          return "the caption names the lead " + tileText(m.tile);
        // A task that takes the tile on any end asks only which tile: the caption must not single it
        // out (name it and no other tile that can be played).
        if (s.lessonWaits() && namesTile(s.timeline().current().caption, m.tile)) {
          bool anyEnd = true, others = false;
          Mask playable = 0;  // one tile that can be played: naming it gives nothing away
          for (const Move& l : s.match().legalMoves())
            if (l.kind == MoveKind::Play) playable |= bit(l.tile);
          for (const Move& l : s.match().legalMoves()) {
            if (l.tile == m.tile)
              anyEnd = anyEnd && std::any_of(task.moves.begin(), task.moves.end(),
                                             [&](const Move& t) { return t.tile == l.tile && t.end == l.end; });
            else if (l.kind == MoveKind::Play)
              others = others || namesTile(s.timeline().current().caption, l.tile);
          }
          if (anyEnd && !others && std::popcount(playable) > 1)
            return "the caption singles out the tile to play, " + tileText(m.tile);
        }
        const std::string e(1, letter(m.end));
        if (m.end != End::None && (text.find(tileText(high(m.tile), low(m.tile)) + " " + e) != std::string::npos ||
                                   text.find(tileText(low(m.tile), high(m.tile)) + " " + e) != std::string::npos))
          return "the screen names the move " + tileText(m.tile) + " " + e;
      }
      break;
    case TK::Draw:
    case TK::Pass: {
      const std::string word = task.kind == TK::Draw ? "draw" : "pass";
      if (hasWord(s.timeline().current().caption, word)) return "the caption says " + word;
      break;
    }
    case TK::End: {
      const std::string e(1, letter(task.end));
      if (std::regex_search(text, std::regex("\\bend " + e + "\\b|\\b" + e + " end\\b")))
        return "the screen names end " + e;
      break;
    }
    case TK::Tiles: {
      bool all = true;
      forEachHeaviestFirst(task.tiles, [&](Tile t) { all = all && namesTile(s.timeline().current().caption, t); });
      if (all) return "the caption names every tile asked for";
      break;
    }
    case TK::Points:
      // Before the round's end its numbers are others: the result is hidden where the task waits.
      if (!s.lessonWaits()) break;
      if (std::regex_search(screenText(s, false),
                            std::regex("(^|[^0-9-])" + std::to_string(task.points) + "([^0-9-]|$)")))
        return "the screen shows the points " + std::to_string(task.points);
      if (scoreView(s.timeline()).scores != scoreView(s.timeline().node(step.node - 1).match).scores)
        return "the score shows the round's result";
      for (const HandView& h : handsView(s.timeline(), Visibility::All))
        if (h.pips >= 0) return "the hands show their pip totals";
      break;
  }
  return {};
}

Intent answerOf(const dgn::Task& t) {
  switch (t.kind) {
    case TK::Play: return playIntent(t.moves.front());
    case TK::Draw: return playIntent(Move{MoveKind::Draw});
    case TK::Pass: return playIntent(Move{MoveKind::Pass});
    case TK::End: return intent::AnswerEnd{t.end == End::L ? End::L : End::R};
    case TK::Tiles: return intent::AnswerTiles{t.tiles};
    case TK::Points: return intent::AnswerPoints{t.points};
  }
  return Intent{};
}

std::vector<std::filesystem::path> course() {
  std::vector<std::filesystem::path> out;
  for (const auto& e : std::filesystem::directory_iterator(kLessons))
    if (e.path().extension() == ".dgn") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}
}  // namespace

TEST_CASE("learn: a lesson that dominoes check refuses does not open, with check's message (issue 42 #17)") {
  // The task asks for 5-5 R; the record plays 5-3 R.
  const std::filesystem::path file = std::filesystem::temp_directory_path() / "dominoes_bad_lesson.dgn";
  {
    std::ofstream f(file);
    f << "dgn 1\nrules en-linea\ntitle \"Bad\"\nround 1\nhand A 5-5 5-3 0-0\nhand B 6-2 1-0 4-4\n"
         "stock 2-0 6-5 6-4 5-4 5-2 4-3 6-0 4-2 3-3 5-0 4-1 3-2 4-0 3-1 2-2 3-0 2-1\n"
         "line 3-6 6-6* 6-1 1-1 1-5\nturn A\ntask play 5-5 R \"Play the double.\"\nA: 5-3 R\n";
  }
  const std::string text = [&] {
    std::ifstream f(file);
    return std::string(std::istreambuf_iterator<char>(f), {});
  }();
  int tasks = 0;
  const auto checked = lesson::readChecked(dgn::Part{text, 1, 1}, file.string(), tasks);
  REQUIRE(std::holds_alternative<dgn::Error>(checked));
  const std::string message = std::get<dgn::Error>(checked).text();
  CHECK(message.find("is not one the task lists") != std::string::npos);
  Session s = lessonSession(file);
  CHECK_FALSE(s.course().active());
  CHECK(s.errorText() == message);
  std::filesystem::remove(file);
}

TEST_CASE("learn: no task's answer is on screen before it is given, in every lesson of the course (issue 43 #1-3)") {
  int tasksSeen = 0;
  for (const auto& file : course()) {
    CAPTURE(file.filename().string());
    Session s = lessonSession(file);
    REQUIRE_MESSAGE(s.course().active(), s.errorText());
    for (int guard = 0; s.course().pending() && guard < 200; ++guard) {
      // At every position before the task, and at the task itself.
      const LessonStep step = *s.course().pending();
      CAPTURE(step.task.prompt);
      for (int g = 0; g < 1000; ++g) {
        CHECK_MESSAGE(givenAway(s, step) == "", givenAway(s, step));
        if (s.lessonWaits()) break;
        s.apply(intentOf(intent::Cmd::Next));
      }
      REQUIRE(s.lessonWaits());
      ++tasksSeen;
      const std::size_t before = s.course().step;
      s.apply(answerOf(step.task));
      REQUIRE_MESSAGE(s.course().step == before + 1, s.course().feedback);
    }
    CHECK(s.course().stars == std::optional<int>(3));
    // Every task answered: the whole record is there.
    s.apply(intentOf(intent::Cmd::Last));
    CHECK(s.timeline().currentIndex() == s.course().record.branchPath().back());
  }
  CHECK(tasksSeen >= 50);
}

TEST_CASE("learn: a points task hides the round's result, score and pip totals until it is answered (issue 43 #2)") {
  Session s = lessonSession(kLessons / "11_a_blocked_round.dgn");
  REQUIRE(s.course().active());
  s.apply(intentOf(intent::Cmd::Last));  // to the play task
  REQUIRE(s.lessonWaits());
  s.apply(answerOf(s.course().pending()->task));
  reachTask(s);
  REQUIRE(s.lessonWaits());
  REQUIRE(s.course().pending()->task.kind == TK::Points);
  CHECK(scoreView(s.timeline()).scores == std::array<int, 2>{0, 0});
  CHECK(scoreView(s.timeline()).rounds.empty());
  for (const HandView& h : handsView(s.timeline(), Visibility::All)) CHECK(h.pips == -1);
  CHECK(timelineRows(s.timeline()).back().caused.empty());
  CHECK(explainPosition(s.timeline(), Visibility::All).find("16") == std::string::npos);
  s.apply(intent::AnswerPoints{16});
  CHECK(s.course().stars == std::optional<int>(3));
  CHECK(scoreView(s.timeline()).scores == std::array<int, 2>{0, 16});
  // The notes after the task are said with the verdict's position: the record's whole text is there.
  CHECK(s.timeline().current().caption.find("24 - 8 = 16") != std::string::npos);
}

TEST_CASE("learn: End, Autoplay and jumps stop at the task that waits (issue 43 #4)") {
  Session s = lessonSession(kLessons / "11_a_blocked_round.dgn");
  REQUIRE(s.course().active());
  const int task = s.course().pending()->node;
  s.apply(intentOf(intent::Cmd::Last));
  CHECK(s.timeline().currentIndex() == task);
  CHECK(s.lessonWaits());
  s.apply(intentOf(intent::Cmd::Last));  // again: the task still waits
  CHECK(s.timeline().currentIndex() == task);
  s.apply(intentOf(intent::Cmd::First));
  s.apply(intentOf(intent::Cmd::Autoplay));
  for (int i = 0; i < 200; ++i) s.tick(1.0f);
  CHECK(s.timeline().currentIndex() == task);
  CHECK_FALSE(s.autoplay());
  s.apply(jumpIntent(task + 5));  // no such position yet
  CHECK(s.timeline().currentIndex() == task);
  CHECK(s.timeline().size() == task + 1);
  // The answer then goes on as before.
  s.apply(answerOf(s.course().pending()->task));
  CHECK(s.course().step == 1);
}

TEST_CASE("learn: an illegal draw, pass or tile at any task is a wrong try with the engine's reason (issue 43 #5)") {
  Session s = lessonSession(kLessons / "03_matching_an_end.dgn");
  REQUIRE(s.course().active());
  reachTask(s);
  REQUIRE(s.course().pending()->task.kind == TK::Tiles);
  s.apply(playIntent(Move{MoveKind::Draw}));
  CHECK(s.course().wrongTries == 1);
  CHECK_FALSE(s.course().lastRight);
  CHECK(s.course().feedback.find("cannot draw while able to play") != std::string::npos);
  s.apply(playIntent(Move{MoveKind::Pass}));
  CHECK(s.course().wrongTries == 2);
  CHECK(s.course().feedback.find("cannot pass while able to play") != std::string::npos);
  // A tile that cannot be played, tried on the table while a tiles task waits.
  s.apply(intent::Select{tileOf(5, 4)});
  s.apply(intentOf(intent::Cmd::PlaySelected));
  CHECK(s.course().wrongTries == 3);
  CHECK_FALSE(s.course().feedback.empty());
  // Lesson 6's draw task: a pass is a wrong try too.
  Session d = lessonSession(kLessons / "06_drawing_until_a_tile_plays.dgn");
  reachTask(d);
  REQUIRE(d.course().pending()->task.kind == TK::Draw);
  d.apply(playIntent(Move{MoveKind::Pass}));
  d.apply(playIntent(Move{MoveKind::Pass}));
  CHECK(d.course().wrongTries == 2);
  while (d.course().pending()) {
    reachTask(d);
    d.apply(answerOf(d.course().pending()->task));
  }
  CHECK(d.course().stars == std::optional<int>(2));
}

namespace {
// What in a task's own prompt gives its answer away, or "": a play task's prompt names its tile only
// when the question is the end (another end is legal for that tile and wrong); a draw or pass task's
// prompt does not say the action; a points task's does not hold the number; an end task's does not
// name the end.
std::string promptGivesAway(const dgn::Task& task, const Match& m) {
  const std::string prompt = task.prompt;
  switch (task.kind) {
    case TK::Play:
      for (const Move& a : task.moves) {
        if (!namesTile(prompt, a.tile)) continue;
        bool endAsked = false;
        for (const Move& l : m.legalMoves()) {
          const bool listed = std::any_of(task.moves.begin(), task.moves.end(),
                                          [&](const Move& t) { return t.tile == l.tile && t.end == l.end; });
          endAsked = endAsked || (l.tile == a.tile && !listed);
        }
        if (!endAsked) return "the prompt names the tile to play, " + tileText(a.tile);
      }
      break;
    case TK::Draw: return hasWord(prompt, "draw") ? "the prompt says draw" : "";
    case TK::Pass: return hasWord(prompt, "pass") ? "the prompt says pass" : "";
    case TK::Points:
      return std::regex_search(prompt, std::regex("(^|[^0-9-])" + std::to_string(task.points) + "([^0-9-]|$)"))
                 ? "the prompt holds the points"
                 : "";
    case TK::End: return hasWord(prompt, task.end == End::L ? "left" : "right") ? "the prompt names the end" : "";
    case TK::Tiles: break;
  }
  return {};
}
}  // namespace

TEST_CASE("learn: no task's prompt says its answer (issue 43 #3)") {
  int prompts = 0;
  for (const auto& file : course()) {
    CAPTURE(file.filename().string());
    Session s = lessonSession(file);
    REQUIRE(s.course().active());
    for (int guard = 0; s.course().pending() && guard < 200; ++guard) {
      reachTask(s);
      REQUIRE(s.lessonWaits());
      const dgn::Task& task = s.course().pending()->task;
      CAPTURE(task.prompt);
      CHECK(promptGivesAway(task, s.match()) == "");
      ++prompts;
      s.apply(answerOf(task));
    }
  }
  CHECK(prompts >= 50);
}

TEST_CASE("learn: the record's next position comes into being only when the learner steps to it") {
  Session s = lessonSession(kLessons / "11_a_blocked_round.dgn");
  REQUIRE(s.course().active());
  // At the start the timeline is the deal alone, though the first task is 34 moves on.
  CHECK(s.timeline().size() == 1);
  CHECK(timelineRows(s.timeline()).size() == 1);
  s.apply(intentOf(intent::Cmd::Next));
  s.apply(intentOf(intent::Cmd::Next));
  CHECK(s.timeline().size() == 3);
  // Going back does not take back what was seen; stepping on again shows no more than before.
  s.apply(intentOf(intent::Cmd::First));
  CHECK(s.timeline().size() == 3);
  s.apply(intentOf(intent::Cmd::Next));
  CHECK(s.timeline().size() == 3);
}

TEST_CASE("learn: a note the learner adds stays when the next task comes (issue 43)") {
  Session s = lessonSession(kLessons / "01_highest_double_leads.dgn");
  REQUIRE(s.course().active());
  reachTask(s);
  const int node = s.timeline().currentIndex();
  s.apply(intent::AddNotes{{{node, "my own note"}}});
  REQUIRE(s.timeline().node(node).caption.find("my own note") != std::string::npos);
  s.apply(answerOf(s.course().pending()->task));
  CHECK(s.course().step == 1);
  CHECK(s.timeline().node(node).caption.find("my own note") != std::string::npos);
}

TEST_CASE("learn: nothing drawn answers a task, at any position of the lesson (issue 52 #1-#5)") {
  int tasks = 0;
  for (const auto& file : course()) {
    CAPTURE(file.filename().string());
    Session s = lessonSession(file);
    REQUIRE(s.course().active());
    while (s.course().pending()) {
      reachTask(s);
      ++tasks;
      const Disclosure d = disclosure(s);
      CHECK_FALSE(d.legality);
      CHECK_FALSE(d.blocking);
      CHECK_FALSE(d.reserve);
      CHECK_FALSE(d.stockFaces);
      CHECK_FALSE(d.pips);
      CHECK_FALSE(d.analysis);
      CHECK_FALSE(d.freeHint);
      // The table: no end drawn blocked, no ghost for any tile of the mover's hand.
      const Match& m = s.match();
      if (const auto mover = m.toMove()) {
        forEachHeaviestFirst(m.state().hand[static_cast<std::size_t>(idx(*mover))], [&](Tile t) {
          const TableScene scene = sceneOf(m, t, true, kNoTile, !d.blocking);
          CHECK(scene.ghosts.empty());
          for (const SceneEnd& e : scene.ends) CHECK_FALSE(drawnBlocked(e));
        });
      }
      // The words: nothing of what can be played, drawn or passed; no pip total here or one step back.
      const std::string words = explainPosition(s.timeline(), Visibility::All, d.legality);
      CHECK_FALSE(hasWord(words, "can play"));
      CHECK_FALSE(hasWord(words, "must"));
      for (int back = 0; back < 2; ++back) {
        for (const HandView& h : handsView(s.timeline(), Visibility::All, d.pips, d.legality)) {
          CHECK(h.pips == -1);
          CHECK(h.playable == 0);
        }
        if (back == 0 && s.timeline().pathPos() > 0) s.apply(intentOf(intent::Cmd::Prev));
        CHECK_FALSE(disclosure(s).pips);  // still hidden a step back: the task still waits
      }
      reachTask(s);
      s.apply(answerOf(s.course().pending()->task));
    }
    CHECK(disclosure(s).all());  // the lesson done, everything is shown again
  }
  CHECK(tasks > 40);
}

TEST_CASE("learn: a hint costs a star, says so first, and agrees with the lesson (issue 52 #4, #7)") {
  Session s = lessonSession(kLessons / "05_choosing_the_end.dgn");
  REQUIRE(s.course().active());
  reachTask(s);
  s.apply(answerOf(s.course().pending()->task));  // task 1, right
  reachTask(s);
  REQUIRE(s.course().pending()->task.kind == TK::Play);
  s.apply(intentOf(intent::Cmd::Hint));
  CHECK(s.course().hints == 0);
  CHECK(s.statusText().find("costs a star") != std::string::npos);
  s.apply(intentOf(intent::Cmd::Hint));
  CHECK(s.course().hints == 1);
  // The lesson's own answer (2-4 on R), never the coach's 4-2 on L.
  CHECK(s.statusText().find("R") != std::string::npos);
  CHECK(s.selected() == tileOf(4, 2));
  s.apply(intentOf(intent::Cmd::Hint));  // asked again at the same task: not counted twice
  CHECK(s.course().hints == 1);
  while (s.course().pending()) {
    reachTask(s);
    s.apply(answerOf(s.course().pending()->task));
  }
  CHECK(s.course().wrongTries == 0);
  CHECK(s.course().stars == std::optional<int>(2));
  CHECK(lesson::stars(0, 0) == 3);
  CHECK(lesson::stars(0, 2) == 1);
  CHECK(lesson::stars(5, 3) == 1);
}

TEST_CASE("learn: a draw refused at a task does not name the tile that can be played (issue 52 #5)") {
  Session s = lessonSession(kLessons / "03_matching_an_end.dgn");
  reachTask(s);
  const Match& m = s.match();
  const Mask hand = m.state().hand[static_cast<std::size_t>(idx(*m.toMove()))];
  s.apply(playIntent(Move{MoveKind::Draw}));
  REQUIRE(s.course().wrongTries == 1);
  forEachHeaviestFirst(hand, [&](Tile t) { CHECK_FALSE(namesTile(s.course().feedback, t)); });
}
