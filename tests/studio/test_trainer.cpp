// SPDX-License-Identifier: MIT
// The puzzle trainer's model (trainer.h, session_trainer.cpp) without a window: reading a puzzle of
// a collection, judging the learner's move, the answer line on the timeline, choosing the next
// puzzle, the learner's rating and its saved settings.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "ai/puzzle_gen.h"
#include "studio/model/session.h"
#include "studio/model/trainer.h"

using namespace dom;
using namespace dom::studio;

namespace {
const std::string kSample = std::string(STUDIO_TEST_DIR) + "/../../puzzles/sample.dgn";

Intent puzzleIntent(const std::string& path, int n) { return intent::OpenPuzzle{path, n}; }

Move play(Tile t, End e) { return Move{MoveKind::Play, t, e}; }

// The verdict is searched on a worker thread: wait for it, then let the frame's poll show it.
void judged(Session& s) {
  s.waitForJudging();
  s.pollJobs();
}
}  // namespace

TEST_CASE("trainer: a puzzle opens as its mover sees it, with no note and no file to write over") {
  Session s;
  s.apply(puzzleIntent(kSample, 1));
  REQUIRE_MESSAGE(s.trainer().active(), s.errorText());
  const TrainerPuzzle& p = *s.trainer().puzzle;
  CHECK(p.number == 1);
  CHECK(p.mover == Player::A);
  CHECK(p.title == "Count the tiles: only one move wins");
  CHECK(s.trainer().cards.size() == 7);
  CHECK(s.settings().visibility == Visibility::AsA);
  CHECK(s.settings().isOpen(Pane::Tracker));
  CHECK(s.timeline().size() == 1);
  CHECK(s.timeline().current().caption.empty());  // the note waits for the answer
  CHECK(s.filePath().empty());
  CHECK(s.computerHolds(tileOf(5, 5)));  // B's tiles are the computer's: they cannot be played
  CHECK_FALSE(s.trainer().solved);
}

TEST_CASE("trainer: a wrong move is judged, the split that refutes it named, and the refutation played out") {
  Session s;
  s.apply(puzzleIntent(kSample, 1));
  s.apply(playIntent(play(tileOf(1, 0), End::L)));
  judged(s);
  REQUIRE(s.trainer().solved);
  CHECK_FALSE(*s.trainer().solved);
  CHECK(s.trainer().verdict ==
        "1-0 L does not win by force: it loses when B holds 5-5, 5-4, 4-4, 5-0 and 0-0. The solution is 1-1 L.");
  CHECK(s.settings().learner.streak == 0);
  // The first try of all starts the rating at the puzzle's (an unrated sample: the middle of the
  // ladder's en-linea scale), and a failure lowers it.
  REQUIRE(s.trainer().puzzle);
  CHECK(s.trainer().puzzle->rating == static_cast<int>(std::lround(ai::ladderMiddle(s.trainer().puzzle->rules))));
  CHECK(s.settings().learner.rating < s.trainer().puzzle->rating);
  CHECK(s.trainer().ratingChange < 0);
  // The timeline is the refutation (issue 52 #10): the learner's own move in the split that beats it,
  // then both sides' best play there to the end of the round, which the mover loses.
  const auto& path = s.timeline().branchPath();
  REQUIRE(path.size() >= 3);
  CHECK(s.timeline().node(path[1]).move->tile == tileOf(1, 0));
  const auto& result = s.timeline().node(path.back()).match.lastResult();
  REQUIRE(result);
  CHECK(result->winner == 1);  // B
  CHECK_FALSE(s.timeline().node(path.back()).match.inRound());
  CHECK(s.timeline().currentIndex() == path[1]);
  CHECK(s.autoplay());
  CHECK(
      s.timeline().node(path[1]).caption ==
      "How 1-0 L loses: B holds 5-5, 5-4, 4-4, 5-0 and 0-0. Watch the line that beats it, then try again.\nB has no 1: "
      "after 1-1 the L end is yours alone, "
      "and 1-0 goes out next.");
  CHECK(s.selected() == kNoTile);
  CHECK(s.settings().visibility == Visibility::All);
  // The same puzzle again is practice: the rating stays, the streak counts.
  const double rating = s.settings().learner.rating;
  s.apply(intent::RetryPuzzle{});
  CHECK_FALSE(s.trainer().solved);
  s.apply(playIntent(play(tileOf(1, 1), End::L)));
  judged(s);
  REQUIRE(s.trainer().solved);
  CHECK(*s.trainer().solved);
  CHECK(s.trainer().verdict == "Solved: 1-1 L wins by force.");
  CHECK(s.settings().learner.rating == rating);
  CHECK(s.trainer().ratingChange == 0);
  CHECK(s.settings().learner.streak == 1);
  CHECK(s.settings().learner.history.size() == 2);
  CHECK(s.settings().learner.result(kSample + "#1") == std::optional<bool>(true));
}

TEST_CASE("trainer: the next puzzle is an untried one nearest the rating, of the theme asked for") {
  std::vector<PuzzleCard> cards{
      {1, "a", {"count"}, 1200}, {2, "b", {"block"}, 1450}, {3, "c", {"block"}, 1900}, {4, "d", {"heavy"}, 1500}};
  LearnerProgress l;
  CHECK(nextPuzzle(cards, l, "f", 0) == 2);  // no try yet: near the book's lower quartile, 1450
  l.history.push_back({"g#9", true});        // rated now (1500)
  CHECK(nextPuzzle(cards, l, "f", 0) == 4);  // 1500 itself
  CHECK(nextPuzzle(cards, l, "f", 4) == 2);  // not the current one: 1450 is nearest
  l.history.push_back({"f#2", true});
  CHECK(nextPuzzle(cards, l, "f", 4) == 1);  // tried puzzles come after the untried (1200 before 1900)
  l.theme = "block";
  CHECK(nextPuzzle(cards, l, "f", 0) == 3);  // of the theme: 3 untried, 2 solved
  l.history.push_back({"f#3", false});
  CHECK(nextPuzzle(cards, l, "f", 0) == 3);  // failed before solved
  CHECK(nextPuzzle(cards, l, "f", 3) == 2);
  l.theme = "read";
  CHECK(nextPuzzle(cards, l, "f", 0) == 0);  // none of that theme
}

TEST_CASE("trainer: the rating moves by Glicko-2 on first tries only, and is saved and read back") {
  LearnerProgress l;
  TrainerPuzzle p;
  p.file = "f";
  p.number = 1;
  p.rating = 1500;
  const double up = recordTry(l, p, true);
  CHECK(up > 100);  // a new learner (deviation 350) who solves an even puzzle gains much
  CHECK(l.deviation < 350);
  CHECK(recordTry(l, p, false) == 0);  // practice
  CHECK(l.streak == 0);
  p.number = 2;
  p.rating = 2200;
  const double before = l.rating;
  CHECK(recordTry(l, p, false) < 0);
  CHECK(before - l.rating < 40);  // failing a much harder puzzle costs little
  l.theme = "count";
  Settings s;
  s.learner = l;
  Settings back;
  std::istringstream lines(settingsText(s));
  for (std::string line; std::getline(lines, line);) {
    const auto eq = line.find('=');
    REQUIRE(applySetting(back, line.substr(0, eq), line.substr(eq + 1)).empty());
  }
  CHECK(back.learner.rating == doctest::Approx(l.rating).epsilon(0.001));
  CHECK(back.learner.deviation == doctest::Approx(l.deviation).epsilon(0.001));
  CHECK(back.learner.history == l.history);
  CHECK(back.learner.theme == "count");
  CHECK(applySetting(back, "PuzzleTheme", "chess") == "is not a puzzle theme");
  CHECK(applySetting(back, "PuzzleTry", "f#1=2") == "is FILE#N=0 or FILE#N=1");
  CHECK(applySetting(back, "PuzzleRating", "nan") == "is a number from 0 to 4000");
}

TEST_CASE("trainer: a record that is not a puzzle, or a number past the last, is refused with its file and line") {
  const auto notPuzzle = loadPuzzle(std::string(STUDIO_TEST_DIR) + "/game.dgn", 1);
  REQUIRE(std::holds_alternative<dgn::Error>(notPuzzle));
  CHECK(std::get<dgn::Error>(notPuzzle).message == "record 1 is not a puzzle: it has no 'puzzle' line");
  const auto past = loadPuzzle(kSample, 8);
  REQUIRE(std::holds_alternative<dgn::Error>(past));
  CHECK(std::get<dgn::Error>(past).message == "the file holds 7 records: there is no puzzle 8");
  Session s;
  s.apply(puzzleIntent(kSample, 0));
  CHECK_FALSE(s.trainer().active());
  CHECK(s.errorText().find("there is no puzzle 0") != std::string::npos);
}

TEST_CASE("trainer: every puzzle of the shipped books opens, and its solution is judged right") {
  const std::filesystem::path dir = std::filesystem::path(STUDIO_TEST_DIR) / ".." / ".." / "puzzles";
  for (const char* book : {"en-linea.dgn", "dominoes2.dgn"}) {
    const std::string path = (dir / book).string();
    const auto cards = listPuzzles(path);
    REQUIRE(std::holds_alternative<std::vector<PuzzleCard>>(cards));
    const auto& all = std::get<std::vector<PuzzleCard>>(cards);
    CHECK(all.size() >= 200);
    // A sample of each book through the session (every 25th): judged right, the line won.
    for (std::size_t i = 0; i < all.size(); i += 25) {
      Session s;
      s.apply(puzzleIntent(path, all[i].number));
      REQUIRE_MESSAGE(s.trainer().active(), s.errorText());
      const Move sol = s.trainer().puzzle->solutions.front();
      s.apply(playIntent(sol));
      judged(s);
      REQUIRE(s.trainer().solved);
      CHECK(*s.trainer().solved);
      const Match& end = s.timeline().node(s.timeline().branchPath().back()).match;
      REQUIRE(end.lastResult());
      CHECK(end.lastResult()->winner == idx(s.trainer().puzzle->mover));
    }
  }
}

TEST_CASE("learn: every lesson of the course is completed with three stars by its expected answers") {
  const std::filesystem::path dir = std::filesystem::path(STUDIO_TEST_DIR) / ".." / ".." / "lessons";
  int lessons = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".dgn") continue;
    ++lessons;
    CAPTURE(entry.path().filename().string());
    Session s;
    s.apply(intent::StartLesson{entry.path().string()});
    REQUIRE_MESSAGE(s.course().active(), s.errorText());
    CHECK(s.filePath().empty());  // a lesson is never saved over
    const std::size_t steps = s.course().steps.size();
    REQUIRE(steps > 0);
    for (int guard = 0; s.course().pending() && guard < 1000; ++guard) {
      const LessonStep& step = *s.course().pending();
      if (s.timeline().currentIndex() != step.node) {
        s.apply(intentOf(intent::Cmd::Next));  // the notes before the task
        continue;
      }
      using TK = dgn::Task::Kind;
      const dgn::Task& t = step.task;
      Intent in;
      switch (t.kind) {
        case TK::Play: in = playIntent(t.moves.front()); break;
        case TK::Draw: in = playIntent(Move{MoveKind::Draw}); break;
        case TK::Pass: in = playIntent(Move{MoveKind::Pass}); break;
        case TK::End: in = intent::AnswerEnd{t.end == End::L ? End::L : End::R}; break;
        case TK::Tiles: in = intent::AnswerTiles{t.tiles}; break;
        case TK::Points: in = intent::AnswerPoints{t.points}; break;
      }
      const std::size_t before = s.course().step;
      s.apply(in);
      REQUIRE_MESSAGE(s.course().step == before + 1, s.course().feedback);
    }
    CHECK_FALSE(s.course().pending());
    CHECK(s.course().stars == std::optional<int>(3));
    CHECK(s.settings().starsOf(entry.path().filename().string()) == 3);
  }
  CHECK(lessons >= 12);
}

TEST_CASE("learn: a wrong answer is refused with its reason, the timeline waits, and stars fall with the tries") {
  Session s;
  s.apply(intent::StartLesson{std::string(STUDIO_TEST_DIR) + "/../../lessons/10_winning_by_domino.dgn"});
  REQUIRE(s.course().active());
  while (s.course().pending() && s.timeline().currentIndex() != s.course().pending()->node)
    s.apply(intentOf(intent::Cmd::Next));
  REQUIRE(s.course().pending());
  const int node = s.timeline().currentIndex();
  s.apply(intentOf(intent::Cmd::Next));  // refused: the task waits
  CHECK(s.timeline().currentIndex() == node);
  CHECK(s.statusText().rfind("First the task: ", 0) == 0);
  const int nodes = s.timeline().size();
  s.apply(intentOf(intent::Cmd::Undo));  // refused too: it could take back the record's moves
  CHECK(s.timeline().size() == nodes);
  CHECK(s.timeline().currentIndex() == node);
  s.apply(intent::AnswerPoints{3});  // the wrong kind of answer for a play task
  CHECK_FALSE(s.course().lastRight);
  CHECK(s.course().feedback == "That is not the kind of answer this task asks for.");
  CHECK(s.course().wrongTries == 1);
  CHECK(lesson::stars(0) == 3);
  CHECK(lesson::stars(2) == 2);
  CHECK(lesson::stars(3) == 1);
  // Another file or a new game ends the lesson.
  s.apply(intentOf(intent::Cmd::EndLesson));
  CHECK_FALSE(s.course().active());
}

TEST_CASE("trainer: a verdict that takes minutes is searched off the frame; no second answer meanwhile (issue 42 #5)") {
  // B may hold any 7 of 14 tiles under layout=free: the searches take minutes; apply() returns at once.
  Session s;
  s.apply(puzzleIntent(std::string(STUDIO_TEST_DIR) + "/hard_puzzle.dgn", 1));
  REQUIRE_MESSAGE(s.trainer().active(), s.errorText());
  s.apply(playIntent(play(tileOf(5, 0), End::L)));
  CHECK(s.trainer().judging);
  REQUIRE(s.trainer().solved);
  CHECK_FALSE(*s.trainer().solved);
  CHECK(s.trainer().verdict.find("Judging 5-0 L") == 0);
  CHECK(s.settings().learner.history.size() == 1);  // the try counts at once
  s.pollJobs();
  CHECK(s.trainer().judging);
  // A second answer is refused: the table stays the puzzle's.
  s.apply(playIntent(play(tileOf(5, 1), End::L)));
  CHECK(s.timeline().size() == 1);
  CHECK(s.statusText().find("judging your answer") == 0);
  CHECK(s.settings().learner.history.size() == 1);
  // Another puzzle drops the search (and the session's end never waits for it).
  s.apply(puzzleIntent(kSample, 1));
  CHECK_FALSE(s.trainer().judging);
  s.apply(playIntent(play(tileOf(1, 1), End::L)));
  judged(s);
  CHECK_FALSE(s.trainer().judging);
  CHECK(s.trainer().verdict == "Solved: 1-1 L wins by force.");
}

// Issue 43 #10: a verdict names every move that wins by force, not only the first solution.
TEST_CASE("trainer: a puzzle with two solutions names both in its verdict") {
  const std::string book = std::string(STUDIO_TEST_DIR) + "/../../puzzles/en-linea.dgn";
  Session s;
  s.apply(puzzleIntent(book, 15));
  REQUIRE_MESSAGE(s.trainer().active(), s.errorText());
  REQUIRE(s.trainer().puzzle->solutions.size() == 2);
  s.apply(playIntent(play(tileOf(6, 3), End::L)));
  judged(s);
  REQUIRE(s.trainer().solved);
  CHECK(*s.trainer().solved);
  CHECK(s.trainer().verdict == "Solved: 6-3 L wins by force. Every move that wins: 6-3 L and 2-1 R.");
  Session w;
  w.apply(puzzleIntent(book, 15));
  const MoveList legal = w.match().legalMoves();
  const auto wrong = std::find_if(legal.begin(), legal.end(), [&](const Move& m) {
    return std::none_of(w.trainer().puzzle->solutions.begin(), w.trainer().puzzle->solutions.end(),
                        [&](const Move& x) { return x.same(m); });
  });
  REQUIRE(wrong != legal.end());
  w.apply(playIntent(*wrong));
  judged(w);
  REQUIRE(w.trainer().solved);
  CHECK_FALSE(*w.trainer().solved);
  const std::string& v = w.trainer().verdict;
  CHECK(v.find("Each of these wins by force: ") != std::string::npos);
  CHECK(v.find("6-3 L") != std::string::npos);
  CHECK(v.find("2-1 R") != std::string::npos);
}
