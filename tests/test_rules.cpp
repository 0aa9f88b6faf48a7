// SPDX-License-Identifier: MIT
// Rule sets: presets, knob overrides and their errors.
#include <doctest/doctest.h>

#include "core/rules.h"

using namespace dom;

namespace {
Rules ok(std::string_view text) {
  auto r = parseRules(text);
  REQUIRE_MESSAGE(std::holds_alternative<Rules>(r), std::string(text));
  return std::get<Rules>(r);
}
std::string err(std::string_view text) {
  auto r = parseRules(text);
  REQUIRE(std::holds_alternative<std::string>(r));
  return std::get<std::string>(r);
}
}  // namespace

TEST_CASE("rules: the four presets have rules.md's knobs") {
  const Rules d2 = ok("dominoes2");
  CHECK(d2.hand == 7);
  CHECK(d2.reserve == 2);
  CHECK(d2.draw == DrawRule::Until);
  CHECK(d2.lead == LeadRule::Double);
  CHECK(d2.blocked == BlockedRule::Difference);
  CHECK(d2.target == 100);
  CHECK(d2.layout == LayoutRule::Free);
  const Rules el = ok("en-linea");
  CHECK(el.reserve == 0);
  CHECK(el.target == 0);
  CHECK(el.layout == LayoutRule::Snake);
  const Rules dr = ok("draw");
  CHECK(dr.lead == LeadRule::Alternate);
  CHECK(dr.reserve == 2);
  const Rules bl = ok("block");
  CHECK(bl.draw == DrawRule::None);
  CHECK(bl.target == 100);
  for (const auto& n : presetNames()) {
    const Rules r = ok(n);
    CHECK(r.tableW >= kMinTable);
    CHECK(r.tableH >= kMinTable);
    CHECK(r.text().rfind(n + " hand=", 0) == 0);
    CHECK(ok(r.text()) == r);  // the full knob list reads back as the same rule set
  }
  CHECK(el.text().rfind(
            "en-linea hand=7 reserve=0 draw=until lead=double blocked=difference target=0 layout=snake table=", 0) ==
        0);
}

TEST_CASE("rules: overrides") {
  const Rules r =
      ok("dominoes2 target=150 hand=5 reserve=0 draw=none lead=winner blocked=loser layout=snake table=60x30");
  CHECK(r.target == 150);
  CHECK(r.hand == 5);
  CHECK(r.reserve == 0);
  CHECK(r.draw == DrawRule::None);
  CHECK(r.lead == LeadRule::Winner);
  CHECK(r.blocked == BlockedRule::Loser);
  CHECK(r.layout == LayoutRule::Snake);
  CHECK(r.tableW == 60);
  CHECK(r.tableH == 30);
  CHECK(r.preset == "dominoes2");
}

TEST_CASE("rules: errors name the problem") {
  CHECK(err("nosuch").find("unknown preset 'nosuch'") != std::string::npos);
  CHECK(err("en-linea colour=red").find("unknown knob 'colour'") != std::string::npos);
  CHECK(err("en-linea hand=0").find("hand must be 1..14") != std::string::npos);
  CHECK(err("en-linea hand=15").find("hand must be 1..14") != std::string::npos);
  CHECK(err("en-linea reserve=29").find("reserve") != std::string::npos);
  CHECK(err("en-linea target=1001").find("target") != std::string::npos);
  CHECK(err("en-linea draw=sometimes").find("until or none") != std::string::npos);
  CHECK(err("en-linea lead=first").find("double or alternate or winner") != std::string::npos);
  CHECK(err("en-linea table=3x10").find("table") != std::string::npos);
  CHECK(err("en-linea table=20").find("table") != std::string::npos);
  CHECK(err("en-linea draw").find("only one preset") != std::string::npos);
  CHECK(err("en-linea 7").find("unknown knob") != std::string::npos);
  CHECK(err("").find("need a preset") != std::string::npos);
}

TEST_CASE("rules: a repeated knob takes its last value; names and values are lowercase; values are plain digits") {
  CHECK(ok("en-linea hand=5 hand=6").hand == 6);
  CHECK(ok("dominoes2 target=150 target=0").target == 0);
  CHECK(ok("en-linea layout=free layout=snake").layout == LayoutRule::Snake);
  CHECK(ok("en-linea table=10x8 table=52x29").text() ==
        "en-linea hand=7 reserve=0 draw=until lead=double blocked=difference target=0 layout=snake table=52x29");
  CHECK(err("en-linea Hand=5").find("unknown knob 'Hand'") != std::string::npos);
  CHECK(err("en-linea draw=Until").find("until or none") != std::string::npos);
  CHECK(err("en-linea table=10X8").find("table") != std::string::npos);
  CHECK(err("EN-LINEA").find("unknown preset") != std::string::npos);
  CHECK(err("en-linea target=-0").find("target") != std::string::npos);
  CHECK(err("en-linea reserve=-0").find("reserve") != std::string::npos);
  CHECK(err("en-linea hand=+5").find("hand") != std::string::npos);
  CHECK(err("en-linea table=+10x8").find("table") != std::string::npos);
  CHECK(err("en-linea table=10x-8").find("table") != std::string::npos);
  CHECK(err("en-linea hand=").find("hand") != std::string::npos);
  CHECK(err("en-linea table=0x0").find("table") != std::string::npos);
  CHECK(err("en-linea table=65x20").find("table") != std::string::npos);
}

TEST_CASE("rules: knob ranges are inclusive at both ends") {
  CHECK(ok("en-linea hand=1").hand == 1);
  CHECK(ok("en-linea hand=14").hand == 14);
  CHECK(ok("en-linea reserve=28").reserve == 28);
  CHECK(ok("en-linea target=1000").target == 1000);
  CHECK(ok("en-linea target=1").target == 1);
  CHECK(ok("dominoes2 table=4x4").tableW == 4);
  CHECK(ok("en-linea table=64x64").tableH == 64);
  CHECK(ok("en-linea hand=07").hand == 7);  // leading zeros are digits
  CHECK(err("dominoes2 table=4x3").find("table") != std::string::npos);
  CHECK(err("en-linea reserve=29").find("reserve must be 0..28") != std::string::npos);
  CHECK(err("en-linea target=1001").find("target must be 0..1000") != std::string::npos);
}

TEST_CASE("rules: dominoes2 plays on one screen of the original game, 28x20") {
  const Rules r = ok("dominoes2");
  CHECK(r.tableW == 28);
  CHECK(r.tableH == 20);
  CHECK(ok("en-linea").tableW == kMinSnakeW);
  CHECK(ok("en-linea").tableH == kMinSnakeH);
}

TEST_CASE("rules: under layout=snake a table too small for a line of all 28 tiles is an error naming the smallest") {
  const std::string e = err("en-linea table=4x4");
  CHECK(e.find("table 4x4 is too small for layout=snake") != std::string::npos);
  CHECK(e.find("50x24") != std::string::npos);
  CHECK(err("en-linea table=49x64").find("50x24") != std::string::npos);
  CHECK(err("en-linea table=64x23").find("50x24") != std::string::npos);
  CHECK(err("dominoes2 layout=snake").find("table 28x20 is too small") != std::string::npos);
  CHECK(ok("en-linea table=50x24").tableW == 50);
  CHECK(ok("en-linea table=4x4 layout=free").tableW == 4);  // the check is made once every knob is set
  CHECK(ok("dominoes2 table=4x4").tableH == 4);
}

TEST_CASE("rules: rulesError checks a rule set set knob by knob, in parseRules' words (issue 42 #1)") {
  Rules r = ok("en-linea");
  CHECK(rulesError(r).empty());
  CHECK(rulesError(ok("dominoes2 table=4x4")).empty());
  r.hand = -5;
  CHECK(rulesError(r) == "knob hand must be 1..14, not '-5'");
  r.hand = 15;
  CHECK(rulesError(r) == "knob hand must be 1..14, not '15'");
  r = ok("en-linea");
  r.tableW = 30000;
  CHECK(rulesError(r).find("knob table must be WxH with W and H in 4..64") == 0);
  r = ok("en-linea");
  r.tableH = 4;
  CHECK(rulesError(r).find("too small for layout=snake") != std::string::npos);
  r = ok("en-linea");
  r.preset = "en-linea hand=3";
  CHECK(rulesError(r).find("unknown preset 'en-linea hand=3'") == 0);
  r = ok("en-linea");
  r.draw = static_cast<DrawRule>(7);
  CHECK(rulesError(r) == "knob draw must be until or none, not '?'");
  r = ok("en-linea");
  r.layout = static_cast<LayoutRule>(2);
  CHECK(rulesError(r).find("knob layout must be") == 0);
  r = ok("en-linea");
  r.target = -1;
  CHECK(rulesError(r) == "knob target must be 0..1000, not '-1'");
}
