// SPDX-License-Identifier: MIT
// The timeline keeps a record: opening and saving writes back every statement on the saved branch.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/dgn.h"
#include "studio/model/editor.h"
#include "studio/model/timeline.h"

using namespace dom;
using namespace dom::studio;

namespace {

const std::filesystem::path kRoot = std::filesystem::path(STUDIO_TEST_DIR) / ".." / "..";

std::string readText(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Every scenario and every valid record (the top level of tests/records).
std::vector<std::filesystem::path> allRecords() {
  std::vector<std::filesystem::path> out;
  for (const char* dir : {"scenarios", "tests/records"})
    for (const auto& e : std::filesystem::directory_iterator(kRoot / dir))
      if (e.is_regular_file() && e.path().extension() == ".dgn") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

dgn::Record readOk(const std::string& text) {
  auto r = dgn::read(text, "t.dgn");
  if (auto* e = std::get_if<dgn::Error>(&r)) FAIL(e->text());
  return std::get<dgn::Record>(r);
}

int countExpects(const dgn::Record& r) {
  int n = 0;
  for (const auto& round : r.rounds)
    for (const auto& s : round.statements) n += s.kind == dgn::Statement::Kind::Expect;
  return n;
}

Timeline opened(const std::string& text) {
  Timeline t;
  const auto err = t.load(text, "t.dgn");
  REQUIRE_MESSAGE(!err, (err ? err->text() : ""));
  return t;
}

// What saving writes: the current branch to its leaf, as the app's `save` writes it.
std::string saved(const Timeline& t) { return dgn::write(t.record()); }

}  // namespace

TEST_CASE("timeline: every record and scenario opened and saved unchanged is the canonical text") {
  const auto files = allRecords();
  REQUIRE(files.size() > 18);
  int checked = 0;
  for (const auto& f : files) {
    CAPTURE(f.string());
    const std::string text = readText(f);
    // A collection (several records) is refused by the studio's open with its count: a record is
    // opened at a time.
    if (dgn::splitRecords(text).size() > 1) {
      Timeline c;
      const auto err = c.load(text, "t.dgn");
      REQUIRE(err);
      CHECK(err->text().find("records (a collection)") != std::string::npos);
      continue;
    }
    const dgn::Record original = readOk(text);
    if (original.rounds.empty()) continue;  // a header alone: the studio opens only records with a round
    Timeline t = opened(text);
    t.last();
    const std::string out = saved(t);
    CHECK(out == dgn::write(original));
    const dgn::Record again = readOk(out);
    CHECK(countExpects(again) == countExpects(original));
    CHECK(dgn::write(again) == out);
    ++checked;
  }
  CHECK(checked > 18);
}

TEST_CASE("timeline: saving from any position writes the whole branch, not only up to it") {
  const std::string text = readText(kRoot / "scenarios" / "drawing_until_a_tile_plays.dgn");
  Timeline t = opened(text);
  t.jump(t.branchPath()[1]);
  CHECK(saved(t) == dgn::write(readOk(text)));
}

TEST_CASE("timeline: two notes on one position stay two note statements") {
  const std::string text = "dgn 1\nrules en-linea\nround 1\nseed 7\nnote \"first note\"\nnote \"second note\"\n";
  Timeline t = opened(text);
  CHECK(t.current().caption == "first note\nsecond note");
  REQUIRE(t.current().statements.size() == 2);
  const std::string out = saved(t);
  CHECK(out.find("note \"first note\"\nnote \"second note\"\n") != std::string::npos);
  CHECK(out == dgn::write(readOk(text)));
  Timeline back = opened(out);
  CHECK(back.current().caption == "first note\nsecond note");
}

TEST_CASE("timeline: load takes each move as the reader resolved it, and keeps negative examples as statements") {
  const std::string text = readText(kRoot / "scenarios" / "drawing_until_a_tile_plays.dgn");
  const dgn::Record rec = readOk(text);
  Timeline t = opened(text);
  // One node per deal and per played move; rejected moves are kept on the node before them.
  int played = 0, rejected = 0;
  for (const auto& s : rec.rounds.front().statements)
    if (s.kind == dgn::Statement::Kind::Move) (s.rejected ? rejected : played) += 1;
  REQUIRE(rejected > 0);
  CHECK(t.size() == 1 + played);
  int k = 1;
  for (const auto& s : rec.rounds.front().statements) {
    if (s.kind != dgn::Statement::Kind::Move || s.rejected) continue;
    const Node& n = t.node(t.branchPath()[static_cast<std::size_t>(k++)]);
    REQUIRE(n.move);
    CHECK(n.move->same(s.move));
    CHECK(n.move->tile == s.move.tile);  // a draw carries the tile it drew
    CHECK(n.moveText == s.moveText);
    CHECK(n.by == s.player);
  }
  int keptRejected = 0;
  for (int i = 0; i < t.size(); ++i)
    for (const auto& s : t.node(i).statements) keptRejected += s.rejected;
  CHECK(keptRejected == rejected);
}

TEST_CASE("timeline: playing a different move at an earlier position drops the record's later statements") {
  const std::string text = readText(kRoot / "scenarios" / "drawing_until_a_tile_plays.dgn");
  const dgn::Record original = readOk(text);
  Timeline t = opened(text);
  // Back to the first position where the player to move has another legal move than the record's.
  int from = -1;
  Move other;
  for (std::size_t k = 0; k + 1 < t.branchPath().size() && from < 0; ++k) {
    const Node& here = t.node(t.branchPath()[k]);
    const Node& nextNode = t.node(t.branchPath()[k + 1]);
    if (!nextNode.move || !here.match.inRound()) continue;
    for (const Move& m : here.match.legalMoves())
      if (!m.same(*nextNode.move)) {
        from = t.branchPath()[k];
        other = m;
        break;
      }
  }
  REQUIRE(from >= 0);
  t.jump(from);
  const std::size_t keptBefore = t.current().statements.size();
  std::size_t statementsUpTo = 0;  // the record's statements on the path up to `from`
  for (int i : t.branchPath()) {
    statementsUpTo += t.node(i).statements.size() + (t.node(i).move ? 1 : 0);
    if (i == from) break;
  }
  t.play(other);
  const dgn::Record out = readOk(saved(t));
  REQUIRE(out.rounds.size() == 1);
  const auto& sts = out.rounds.front().statements;
  // The statements up to the branch point, then the new move, and nothing of the record after it.
  REQUIRE(sts.size() == statementsUpTo + 1);
  CHECK(sts.back().kind == dgn::Statement::Kind::Move);
  CHECK(sts.back().move.same(other));
  CHECK(countExpects(out) < countExpects(original));
  CHECK(t.node(from).statements.size() == keptBefore);
}

TEST_CASE("timeline: a note with a line break or other control characters is saved escaped and reads back") {
  Timeline t = opened("dgn 1\nrules en-linea\nround 1\nseed 3\nnote \"one\\ntwo\\tand \\\"three\\\" \\\\ \\x01\"\n");
  CHECK(t.current().caption == "one\ntwo\tand \"three\" \\ \x01");
  const std::string out = saved(t);
  CHECK(out.find("note \"one\\ntwo\\tand \\\"three\\\" \\\\ \\x01\"\n") != std::string::npos);
  Timeline back = opened(out);
  CHECK(back.current().caption == t.current().caption);
}

TEST_CASE("timeline: a new game's next round keeps its caption as a note") {
  Timeline t;
  Rules rules = *preset("en-linea");
  rules.target = 500;  // more than one round can score
  Match m = newMatch(rules, 5);
  t.reset(m, dealRecord(m));
  while (t.current().match.inRound()) t.play(t.current().match.legalMoves().moves[0]);
  REQUIRE(!t.current().match.matchOver());
  t.dealNext(11);
  CHECK(t.current().caption == "Round 2 is dealt.");
  const dgn::Record out = readOk(saved(t));
  REQUIRE(out.rounds.size() == 2);
  REQUIRE(out.rounds[1].statements.size() == 1);
  CHECK(out.rounds[1].statements[0].note == "Round 2 is dealt.");
}

TEST_CASE("timeline: a record's comments are saved where they stand") {
  Timeline t = opened(readText(kRoot / "tests" / "records" / "comments_and_strings.dgn"));
  const std::string out = saved(t);
  CHECK(out.starts_with("# A comment may come before everything, and blank lines are ignored.\ndgn 1\n"));
  CHECK(out.find("A: 6-6  # the lead\n") != std::string::npos);
  CHECK(out.find("note \"A opens with \\\"6-6\\\", the highest double.\"  # a caption\n") != std::string::npos);
  CHECK(out.find("# A's tiles\n") != std::string::npos);
}

TEST_CASE("editor: its position is the match's Setup, and playing from it writes the same position") {
  const std::string text = readText(kRoot / "scenarios" / "drawing_until_a_tile_plays.dgn");
  Timeline t = opened(text);
  t.last();
  Editor ed;
  ed.load(t.current().match);
  const Setup& p = ed.position();
  CHECK(p.turn == t.current().match.state().turn);
  CHECK(p.score == t.current().match.scores());
  CHECK(p.line == t.current().match.line());
  CHECK(ed.rules() == t.current().match.rules());
  const auto started = ed.start();
  REQUIRE(started);
  const Setup& written = started->second;
  CHECK(written.hand == p.hand);
  CHECK(written.stock == p.stock);
  CHECK(written.line == p.line);
  CHECK(written.leadIndex == p.leadIndex);
  CHECK(written.turn == p.turn);
  CHECK(!written.score);  // 0 0 is the default: not written
  // The editor's setup, saved as a record, reads back to the same position.
  Timeline fromHere;
  fromHere.resetSetup(started->first, started->second);
  const std::string out = saved(fromHere);
  const dgn::Record back = readOk(out);
  CHECK(static_cast<const Setup&>(back.rounds.at(0)) == written);
}
