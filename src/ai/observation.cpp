// SPDX-License-Identifier: MIT
// The round's public history and the observation of one player.
#include "ai/observation.h"

#include <stdexcept>
#include <string>

namespace dom::ai {

Mask placeableNow(const RoundState& s, const Fits& fits) {
  if (s.beforeLead()) return s.forcedLead == kNoTile ? ~s.line & kAllTiles : bit(s.forcedLead);
  Mask m = 0;
  for (int e = 0; e < 2; ++e) m |= suitMask(s.ends[e]) & fits[e].tiles();
  return m & ~s.line & kAllTiles;
}

Mask Observation::placeable() const {
  if (beforeLead()) return forcedLead == kNoTile ? ~line & kAllTiles : bit(forcedLead);
  Mask m = 0;
  for (int e = 0; e < 2; ++e) m |= suitMask(ends[e]) & fits[e].tiles();
  return m & ~line & kAllTiles;
}

void RoundLog::clear() {
  events_.clear();
  round_ = -1;
}

void RoundLog::sync(const Match& m) {
  if (m.round() == round_) return;
  events_.clear();
  round_ = m.round();
}

namespace {
Event eventBefore(const Match& m, int number) {
  const RoundState& s = m.state();
  Event e;
  e.who = s.turn;
  e.ends = s.ends;
  e.placeable = placeableNow(s, m.fits());
  e.number = number;
  e.stockCount = s.stockCount();
  e.canDraw = s.canDraw(m.rules());
  return e;
}
}  // namespace

void RoundLog::record(const Match& before, const Move& applied) {
  sync(before);
  Event e = eventBefore(before, static_cast<int>(events_.size()) + 1);
  e.move = applied;
  events_.push_back(e);
}

Move RoundLog::apply(Match& m, const Move& mv) {
  sync(m);
  Event e = eventBefore(m, static_cast<int>(events_.size()) + 1);
  e.move = m.apply(m.resolve(mv));
  events_.push_back(e);
  return e.move;
}

namespace {
// The history must hold every move of the round so far: a match stepped with Match::apply while the
// log was not told (or a log of another round) would give the players an empty or wrong history.
void requireWholeHistory(const Match& m, const RoundLog& log) {
  const int logged = log.round() == m.round() ? static_cast<int>(log.events().size()) : 0;
  if (logged == m.roundMoves()) return;
  throw std::logic_error("ai::observe: the round log holds " + std::to_string(logged) + " of round " +
                         std::to_string(m.round()) + "'s " + std::to_string(m.roundMoves()) +
                         " moves (apply moves with RoundLog::apply, or play through ai::Game, which keeps both)");
}
}  // namespace

Observation observe(const Match& m, Player viewer, const RoundLog& log) {
  requireWholeHistory(m, log);
  Observation o;
  const RoundState& s = m.state();
  o.rules = m.rules();
  o.me = viewer;
  o.turn = s.turn;
  o.opener = s.opener;
  o.round = m.round();
  o.scores = m.scores();
  o.hand = s.hand[idx(viewer)];
  o.line = s.line;
  o.laid = m.line();
  o.leadIndex = m.leadIndex();
  o.ends = s.ends;
  o.fits = m.fits();
  o.stockCount = s.stockCount();
  o.opponentCount = count(s.hand[idx(other(viewer))]);
  o.forcedLead = s.forcedLead;
  if (log.round() == m.round()) o.history = log.events();
  for (Event& e : o.history)
    if (e.who != viewer && e.move.kind == MoveKind::Draw) e.move.tile = kNoTile;
  o.fromDeal = o.history.empty() ? s.beforeLead() : o.history.front().ends[0] < 0;
  if (m.inRound() && s.turn == viewer) o.legal = m.legalMoves();
  return o;
}

}  // namespace dom::ai
