// SPDX-License-Identifier: MIT
// The round recorder (ai/recorder.h), the one deal-record-decide-append of the CLI's play and match,
// the puzzle generator and Python's Match: the record it writes is the one `dominoes play` wrote,
// replays to its final position, and holds each draw's tile; unrecorded, it keeps only the history.
#include <doctest/doctest.h>

#include <memory>
#include <optional>
#include <string>

#include "ai/players.h"
#include "ai/recorder.h"
#include "core/random.h"

using namespace dom;

namespace {

// `dominoes play --a A --b B --seed S`'s match: its deals, its players, up to `rounds` rounds.
ai::RoundRecorder playMatch(const char* rules, const char* a, const char* b, std::uint64_t seed, int rounds = 1000) {
  ai::RoundRecorder rec(*preset(rules));
  std::unique_ptr<ai::Computer> players[2] = {ai::makePlayer(a, seed * 2 + 1), ai::makePlayer(b, seed * 2 + 2)};
  pcg32 rng(seed, 0xdea1);
  while (!rec.match.matchOver() && rec.match.round() < rounds) {
    const std::uint64_t hi = rng();
    REQUIRE(rec.startRound((hi << 32) | rng()).empty());
    while (rec.match.inRound()) {
      const Player who = rec.match.state().turn;
      rec.play(players[idx(who)]->choose(rec.observe(who)));
    }
  }
  return rec;
}

std::string movesOf(const std::string& text, int round) {
  const std::string head = "round " + std::to_string(round) + "\n";
  const std::size_t at = text.find(head);
  REQUIRE(at != std::string::npos);
  const std::size_t end = text.find("\n\nround", at);
  return text.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

}  // namespace

TEST_CASE("the recorder writes the round `dominoes play` wrote: the deal, each play, each draw's tile") {
  const ai::RoundRecorder rec = playMatch("draw", "greedy", "random", 7, 1);
  CHECK(movesOf(dgn::write(rec.record), 1) ==
        "round 1\n"
        "hand A 6-5 6-4 3-3 3-1 2-2 2-1 1-0\n"
        "hand B 6-3 5-4 6-2 5-3 3-2 1-1 0-0\n"
        "stock 6-6 4-0 5-5 5-1 4-4 4-3 5-2 2-0 6-1 4-1 6-0 4-2 5-0 3-0\n"
        "A: 3-3\nB: 3-5 R\nA: 5-6 R\nB: 6-3 R\nA: 3-1 L\nB: 1-1 L\nA: 1-2 L\nB: 2-6 L\nA: 6-4 L\nB: 3-2 R\n"
        "A: 2-2 R\nB: 4-5 L\nA: draw 6-6\nA: draw 4-0\nA: draw 5-5\nA: 5-5 L\nB: draw 5-1\nB: 5-1 L\n"
        "A: 1-0 L\nB: 0-0 L\n");
}

TEST_CASE("the recorder's record replays to the match it played, in every preset") {
  for (const char* rules : {"en-linea", "dominoes2", "draw", "block"}) {
    CAPTURE(rules);
    const ai::RoundRecorder rec = playMatch(rules, "greedy", "strategist", 11);
    REQUIRE(rec.record.rounds.size() == static_cast<std::size_t>(rec.match.round()));
    std::optional<Match> last;
    const dgn::Visit visit = [&](const dgn::RoundRecord&, const dgn::Statement*, const Match& m) { last = m; };
    auto read = dgn::read(dgn::write(rec.record), "rec.dgn", visit);
    REQUIRE_MESSAGE(std::holds_alternative<dgn::Record>(read), std::get<dgn::Error>(read).text());
    REQUIRE(last);
    CHECK(last->state() == rec.match.state());
    CHECK(last->scores() == rec.match.scores());
    CHECK(last->results() == rec.match.results());
    CHECK(last->matchOver() == rec.match.matchOver());
  }
}

TEST_CASE("an unrecorded game keeps the history players observe and no record") {
  ai::RoundRecorder rec(*preset("en-linea"), false);
  REQUIRE(rec.startRound(5).empty());
  CHECK(rec.round() == nullptr);
  const Move first = rec.match.legalMoves().moves[0];
  rec.play(first);
  CHECK(rec.record.rounds.empty());
  REQUIRE(rec.observe(rec.match.state().turn).history.size() == 1);
  CHECK(rec.observe(rec.match.state().turn).history[0].move.tile == first.tile);
  CHECK(rec.startRound(6) == "round 1 is not over");
}
