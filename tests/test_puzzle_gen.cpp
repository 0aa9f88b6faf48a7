// SPDX-License-Identifier: MIT
// The puzzle generator (ai/puzzle_gen) and its Glicko-2 fit (ai/glicko2): determinism, the proof of
// every puzzle it writes, the theme filter, the closed bank of texts, and Glickman's worked example.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "ai/glicko2.h"
#include "ai/puzzle_gen.h"

using namespace dom;

namespace {

ai::PuzzleGenOptions options(const char* rules, std::uint64_t count, std::uint64_t seed) {
  ai::PuzzleGenOptions opt;
  opt.rules = *preset(rules);
  opt.count = count;
  opt.seed = seed;
  return opt;
}

// Every record of a collection's text, read back.
std::vector<dgn::Record> readAll(const std::string& text) {
  std::vector<dgn::Record> out;
  for (const dgn::Part& part : dgn::splitRecords(text)) {
    auto r = dgn::loadPart(part, "gen.dgn");
    const dgn::Error* e = std::get_if<dgn::Error>(&r);
    REQUIRE_MESSAGE(!e, (e ? e->text() : std::string()));
    out.push_back(std::get<dgn::Loaded>(r).record);
  }
  return out;
}

}  // namespace

TEST_CASE("glicko2: Glickman's worked example") {
  const ai::glicko2::Rating player{1500, 200, 0.06};
  const std::vector<ai::glicko2::Game> games{
      {{1400, 30, 0.06}, 1.0}, {{1550, 100, 0.06}, 0.0}, {{1700, 300, 0.06}, 0.0}};
  const ai::glicko2::Rating r = ai::glicko2::update(player, games, 0.5);
  CHECK(r.r == doctest::Approx(1464.06).epsilon(0.00001));
  CHECK(r.rd == doctest::Approx(151.52).epsilon(0.0001));
  CHECK(r.vol == doctest::Approx(0.05999).epsilon(0.0001));
  // No game: only the deviation grows.
  const ai::glicko2::Rating idle = ai::glicko2::update(player, {});
  CHECK(idle.r == 1500);
  CHECK(idle.rd > 200);
}

TEST_CASE("glicko2: wins raise a rating, losses lower it") {
  const ai::glicko2::Rating start{};
  const ai::glicko2::Rating up = ai::glicko2::update(start, {{{1500, 60, 0.06}, 1.0}, {{1700, 60, 0.06}, 1.0}});
  const ai::glicko2::Rating down = ai::glicko2::update(start, {{{1500, 60, 0.06}, 0.0}, {{1300, 60, 0.06}, 0.0}});
  CHECK(up.r > 1500);
  CHECK(down.r < 1500);
  CHECK(up.rd < 350);
}

TEST_CASE("puzzle generator: deterministic for a seed, whatever the threads") {
  auto opt = options("en-linea", 3, 7);
  const auto one = ai::generatePuzzles(opt);
  const auto two = ai::generatePuzzles(opt);
  opt.threads = 2;
  const auto threaded = ai::generatePuzzles(opt);
  REQUIRE(one.puzzles.size() == 3);
  CHECK(ai::puzzlesText(one.puzzles) == ai::puzzlesText(two.puzzles));
  CHECK(ai::puzzlesText(one.puzzles) == ai::puzzlesText(threaded.puzzles));
  CHECK(one.stats.games == threaded.stats.games);
  CHECK(one.stats.positions == threaded.stats.positions);
  CHECK(one.stats.kept == 3);
}

TEST_CASE("puzzle generator: every puzzle it writes is proved, titled and noted from the bank") {
  std::set<std::string> titles, sentences;
  for (const auto& t : ai::puzzleThemeTexts()) {
    sentences.insert(std::string(t.sentence));
    for (const char c : t.sentence) CHECK_MESSAGE(!std::isdigit(static_cast<unsigned char>(c)), t.sentence);
  }
  for (const char* rules : {"en-linea", "dominoes2"}) {
    const auto res = ai::generatePuzzles(options(rules, 3, 11));
    const std::string text = ai::puzzlesText(res.puzzles);
    const auto records = readAll(text);
    REQUIRE(records.size() == 3);
    for (const dgn::Record& rec : records) {
      REQUIRE(rec.puzzle);
      const auto wrong = ai::checkPuzzle(rec, "gen.dgn");
      CHECK_MESSAGE(!wrong, (wrong ? wrong->text() : std::string()));
      CHECK(!rec.puzzle->themes.empty());
      REQUIRE(rec.puzzle->rating);
      CHECK(*rec.puzzle->rating >= 0);
      CHECK(*rec.puzzle->rating <= dgn::kMaxRating);
      // The title is a theme's phrase and the mover; the note, sentences of the bank.
      const std::string mover = std::string(": ") + letter(*rec.rounds.front().turn) + " to move";
      CHECK(rec.puzzle->title == ai::puzzleTitle(rec.rules, rec.puzzle->themes, *rec.rounds.front().turn));
      CHECK(rec.puzzle->title.ends_with(mover));
      std::string note;
      for (const auto& s : rec.rounds.front().statements)
        if (s.kind == dgn::Statement::Kind::Note) note = s.note;
      CHECK(note == ai::puzzleNote(rec.puzzle->themes));
      CHECK(
          sentences.contains(note.substr(0, note.find(". ") == std::string::npos ? note.size() : note.find(". ") + 1)));
    }
    // Written again, the collection is the same text.
    CHECK(ai::puzzlesText(records) == text);  // write(read(x)) == x
  }
}

TEST_CASE("puzzle generator: --themes keeps only puzzles with one of them") {
  auto opt = options("en-linea", 3, 3);
  opt.themes = {"doubles", "heavy"};
  const auto res = ai::generatePuzzles(opt);
  REQUIRE(res.puzzles.size() == 3);
  for (const dgn::Record& rec : res.puzzles) {
    const auto& th = rec.puzzle->themes;
    CHECK((std::find(th.begin(), th.end(), "doubles") != th.end() ||
           std::find(th.begin(), th.end(), "heavy") != th.end()));
  }
  CHECK(res.stats.puzzles >= res.stats.kept);
}

TEST_CASE("puzzle generator: themes are words of kPuzzleThemes, at least one") {
  CHECK(ai::puzzleNote({"count"}) == std::string(ai::puzzleThemeTexts().back().sentence));
  CHECK(ai::puzzleTitle(*preset("en-linea"), {"block", "count"}, Player::A) == "Block the line: A to move");
  CHECK(ai::puzzleTitle(*preset("dominoes2"), {"count"}, Player::B) == "Dominoes 2.0 — Count the tiles: B to move");
  for (const auto& t : ai::puzzleThemeTexts())
    CHECK(std::find(dgn::kPuzzleThemes.begin(), dgn::kPuzzleThemes.end(), t.theme) != dgn::kPuzzleThemes.end());
}
