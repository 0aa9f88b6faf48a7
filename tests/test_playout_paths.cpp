// The playout's CPU paths: the generic path and the BMI2 path play the same rounds, move for move.
#include <doctest/doctest.h>

#include <cstring>
#include <vector>

#include "ai/fast.h"

using namespace dom;

namespace {

struct Played {
  std::vector<RoundState> rounds;
  std::vector<int> moves;
  long long total = 0;
};

Played play(ai::fast::Path path, const char* rulesText, long long n) {
  const Rules rules = std::get<Rules>(parseRules(std::string_view(rulesText)));
  ai::PlayoutRng rng(2026);
  Played p;
  p.total = ai::fast::randomRounds(path, rules, rng, n, [&](const RoundState& s, int moves) {
    p.rounds.push_back(s);
    p.moves.push_back(moves);
  });
  return p;
}

}  // namespace

TEST_CASE("playout paths: the generic path always runs and is named") {
  CHECK(ai::fast::runs(ai::fast::Path::Generic));
  CHECK(std::strcmp(ai::fast::name(ai::fast::Path::Generic), "generic") == 0);
  CHECK(std::strcmp(ai::fast::name(ai::fast::Path::Bmi2), "bmi2") == 0);
  CHECK(ai::fast::runs(ai::fast::best()));
}

TEST_CASE("playout paths: generic and bmi2 play the same rounds from the same seed") {
  if (!ai::fast::runs(ai::fast::Path::Bmi2)) {
    MESSAGE("this processor or build has no bmi2 path: only the generic path is tested");
    return;
  }
  for (const char* rules : {"en-linea", "draw", "block", "en-linea hand=3", "draw hand=10 reserve=4", "dominoes2",
                            "dominoes2 table=12x8"}) {
    CAPTURE(rules);
    const long long n = std::strncmp(rules, "dominoes2", 9) == 0 ? 3000 : 20000;
    const Played g = play(ai::fast::Path::Generic, rules, n);
    const Played b = play(ai::fast::Path::Bmi2, rules, n);
    REQUIRE(g.rounds.size() == static_cast<std::size_t>(n));
    REQUIRE(b.rounds.size() == g.rounds.size());
    CHECK(g.total == b.total);
    CHECK(g.moves == b.moves);
    int differ = 0;
    for (std::size_t i = 0; i < g.rounds.size(); ++i)
      if (std::memcmp(&g.rounds[i], &b.rounds[i], sizeof(RoundState)) != 0) ++differ;
    CHECK(differ == 0);
  }
}
