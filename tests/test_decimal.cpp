// SPDX-License-Identifier: MIT
// parseDecimal reads what std::from_chars reads for floating point, in every standard library.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "core/decimal.h"

using dom::parseDecimal;

TEST_CASE("parseDecimal: numbers as from_chars reads them") {
  CHECK(parseDecimal("0") == 0.0);
  CHECK(parseDecimal("1.5") == 1.5);
  CHECK(parseDecimal("-2.25") == -2.25);
  CHECK(parseDecimal(".5") == 0.5);
  CHECK(parseDecimal("1e3") == 1000.0);
  CHECK(parseDecimal("2.5E-1") == 0.25);
  const auto inf = parseDecimal("inf");
  REQUIRE(inf);
  CHECK(std::isinf(*inf));
  const auto nan = parseDecimal("nan");
  REQUIRE(nan);
  CHECK(std::isnan(*nan));
}

TEST_CASE("parseDecimal: what from_chars refuses is refused") {
  const std::string bads[] = {
      "", "-", "+1", " 1", "1 ", "1x", "0x10", "-0x1p3", "--1", "1e", "e5", "1e999", ".", "1,5", std::string("1\0", 2)};
  for (const std::string& bad : bads) CHECK_MESSAGE(!parseDecimal(bad), "'" << bad << "'");
}
