// SPDX-License-Identifier: MIT
// Inference from the public history: what the opponent cannot hold, and a sampler of hidden deals.
#include "ai/inference.h"

#include <algorithm>

#include "core/random.h"
#include "core/reason.h"

namespace dom::ai {
namespace {

bool isOppRefusal(const Observation& o, const Event& e) {
  return e.who == o.opponent() && e.move.kind != MoveKind::Play && e.ends[0] >= 0;
}

// The opening's double rule applied to two start hands: the forced lead and its holder.
struct Opening {
  Tile lead = kNoTile;
  Player opener = Player::A;
};
Opening doubleRule(Mask a, Mask b) {
  RoundState s;
  s.hand = {a, b};
  applyDoubleRule(s);
  return {s.forcedLead, s.opener};
}

// Tiles the opening's double rule says the non-opener did not hold at the start, when the viewer
// opened with a forced lead F: higher doubles than a double F; every double and heavier tile otherwise.
Mask openingExclusion(Tile f) {
  Mask m = 0;
  for (Tile t = 0; t < kTiles; ++t) {
    if (t == f) continue;
    if (isDouble(f) ? (isDouble(t) && t > f) : (isDouble(t) || heavier(t, f))) m |= bit(t);
  }
  return m;
}

// The forced lead of the history's opening, if the history starts at a deal with the double rule.
std::optional<std::pair<Tile, Player>> forcedOpening(const Observation& o) {
  if (!o.fromDeal) return std::nullopt;
  if (o.history.empty()) {
    if (o.beforeLead() && o.forcedLead != kNoTile) return std::pair{o.forcedLead, o.turn};
    return std::nullopt;
  }
  const Event& e = o.history.front();
  if (e.ends[0] < 0 && e.move.kind == MoveKind::Play && count(e.placeable) == 1) return std::pair{e.move.tile, e.who};
  return std::nullopt;
}

}  // namespace

Tile pinnedDraw(const Observation& o, int i) {
  const auto n = static_cast<int>(o.history.size());
  if (i < 0 || i + 1 >= n) return kNoTile;
  const Event& e = o.history[i];
  const Event& next = o.history[i + 1];
  if (e.move.kind != MoveKind::Draw || next.who != e.who || next.move.kind != MoveKind::Play) return kNoTile;
  return next.move.tile;
}

namespace {

// "3 and 5" (one number when both ends show it).
std::string pipList(const std::array<std::int8_t, 2>& ends) {
  if (ends[1] == ends[0]) return std::to_string(ends[0]);
  return fill(W_("{0} and {1}"), {std::to_string(ends[0]), std::to_string(ends[1])});
}

// What the opponent's draws and passes at the same ends said, in the current words (English unless
// the studio set a translator): "B drew 2 times and passed at 3 and 5".
std::string refusalWords(const std::string& who, int draws, bool passed, const std::string& at) {
  const auto n = static_cast<long>(draws);
  if (draws == 0) return fill(W_("{0} passed at {1}"), {who, at});
  if (draws == 1) return fill(passed ? W_("{0} drew and passed at {1}") : W_("{0} drew at {1}"), {who, at});
  return fill(passed ? WP_("{0} drew {2} time and passed at {1}", "{0} drew {2} times and passed at {1}", n)
                     : WP_("{0} drew {2} time at {1}", "{0} drew {2} times at {1}", n),
              {who, at, std::to_string(draws)});
}

}  // namespace

std::vector<Revelation> revelations(const Observation& o) {
  std::vector<Revelation> out;
  const Player opp = o.opponent();
  const std::string who(1, letter(opp));
  if (auto f = forcedOpening(o); f && f->second == o.me) {
    Revelation r;
    r.event = 0;
    r.who = opp;
    r.excluded = openingExclusion(f->first);
    const std::string me(1, letter(o.me)), lead = tileText(f->first);
    r.text = isDouble(f->first)
                 ? fill(W_("{0} opened with {1} by the double rule: {2} had no higher double"), {me, lead, who})
                 : fill(W_("{0} opened with {1} by the double rule: {2} had no double and no tile heavier than {1}"),
                        {me, lead, who});
    out.push_back(r);
  }
  const bool free = o.rules.layout == LayoutRule::Free;
  for (int i = 0; i < static_cast<int>(o.history.size()); ++i) {
    const Event& e = o.history[i];
    if (!isOppRefusal(o, e)) continue;
    // Consecutive draws (and the pass after them) at the same ends say the same: one revelation.
    int last = i, draws = 0;
    while (last + 1 < static_cast<int>(o.history.size()) && isOppRefusal(o, o.history[last + 1]) &&
           o.history[last + 1].ends == e.ends && o.history[last + 1].placeable == e.placeable)
      ++last;
    for (int k = i; k <= last; ++k) draws += o.history[k].move.kind == MoveKind::Draw;
    const bool passed = o.history[last].move.kind == MoveKind::Pass;
    Revelation r;
    r.event = last;
    r.who = opp;
    r.excluded = e.placeable;
    const std::string moves =
        last == i ? fill(W_("on move {0}"), {std::to_string(e.number)})
                  : fill(W_("on moves {0}-{1}"), {std::to_string(e.number), std::to_string(o.history[last].number)});
    const std::string l = std::to_string(e.ends[0]), rr = std::to_string(e.ends[1]);
    const std::string had = free ? fill(W_("{0} had no tile that fits at {1} (L) or at {2} (R)"), {who, l, rr})
                            : e.ends[0] == e.ends[1] ? fill(W_("{0} had no {1}"), {who, l})
                                                     : fill(W_("{0} had no {1} and no {2}"), {who, l, rr});
    r.text = fill(W_("{0} {1}: {2}"), {refusalWords(who, draws, passed, pipList(e.ends)), moves, had});
    out.push_back(r);
    i = last;
  }
  return out;
}

std::vector<Mask> exclusions(const Observation& o, OpponentModel model) {
  std::vector<Mask> x(o.history.size(), 0);
  for (std::size_t i = 0; i < o.history.size(); ++i) {
    const Event& e = o.history[i];
    if (isOppRefusal(o, e)) {
      x[i] = e.placeable;
    } else if (model == OpponentModel::HeavyFirst && e.who == o.opponent() && e.move.kind == MoveKind::Play) {
      for (Mask m = e.placeable; m; m &= m - 1) {
        const auto t = static_cast<Tile>(std::countr_zero(m));
        if (heavier(t, e.move.tile)) x[i] |= bit(t);
      }
    }
  }
  return x;
}

namespace {

// cannotHold with the exclusions of a model: an unseen tile excluded at some moment (or by the
// opening) and not possibly drawn by the opponent since.
Mask cannotHoldGiven(const Observation& o, const std::vector<Mask>& excl) {
  const Player opp = o.opponent();
  const Mask unseen = o.unseen();
  // lastExcl[t]: the last history index where t was excluded (-1: at the start, by the opening rule).
  std::array<int, kTiles> lastExcl;
  lastExcl.fill(-2);
  if (auto f = forcedOpening(o); f && f->second == o.me)
    for (Mask m = openingExclusion(f->first) & unseen; m; m &= m - 1) lastExcl[std::countr_zero(m)] = -1;
  // The last draw of theirs that may have brought an unseen tile: a draw followed at once by a play
  // brought the tile played (nothing of theirs could be placed before it, the ends are the same).
  int lastDraw = -2;
  for (int i = 0; i < static_cast<int>(o.history.size()); ++i) {
    const Event& e = o.history[i];
    if (e.who != opp) continue;
    if (e.move.kind == MoveKind::Draw && pinnedDraw(o, i) == kNoTile) lastDraw = i;
    for (Mask m = excl[static_cast<std::size_t>(i)] & unseen; m; m &= m - 1) lastExcl[std::countr_zero(m)] = i;
  }
  // Before the lead, a forced lead of the opponent's is theirs; a forced lead of mine is mine.
  Mask out = 0;
  for (Mask m = unseen; m; m &= m - 1) {
    const int t = std::countr_zero(m);
    // Excluded at some moment, and no draw of theirs since (a tile drawn at that very draw counts).
    if (lastExcl[t] > -2 && lastDraw < lastExcl[t]) out |= bit(static_cast<Tile>(t));
  }
  return out;
}

}  // namespace

unsigned lackedPips(const Observation& o) {
  const Mask unseen = o.unseen(), cannot = cannotHold(o);
  unsigned lacks = 0;
  for (int x = 0; x <= 6; ++x)
    if ((unseen & suitMask(x) & ~cannot) == 0) lacks |= 1u << x;
  return lacks;
}

Mask cannotHold(const Observation& o) { return cannotHoldGiven(o, exclusions(o, OpponentModel::Any)); }

// ---------------------------------------------------------------------------------------------
// The sampler.

Sampler::Sampler(const Observation& o, OpponentModel model) : o_(o), excl_(exclusions(o, model)) {
  const Player opp = o.opponent();
  const Mask no = cannotHoldGiven(o, excl_);
  for (Mask m = o.unseen(); m; m &= m - 1) {
    const auto t = static_cast<Tile>(std::countr_zero(m));
    (no & bit(t) ? free_ : pool_).push_back(t);
  }
  int plays = 0, draws = 0;
  for (int i = 0; i < static_cast<int>(o.history.size()); ++i) {
    const Event& e = o.history[i];
    if (e.who != opp) continue;
    if (e.move.kind == MoveKind::Play) {
      played_.push_back(e.move.tile);
      playedAt_.push_back(i);
      ++plays;
    } else if (e.move.kind == MoveKind::Draw) {
      drawAt_.push_back(i);
      pinned_.push_back(pinnedDraw(o, i));
      ++draws;
    }
  }
  startCount_ = o.opponentCount + plays - draws;
  // My hand at the start: my hand now, plus my plays, minus my draws.
  Mask myDraws = 0;
  myStart_ = o.hand;
  for (const Event& e : o.history)
    if (e.who == o.me) {
      if (e.move.kind == MoveKind::Play) myStart_ |= bit(e.move.tile);
      if (e.move.kind == MoveKind::Draw && e.move.tile < kTiles) myDraws |= bit(e.move.tile);
    }
  myStart_ &= ~myDraws;
  if (auto f = forcedOpening(o)) {
    forcedLead_ = f->first;
    forcedBy_ = f->second;
  }
}

namespace {

// Whether a proposed deal explains the history: start hand, the opponent's draws in order, hand now.
bool consistent(const Observation& o, const std::vector<Mask>& excl, Mask mine, Tile forced, Player forcedBy,
                Mask oppStart, const std::vector<Tile>& drawn, Mask oppNow) {
  const Player me = o.me, opp = o.opponent();
  if (forced != kNoTile) {
    const Opening op = doubleRule(me == Player::A ? mine : oppStart, me == Player::A ? oppStart : mine);
    if (op.lead != forced || op.opener != forcedBy) return false;
  }
  std::array<Mask, 2> hand{};
  hand[idx(me)] = mine;
  hand[idx(opp)] = oppStart;
  std::size_t nextDraw = 0;
  for (std::size_t i = 0; i < o.history.size(); ++i) {
    const Event& e = o.history[i];
    const Mask p = e.placeable;
    const int w = idx(e.who), v = idx(other(e.who));
    // The round was not blocked before this move.
    if (e.ends[0] >= 0 && !(hand[w] & p) && !e.canDraw && !(hand[v] & p)) return false;
    switch (e.move.kind) {
      case MoveKind::Play:
        if (!(hand[w] & bit(e.move.tile))) return false;
        if (e.who == opp && (hand[w] & excl[i])) return false;  // a heavier tile of theirs could be placed
        hand[w] &= ~bit(e.move.tile);
        break;
      case MoveKind::Draw:
        if (hand[w] & p) return false;
        if (e.who == opp) {
          if (nextDraw >= drawn.size()) return false;
          hand[w] |= bit(drawn[nextDraw++]);
        } else if (e.move.tile < kTiles) {
          hand[w] |= bit(e.move.tile);
        }
        break;
      case MoveKind::Pass:
        if (hand[w] & p) return false;
        break;
    }
  }
  if (hand[idx(opp)] != oppNow) return false;
  // Now: not blocked (the round is on), and a forced lead before the lead is the opener's.
  const Mask p = o.placeable();
  if (!o.beforeLead()) {
    const int w = idx(o.turn), v = idx(other(o.turn));
    if (!(hand[w] & p) && !o.canDraw() && !(hand[v] & p)) return false;
  }
  return true;
}

template <class T>
void shuffle(std::vector<T>& v, pcg32& rng) {
  for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[bounded(rng, static_cast<std::uint32_t>(i))]);
}

}  // namespace

bool Sampler::propose(pcg32& rng, Hidden& out, bool constructive) {
  // The opponent's hand now: a uniform subset of the tiles they may hold; the rest is the stock,
  // in a uniform order.
  // Scratch vectors are members, so that proposals reuse their capacity (no allocation once warm).
  if (!proposeHand(rng, out)) return false;
  const Mask now = out.opponentHand;
  // The identities of the opponent's draws: d distinct tiles among the ones they ever held since
  // the start (held now or played), in order; the rest was their start hand.
  if (!openDraws(now)) return false;
  if (!constructive)
    uniformDraws(rng);
  else if (!constructiveDraws(rng))
    return false;
  const std::vector<Tile>& held = scratch_.held;
  const std::vector<Tile>& drawn = scratch_.drawn;
  Mask start = 0;
  for (Tile t : held) start |= bit(t);
  for (Tile t : drawn) start &= ~bit(t);
  if (count(start) != startCount_) return false;
  out.opponentStart = start;
  out.opponentDraws = drawn;
  if (!consistent(o_, excl_, myStart_, forcedLead_, forcedBy_, start, drawn, now)) return false;
  // The stock's order plays no part in the history: shuffled once the deal is kept.
  const std::vector<Tile>& pool = scratch_.pool;
  out.stock.assign(pool.begin() + o_.opponentCount, pool.end());
  out.stock.insert(out.stock.end(), free_.begin(), free_.end());
  shuffle(out.stock, rng);
  return true;
}

// The opponent's hand now (out.opponentHand): the first k tiles of scratch_.pool after a partial
// shuffle, the rest left for the stock. False when the counts cannot add up.
bool Sampler::proposeHand(pcg32& rng, Hidden& out) {
  std::vector<Tile>& pool = scratch_.pool;
  pool.assign(pool_.begin(), pool_.end());
  const int k = o_.opponentCount;
  if (k > static_cast<int>(pool.size())) return false;
  for (int i = 0; i < k; ++i) std::swap(pool[i], pool[i + bounded(rng, static_cast<std::uint32_t>(pool.size() - i))]);
  Mask now = 0;
  for (int i = 0; i < k; ++i) now |= bit(pool[i]);
  out.opponentHand = now;
  return static_cast<int>(pool.size()) - k + static_cast<int>(free_.size()) == o_.stockCount;
}

// The tiles the opponent ever held (scratch_.held), their draws with the pinned ones filled in
// (scratch_.drawn), the tiles left for the others (scratch_.rest) and those draws' slots
// (scratch_.open). False when there are more draws than tiles for them.
bool Sampler::openDraws(Mask now) {
  std::vector<Tile>& held = scratch_.held;
  held.assign(played_.begin(), played_.end());
  for (Mask m = now; m; m &= m - 1) held.push_back(static_cast<Tile>(std::countr_zero(m)));
  const std::size_t d = drawAt_.size();
  if (d > held.size()) return false;
  // Draws followed at once by a play brought the tile played; the others' tiles are proposed.
  std::vector<Tile>& drawn = scratch_.drawn;
  drawn.assign(d, kNoTile);
  Mask pinned = 0;
  for (std::size_t j = 0; j < d; ++j)
    if (pinned_[j] != kNoTile) {
      drawn[j] = pinned_[j];
      pinned |= bit(pinned_[j]);
    }
  std::vector<Tile>& rest = scratch_.rest;
  rest.clear();
  for (Tile t : held)
    if (!(pinned & bit(t))) rest.push_back(t);
  std::vector<int>& open = scratch_.open;
  open.clear();
  for (std::size_t j = 0; j < d; ++j)
    if (drawn[j] == kNoTile) open.push_back(static_cast<int>(j));
  return open.size() <= rest.size();
}

// A uniform ordered choice of distinct tiles of scratch_.rest for the open draws.
void Sampler::uniformDraws(pcg32& rng) {
  std::vector<Tile>& rest = scratch_.rest;
  const std::vector<int>& open = scratch_.open;
  for (std::size_t i = 0; i < open.size(); ++i) {
    std::swap(rest[i], rest[i + bounded(rng, static_cast<std::uint32_t>(rest.size() - i))]);
    scratch_.drawn[open[i]] = rest[i];
  }
}

// Each tile's possible draws: at or after its last exclusion before it left the hand, before
// its play; the most constrained draw first, a random candidate each. False when a draw has none.
bool Sampler::constructiveDraws(pcg32& rng) {
  const std::vector<Tile>& rest = scratch_.rest;
  const int n = static_cast<int>(o_.history.size());
  std::vector<int> lo(rest.size()), hi(rest.size());
  for (std::size_t j = 0; j < rest.size(); ++j) {
    const Tile t = rest[j];
    int until = n;
    for (std::size_t q = 0; q < played_.size(); ++q)
      if (played_[q] == t) until = playedAt_[q];
    int last = -1;
    for (int i = 0; i < until; ++i)
      if (excl_[static_cast<std::size_t>(i)] & bit(t)) last = i;
    lo[j] = last;
    hi[j] = until;
  }
  std::vector<bool> used(rest.size(), false);
  auto candidates = [&](int slot) {
    std::vector<int> c;
    const int at = drawAt_[slot];
    const Mask no = o_.history[at].placeable;  // an open draw brought no placeable tile
    for (std::size_t j = 0; j < rest.size(); ++j)
      if (!used[j] && lo[j] <= at && at < hi[j] && (at + 1 == n || !(no & bit(rest[j]))))
        c.push_back(static_cast<int>(j));
    return c;
  };
  std::vector<int> order = scratch_.open;
  std::sort(order.begin(), order.end(), [&](int a, int b) { return candidates(a).size() < candidates(b).size(); });
  for (int slot : order) {
    auto c = candidates(slot);
    if (c.empty()) return false;
    const int j = c[bounded(rng, static_cast<std::uint32_t>(c.size()))];
    used[j] = true;
    scratch_.drawn[slot] = rest[j];
  }
  return true;
}

Hidden Sampler::sample(pcg32& rng) {
  Hidden h;
  constexpr int kExactBudget = 4000, kConstructiveBudget = 4000;
  if (uniform_) {
    for (int i = 0; i < kExactBudget; ++i) {
      ++tried_;
      if (propose(rng, h, false)) {
        ++accepted_;
        return h;
      }
    }
    uniform_ = false;  // rejection is too slow here: the constructive method from now on
  }
  for (int i = 0; i < kConstructiveBudget; ++i)
    if (propose(rng, h, true)) return h;
  // Nothing consistent found: the last proposal, with the right counts at least.
  return h;
}

Setup determinize(const Observation& o, const Hidden& h) {
  Setup s;
  s.hand[idx(o.me)] = o.hand;
  s.hand[idx(o.opponent())] = h.opponentHand;
  s.stock = h.stock;
  s.line = o.laid;
  s.leadIndex = o.leadIndex;
  s.score = o.scores;
  // Before a lead forced by the double rule, the setup keeps the rule (the hands decide the lead).
  if (!(o.beforeLead() && o.forcedLead != kNoTile)) s.turn = o.turn;
  return s;
}

}  // namespace dom::ai
