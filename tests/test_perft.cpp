// SPDX-License-Identifier: MIT
// Perft (core/perft.h): the count of move sequences, against a walk written out here.
#include <doctest/doctest.h>

#include "core/perft.h"
#include "test_util.h"

using namespace dom;
using namespace dom::test;

namespace {

// Every sequence of `depth` moves, listed: their number is what perft counts.
void sequences(const Match& m, int depth, std::vector<std::string>& prefix, std::vector<std::string>& out) {
  if (depth == 0) {
    std::string s;
    for (const auto& w : prefix) s += w + "; ";
    out.push_back(s);
    return;
  }
  if (!m.inRound()) return;
  for (const Move& mv : m.legalMoves()) {
    Match c = m;
    prefix.push_back(c.moveText(mv));
    c.apply(mv);
    sequences(c, depth - 1, prefix, out);
    prefix.pop_back();
  }
}

}  // namespace

TEST_CASE("perft: counts the sequences of moves, split by the first") {
  for (const std::string& name : presetNames()) {
    for (std::uint64_t seed : {1u, 5u}) {
      Match m(*preset(name));
      m.startRound(dealFromSeed(seed, m.rules().hand));
      CHECK(perft(m, 0) == 1);
      for (int depth = 1; depth <= 5; ++depth) {
        std::vector<std::string> prefix, all;
        sequences(m, depth, prefix, all);
        CHECK_MESSAGE(perft(m, depth) == all.size(), name << " seed " << seed << " depth " << depth);
        std::uint64_t sum = 0;
        const auto divide = perftDivide(m, depth);
        CHECK(divide.size() == static_cast<std::size_t>(m.legalMoves().size));
        for (const auto& [move, n] : divide) sum += n;
        CHECK(sum == all.size());
      }
    }
  }
}

TEST_CASE("perft: a round that ends before the depth counts no sequence past its end") {
  // A's last tile ends the round: one sequence of one move, none of two.
  const Match m = matchOf(R"(dgn 1
rules en-linea hand=1
round 1
hand A 6-6
hand B 5-5
stock 6-5 6-4 6-3 6-2 6-1 6-0 5-4 5-3 5-2 5-1 5-0 4-4 4-3 4-2 4-1 4-0 3-3 3-2 3-1 3-0 2-2 2-1 2-0 1-1 1-0 0-0
)");
  CHECK(perft(m, 1) == 1);
  CHECK(perft(m, 2) == 0);
  CHECK(perftDivide(m, 1) == std::vector<std::pair<std::string, std::uint64_t>>{{"6-6", 1}});
}
