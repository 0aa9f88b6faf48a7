// SPDX-License-Identifier: MIT
// The --script reader without a window: typed commands, FILE:LINE errors, strict numbers.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "studio/model/script_parse.h"

using namespace dom::studio;
using K = ScriptCommand::Kind;

TEST_CASE("script: every script of the studio tests reads without an error") {
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(std::string(STUDIO_TEST_DIR) + "/scripts")) {
    std::ifstream in(e.path());
    std::stringstream ss;
    ss << in.rdbuf();
    const ParsedScript p = parseScript(ss.str());
    for (const auto& err : p.errors) FAIL_CHECK(err.text(e.path().string()));
    CHECK(!p.commands.empty());
    ++files;
  }
  CHECK(files > 10);
}

TEST_CASE("script: commands are typed and keep their line") {
  const ParsedScript p = parseScript(
      "# a comment\n\nopen log\n  wait 3  # three frames\nresize 800x600\nkey left\nctrl z\ncheck /round 1\n"
      "check /title \"a b\"\ncheck /moves >4\nnew 5 dominoes2 hand=5\nseat B greedy\neditor move 6-6 stock\n");
  REQUIRE(p.errors.empty());
  REQUIRE(p.commands.size() == 11);
  CHECK(p.commands[0].kind == K::Action);  // View > Log, when it is not open
  CHECK((p.commands[0].word == "view.pane.log" && p.commands[0].toggle && p.commands[0].on));
  CHECK(p.commands[0].line == 3);
  CHECK(p.commands[1].kind == K::Wait);
  CHECK(p.commands[1].number == 3);
  CHECK(p.commands[1].line == 4);
  CHECK(p.commands[1].text == "wait 3");
  CHECK((p.commands[2].width == 800 && p.commands[2].height == 600));
  CHECK(p.commands[3].key == 263);
  CHECK((p.commands[4].kind == K::Ctrl && p.commands[4].key == 'Z'));
  CHECK(p.commands[5].want == nlohmann::json(1));
  CHECK(p.commands[6].want == nlohmann::json("a b"));
  CHECK(p.commands[7].above == doctest::Approx(4));
  CHECK(p.commands[8].seed == 5);
  CHECK(p.commands[8].word == "dominoes2 hand=5");
  CHECK((p.commands[9].player == dom::Player::B && p.commands[9].word == "greedy"));
  CHECK((p.commands[10].zone == Zone::Stock && p.commands[10].tile == dom::parseTile("6-6")->tile()));
}

TEST_CASE("script: every bad line is an error naming its line, and nothing runs") {
  const ParsedScript p = parseScript(
      "open tabel\nwait -1\njump 1x\nnew -1\nnew 18446744073709551616\nspeed nan\nresize 99999x99999\n"
      "key f1\nfly away\ncheck rules 1\nvisibility c\nstep back\nselect 7-7\nplay 6-6 X\nmonkey 10 -3\n"
      "wait\nundo now\nedit maybe\n");
  CHECK(p.commands.empty());
  REQUIRE(p.errors.size() == 18);
  for (std::size_t i = 0; i < p.errors.size(); ++i) CHECK(p.errors[i].line == static_cast<int>(i) + 1);
  CHECK(p.errors[0].text("s.txt").rfind("s.txt:1: unknown pane 'tabel'", 0) == 0);
  CHECK(p.errors[4].message.find("new takes a seed") != std::string::npos);
  CHECK(p.errors[8].message == "unknown action 'fly'");
  CHECK(p.errors[9].message.find("not a JSON pointer") != std::string::npos);
}

TEST_CASE("script: the coach's commands are typed, and their bad forms refused before anything runs") {
  const ParsedScript p = parseScript(
      "open analysis\nopen tracker\nhint\nwait-analysis\nwait-computer\nanalysis all\nanalysis mover\n"
      "analysis-row 2\nanalysis-play 0\nseat B expert:ms=200\n");
  REQUIRE(p.errors.empty());
  REQUIRE(p.commands.size() == 10);
  CHECK(p.commands[0].pane == Pane::Analysis);
  CHECK(p.commands[1].pane == Pane::Tracker);
  CHECK((p.commands[2].kind == K::Action && p.commands[2].word == "game.hint"));
  CHECK(p.commands[3].kind == K::WaitAnalysis);
  CHECK(p.commands[4].kind == K::WaitComputer);
  CHECK((p.commands[5].kind == K::Analysis && p.commands[5].on));
  CHECK((p.commands[6].kind == K::Analysis && !p.commands[6].on));
  CHECK((p.commands[7].kind == K::AnalysisRow && p.commands[7].number == 2));
  CHECK((p.commands[8].kind == K::AnalysisPlay && p.commands[8].number == 0));
  CHECK(p.commands[9].word == "expert:ms=200");
  const ParsedScript bad = parseScript(
      "hint now\nwait-analysis 3\nwait-computer x\nanalysis\nanalysis both\nanalysis-row\nanalysis-row -1\n"
      "analysis-play 1x\n");
  CHECK(bad.commands.empty());
  REQUIRE(bad.errors.size() == 8);
  for (std::size_t i = 0; i < bad.errors.size(); ++i) CHECK(bad.errors[i].line == static_cast<int>(i) + 1);
  CHECK(bad.errors[4].message == "analysis takes mover or all");
  CHECK(bad.errors[6].message.find("analysis-row N") != std::string::npos);
}

TEST_CASE("script: the record analysis's commands") {
  const ParsedScript p = parseScript(
      "analyse-record\nwait-record-analysis\nnext-mistake\nprev-mistake\nmistake-side A\nmistake-side both\n"
      "analysis-notes\n");
  REQUIRE(p.errors.empty());
  REQUIRE(p.commands.size() == 7);
  // The verbs that name a registry action become that action (run as its menu item would).
  auto is = [&](std::size_t i, const char* id) { return p.commands[i].kind == K::Action && p.commands[i].word == id; };
  CHECK(is(0, "game.analyse"));
  CHECK(p.commands[1].kind == K::WaitRecordAnalysis);
  CHECK(is(2, "game.next_mistake"));
  CHECK(is(3, "game.prev_mistake"));
  CHECK(is(4, "game.mistakes_of.a"));
  CHECK(is(5, "game.mistakes_of.both"));
  CHECK(is(6, "game.analysis_notes"));
  const ParsedScript bad =
      parseScript("analyse-record now\nnext-mistake 2\nmistake-side\nmistake-side a\nmistake-side A B\n");
  CHECK(bad.commands.empty());
  REQUIRE(bad.errors.size() == 5);
  CHECK(bad.errors[3].message == "mistake-side takes A, B or both");
}

TEST_CASE("script: an echoed word is cut to 60 characters") {
  const std::string big(100000, 'x');
  const ParsedScript p = parseScript("key " + big + "\n" + big + "\n");
  REQUIRE(p.errors.size() == 2);
  for (const auto& e : p.errors) {
    CHECK(e.message.size() < 300);
    CHECK(e.message.find("\xE2\x80\xA6") != std::string::npos);  // the ellipsis
  }
}

TEST_CASE("script: a line reads back from its own text") {
  const ParsedScript p = parseScript("click 10.5 -3\nspeed 2.5\ncheck-contains /status cannot export\n");
  REQUIRE(p.errors.empty());
  for (const auto& c : p.commands) {
    ScriptCommand again;
    std::string error;
    REQUIRE(parseScriptLine(c.text, again, error));
    CHECK(again.kind == c.kind);
    CHECK(again.arg == c.arg);
  }
  CHECK(p.commands[0].y == doctest::Approx(-3));
  CHECK(p.commands[2].wantText == "cannot export");
}

TEST_CASE("script: hover takes X Y, as click does") {
  const ParsedScript p = parseScript("hover 1030 124.5\nhover 10\nhover a b\n");
  REQUIRE(p.commands.size() == 1);
  CHECK(p.commands[0].kind == K::Hover);
  CHECK(p.commands[0].x == doctest::Approx(1030));
  CHECK(p.commands[0].y == doctest::Approx(124.5));
  REQUIRE(p.errors.size() == 2);
  CHECK(p.errors[0].line == 2);
  CHECK(p.errors[0].message.find("hover takes X Y") != std::string::npos);
}

TEST_CASE("script: lang takes one of the studio's language codes") {
  const ParsedScript p = parseScript("lang es\nlang pseudo\nlang xx\nlang\nlang es fr\n");
  REQUIRE(p.commands.size() == 2);
  CHECK((p.commands[0].kind == K::Action && p.commands[0].word == "view.language.es"));
  CHECK(p.commands[1].word == "view.language.pseudo");
  REQUIRE(p.errors.size() == 3);
  CHECK(p.errors[0].line == 3);
  CHECK(p.errors[0].message.rfind("lang takes a language code: en, es", 0) == 0);
}

TEST_CASE("script: `action ID` names an action of the registry; modifiers and typing are typed") {
  const ParsedScript p = parseScript(
      "action game.play\naction view.palette\nstep first\nundo\nctrl-shift p\nshift tab\ntype whole table\n");
  REQUIRE(p.errors.empty());
  REQUIRE(p.commands.size() == 7);
  CHECK((p.commands[0].kind == K::Action && p.commands[0].word == "game.play"));
  CHECK(p.commands[1].word == "view.palette");
  CHECK(p.commands[2].word == "game.first");
  CHECK(p.commands[3].word == "edit.undo");
  CHECK((p.commands[4].key == 'P' && p.commands[4].ctrl && p.commands[4].shift));
  CHECK((p.commands[5].key == 258 && !p.commands[5].ctrl && p.commands[5].shift));
  CHECK((p.commands[6].kind == K::Type && p.commands[6].arg == "whole table"));
  const ParsedScript bad = parseScript("action\naction game.fly\naction a b\ntype\nundo now\n");
  CHECK(bad.commands.empty());
  REQUIRE(bad.errors.size() == 5);
  CHECK(bad.errors[1].message.find("unknown action 'game.fly'") == 0);
}

// Issue 26 #5: a check's value nested 100,000 deep overflowed the stack when the failed check was
// formatted; the reader now refuses a value nested deeper than the state could ever be.
TEST_CASE("script: a check's value nested too deep is refused at its line") {
  const std::string deep = "check /round " + std::string(100000, '[') + std::string(100000, ']') + "\n";
  const ParsedScript p = parseScript("check /round [[1]]\n" + deep + "check-contains /title [[[[\n");
  REQUIRE(p.errors.size() == 1);
  CHECK(p.errors[0].line == 2);
  CHECK(p.errors[0].text("s.txt").find("nests 100000 levels deep (at most 32)") != std::string::npos);
  CHECK(p.commands.size() == 2);  // the other two lines read
}

// Issue 26 #15: one size bound for windows: `resize` stops where --size does (8192x8192).
TEST_CASE("script: resize takes the window sizes --size takes") {
  CHECK(parseScript("resize 8192x8192\n").errors.empty());
  const ParsedScript p = parseScript("resize 16384x16384\n");
  REQUIRE(p.errors.size() == 1);
  CHECK(p.errors[0].text("s.txt").find("320x240 to 8192x8192") != std::string::npos);
}

TEST_CASE("script: click-at takes one JSON pointer to a drawn rect (issue 43 #6)") {
  const ParsedScript ok = parseScript("click-at /learnPane/picks/6-2\n");
  REQUIRE(ok.errors.empty());
  REQUIRE(ok.commands.size() == 1);
  CHECK(ok.commands[0].kind == K::ClickAt);
  CHECK(ok.commands[0].pointer == "/learnPane/picks/6-2");
  const ParsedScript bad = parseScript("click-at\nclick-at learnPane\nclick-at /a /b\n");
  CHECK(bad.errors.size() == 3);
  CHECK(bad.commands.empty());
}

TEST_CASE("script: check-absent takes a JSON pointer and the text that must not be there (issue 43)") {
  const ParsedScript p = parseScript("check-absent /timeline 6-2 L\ncheck-absent /caption\ncheck-absent caption 6-2\n");
  REQUIRE(p.commands.size() == 1);
  CHECK(p.commands[0].kind == ScriptCommand::Kind::CheckAbsent);
  CHECK(p.commands[0].pointer == "/timeline");
  CHECK(p.commands[0].wantText == "6-2 L");
  REQUIRE(p.errors.size() == 2);
  CHECK(p.errors[0].message.find("check-absent needs the text to find") != std::string::npos);
  CHECK(p.errors[1].message.find("is not a JSON pointer") != std::string::npos);
}
