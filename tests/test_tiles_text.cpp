// SPDX-License-Identifier: MIT
// The one tile-set-to-text (core/reason.h tilesText and listText): the reasons', the lessons', the
// puzzle checker's and the trainer's lists in words, and the DGN reader's hand in DGN's form.
#include <doctest/doctest.h>

#include <string>
#include <variant>

#include "core/dgn.h"
#include "core/reason.h"

using namespace dom;

namespace {

Mask tiles(std::initializer_list<const char*> words) {
  Mask m = 0;
  for (const char* w : words) m |= bit(parseTile(w)->tile());
  return m;
}

// The words of a translator that writes " and " as " y ", as the studio's Spanish does.
const char* spanish(const char* english) { return std::string_view(english) == " and " ? " y " : english; }

}  // namespace

TEST_CASE("tilesText writes tiles heaviest first, in words or as DGN writes a hand") {
  CHECK(tilesText(0).empty());
  CHECK(tilesText(tiles({"4-2"})) == "4-2");
  CHECK(tilesText(tiles({"1-0", "4-2"})) == "4-2 and 1-0");
  CHECK(tilesText(tiles({"1-0", "6-2", "4-2"})) == "6-2, 4-2 and 1-0");
  CHECK(tilesText(tiles({"1-0", "6-2", "4-2"}), TilesForm::Dgn) == "6-2 4-2 1-0");
  CHECK(tilesText(0, TilesForm::Dgn) == "(none)");
  CHECK(listText({}).empty());
  CHECK(listText({"6-3 L"}) == "6-3 L");
  CHECK(listText({"6-3 L", "2-1 R", "draw"}) == "6-3 L, 2-1 R and draw");
}

TEST_CASE("the words' form follows the translator; DGN's never does") {
  setWords(spanish, nullptr);
  const std::string words = tilesText(tiles({"1-0", "6-2", "4-2"}));
  const std::string dgn = tilesText(tiles({"1-0", "6-2", "4-2"}), TilesForm::Dgn);
  const std::string list = listText({"a", "b"});
  std::string english;
  {
    const EnglishWords guard;
    english = tilesText(tiles({"1-0", "4-2"}));
  }
  setWords(nullptr, nullptr);
  CHECK(words == "6-2, 4-2 y 1-0");
  CHECK(list == "a y b");
  CHECK(dgn == "6-2 4-2 1-0");
  CHECK(english == "4-2 and 1-0");
}

TEST_CASE("a failed `expect hand` names both hands in DGN's form") {
  const std::string text =
      "dgn 1\nrules en-linea\nround 1\nhand A 6-6 6-5 4-4 3-1 2-0 1-1 0-0\nhand B 5-5 5-4 4-3 3-3 2-2 2-1 1-0\n"
      "stock 6-4 6-3 6-2 6-1 6-0 5-3 5-2 5-1 5-0 4-2 4-1 4-0 3-2 3-0\nA: 6-6\nexpect hand A 6-6 0-0\n";
  const auto read = dgn::read(text, "t.dgn");
  REQUIRE(std::holds_alternative<dgn::Error>(read));
  CHECK(std::get<dgn::Error>(read).message ==
        "expect hand failed: expected hand A 6-6 0-0, found 6-5 4-4 3-1 2-0 1-1 0-0");
}
