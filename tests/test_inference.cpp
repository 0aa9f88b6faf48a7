// SPDX-License-Identifier: MIT
// Inference: revelations and cannotHold on hand-made histories, their soundness on played rounds,
// the sampler's uniformity against an enumeration of every consistent deal, determinize.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "ai/inference.h"
#include "ai/players.h"
#include "test_util.h"

using namespace dom;
using namespace dom::test;
using namespace dom::ai;

namespace {
// The hidden deal of a sample as one comparable key.
std::vector<int> key(const Hidden& h) {
  std::vector<int> k{static_cast<int>(h.opponentHand), -1};
  for (Tile t : h.opponentDraws) k.push_back(t);
  k.push_back(-1);
  for (Tile t : h.stock) k.push_back(t);
  return k;
}

}  // namespace

TEST_CASE("inference: draws at 5 and 3 reveal no 5 and no 3") {
  Match m(*preset("en-linea"));
  Setup s;
  s.line = {{T("5-3"), 5, 3, Heading::Straight}};
  s.hand[0] = tiles({"6-5", "5-5", "4-4", "0-0"});
  s.hand[1] = tiles({"6-6", "6-4", "4-2", "2-1"});
  s.stock = {T("1-0"), T("6-2"), T("3-0")};
  for (Tile t = 0; t < kTiles; ++t)
    if (!((s.hand[0] | s.hand[1] | bit(T("5-3"))) & bit(t)) &&
        std::find(s.stock.begin(), s.stock.end(), t) == s.stock.end())
      s.stock.push_back(t);
  s.turn = Player::B;
  REQUIRE(m.startSetup(s).empty());
  RoundLog log;
  for (int i = 0; i < 3; ++i) (void)log.apply(m, Move{MoveKind::Draw});
  (void)log.apply(m, greedyMove(observe(m, Player::B, log)));
  REQUIRE(m.state().ends[1] == 0);
  const Observation o = observe(m, Player::A, log);
  CHECK_FALSE(o.fromDeal);
  const auto rev = revelations(o);
  REQUIRE(rev.size() == 1);
  CHECK(rev[0].text == "B drew 3 times at 5 and 3 on moves 1-3: B had no 5 and no 3");
  CHECK(rev[0].event == 2);
  CHECK(pinnedDraw(o, 2) == T("3-0"));
  CHECK(pinnedDraw(o, 1) == kNoTile);
  CHECK(cannotHold(o) == tiles({"3-3", "3-1", "3-2", "4-3", "6-3", "5-0", "5-1", "5-2", "5-4"}));
  // B's view: A has revealed nothing.
  CHECK(revelations(observe(m, Player::B, log)).empty());
  CHECK(cannotHold(observe(m, Player::B, log)) == 0);
  // Every sample keeps those tiles out of B's hand, and B's draws are the tiles it showed it held.
  Sampler sampler(o);
  pcg32 rng(5);
  for (int i = 0; i < 200; ++i) {
    const Hidden h = sampler.sample(rng);
    CHECK((h.opponentHand & cannotHold(o)) == 0);
    REQUIRE(h.opponentDraws.size() == 3);
    CHECK(h.opponentDraws[2] == T("3-0"));
    CHECK((bit(h.opponentDraws[0]) & (suitMask(3) | suitMask(5))) == 0);
    CHECK(count(h.opponentHand) == 6);
  }
  CHECK(sampler.uniform());
}

TEST_CASE("inference: the opening's double rule reveals the opponent's doubles") {
  Match m(*preset("en-linea"));
  Deal d;
  d.hand = {tiles({"3-3", "6-5", "6-4", "5-2", "4-1", "2-0", "1-0"}),
            tiles({"6-3", "5-4", "5-3", "4-2", "3-1", "2-1", "6-0"})};
  for (Tile t = 0; t < kTiles; ++t)
    if (!((d.hand[0] | d.hand[1]) & bit(t))) d.stock[d.stockSize++] = t;
  m.startRound(d);
  REQUIRE(m.state().turn == Player::A);
  RoundLog log;
  const Observation before = observe(m, Player::A, log);
  CHECK(cannotHold(before) == tiles({"4-4", "5-5", "6-6"}));
  (void)log.apply(m, greedyMove(before));
  const Observation o = observe(m, Player::A, log);
  CHECK(cannotHold(o) == tiles({"4-4", "5-5", "6-6"}));
  const auto rev = revelations(o);
  REQUIRE(rev.size() == 1);
  CHECK(rev[0].text == "A opened with 3-3 by the double rule: B had no higher double");
  // B knows nothing of A's hand from the opening beyond the lead.
  CHECK(cannotHold(observe(m, Player::B, log)) == 0);
  Sampler sampler(o);
  pcg32 rng(9);
  for (int i = 0; i < 100; ++i) CHECK((sampler.sample(rng).opponentHand & tiles({"4-4", "5-5", "6-6"})) == 0);
}

TEST_CASE("inference: what cannotHold and revelations exclude is never held (played rounds)") {
  for (const std::string& rules : presetNames()) {
    int checked = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
      Match m(*preset(rules));
      m.startRound(dealFromSeed(seed, m.rules().hand));
      RoundLog log;
      pcg32 rng(seed);
      std::vector<Mask> heldAt;  // the true hand of the mover before each event
      while (m.inRound()) {
        const Player who = m.state().turn;
        for (Player viewer : {Player::A, Player::B}) {
          const Observation o = observe(m, viewer, log);
          const Mask truth = m.state().hand[idx(other(viewer))];
          CHECK((cannotHold(o) & truth) == 0);
          for (const Revelation& r : revelations(o)) {
            if (r.text.find("opened") != std::string::npos) continue;
            CHECK((r.excluded & heldAt[r.event]) == 0);
          }
          checked += cannotHold(o) != 0;
        }
        heldAt.push_back(m.state().hand[idx(who)]);
        const Observation o = observe(m, who, log);
        (void)log.apply(m, randomMove(o, rng));
      }
    }
    CHECK(checked > 0);
  }
}

// Positions from a setup late in a round, a few moves on, with at most 8 tiles hidden at the setup:
// every ordering of them enumerated and replayed, the consistent deals counted (under HeavyFirst,
// those in which each of B's plays was B's heaviest placeable tile), and the sampler's counts
// compared with them. Returns how many positions had fewer deals under the model than without it.
static int checkSamplerUniform(OpponentModel model) {
  int narrowed = 0;
  int positions = 0;
  for (std::uint64_t seed = 1; seed < 4000 && positions < 3; ++seed) {
    Match m(*preset("en-linea"));
    m.startRound(dealFromSeed(seed, 7));
    while (m.inRound() && (m.state().stockCount() > 3 || count(m.state().hand[1]) > 5 || m.state().turn != Player::B))
      m.apply(greedyMove(m));
    if (!m.inRound()) continue;
    Setup s;
    s.hand = m.state().hand;
    for (int i = m.state().stockTop; i < m.state().stockEnd; ++i) s.stock.push_back(m.state().stock[i]);
    s.line = m.line();
    s.leadIndex = m.leadIndex();
    s.turn = Player::B;
    Match start(m.rules());
    REQUIRE(start.startSetup(s).empty());
    // Play on until B has drawn and it is A's turn with a choice or not.
    Match cur = start;
    RoundLog log;
    bool bDrew = false;
    while (cur.inRound() && !(bDrew && cur.state().turn == Player::A)) {
      const Player who = cur.state().turn;
      const Move mv = log.apply(cur, greedyMove(cur));
      bDrew |= who == Player::B && mv.kind == MoveKind::Draw;
    }
    if (!cur.inRound()) continue;
    const Observation o = observe(cur, Player::A, log);
    // Enumerate.
    std::vector<Tile> hidden;
    for (Mask x = s.hand[1]; x; x &= x - 1) hidden.push_back(static_cast<Tile>(std::countr_zero(x)));
    hidden.insert(hidden.end(), s.stock.begin(), s.stock.end());
    if (hidden.size() > 8) continue;
    std::sort(hidden.begin(), hidden.end());
    const int nb = count(s.hand[1]);
    std::set<std::vector<int>> deals;
    long long perms = 0, anyModel = 0;
    do {
      if (!std::is_sorted(hidden.begin(), hidden.begin() + nb)) continue;  // B's hand is a set
      ++perms;
      Setup alt = s;
      alt.hand[1] = 0;
      for (int i = 0; i < nb; ++i) alt.hand[1] |= bit(hidden[i]);
      alt.stock.assign(hidden.begin() + nb, hidden.end());
      Match w(m.rules());
      if (!w.startSetup(alt).empty() || !w.inRound()) continue;
      RoundLog wl;
      bool ok = true;
      Hidden h;
      h.opponentStart = alt.hand[1];
      bool heavyFirst = true;
      for (const Event& e : log.events()) {
        Move mv = e.move;
        if (e.who == Player::B && mv.kind == MoveKind::Play && w.inRound() && greedyMove(w).tile != mv.tile)
          heavyFirst = false;
        if (mv.kind == MoveKind::Draw) mv.tile = kNoTile;
        if (!w.inRound() || !w.illegal(mv, e.who).empty()) {
          ok = false;
          break;
        }
        const Move done = wl.apply(w, mv);
        if (e.who == Player::A && done.kind == MoveKind::Draw && done.tile != e.move.tile) ok = false;
        if (e.who == Player::B && done.kind == MoveKind::Draw) h.opponentDraws.push_back(done.tile);
        if (!ok) break;
      }
      if (!ok || !w.inRound() || w.state().turn != Player::A) continue;
      h.opponentHand = w.state().hand[1];
      for (int i = w.state().stockTop; i < w.state().stockEnd; ++i) h.stock.push_back(w.state().stock[i]);
      ++anyModel;
      if (model == OpponentModel::Any || heavyFirst) deals.insert(key(h));
    } while (std::next_permutation(hidden.begin(), hidden.end()));
    if (deals.size() < 4) continue;
    // Under the model, only positions that it narrows (B's plays say something).
    if (model != OpponentModel::Any && static_cast<long long>(deals.size()) == anyModel) continue;
    ++positions;
    INFO("seed ", seed, ": ", deals.size(), " consistent deals of ", perms, " deals");
    CHECK(static_cast<long long>(deals.size()) < perms);
    narrowed += static_cast<long long>(deals.size()) < anyModel;
    Sampler sampler(o, model);
    pcg32 rng(seed, 11);
    const int n = static_cast<int>(deals.size()) * 60;
    std::map<std::vector<int>, int> seen;
    for (int i = 0; i < n; ++i) {
      const auto k = key(sampler.sample(rng));
      REQUIRE(deals.count(k) == 1);
      ++seen[k];
    }
    CHECK(sampler.uniform());
    CHECK(seen.size() == deals.size());
    // Chi-square against the uniform distribution; df = K-1; 5 standard deviations above the mean.
    const double expect = 60.0;
    double chi = 0;
    for (const auto& kv : seen) chi += (kv.second - expect) * (kv.second - expect) / expect;
    const double df = static_cast<double>(deals.size() - 1);
    CHECK(chi < df + 5 * std::sqrt(2 * df));
  }
  CHECK(positions == 3);
  return narrowed;
}

TEST_CASE("inference: the sampler is uniform over every consistent deal (enumeration)") {
  CHECK(checkSamplerUniform(OpponentModel::Any) == 0);
}

TEST_CASE("inference: under HeavyFirst, uniform over the deals whose plays were the heaviest (enumeration)") {
  // B plays greedy, so the true deal is always among them; three positions that the model narrows.
  CHECK(checkSamplerUniform(OpponentModel::HeavyFirst) == 3);
}

TEST_CASE("inference: determinize builds the full-information position, every preset") {
  for (const std::string& rules : presetNames()) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      Match m(*preset(rules));
      m.startRound(dealFromSeed(seed + 50, m.rules().hand));
      RoundLog log;
      pcg32 rng(seed);
      int step = 0;
      while (m.inRound()) {
        const Player who = m.state().turn;
        const Observation o = observe(m, who, log);
        if (step++ % 4 == 0) {
          Sampler sampler(o);
          const Hidden h = sampler.sample(rng);
          Match full(m.rules());
          const Setup s = determinize(o, h);
          INFO(rules, " seed ", seed, " move ", o.history.size());
          REQUIRE(full.startSetup(s).empty());
          CHECK(full.inRound());
          CHECK(full.state().turn == who);
          CHECK(full.state().hand[idx(who)] == o.hand);
          CHECK(full.state().hand[idx(other(who))] == h.opponentHand);
          CHECK(full.state().stockCount() == o.stockCount);
          CHECK(full.fits() == m.fits());
          CHECK(full.legalMoves().size == o.legal.size);
          CHECK(full.scores() == m.scores());
          // The true hidden deal round-trips.
          Hidden truth;
          truth.opponentHand = m.state().hand[idx(other(who))];
          for (int i = m.state().stockTop; i < m.state().stockEnd; ++i) truth.stock.push_back(m.state().stock[i]);
          Match same(m.rules());
          REQUIRE(same.startSetup(determinize(o, truth)).empty());
          CHECK(same.state().hand == m.state().hand);
          CHECK(same.line() == m.line());
          CHECK(same.legalMoves().size == m.legalMoves().size);
        }
        (void)log.apply(m, randomMove(o, rng));
      }
    }
  }
}
