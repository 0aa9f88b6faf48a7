// SPDX-License-Identifier: MIT
// The small helpers the unit tests share: tiles and rule sets from their text, and the match a DGN
// record leaves. Each stops its test case with a message when the text is wrong.
#pragma once
#include <doctest/doctest.h>

#include <initializer_list>
#include <string>
#include <string_view>
#include <variant>

#include "core/dgn.h"
#include "core/rules.h"
#include "core/tile.h"

namespace dom::test {

// The tile written "6-4" (either half first).
[[nodiscard]] inline Tile T(std::string_view name) {
  const auto t = parseTile(name);
  REQUIRE_MESSAGE(t, "not a tile: " << name);
  return t->tile();
}

// The set of the tiles written.
[[nodiscard]] inline Mask tiles(std::initializer_list<const char*> names) {
  Mask m = 0;
  for (const char* n : names) m |= bit(T(n));
  return m;
}

// The rule set written "en-linea" or "dominoes2 table=4x4".
[[nodiscard]] inline Rules rulesOf(std::string_view text) {
  auto parsed = parseRules(text);
  if (const auto* e = std::get_if<std::string>(&parsed)) FAIL("rules " << text << ": " << *e);
  return std::get<Rules>(parsed);
}

// The final position of a valid record.
[[nodiscard]] inline Match matchOf(const std::string& dgnText) {
  auto r = dgn::load(dgnText, "t.dgn");
  if (const auto* e = std::get_if<dgn::Error>(&r)) FAIL(e->text());
  return std::get<dgn::Loaded>(r).match;
}

}  // namespace dom::test
