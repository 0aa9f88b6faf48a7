// SPDX-License-Identifier: MIT
// DGN reader and writer: statements, errors with their lines, and the canonical round trip.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>

#include "core/dgn.h"
#include "core/summary.h"
#include "test_util.h"

using namespace dom;
using namespace dom::test;

namespace {
const char* kExample = R"(dgn 1
rules en-linea
players "Ana" "Computer"
round 1
hand A 6-6 6-5 4-4 3-1 2-0 1-1 0-0
hand B 5-5 5-4 4-3 3-3 2-2 2-1 1-0
stock 6-4 6-3 6-2 6-1 6-0 5-3 5-2 5-1 5-0 4-2 4-1 4-0 3-2 3-0
A: 6-6
B: draw 6-4
B: 6-4 R
A: 4-4 R
B: 4-3 R
A: 3-1 R
B: 1-0 R
A: 0-0 R
B: draw
B: 6-3 L
A: 0-2 R
)";

dgn::Error errorOf(const std::string& text) {
  auto r = dgn::load(text, "t.dgn");
  REQUIRE_MESSAGE(std::holds_alternative<dgn::Error>(r), "expected an error in:\n" << text);
  return std::get<dgn::Error>(r);
}

std::string withMoves(const std::string& moves) { return std::string(kExample) + moves; }

}  // namespace

TEST_CASE("dgn: the spec's example replays to the documented position") {
  const Match m = matchOf(kExample);
  CHECK(m.state().ends[0] == 3);
  CHECK(m.state().ends[1] == 2);
  CHECK(m.state().turn == Player::B);
  const auto j = summary(m);
  CHECK(j["line"].dump() == R"(["3-6","6-6","6-4","4-4","4-3","3-1","1-0","0-0","0-2"])");
  CHECK(j["hands"]["A"].dump() == R"(["6-5","1-1"])");
  CHECK(j["stock"] == 12);
  CHECK(j["legal"].dump() == R"(["3-3 L","2-2 R","2-1 R"])");
}

TEST_CASE("dgn: the setup example and its JSON summary") {
  const Match m = matchOf(R"(dgn 1
rules en-linea
round 1
hand A 5-5 3-2
hand B 6-2 1-0 4-4
stock 0-0 2-0 2-1 2-2 3-0 3-1 3-3 4-0 4-1 4-2 4-3 5-0 5-2 5-3 5-4 6-0 6-4 6-5
line 3-6 6-6* 6-1 1-1 1-5
turn B
score A 40 B 12
)");
  const auto j = summary(m);
  CHECK(
      j.dump() ==
      R"({"rules":")" + m.rules().text() +
          R"(","round":1,"turn":"B","line":["3-6","6-6","6-1","1-1","1-5"],"ends":[3,5],"hands":{"A":["5-5","3-2"],"B":["6-2","4-4","1-0"]},"stock":18,"scores":{"A":40,"B":12},"result":null,"match":null,"legal":["draw"]})");
}

TEST_CASE("dgn: every error names its line") {
  struct Case {
    std::string text;
    int line;
    const char* fragment;
  };
  const std::string head =
      "dgn 1\nrules en-linea\nround 1\nhand A 6-6 6-5 4-4 3-1 2-0 1-1 0-0\nhand B 5-5 5-4 4-3 3-3 2-2 2-1 1-0\n";
  const std::string stock = "stock 6-4 6-3 6-2 6-1 6-0 5-3 5-2 5-1 5-0 4-2 4-1 4-0 3-2 3-0\n";
  const Case cases[] = {
      {"rules en-linea\n", 1, "first statement must be 'dgn 1'"},
      {"dgn 2\n", 1, "unsupported DGN version"},
      {"dgn 1\nrules nosuch\n", 2, "unknown preset"},
      {"dgn 1\nrules en-linea colour=red\n", 2, "unknown knob"},
      {"dgn 1\nrules en-linea hand=15\n", 2, "knob hand must be 1..14"},
      {"dgn 1\nround 1\n", 2, "missing 'rules'"},
      {head + stock + "A: 6-7\n", 7, "malformed tile"},
      {head + stock + "A: 6-6\nB: 6-5 R\n", 8, "is not in B's hand"},
      {head + stock + "A: 6-6\nB: draw\nB: 5-5 R\n", 9, "matches no open end"},
      {head + stock + "B: 6-6\n", 7, "not B's turn"},
      {head + stock + "A: 6-5\n", 7, "the lead must be 6-6"},
      {head + stock + "A: 6-6\nB: draw 6-3\n", 8, "is not the top of the stock"},
      {head + stock + "A: 6-6\nB: draw\nB: draw\n", 9, "cannot draw while able to play"},
      {head + stock + "A: 6-6\nB: pass\n", 8, "cannot pass while able to draw"},
      {head + stock + "A: 6-6\nB: draw\nB: pass\n", 9, "cannot pass while able to play"},
      {head + "stock 6-4 6-3 6-2 6-1 6-0 5-3 5-2 5-1 5-0 4-2 4-1 4-0 3-2\n", 6, "the deal misses 3-0"},
      {head + "stock 6-4 6-3 6-2 6-1 6-0 5-3 5-2 5-1 5-0 4-2 4-1 4-0 3-2 3-0 6-6\n", 6, "repeats 6-6"},
      {"dgn 1\nrules en-linea\nround 1\nhand A 6-6 6-5 4-4 3-1 2-0 1-1\nhand B 5-5 5-4 4-3 3-3 2-2 2-1 1-0\n"
       "stock 0-0 6-4 6-3 6-2 6-1 6-0 5-3 5-2 5-1 5-0 4-2 4-1 4-0 3-2 3-0\n",
       4, "hand A has 6 tiles"},
      {head + stock + "expect turn B\n", 7, "expected turn B, found A"},
      {head + stock + "A: 6-6\nexpect ends 6 5\n", 8, "expected ends 6 5, found 6 6"},
      {head + stock + "expect legal 6-5\n", 7, "expected legal"},
      {head + stock + "expect stock 13\n", 7, "expected stock 13, found 14"},
      {head + stock + "expect hand B 5-5\n", 7, "expected hand B"},
      {head + stock + "expect score A 1 B 0\n", 7, "expected score"},
      {head + stock + "expect result A domino 3\n", 7, "expected result"},
      {head + stock + "expect match A\n", 7, "expected match A"},
      {head + stock + "expect error \"not B's turn\"\nA: 6-6\n", 8, "but the move is legal"},
      {head + stock + "round 2\n", 7, "round 1 is not over"},
      {head + stock + "A: 6-6 L left\n", 7, ""},
      {"dgn 1\nrules en-linea\nnote \"unterminated\n", 3, "unterminated string"},
      {"dgn 1\nrules en-linea\nfrobnicate\n", 3, "unknown statement"},
      {std::string("dgn 1\nrules en-linea\n\xff\xfe\n"), 3, "UTF-8"},
      {std::string("dgn 1\nrules en-linea\nround 1\0\n", 30), 3, "NUL"},
      {"dgn 1\nrules en-linea\nround 2\n", 3, "expected round 1"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.text);
    if (std::string(c.fragment).empty()) continue;  // lead with an end is accepted: the end is ignored
    const auto e = errorOf(c.text);
    CHECK(e.line == c.line);
    CHECK_MESSAGE(e.message.find(c.fragment) != std::string::npos, e.text());
    CHECK(e.text().rfind("t.dgn:" + std::to_string(c.line) + ": ", 0) == 0);
  }
}

TEST_CASE("dgn: expect error checks the move without playing it") {
  const Match m =
      matchOf(withMoves("expect error \"not A's turn\"\nA: 3-3 L\nexpect turn B\nexpect hand B 5-5 5-4 3-3 2-2 2-1\n"));
  CHECK(m.state().turn == Player::B);
}

TEST_CASE("dgn: the end may be left out only when one end takes the tile") {
  CHECK(matchOf(withMoves("B: 2-2\nexpect ends 3 2\n")).state().turn == Player::A);
  const auto e = errorOf(withMoves("B: draw\nB: draw\n"));  // B holds 3-3: it can play
  CHECK(e.line == 19);
}

TEST_CASE("dgn: writer is canonical and write(read(x)) is a fixed point") {
  const std::string messy =
      std::string(kExample) + "note \"B has a \\\"choice\\\" now\"\nexpect legal 2-1 R, 3-3 L, 2-2 R\n";
  auto r1 = dgn::read(messy, "a");
  REQUIRE(std::holds_alternative<dgn::Record>(r1));
  const std::string w1 = dgn::write(std::get<dgn::Record>(r1));
  CHECK(w1.find("A: 0-2 R") != std::string::npos);
  CHECK(w1.find("B: draw 6-3") != std::string::npos);
  CHECK(w1.find("note \"B has a \\\"choice\\\" now\"") != std::string::npos);
  auto r2 = dgn::read(w1, "b");
  REQUIRE(std::holds_alternative<dgn::Record>(r2));
  CHECK(dgn::write(std::get<dgn::Record>(r2)) == w1);
  const auto a = dgn::load(messy, "a"), b = dgn::load(w1, "b");
  CHECK(summary(std::get<dgn::Loaded>(a).match).dump() == summary(std::get<dgn::Loaded>(b).match).dump());
}

TEST_CASE("dgn: seed deals are written out in full") {
  auto r = dgn::read("dgn 1\nrules draw\nround 1\nseed 42\n", "s");
  REQUIRE(std::holds_alternative<dgn::Record>(r));
  const std::string w = dgn::write(std::get<dgn::Record>(r));
  CHECK(w.find("seed") == std::string::npos);
  CHECK(w.find("hand A ") != std::string::npos);
  const Deal d = dealFromSeed(42, 7);
  CHECK(std::get<dgn::Record>(r).rounds[0].hand == d.hand);
}

TEST_CASE("dgn: a match to a target needs the next round line") {
  // A single-tile hand: A's lead is a domino.
  const std::string deal =
      "hand A 6-6\nhand B 0-0\nstock 6-5 6-4 6-3 6-2 6-1 6-0 5-5 5-4 5-3 5-2 5-1 5-0 4-4 4-3 4-2 4-1 4-0 3-3 3-2 3-1 "
      "3-0 2-2 2-1 2-0 "
      "1-1 1-0\n";
  const Match m = matchOf("dgn 1\nrules draw hand=1 target=0\nround 1\n" + deal +
                          "A: 6-6\nexpect result A domino 0\nexpect match A\nexpect turn none\n");
  CHECK(m.matchOver());
  const auto e = errorOf("dgn 1\nrules draw hand=1 target=0\nround 1\n" + deal + "A: 6-6\nround 2\n");
  CHECK(e.message.find("the match is over") != std::string::npos);
  const auto e2 = errorOf("dgn 1\nrules draw hand=1 target=0\nround 1\n" + deal + "A: 6-6\nB: 0-0 R\n");
  CHECK(e2.line == 8);
}

TEST_CASE("dgn: rejected statements after expect error are written back") {
  const std::string text = std::string(kExample) +
                           "expect error \"round 1 is not over\"\nround 2\nexpect error \"not A's turn\"\nA: 3-3 L\n";
  auto r = dgn::read(text, "a");
  REQUIRE(std::holds_alternative<dgn::Record>(r));
  const std::string w = dgn::write(std::get<dgn::Record>(r));
  CHECK(w.find("expect error \"round 1 is not over\"\nround 2\n") != std::string::npos);
  CHECK(w.find("expect error \"not A's turn\"\nA: 3-3 L\n") != std::string::npos);
  auto again = dgn::read(w, "b");
  REQUIRE(std::holds_alternative<dgn::Record>(again));
  CHECK(dgn::write(std::get<dgn::Record>(again)) == w);
}

TEST_CASE("dgn: a rejected statement keeps its quoted words quoted") {
  // Found by the fuzzer: an empty quoted string in a negative example was written back as nothing,
  // so the second write differed from the first.
  const std::string text =
      std::string(kExample) + "expect error \"malformed\"\nB: 8-5 \"\" \"two words\" \"a \\\"q\\\"\"x\n";
  auto r = dgn::read(text, "a");
  REQUIRE(std::holds_alternative<dgn::Record>(r));
  const std::string w = dgn::write(std::get<dgn::Record>(r));
  CHECK(w.find("B: 8-5 \"\" \"two words\" \"a \\\"q\\\"\" x\n") != std::string::npos);
  auto again = dgn::read(w, "b");
  REQUIRE(std::holds_alternative<dgn::Record>(again));
  CHECK(dgn::write(std::get<dgn::Record>(again)) == w);
}

TEST_CASE("dgn audit: headings belong to layout=free and never to the lead") {
  CHECK(errorOf(withMoves("B: 2-2 R straight\n")).message.find("needs layout=free") != std::string::npos);
  const std::string deal =
      "round 1\nhand A 6-6 6-5 4-4 3-1 2-0 1-1 0-0\nhand B 5-5 5-4 4-3 3-3 2-2 2-1 1-0\n"
      "stock 6-4 6-3 6-2 6-1 6-0 5-3 5-2 5-1 5-0 4-2 4-1 4-0 3-2 3-0\n";
  const auto snake = errorOf("dgn 1\nrules en-linea\n" + deal + "A: 6-6 L left\n");
  CHECK(snake.line == 7);
  CHECK(snake.message.find("needs layout=free") != std::string::npos);
  const auto free = errorOf("dgn 1\nrules dominoes2\n" + deal + "A: 6-6 left\n");
  CHECK(free.line == 7);
  CHECK(free.message.find("the lead lies at the centre") != std::string::npos);
  CHECK(matchOf("dgn 1\nrules dominoes2\n" + deal + "A: 6-6 straight\n").state().turn == Player::B);
}

TEST_CASE("dgn audit: equal ends both take a tile, so its end must be named") {
  // Ends 3 and 3 after A's lead 3-3; B's 5-3 fits both ends.
  const std::string text =
      "dgn 1\nrules en-linea hand=2\nround 1\nhand A 3-3 1-0\nhand B 5-3 2-1\n"
      "stock 6-6 6-5 6-4 6-3 6-2 6-1 6-0 5-5 5-4 5-2 5-1 5-0 4-4 4-3 4-2 4-1 4-0 3-2 3-1 3-0 2-2 2-0 1-1 0-0\n"
      "A: 3-3\n";
  const Match m = matchOf(text);
  CHECK(summary(m)["legal"].dump() == R"(["3-5 L","3-5 R"])");
  const auto e = errorOf(text + "B: 5-3\n");
  CHECK(e.line == 8);
  CHECK(e.message.find("fits both ends") != std::string::npos);
  CHECK(summary(matchOf(text + "B: 5-3 L\n"))["line"].dump() == R"(["5-3","3-3"])");
}

TEST_CASE("dgn audit: problems at the end of the text name its last line") {
  CHECK(errorOf("").line == 1);
  CHECK(errorOf("\n").line == 1);
  CHECK(errorOf("# only a comment\n\n").line == 2);
  CHECK(errorOf("dgn 1\n").line == 1);
  CHECK(errorOf("dgn 1").line == 1);
  CHECK(errorOf("dgn 1\r\nplayers \"a\" \"b\"\r\n").line == 2);
}

TEST_CASE("dgn audit: deal problems, the first line first") {
  const std::string stock14 = "stock 6-4 6-3 6-2 6-1 6-0 5-3 5-2 5-1 5-0 4-2 4-1 4-0 3-2 3-0\n";
  // A short hand also leaves a tile out: the hand's own line is the first problem.
  const auto e =
      errorOf("dgn 1\nrules en-linea\nround 1\nhand A 6-6 6-5 4-4 3-1 2-0 1-1\nhand B 5-5 5-4 4-3 3-3 2-2 2-1 1-0\n" +
              stock14 + "A: 6-6\n");
  CHECK(e.line == 4);
  CHECK(e.message.find("hand A has 6 tiles") != std::string::npos);
  const auto b = errorOf(
      "dgn 1\nrules en-linea\nround 1\nhand B 5-5 5-4 4-3 3-3 2-2 2-1 1-0 0-0\nhand A 6-6 6-5 4-4 3-1 2-0 1-1\n" +
      stock14 + "A: 6-6\n");
  CHECK(b.line == 4);
  CHECK(b.message.find("hand B has 8 tiles") != std::string::npos);
  // An expect result's points cannot wrap around to the right number.
  const auto p = errorOf(withMoves("expect result A domino 4294967296\n"));
  CHECK(p.line == 19);
  // Seeds take the whole unsigned 64-bit range.
  CHECK(matchOf("dgn 1\nrules en-linea\nround 1\nseed 18446744073709551615\n").state().stockCount() == 14);
  CHECK(errorOf("dgn 1\nrules en-linea\nround 1\nseed 18446744073709551616\n").line == 4);
  CHECK(errorOf("dgn 1\nrules en-linea\nround 1\nseed -1\n").line == 4);
}

TEST_CASE("dgn audit: the summary's hands put the higher high half first between equal weights") {
  const Match m = matchOf(
      "dgn 1\nrules en-linea\nround 1\nhand A 3-3 4-2 5-1 6-0 2-2 3-1 4-0\nhand B 6-6 6-5 6-4 6-3 6-2 6-1 5-5\n"
      "stock 5-4 5-3 5-2 5-0 4-4 4-3 4-1 3-2 3-0 2-1 2-0 1-1 1-0 0-0\n");
  CHECK(summary(m)["hands"]["A"].dump() == R"(["6-0","5-1","4-2","3-3","4-0","3-1","2-2"])");
  CHECK(summary(m)["turn"] == "B");
  CHECK(summary(m)["ends"].dump() == "[]");
  CHECK(summary(m)["legal"].dump() == R"(["6-6"])");
}

TEST_CASE("dgn: quoted text escapes quotes, backslashes and control characters, and reads them back") {
  CHECK(dgn::quote("say \"hi\" \\ now") == R"("say \"hi\" \\ now")");
  CHECK(dgn::quote("one\ntwo\tthree\rfour") == R"("one\ntwo\tthree\rfour")");
  CHECK(dgn::quote(std::string("bell\x07 del\x7F")) == R"("bell\x07 del\x7F")");
  // Nothing below a space (and no DEL) is ever written raw.
  std::string all;
  for (int c = 1; c < 128; ++c) all += static_cast<char>(c);
  const std::string q = dgn::quote(all);
  CHECK(std::none_of(q.begin(), q.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; }));
  // Every escape the writer makes, the reader reads back to the same text.
  dgn::Record rec;
  rec.rules = *preset("en-linea");
  rec.rulesText = "en-linea";
  rec.title = all;
  rec.about = "a \\x41 stays as written, and so does a lone \\ or \\q";
  auto back = dgn::read(dgn::write(rec), "t.dgn");
  REQUIRE(std::holds_alternative<dgn::Record>(back));
  CHECK(std::get<dgn::Record>(back).title == all);
  CHECK(std::get<dgn::Record>(back).about == rec.about);
  // Escapes read in a note; a backslash that starts no escape is refused (issue 26: it was kept as
  // an ordinary character, so "\q" and "\\q" read the same).
  auto r = dgn::read("dgn 1\nrules en-linea\nround 1\nseed 1\nnote \"a\\nb \\x1F \\\\q\"\n", "t.dgn");
  REQUIRE(std::holds_alternative<dgn::Record>(r));
  CHECK(std::get<dgn::Record>(r).rounds[0].statements[0].note == "a\nb \x1F \\q");
  for (const char* bad : {"\\q", "\\x41", "\\x00", "\\x1", "\\ "}) {
    auto e = dgn::read(std::string("dgn 1\nrules en-linea\nround 1\nseed 1\nnote \"a ") + bad + " b\"\n", "t.dgn");
    REQUIRE(std::holds_alternative<dgn::Error>(e));
    CHECK(std::get<dgn::Error>(e).line == 5);
    CHECK(std::get<dgn::Error>(e).message.find("unknown escape") != std::string::npos);
  }
}

TEST_CASE("dgn: notes with line breaks and two notes in a row stay readable: write(read(x)) is a fixed point") {
  dgn::Record rec = std::get<dgn::Record>(
      dgn::read("dgn 1\nrules en-linea\nround 1\nseed 7\nnote \"first note\"\nnote \"second note\"\n", "t.dgn"));
  REQUIRE(rec.rounds[0].statements.size() == 2);
  dgn::Statement first = rec.rounds[0].statements[0];
  first.note = "first\nnote";  // as a studio may join text
  rec.rounds[0].statements.replace(0, first);
  const std::string w = dgn::write(rec);
  CHECK(w.find("note \"first\\nnote\"\nnote \"second note\"\n") != std::string::npos);
  auto again = dgn::read(w, "t.dgn");
  REQUIRE(std::holds_alternative<dgn::Record>(again));
  CHECK(std::get<dgn::Record>(again).rounds[0].statements[0].note == "first\nnote");
  CHECK(dgn::write(std::get<dgn::Record>(again)) == w);
}

TEST_CASE("dgn: a rejected statement's word holding a control character is written quoted and escaped") {
  const std::string text = std::string(kExample) +
                           "expect error \"malformed tile\"\nB: 3-\x01"
                           "3\n";
  auto r = dgn::read(text, "t.dgn");
  REQUIRE(std::holds_alternative<dgn::Record>(r));
  const std::string w = dgn::write(std::get<dgn::Record>(r));
  CHECK(w.find("B: \"3-\\x013\"\n") != std::string::npos);
  auto again = dgn::read(w, "t.dgn");
  REQUIRE(std::holds_alternative<dgn::Record>(again));
  CHECK(dgn::write(std::get<dgn::Record>(again)) == w);
}

TEST_CASE("dgn: a round's deal or setup is the match's one position type") {
  auto r = dgn::read(R"(dgn 1
rules en-linea
round 1
hand A 5-5 3-2
hand B 6-2 1-0 4-4
stock 0-0 2-0 2-1 2-2 3-0 3-1 3-3 4-0 4-1 4-2 4-3 5-0 5-2 5-3 5-4 6-0 6-4 6-5
line 3-6 6-6* 6-1 1-1 1-5
turn B
score A 40 B 12
)",
                     "t.dgn");
  REQUIRE(std::holds_alternative<dgn::Record>(r));
  const Setup& position = std::get<dgn::Record>(r).rounds[0];
  Match m(*preset("en-linea"));
  CHECK(m.startSetup(position).empty());
  CHECK(m.state().turn == Player::B);
  CHECK(m.scores() == std::array<int, 2>{40, 12});
  CHECK(m.leadIndex() == 1);
}

TEST_CASE("dgn: comments are kept and written back where they stand") {
  const std::string text =
      "# before everything\n\ndgn 1   # the version\nrules en-linea\n# in the header\nround 1  # the round\n"
      "hand A 6-6 6-5 4-4 3-1 2-0 1-1 0-0     # A's tiles\nhand B 5-5 5-4 4-3 3-3 2-2 2-1 1-0\n"
      "stock 6-4 6-3 6-2 6-1 6-0 5-3 5-2 5-1 5-0 4-2 4-1 4-0 3-2 3-0\n"
      "A: 6-6       # the lead\n# between moves\r\nexpect turn B # B's\nexpect error \"not A's turn\"  # a negative "
      "example\n"
      "A: 6-5 L # rejected\nnote \"n\" #\x01 odd\t\n";
  auto r = dgn::read(text, "t.dgn");
  REQUIRE(std::holds_alternative<dgn::Record>(r));
  const dgn::Record& rec = std::get<dgn::Record>(r);
  CHECK(rec.leadingComments == std::vector<std::string>{" before everything"});
  CHECK(rec.headerComments == std::vector<std::string>{" the version", " in the header"});
  CHECK(rec.rounds[0].dealComments == std::vector<std::string>{" the round", " A's tiles"});
  const std::string w = dgn::write(rec);
  CHECK(
      w ==
      "# before everything\ndgn 1\nrules en-linea\n# the version\n# in the header\n\nround 1\n"
      "hand A 6-6 6-5 4-4 3-1 2-0 1-1 0-0\nhand B 5-5 5-4 4-3 3-3 2-2 2-1 1-0\n"
      "stock 6-4 6-3 6-2 6-1 6-0 5-3 5-2 5-1 5-0 4-2 4-1 4-0 3-2 3-0\n# the round\n# A's tiles\n"
      "A: 6-6  # the lead\n# between moves\nexpect turn B  # B's\nexpect error \"not A's turn\"  # a negative example\n"
      "A: 6-5 L  # rejected\nnote \"n\"  #  odd\n");
  auto again = dgn::read(w, "t.dgn");
  REQUIRE(std::holds_alternative<dgn::Record>(again));
  CHECK(dgn::write(std::get<dgn::Record>(again)) == w);
}

TEST_CASE("dgn: a comment given with a line break is written on one line") {
  dgn::Record rec = std::get<dgn::Record>(dgn::read("dgn 1\nrules en-linea\nround 1\nseed 7\nnote \"n\"\n", "t.dgn"));
  rec.headerComments.push_back(" two\nlines");
  dgn::Statement note = rec.rounds[0].statements[0];
  note.comment = " also\ntwo";
  rec.rounds[0].statements.replace(0, note);
  const std::string w = dgn::write(rec);
  CHECK(w.find("# two lines\n") != std::string::npos);
  CHECK(w.find("note \"n\"  # also two\n") != std::string::npos);
  auto again = dgn::read(w, "t.dgn");
  REQUIRE(std::holds_alternative<dgn::Record>(again));
  CHECK(dgn::write(std::get<dgn::Record>(again)) == w);
}

TEST_CASE("dgn: loadFile reads through files::readText: special files, size limit and the OS reason") {
  CHECK(std::get<dgn::Error>(dgn::loadFile("/dev/zero")).text() ==
        "/dev/zero:0: is a character device, not a regular file");
  CHECK(std::get<dgn::Error>(dgn::loadFile("/")).text() == "/:0: is a folder, not a file");
  CHECK(std::get<dgn::Error>(dgn::loadFile("/no/such/record.dgn")).text() ==
        "/no/such/record.dgn:0: cannot open the file: No such file or directory");
  const std::string valid = std::string(DOMINOES_SOURCE_DIR) + "/tests/records/opening_double_six.dgn";
  CHECK(std::holds_alternative<dgn::Loaded>(dgn::loadFile(valid)));
  const auto small = dgn::loadFile(valid, 10);
  REQUIRE(std::holds_alternative<dgn::Error>(small));
  CHECK(std::get<dgn::Error>(small).message.find("over the limit of 10 bytes") != std::string::npos);
}

TEST_CASE("dgn: an expect legal line of many items is read in linear time, and a long word is echoed cut") {
  std::string text = "dgn 1\nrules en-linea\nround 1\nseed 7\nexpect legal ";
  for (int i = 0; i < 300000; ++i) text += i ? ",draw" : "draw";
  const auto start = std::chrono::steady_clock::now();
  const auto r = dgn::read(text, "many.dgn");
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  REQUIRE(std::holds_alternative<dgn::Error>(r));  // 300000 draws are not the legal moves
  CHECK(std::get<dgn::Error>(r).message.starts_with("expect legal failed"));
  CHECK(seconds < 5.0);  // quadratic splitting took minutes at this size
  CHECK(std::get<dgn::Error>(r).message.size() < 400);
  const auto word = dgn::read("dgn 1\nrules en-linea\nround 1\nseed 7\nA: " + std::string(100000, '6') + "\n", "w.dgn");
  REQUIRE(std::holds_alternative<dgn::Error>(word));
  CHECK(std::get<dgn::Error>(word).message.size() < 200);
}

TEST_CASE("dgn: saveFile writes through files::writeAtomic: a folder is refused, a file replaced whole") {
  // (Never /dev/null here: a broken save run as root would replace it; special_files_test uses a private device.)
  const std::string folder = std::string(DOMINOES_SOURCE_DIR) + "/tests/records";
  CHECK(dgn::saveFile(folder, "dgn 1\n") ==
        "cannot save " + folder + ": it is a folder; only a regular file is replaced");
  CHECK(dgn::saveFile("/no/such/folder/x.dgn", "dgn 1\n").starts_with("cannot save /no/such/folder/x.dgn: "));
}

TEST_CASE("dgn: a failed expect legal echoes a long list cut, not whole") {
  std::string text = "dgn 1\nrules en-linea\nround 1\nseed 7\nexpect legal ";
  for (int i = 0; i < 20000; ++i) text += "6-6 L, ";
  text += "draw\n";
  const auto r = dgn::read(text, "list.dgn");
  REQUIRE(std::holds_alternative<dgn::Error>(r));
  const std::string& m = std::get<dgn::Error>(r).message;
  CHECK(m.starts_with("expect legal failed: expected legal 6-6 L, 6-6 L"));
  CHECK(m.find("\u2026, found 6-6") != std::string::npos);
  CHECK(m.size() < 300);
}

TEST_CASE("dgn: Statements keep every field, in order, across chunks and copies") {
  dgn::Statements list;
  std::vector<dgn::Statement> want;
  for (int i = 0; i < 300; ++i) {
    dgn::Statement s;
    s.kind = static_cast<dgn::Statement::Kind>(i % 5);
    s.line = i % 7 == 0 ? 0 : 1000 - i;  // lines may go down (a studio's statements have none)
    // Only a move keeps its player.
    s.player = i % 3 || s.kind != dgn::Statement::Kind::Move ? dom::Player::A : dom::Player::B;
    s.rejected = i % 5 == 0;
    if (s.kind == dgn::Statement::Kind::Move) {
      s.move.kind = static_cast<dom::MoveKind>(i % 3);
      s.move.tile = static_cast<dom::Tile>(i % 29 == 28 ? dom::kNoTile : i % 28);
      s.move.end = static_cast<dom::End>(i % 3);
      s.move.heading = static_cast<dom::Heading>((i / 3) % 3);
      s.move.leftPip = static_cast<std::uint8_t>(i % 7);
    }
    s.moveText = i % 2 ? "6-4 R" : "";
    s.note = i == 150 ? std::string(200000, 'n') : i % 3 ? "a note " + std::to_string(i) : "";
    s.expectText = i % 4 == 2 ? "turn A" : "";
    s.comment = i % 6 ? "" : " c" + std::to_string(i);
    if (s.kind == dgn::Statement::Kind::Task) {
      dgn::Task t;
      t.kind = static_cast<dgn::Task::Kind>(i % 6);
      t.line = s.line;
      for (int k = 0; k < i % 4; ++k)
        t.moves.push_back({dom::MoveKind::Play, static_cast<dom::Tile>((i + k) % 28), static_cast<dom::End>(k % 3),
                           static_cast<dom::Heading>(k % 3), static_cast<std::uint8_t>(k % 7)});
      t.end = static_cast<dom::End>(i % 3);
      t.tiles = static_cast<dom::Mask>(i * 2654435761u) & dom::kAllTiles;
      t.points = i * 3;
      t.prompt = "prompt " + std::to_string(i);
      t.explanation = i % 2 ? "" : "why " + std::to_string(i);
      t.text = "play 6-6 \"prompt\"";
      s.task = t;
    }
    list.push_back(s);
    want.push_back(s);
  }
  // A task keeps the fields of its kind: a play its moves, an end its end, and so on.
  auto sameTask = [](const dgn::Task& a, const dgn::Task& b) {
    using K = dgn::Task::Kind;
    bool moves = a.moves.size() == b.moves.size();
    for (std::size_t k = 0; moves && k < a.moves.size(); ++k)
      moves = a.moves[k].same(b.moves[k]) && a.moves[k].leftPip == b.moves[k].leftPip;
    return a.kind == b.kind && a.line == b.line && a.prompt == b.prompt && a.explanation == b.explanation &&
           a.text == b.text && (a.kind != K::Play || moves) && (a.kind != K::End || a.end == b.end) &&
           (a.kind != K::Tiles || a.tiles == b.tiles) && (a.kind != K::Points || a.points == b.points);
  };
  auto same = [&](const dgn::Statement& a, const dgn::Statement& b) {
    return a.kind == b.kind && a.line == b.line && a.player == b.player && a.rejected == b.rejected &&
           (a.kind != dgn::Statement::Kind::Move ||
            (a.move.kind == b.move.kind && a.move.tile == b.move.tile && a.move.end == b.move.end &&
             a.move.heading == b.move.heading && a.move.leftPip == b.move.leftPip)) &&
           a.moveText == b.moveText && a.note == b.note && a.expectText == b.expectText && a.comment == b.comment &&
           a.task.has_value() == b.task.has_value() && (!a.task || sameTask(*a.task, *b.task));
  };
  REQUIRE(list.size() == want.size());
  std::size_t i = 0;
  for (const dgn::Statement& s : list) CHECK(same(s, want[i++]));
  CHECK(i == want.size());
  for (std::size_t k : {0, 1, 63, 64, 65, 150, 151, 299}) CHECK(same(list[k], want[k]));
  CHECK(same(list.back(), want.back()));
  const dgn::Statements copy = list;  // a copy is whole on its own
  list.clear();
  CHECK(list.empty());
  CHECK(list.begin() == list.end());
  i = 0;
  for (const dgn::Statement& s : copy) CHECK(same(s, want[i++]));
  dgn::Statements edited = copy;
  dgn::Statement changed = want[70];
  changed.note = "changed";
  edited.replace(70, changed);
  CHECK(edited[70].note == "changed");
  CHECK(same(edited[71], want[71]));
  CHECK(edited.size() == copy.size());
}

TEST_CASE("dgn: a long expect legal line is read as a stream, with the same verdicts") {
  const std::string head = "dgn 1\nrules en-linea\nround 1\nseed 7\n";
  // The lead: every tile of A's hand. Written in a different order and spacing, it holds.
  auto l = dgn::load(head, "t.dgn");
  REQUIRE(std::holds_alternative<dgn::Loaded>(l));
  std::string legal;
  const auto moves = std::get<dgn::Loaded>(l).match.legalMoves();
  for (int i = moves.size - 1; i >= 0; --i)
    legal += (legal.empty() ? "" : " ,  ") + dgn::legalText(std::get<dgn::Loaded>(l).match, moves.moves[i]);
  auto ok = dgn::read(head + "expect legal " + legal + "  # the lead\n", "t.dgn");
  REQUIRE(std::holds_alternative<dgn::Record>(ok));
  const auto& rec = std::get<dgn::Record>(ok);
  CHECK(rec.rounds[0].statements[0].comment == " the lead");
  CHECK(dgn::write(rec).find("expect legal " + legal.substr(0, 3)) != std::string::npos);
  // A duplicate in place of a move, an extra one, a million: refused, the list echoed cut.
  auto dup = dgn::read(
      head + "expect legal " + legal + ", " + dgn::legalText(std::get<dgn::Loaded>(l).match, moves.moves[0]) + "\n",
      "t.dgn");
  REQUIRE(std::holds_alternative<dgn::Error>(dup));
  CHECK(std::get<dgn::Error>(dup).message.find("expect legal failed") != std::string::npos);
  std::string million = head + "expect legal draw";
  for (int i = 0; i < 1000000; ++i) million += ", draw";
  auto big = dgn::read(million + "\n", "t.dgn");
  REQUIRE(std::holds_alternative<dgn::Error>(big));
  CHECK(std::get<dgn::Error>(big).message.size() < 1000);
  // Errors inside the list keep their words and the line.
  auto bad = dgn::read(head + "expect legal 6-6,,5-5\n", "t.dgn");
  REQUIRE(std::holds_alternative<dgn::Error>(bad));
  CHECK(std::get<dgn::Error>(bad).text() == "t.dgn:5: expect legal: an empty entry between commas");
  auto open = dgn::read(head + "expect legal 6-6, \"5-5\n", "t.dgn");
  REQUIRE(std::holds_alternative<dgn::Error>(open));
  CHECK(std::get<dgn::Error>(open).message.find("unterminated string") != std::string::npos);
}

// Issue 26 #12: line numbers are 64-bit. A record read as if it started past line 2^31 of a file
// (read's firstLine) keeps and reports its lines right: 32 bits wrapped to -2147483637.
TEST_CASE("dgn: line numbers past 2^31 are counted and printed right") {
  const dgn::LineNo first = (dgn::LineNo{1} << 31) - 2;  // 2147483646
  auto bad = dgn::read("dgn 1\nrules en-linea\nround 1\nseed 7\nfrob\n", "l.dgn", {}, first);
  REQUIRE(std::holds_alternative<dgn::Error>(bad));
  CHECK(std::get<dgn::Error>(bad).text() == "l.dgn:2147483650: unknown statement 'frob'");
  const dgn::LineNo far = dgn::LineNo{5} << 32;  // past 2^32 as well
  auto good = dgn::read("dgn 1\nrules en-linea\nround 1\nseed 7\nA: 6-6\nnote \"x\"\n", "l.dgn", {}, far);
  REQUIRE(std::holds_alternative<dgn::Record>(good));
  const auto& rec = std::get<dgn::Record>(good);
  REQUIRE(rec.rounds.size() == 1);
  CHECK(rec.rounds[0].sourceLine == far + 2);
  REQUIRE(rec.rounds[0].statements.size() == 2);
  CHECK(rec.rounds[0].statements[0].line == far + 4);
  CHECK(rec.rounds[0].statements.back().line == far + 5);
  // An error found at the end names the text's last line.
  auto empty = dgn::read("\n\n", "l.dgn", {}, first);
  REQUIRE(std::holds_alternative<dgn::Error>(empty));
  CHECK(std::get<dgn::Error>(empty).line == first + 1);
}
