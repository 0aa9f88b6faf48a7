// SPDX-License-Identifier: MIT
// Property test: many random rounds per preset, with the invariants checked after every move.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>

#include "ai/players.h"
#include "core/match.h"

using namespace dom;

namespace {

long roundsPerPreset() {
  if (const char* env = std::getenv("DOMINOES_PROPERTY_ROUNDS")) return std::max(1L, std::atol(env));
  return 200000;
}

struct Counts {
  long rounds = 0, moves = 0, draws = 0, passes = 0, dominoes = 0, blocked = 0, ties = 0;
};

// Plays random rounds of full matches under `rules`, checking every move.
Counts run(const Rules& rules, long rounds, std::uint64_t seed) {
  pcg32 rng(seed);
  Counts c;
  while (c.rounds < rounds) {
    Match m(rules);
    while (!m.matchOver() && c.rounds < rounds) {
      m.startRound(dealFromSeed((static_cast<std::uint64_t>(rng()) << 32) | rng(), rules.hand));
      REQUIRE(m.invalid().empty());
      while (m.inRound()) {
        const MoveList legal = m.legalMoves();
        REQUIRE(legal.size > 0);
        const Move mv = legal.moves[bounded(rng, static_cast<std::uint32_t>(legal.size))];
        const Player p = m.state().turn;
        const Mask able = m.state().playable(p, m.fits());
        if (mv.kind != MoveKind::Play) REQUIRE(able == 0);  // nobody draws or passes while able to play
        if (mv.kind == MoveKind::Pass) REQUIRE_FALSE(m.state().canDraw(rules));
        if (mv.kind == MoveKind::Draw) REQUIRE(rules.draw == DrawRule::Until);
        REQUIRE(m.illegal(mv, p).empty());
        REQUIRE_FALSE(m.illegal(mv, other(p)).empty());
        const auto scores = m.scores();
        const int roundBefore = m.round();
        m.apply(mv);
        ++c.moves;
        c.draws += mv.kind == MoveKind::Draw;
        c.passes += mv.kind == MoveKind::Pass;
        const std::string why = m.invalid();
        REQUIRE_MESSAGE(why.empty(), why);
        if (m.inRound()) {
          REQUIRE(m.scores() == scores);  // scores change only when a round ends
          // A pass hands the turn to a player who can move; a blocked round never lingers.
          REQUIRE((m.state().canMove(m.state().turn, rules, m.fits()) ||
                   m.state().playable(other(m.state().turn), m.fits())));
        }
        REQUIRE(m.round() == roundBefore);
        if (!m.line().empty()) {
          REQUIRE(m.line().front().left == m.state().ends[0]);
          REQUIRE(m.line().back().right == m.state().ends[1]);
        }
      }
      ++c.rounds;
      const RoundResult r = *m.lastResult();
      if (r.how == RoundStatus::Domino) {
        ++c.dominoes;
        REQUIRE(r.winner < 2);
        REQUIRE(m.state().hand[r.winner] == 0);
        REQUIRE(r.points == pips(m.state().hand[1 - r.winner]));
      } else {
        ++c.blocked;
        // Blocked: neither player can play, and nobody can draw.
        REQUIRE(m.state().playable(Player::A, m.fits()) == 0);
        REQUIRE(m.state().playable(Player::B, m.fits()) == 0);
        REQUIRE_FALSE(m.state().canDraw(rules));
        const int a = pips(m.state().hand[0]), b = pips(m.state().hand[1]);
        if (a == b) {
          ++c.ties;
          REQUIRE(r.winner == 2);
        } else {
          REQUIRE(r.winner == (a < b ? 0 : 1));
          const int expected = rules.blocked == BlockedRule::Difference ? std::abs(a - b) : std::max(a, b);
          REQUIRE(r.points == expected);
        }
      }
      if (rules.target == 0) REQUIRE(m.matchOver());
    }
  }
  return c;
}

}  // namespace

TEST_CASE("property: random rounds keep every invariant, every preset") {
  const long n = roundsPerPreset();
  for (const auto& name : presetNames()) {
    CAPTURE(name);
    const Counts c = run(*preset(name), n, 2026);
    CHECK(c.rounds == n);
    CHECK(c.dominoes > 0);
    CHECK(c.blocked > 0);
    MESSAGE(name << ": " << c.rounds << " rounds, " << c.moves << " moves, " << c.draws << " draws, " << c.passes
                 << " passes, " << c.dominoes << " dominoes, " << c.blocked << " blocked (" << c.ties << " ties)");
  }
}

TEST_CASE("property: variants of the knobs keep every invariant") {
  const long n = std::max(1L, roundsPerPreset() / 20);
  for (const char* text :
       {"draw blocked=loser", "block hand=5", "en-linea hand=1", "en-linea hand=14", "dominoes2 reserve=0 lead=winner",
        "draw reserve=10 lead=winner", "block hand=12 target=50"}) {
    CAPTURE(text);
    auto r = parseRules(std::string_view(text));
    REQUIRE(std::holds_alternative<Rules>(r));
    const Counts c = run(std::get<Rules>(r), n, 7);
    CHECK(c.rounds == n);
  }
}

// The rule sets the bench playout is checked under: the presets and knob variants that reach
// its corner cases (a one-tile hand that dominoes on the lead, no stock, a reserve, no drawing).
std::vector<Rules> playoutRuleSets() {
  std::vector<Rules> sets;
  for (const auto& name : presetNames()) sets.push_back(*preset(name));
  for (const char* text : {"en-linea hand=1", "en-linea hand=14", "en-linea reserve=4", "draw hand=3 reserve=2",
                           "block hand=5", "en-linea hand=10"}) {
    auto r = parseRules(std::string_view(text));
    REQUIRE(std::holds_alternative<Rules>(r));
    sets.push_back(std::get<Rules>(r));
  }
  return sets;
}

TEST_CASE("bench playout agrees with the engine's rules") {
  // The fast snake playout must finish rounds the engine would accept as over, with consistent
  // masks, one at a time (randomRound) and interleaved two at a time (randomRounds).
  ai::PlayoutRng rng(99);
  for (const Rules& rules : playoutRuleSets()) {
    CAPTURE(rules.text());
    long seen = 0, total = 0;
    const auto check = [&](const RoundState& s, int moves) {
      ++seen;
      total += moves;
      REQUIRE(moves > 0);
      REQUIRE(s.over());
      REQUIRE(s.invalid().empty());
      // Every tile on the line took a move, every draw took one, and passes only add to that.
      const int draws = kTiles - 2 * rules.hand - s.stockCount();
      REQUIRE(moves >= count(s.line) + draws);
      if (s.status == RoundStatus::Blocked && rules.layout == LayoutRule::Snake) {
        REQUIRE(s.playable(Player::A, kSnakeFits) == 0);
        REQUIRE(s.playable(Player::B, kSnakeFits) == 0);
        REQUIRE_FALSE(s.canDraw(rules));
      } else if (s.status == RoundStatus::Blocked) {
        REQUIRE_FALSE(s.canDraw(rules));
      } else {
        REQUIRE(s.hand[s.winner] == 0);
        REQUIRE(s.turn == static_cast<Player>(s.winner));
      }
    };
    for (int i = 0; i < 2000; ++i) {
      RoundState s;
      const int moves = ai::randomRound(rules, rng, &s);
      check(s, moves);
    }
    const long before = total;
    // Interleaved; the round that ends last always finishes alone, after the other slot ran out.
    const long long sum = ai::randomRounds(rules, rng, 20001, check);
    CHECK(seen == 2000 + 20001);
    CHECK(sum == total - before);
  }
}

namespace {

struct Stat {
  double n = 0, sum = 0, squares = 0;
  void add(double x) {
    n += 1;
    sum += x;
    squares += x * x;
  }
  [[nodiscard]] double mean() const { return sum / n; }
  [[nodiscard]] double variance() const { return squares / n - mean() * mean(); }
};

struct RoundStats {
  Stat moves, blocked, aWins, points;
  void add(const RoundState& s, int moveCount) {
    moves.add(moveCount);
    blocked.add(s.status == RoundStatus::Blocked);
    aWins.add(s.winner == 0);
    points.add(s.points);
  }
};

// The two means agree within five standard errors (the seeds are fixed, so this never flickers).
void sameMean(const char* what, const Stat& a, const Stat& b) {
  const double se = std::sqrt(a.variance() / a.n + b.variance() / b.n);
  const std::string label = what;
  CAPTURE(label);
  CAPTURE(a.mean());
  CAPTURE(b.mean());
  CHECK(std::abs(a.mean() - b.mean()) <= 5 * se + 1e-9);
}

}  // namespace

TEST_CASE("bench playout plays rounds with the engine's distribution") {
  // The fast snake playout (state in registers, draws as uniform picks from a stock mask) must be
  // the same random process as dealing with dealFromSeed and choosing uniformly among the
  // engine's legal moves. Compared on the mean of the move count, the blocked share, A's share of
  // wins and the points.
  const long n = std::max(1000L, roundsPerPreset() / 2);
  for (const Rules& rules : playoutRuleSets()) {
    if (rules.layout != LayoutRule::Snake) continue;
    const std::string name = rules.text();
    CAPTURE(name);
    RoundStats fast, engine;
    ai::PlayoutRng prng(31);
    ai::randomRounds(rules, prng, n, [&](const RoundState& s, int moves) { fast.add(s, moves); });
    pcg32 rng(32);
    for (long i = 0; i < n; ++i) {
      RoundState s = startRound(dealFromSeed((static_cast<std::uint64_t>(rng()) << 32) | rng(), rules.hand));
      int moves = 0;
      while (!s.over()) {
        const MoveList legal = s.legalMoves(rules, kSnakeFits);
        REQUIRE(legal.size > 0);
        const Move mv = legal.moves[bounded(rng, static_cast<std::uint32_t>(legal.size))];
        if (mv.kind == MoveKind::Play)
          s.play(mv);
        else if (mv.kind == MoveKind::Draw)
          s.draw();
        else
          s.pass();
        s.settle(rules, kSnakeFits);
        ++moves;
      }
      engine.add(s, moves);
    }
    MESSAGE(name << ": fast " << fast.moves.mean() << " moves, engine " << engine.moves.mean() << " moves");
    sameMean("moves", fast.moves, engine.moves);
    sameMean("blocked", fast.blocked, engine.blocked);
    sameMean("A wins", fast.aWins, engine.aWins);
    sameMean("points", fast.points, engine.points);
  }
}
