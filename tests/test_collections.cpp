// SPDX-License-Identifier: MIT
// DGN collections (several records in one file) and the form of puzzle statements.
#include <doctest/doctest.h>

#include <string>

#include "core/dgn.h"

using namespace dom;

namespace {
dgn::Error errorOf(const std::string& text) {
  auto r = dgn::load(text, "t.dgn");
  REQUIRE_MESSAGE(std::holds_alternative<dgn::Error>(r), "expected an error in:\n" << text);
  return std::get<dgn::Error>(r);
}

const char* kPuzzle = R"(dgn 1
rules en-linea
puzzle "Count the tiles: only one move wins"
theme count block
rating 1500
round 1
hand A 1-1 1-0
hand B 5-5 5-4 4-4 5-0 0-0
line 1-2 2-2 2-4 4-0 0-6 6-1 1-5 5-2 2-0 0-3 3-5 5-6 6-6* 6-2 2-3 3-3 3-4 4-1 1-3 3-6 6-4
turn A
solution 1-1 L  # the only one
note "B has no 1: after 1-1 the L end is yours alone, and 1-0 goes out next."
)";

// kPuzzle with `from` replaced by `to` (once).
std::string puzzleWith(const std::string& from, const std::string& to) {
  std::string s = kPuzzle;
  const auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}
}  // namespace

TEST_CASE("collections: a file splits at each dgn line that follows a statement, with the file's lines") {
  const std::string text = "# lead\ndgn 1\nrules en-linea\n\n# about two\ndgn 1\nrules dominoes2\n  dgn 1 # three\n";
  const auto parts = dgn::splitRecords(text);
  REQUIRE(parts.size() == 3);
  CHECK(parts[0].firstLine == 1);
  CHECK(parts[0].dgnLine == 2);
  CHECK(parts[0].text == "# lead\ndgn 1\nrules en-linea\n");
  CHECK(parts[1].firstLine == 4);  // the blank and comment lines before a dgn line go with its record
  CHECK(parts[1].dgnLine == 6);
  CHECK(parts[1].text == "\n# about two\ndgn 1\nrules dominoes2\n");
  CHECK(parts[2].firstLine == 8);
  CHECK(parts[2].dgnLine == 8);
  // A quoted "dgn", or a word that only starts with dgn, starts nothing.
  CHECK(dgn::splitRecords("dgn 1\nrules en-linea\n\"dgn\" 1\ndgnx 1\n").size() == 1);
  CHECK(dgn::splitRecords("").size() == 1);
  CHECK(dgn::splitRecords("dgn 1\n").size() == 1);
}

TEST_CASE("collections: each part reads on its own; load refuses a collection naming the count") {
  const std::string text = "dgn 1\nrules en-linea\ntitle \"one\"\ndgn 1\nrules dominoes2\ntitle \"two\"\n";
  const auto parts = dgn::splitRecords(text);
  REQUIRE(parts.size() == 2);
  auto second = dgn::loadPart(parts[1], "t.dgn");
  REQUIRE(std::holds_alternative<dgn::Loaded>(second));
  CHECK(std::get<dgn::Loaded>(second).record.title == "two");
  CHECK(std::get<dgn::Loaded>(second).record.rules.preset == "dominoes2");
  const auto e = errorOf(text);
  CHECK(e.line == 4);
  CHECK(e.message.find("holds 2 records") != std::string::npos);
  // An error in the second record has the file's line number.
  const auto bad = dgn::loadPart(dgn::splitRecords(text + "round x\n")[1], "t.dgn");
  REQUIRE(std::holds_alternative<dgn::Error>(bad));
  CHECK(std::get<dgn::Error>(bad).line == 7);
}

TEST_CASE("puzzles: the spec's example reads, keeps its statements and writes back as a fixed point") {
  auto r = dgn::load(kPuzzle, "t.dgn");
  const dgn::Error* e = std::get_if<dgn::Error>(&r);
  REQUIRE_MESSAGE(!e, (e ? e->text() : std::string()));
  const dgn::Record& rec = std::get<dgn::Loaded>(r).record;
  REQUIRE(rec.puzzle);
  CHECK(rec.puzzle->title == "Count the tiles: only one move wins");
  CHECK(rec.puzzle->themes == std::vector<std::string>{"count", "block"});
  CHECK(rec.puzzle->rating == 1500);
  REQUIRE(rec.puzzle->solutions.size() == 1);
  CHECK(rec.puzzle->solutions[0].text == "1-1 L");
  CHECK(rec.puzzle->solutions[0].line == 11);
  CHECK(rec.puzzle->solutions[0].comment == " the only one");
  // The solution is not played: the position stays the setup.
  CHECK(std::get<dgn::Loaded>(r).match.state().hand[0] == (bit(tileOf(1, 1)) | bit(tileOf(1, 0))));
  const std::string once = dgn::write(rec);
  CHECK(once.find("puzzle \"Count the tiles: only one move wins\"\ntheme count block\nrating 1500\n") !=
        std::string::npos);
  CHECK(once.find("solution 1-1 L  # the only one\n") != std::string::npos);
  auto again = dgn::load(once, "t.dgn");
  REQUIRE(std::holds_alternative<dgn::Loaded>(again));
  CHECK(dgn::write(std::get<dgn::Loaded>(again).record) == once);
}

TEST_CASE("puzzles: form errors name their line") {
  struct Case {
    std::string from, to;
    dgn::LineNo line;
    std::string fragment;
  };
  const Case cases[] = {
      {"puzzle \"Count the tiles: only one move wins\"", "puzzle Count", 3, "puzzle takes its title"},
      {"theme count block", "theme count luck", 4, "unknown theme 'luck'"},
      {"theme count block", "theme count count", 4, "theme 'count' given twice"},
      {"rating 1500", "rating 4001", 5, "rating takes a whole number 0..4000"},
      {"rating 1500", "rating -1", 5, "rating takes a whole number"},
      {"rating 1500", "rating 01500", 5, "rating takes a whole number"},
      {"solution 1-1 L", "solution 1-0 R", 11, "solution '1-0 R' is not a legal move"},
      {"solution 1-1 L", "solution 1-1 L\nsolution 1-1", 12, "solution 1-1 L repeats line 11"},
      {"solution 1-1 L", "A: 1-1 L", 11, "a puzzle plays no moves"},
      {"solution 1-1 L  # the only one\n", "", 6, "it has no 'solution' line"},
      {"rules en-linea", "rules en-linea hand=5", 6, "closed to chance"},  // a stock of 4 > reserve 0
      {"note \"B", "round 2\nnote \"B", 12, "a puzzle has one round"},
      {"puzzle \"Count the tiles: only one move wins\"\n", "", 3, "theme belongs to a puzzle"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.to);
    std::string text = puzzleWith(c.from, c.to);
    if (c.fragment == "closed to chance")
      text = puzzleWith("hand B 5-5 5-4 4-4 5-0 0-0", "hand B 5-5\nstock 5-4 4-4 5-0 0-0");
    const auto e = errorOf(text);
    CHECK(e.line == c.line);
    CHECK_MESSAGE(e.message.find(c.fragment) != std::string::npos, e.message);
  }
  // A negative example is checked, not played: a puzzle may hold one.
  auto negative =
      dgn::load(puzzleWith("solution 1-1 L", "solution 1-1 L\nexpect error \"not B's turn\"\nB: 4-4 R"), "t.dgn");
  CHECK(std::holds_alternative<dgn::Loaded>(negative));
  // A puzzle from a deal, and solution/theme outside a puzzle.
  CHECK(errorOf("dgn 1\nrules en-linea\npuzzle \"x\"\nround 1\nseed 3\n").message.find("starts from a setup") !=
        std::string::npos);
  CHECK(errorOf("dgn 1\nrules en-linea\nround 1\nseed 3\nsolution 6-6\n").message.find("belongs to a puzzle") !=
        std::string::npos);
  CHECK(errorOf("dgn 1\nrules en-linea\nrating 3\n").line == 3);
}
