// SPDX-License-Identifier: MIT
// Observations: the round log, what a player sees, and that nothing hidden reaches a player's
// decision (the hidden tiles permuted consistently with the history change no decision).
#include <doctest/doctest.h>

#include <sstream>

#include "ai/inference.h"
#include "ai/players.h"

using namespace dom;
using namespace dom::ai;

namespace {

std::string moveKey(const Move& m) {
  std::ostringstream s;
  s << int(m.kind) << ':' << int(m.tile) << ':' << int(m.end) << ':' << int(m.heading) << ':' << int(m.leftPip);
  return s.str();
}

// Everything an observation holds, as text (equal texts: equal observations).
std::string text(const Observation& o) {
  std::ostringstream s;
  s << o.rules.text() << '|' << int(o.me) << int(o.turn) << int(o.opener) << '|' << o.round << '|' << o.scores[0] << ','
    << o.scores[1] << '|' << o.hand << '|' << o.line << '|' << o.leadIndex << '|' << int(o.ends[0]) << ','
    << int(o.ends[1]) << '|' << o.stockCount << ',' << o.opponentCount << '|' << int(o.forcedLead) << '|' << o.fromDeal
    << '|';
  for (int e = 0; e < 2; ++e) s << o.fits[e].dbl << int(o.fits[e].headings) << ',';
  for (const auto& t : o.laid) s << int(t.tile) << int(t.left) << int(t.right) << int(t.heading) << ' ';
  s << '|';
  for (const auto& e : o.history)
    s << int(e.who) << moveKey(e.move) << ',' << int(e.ends[0]) << int(e.ends[1]) << ',' << e.placeable << ','
      << e.number << ',' << e.stockCount << e.canDraw << ' ';
  s << '|';
  for (const Move& m : o.legal) s << moveKey(m) << ' ';
  return s.str();
}

// The world of a hidden deal: the round replayed from the deal the sample implies. Fails (returns
// an error) if a move of the history is not legal there.
std::string replay(const Observation& o, const Hidden& h, Match& alt, RoundLog& log) {
  Mask mine = o.hand, drawn = 0;
  for (const Event& e : o.history)
    if (e.who == o.me) {
      if (e.move.kind == MoveKind::Play) mine |= bit(e.move.tile);
      if (e.move.kind == MoveKind::Draw) drawn |= bit(e.move.tile);
    }
  mine &= ~drawn;
  Deal d;
  d.hand[idx(o.me)] = mine;
  d.hand[idx(o.opponent())] = h.opponentStart;
  std::size_t od = 0;
  for (const Event& e : o.history)
    if (e.move.kind == MoveKind::Draw) d.stock[d.stockSize++] = e.who == o.me ? e.move.tile : h.opponentDraws.at(od++);
  for (Tile t : h.stock) d.stock[d.stockSize++] = t;
  alt.startRound(d);
  for (const Event& e : o.history) {
    Move m = e.move;
    if (m.kind == MoveKind::Draw) m.tile = kNoTile;
    if (auto why = alt.illegal(m, e.who); !why.empty()) return "move " + std::to_string(e.number) + ": " + why;
    log.apply(alt, m);
  }
  if (alt.state().hand[idx(o.opponent())] != h.opponentHand) return "the opponent's hand differs";
  return {};
}

}  // namespace

TEST_CASE("observation: the log records every move; the opponent's draws are hidden") {
  Match m(*preset("en-linea"));
  m.startRound(dealFromSeed(7, 7));
  RoundLog log;
  int draws = 0;
  while (m.inRound()) {
    const Player who = m.state().turn;
    const Observation o = observe(m, who, log);
    CHECK(o.hand == m.state().hand[idx(who)]);
    CHECK(o.placeable() == placeableNow(m.state(), m.fits()));
    CHECK(o.legal.size == m.legalMoves().size);
    CHECK(observe(m, other(who), log).legal.empty());
    const Move mv = log.apply(m, greedyMove(o));
    draws += mv.kind == MoveKind::Draw;
  }
  REQUIRE(draws > 0);
  for (Player viewer : {Player::A, Player::B}) {
    const Observation o = observe(m, viewer, log);
    REQUIRE(o.history.size() == log.events().size());
    for (std::size_t i = 0; i < o.history.size(); ++i) {
      const Event& e = o.history[i];
      CHECK(e.number == static_cast<int>(i) + 1);
      if (e.move.kind == MoveKind::Draw) CHECK((e.move.tile == kNoTile) == (e.who != viewer));
      if (e.move.kind == MoveKind::Play) CHECK((e.placeable & bit(e.move.tile)) != 0);
      if (e.move.kind != MoveKind::Play) CHECK(e.ends[0] >= 0);
    }
  }
  // A new round (of a new match here) starts a new history.
  Match next(*preset("en-linea"));
  next.startRound(dealFromSeed(8, 7));
  next.startRound(dealFromSeed(8, 7));  // round 2 of nothing: the log only compares round numbers
  CHECK(observe(next, Player::A, log).history.empty());
}

TEST_CASE("observation: free layout events carry the fits of their moment") {
  Match m(*preset("dominoes2"));
  RoundLog log;
  bool narrowed = false;
  for (std::uint64_t seed = 1; seed < 40 && !narrowed; ++seed) {
    m = Match(*preset("dominoes2"));
    m.startRound(dealFromSeed(seed, 7));
    log.clear();
    while (m.inRound()) {
      const Fits f = m.fits();
      const Observation o = observe(m, m.state().turn, log);
      if (!m.state().beforeLead() && (f[0] != kSnakeFit || f[1] != kSnakeFit)) {
        narrowed = true;
        Mask expect = 0;
        for (int e = 0; e < 2; ++e) expect |= suitMask(m.state().ends[e]) & f[e].tiles();
        CHECK(o.placeable() == (expect & ~m.state().line));
      }
      (void)log.apply(m, greedyMove(o));
    }
  }
  CHECK(narrowed);
}

TEST_CASE("observation: the hidden tiles permuted consistently change no decision") {
  // For every preset and player, positions of played rounds; for each, hidden deals sampled
  // consistently with the history, the round replayed in that world, and the decision compared.
  for (const std::string& rules : presetNames()) {
    for (const char* spec : {"random", "greedy", "strategist"}) {
      int compared = 0;
      for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        Match m(*preset(rules));
        m.startRound(dealFromSeed(seed * 977, m.rules().hand));
        RoundLog log;
        auto a = makePlayer(spec, seed), b = makePlayer("random", seed + 100);
        pcg32 rng(seed, 3);
        int step = 0;
        while (m.inRound()) {
          const Player who = m.state().turn;
          const Observation o = observe(m, who, log);
          if (who == Player::A && o.legal.size > 1 && step++ % 3 == 0) {
            const Decision real = makePlayer(spec, seed)->decide(o);
            Sampler sampler(o);
            for (int k = 0; k < 2; ++k) {
              const Hidden h = sampler.sample(rng);
              Match alt(m.rules());
              RoundLog altLog;
              const std::string err = replay(o, h, alt, altLog);
              INFO(rules, " ", std::string(spec), " seed ", seed, " move ", o.history.size(), " uniform ",
                   sampler.uniform(), ": ", err);
              REQUIRE(err.empty());
              const Observation seen = observe(alt, who, altLog);
              REQUIRE(text(seen) == text(o));
              const Decision d = makePlayer(spec, seed)->decide(seen);
              CHECK(moveKey(d.move) == moveKey(real.move));
              CHECK(d.reason == real.reason);
              ++compared;
            }
          }
          (void)log.apply(m, (who == Player::A ? a : b)->choose(o));
        }
      }
      CHECK(compared > 10);
    }
  }
}
