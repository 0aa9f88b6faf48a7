// SPDX-License-Identifier: MIT
// Rounds, scores and the line of play on top of the round state.
#include "core/match.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace dom {

// The free layout's occupancy grid exists only under layout=free: a snake match has no board to copy
// (the studio keeps a copy of the match per position).
Match::Match(Rules rules) : rules_(std::move(rules)) { resetBoard(); }

void Match::resetBoard() {
  if (rules_.layout == LayoutRule::Free) board_.reset(rules_.tableW, rules_.tableH);
}

std::string Match::canStartRound() const {
  if (matchOver_) return "the match is over";
  if (inRound()) return "round " + std::to_string(round_) + " is not over";
  return {};
}

void Match::openingRules() {
  // Round 1, lead=double and a tied round under lead=winner use the double rule (startRound did).
  if (round_ == 1 || rules_.lead == LeadRule::Double) return;
  std::optional<Player> opener;
  if (rules_.lead == LeadRule::Alternate && prevOpener_) opener = other(*prevOpener_);
  if (rules_.lead == LeadRule::Winner && prevWinner_ < 2) opener = static_cast<Player>(prevWinner_);
  if (!opener) return;
  state_.opener = *opener;
  state_.turn = *opener;
  state_.forcedLead = kNoTile;
}

void Match::startRound(const Deal& deal) {
  ++round_;
  roundMoves_ = 0;
  state_ = dom::startRound(deal);
  openingRules();
  lineBegin_ = lineEnd_ = leadPos_ = kTiles;
  resetBoard();
  lastResult_.reset();
}

std::string Match::startSetup(const Setup& s) {
  Mask seen = 0;
  auto add = [&](Tile t) -> std::string {
    if (seen & bit(t)) return "the position repeats " + tileText(t);
    seen |= bit(t);
    return {};
  };
  for (int p = 0; p < 2; ++p)
    for (Mask m = s.hand[p]; m; m &= m - 1)
      if (auto e = add(static_cast<Tile>(std::countr_zero(m))); !e.empty()) return e;
  for (Tile t : s.stock)
    if (auto e = add(t); !e.empty()) return e;
  for (const auto& lt : s.line)
    if (auto e = add(lt.tile); !e.empty()) return e;
  if (seen != kAllTiles)
    return "the position misses " + tileText(static_cast<Tile>(std::countr_zero(~seen & kAllTiles)));
  for (int p = 0; p < 2; ++p)
    if (!s.hand[p]) return std::string("hand ") + letter(static_cast<Player>(p)) + " is empty: the round would be over";
  if (static_cast<int>(s.stock.size()) > kMaxStock)
    return "the stock holds more than " + std::to_string(kMaxStock) + " tiles";
  for (std::size_t i = 1; i < s.line.size(); ++i)
    if (s.line[i - 1].right != s.line[i].left)
      return "the line does not match: " + tileText(s.line[i - 1].left, s.line[i - 1].right) + " then " +
             tileText(s.line[i].left, s.line[i].right);
  const int n = static_cast<int>(s.line.size());
  if (n && (s.leadIndex < 0 || s.leadIndex >= n)) return "the line's lead is out of range";
  std::vector<LaidTile> line = s.line;
  if (rules_.layout == LayoutRule::Free && n) {
    auto laid = freeLayout(line, s.leadIndex, rules_.tableW, rules_.tableH);
    if (auto* err = std::get_if<std::string>(&laid)) return *err;
  }

  ++round_;
  roundMoves_ = 0;
  Deal d;
  d.hand = s.hand;
  for (Tile t : s.stock) d.stock[d.stockSize++] = t;
  state_ = dom::startRound(d);
  lastResult_.reset();
  resetBoard();
  lineBegin_ = lineEnd_ = leadPos_ = kTiles;
  if (s.score) scores_ = *s.score;
  if (n == 0) {
    openingRules();
    if (s.turn) {
      state_.opener = state_.turn = *s.turn;
      state_.forcedLead = kNoTile;
    }
  } else {
    lineBegin_ = kTiles - s.leadIndex;
    leadPos_ = kTiles;
    lineEnd_ = lineBegin_ + n;
    for (int i = 0; i < n; ++i) {
      lineBuf_[lineBegin_ + i] = line[i];
      state_.line |= bit(line[i].tile);
    }
    state_.ends = {static_cast<std::int8_t>(line.front().left), static_cast<std::int8_t>(line.back().right)};
    state_.forcedLead = kNoTile;
    state_.turn = s.turn.value_or(Player::A);
    state_.opener = state_.turn;  // unknown from a setup; the player to move stands in for it
    if (rules_.layout == LayoutRule::Free) {
      board_.lead(line[s.leadIndex].tile);
      for (int i = s.leadIndex - 1; i >= 0; --i) board_.play(End::L, line[i].tile, line[i].heading);
      for (int i = s.leadIndex + 1; i < n; ++i) board_.play(End::R, line[i].tile, line[i].heading);
    }
  }
  state_.settle(rules_, fits());
  if (state_.over()) finishRound();
  return {};
}

MoveList Match::legalMoves() const {
  if (!inRound()) return {};
  return state_.legalMoves(rules_, fits());
}

Reason Match::reason(const Move& m, Player by) const {
  if (matchOver_ || round_ == 0 || state_.over()) {
    Reason r;
    r.player = by;
    r.why = matchOver_ ? Why::MatchOver : round_ == 0 ? Why::NoRound : Why::RoundOver;
    r.number = round_;
    return r;
  }
  Reason why = state_.reason(m, by, rules_, fits());
  if (why.legal() || rules_.layout != LayoutRule::Free) return why;
  // A turn refused at an end whose tile is a double: the rules forbid it whatever the room.
  if (why.why == Why::NoRoom && why.headed && m.heading != Heading::Straight) {
    Move at = m;
    at.end = why.end;
    if (!headed(at)) {
      why.why = Why::AfterDoubleCannotTurn;
      why.obstacle = Obstacle::None;
      return why;
    }
  }
  // What blocks the placement, from the table (only a play has a placement; a draw's tile may be none).
  if (m.kind != MoveKind::Play || m.tile >= kTiles) return why;
  const bool d = isDouble(m.tile);
  const auto any = static_cast<std::uint8_t>(7);
  if (why.obstacle == Obstacle::Unknown || why.otherObstacle == Obstacle::Unknown) {
    const TableLayout table = layout();
    if (why.obstacle == Obstacle::Unknown)
      why.obstacle =
          obstacleAt(table, why.end, d,
                     why.why == Why::NoRoom ? static_cast<std::uint8_t>(1u << static_cast<int>(m.heading)) : any);
    if (why.otherObstacle == Obstacle::Unknown) why.otherObstacle = obstacleAt(table, why.otherEnd, d, any);
  }
  return why;
}

std::string Match::illegal(const Move& m, Player by) const { return text(reason(m, by)); }

Mask Match::withoutRoom(Player p, End e) const {
  if (state_.beforeLead() || e == End::None) return 0;
  const Fits f = fits();
  return state_.hand[idx(p)] & suitMask(state_.ends[static_cast<int>(e)]) & ~f[static_cast<int>(e)].tiles();
}

Mask Match::matchedWithoutRoom(Player p) const {
  if (state_.beforeLead()) return 0;
  return (withoutRoom(p, End::L) | withoutRoom(p, End::R)) & ~state_.playableAt(p, End::L, fits()) &
         ~state_.playableAt(p, End::R, fits());
}

Obstacle Match::obstacle(End e, Mask tiles) const {
  if (rules_.layout != LayoutRule::Free || !tiles) return Obstacle::None;
  const TableLayout table = layout();
  Obstacle why = Obstacle::None;
  forEachHeaviestFirst(tiles, [&](Tile t) { why = why | obstacleAt(table, e, isDouble(t), 7); });
  return why;
}

std::string Match::matchedWithoutRoomText() const {
  std::string s;
  for (Player p : {Player::A, Player::B}) {
    const Mask tiles = matchedWithoutRoom(p);
    if (!tiles) continue;
    s += (s.empty() ? "" : W_(" and ")) + fill(W_("{0}'s {1}"), {std::string(1, letter(p)), tilesText(tiles)});
  }
  return s.empty() ? s : fill(W_("{0} matched ends that had no room"), {s});
}

Move Match::resolve(const Move& m) const {
  Move r = m;
  if (r.kind != MoveKind::Play) return r;
  if (state_.beforeLead()) {
    r.end = End::None;
    r.heading = Heading::Straight;
    if (r.tile < kTiles && r.leftPip != high(r.tile) && r.leftPip != low(r.tile))
      r.leftPip = static_cast<std::uint8_t>(high(r.tile));
    return r;
  }
  if (r.end == End::None) {
    const Fits f = fits();
    r.end = (state_.playableAt(state_.turn, End::L, f) & bit(r.tile)) ? End::L : End::R;
  }
  return r;
}

Move Match::play(const Move& m) {
  if (m.kind == MoveKind::Play && m.tile >= kTiles)
    throw std::invalid_argument("tile number " + std::to_string(m.tile) + " is not a tile (0..27)");
  const Player by = state_.turn;
  const Reason why = reason(m, by);
  if (!why.legal()) throw IllegalMove(why, text(why));
  return apply(resolve(m));
}

void Match::requireApplicable(const Move& m) const {
  std::string bad;
  if (m.kind == MoveKind::Play && m.tile >= kTiles)
    bad = "tile number " + std::to_string(m.tile) + " is not a tile";
  else if (m.kind == MoveKind::Play && state_.beforeLead() && m.end != End::None)
    bad = "a lead names no end";
  else if (m.kind == MoveKind::Play && !state_.beforeLead() && m.end == End::None)
    bad = "the end is not resolved";
  else if (m.isLead() && m.leftPip != high(m.tile) && m.leftPip != low(m.tile))
    bad = "the lead's leftPip is not a half of its tile";
  else if (const Reason why = reason(m, state_.turn); !why.legal())
    bad = text(why);
  if (!bad.empty())
    throw std::logic_error("Match::apply: " + bad + " (Match::play checks a move and gives the rules' reason)");
}

Move Match::apply(Move m) {
  requireApplicable(m);
  ++roundMoves_;
  switch (m.kind) {
    case MoveKind::Draw: m.tile = state_.draw(); break;
    case MoveKind::Pass: state_.pass(); break;
    case MoveKind::Play: {
      const Tile t = m.tile;
      if (m.end == End::None) {
        lineBuf_[leadPos_] = {t, m.leftPip, static_cast<std::uint8_t>(otherHalf(t, m.leftPip)), Heading::Straight};
        lineBegin_ = leadPos_;
        lineEnd_ = leadPos_ + 1;
        if (rules_.layout == LayoutRule::Free) board_.lead(t);
      } else {
        const auto match = static_cast<std::uint8_t>(state_.ends[static_cast<int>(m.end)]);
        const auto far = static_cast<std::uint8_t>(otherHalf(t, match));
        if (m.end == End::L)
          lineBuf_[--lineBegin_] = {t, far, match, m.heading};
        else
          lineBuf_[lineEnd_++] = {t, match, far, m.heading};
        if (rules_.layout == LayoutRule::Free) board_.play(m.end, t, m.heading);
      }
      state_.play(m);
      break;
    }
  }
  state_.settle(rules_, fits());
#ifdef DOMINOES_CHECK_EVERY_MOVE
  // Debug and sanitizer builds: a move that breaks the position is a bug in the engine; stop there.
  if (auto e = invalid(); !e.empty()) {
    std::fprintf(stderr, "dominoes: inconsistent position after a move: %s\n", e.c_str());
    std::abort();
  }
#endif
  if (state_.over()) finishRound();
  return m;
}

void Match::Results::push(const RoundResult& r) {
  tail_.push_back(r);
  if (tail_.size() < kChunk) return;
  auto chunk = std::make_shared<Chunk>();
  chunk->before = frozen_ ? frozen_->before + kChunk : 0;
  chunk->prev = std::move(frozen_);
  std::copy(tail_.begin(), tail_.end(), chunk->items.begin());
  frozen_ = std::move(chunk);
  tail_.clear();
}

std::vector<RoundResult> Match::Results::all() const {
  std::vector<RoundResult> out(size());
  std::copy(tail_.begin(), tail_.end(), out.end() - static_cast<std::ptrdiff_t>(tail_.size()));
  for (const Chunk* c = frozen_.get(); c; c = c->prev.get())
    std::copy(c->items.begin(), c->items.end(), out.begin() + static_cast<std::ptrdiff_t>(c->before));
  return out;
}

void Match::finishRound() {
  RoundResult r{round_, state_.winner, state_.status, state_.points};
  if (r.winner < 2) scores_[r.winner] += r.points;
  lastResult_ = r;
  results_.push(r);
  prevOpener_ = state_.opener;
  prevWinner_ = r.winner;
  if (rules_.target == 0) {
    matchOver_ = true;
    matchWinner_ = r.winner;
    return;
  }
  // A player whose score has reached the target wins, whoever won this round: a `score` statement
  // may have put the round's loser there already. If both have reached it (only possible through
  // `score`), the higher score wins; equal scores are a tied match.
  const bool reachedA = scores_[0] >= rules_.target, reachedB = scores_[1] >= rules_.target;
  if (!reachedA && !reachedB) return;
  matchOver_ = true;
  if (reachedA && reachedB)
    matchWinner_ = scores_[0] == scores_[1] ? 2 : scores_[0] > scores_[1] ? 0 : 1;
  else
    matchWinner_ = reachedA ? 0 : 1;
}

std::vector<LaidTile> Match::line() const { return {lineBuf_.begin() + lineBegin_, lineBuf_.begin() + lineEnd_}; }

TableLayout Match::layout() const {
  const auto l = line();
  if (rules_.layout == LayoutRule::Free) {
    auto laid = freeLayout(l, leadIndex(), rules_.tableW, rules_.tableH);
    if (auto* t = std::get_if<TableLayout>(&laid)) return *t;
  }
  return snakeLayout(l, leadIndex(), rules_.tableW, rules_.tableH);
}

std::string Match::invalid() const {
  if (auto e = state_.invalid(); !e.empty()) return e;
  Mask onLine = 0;
  for (int i = lineBegin_; i < lineEnd_; ++i) {
    onLine |= bit(lineBuf_[i].tile);
    if (i > lineBegin_ && lineBuf_[i - 1].right != lineBuf_[i].left)
      return "the line's neighbouring halves do not match";
  }
  if (onLine != state_.line) return "the line disagrees with the tiles on the table";
  if (lineEnd_ > lineBegin_ &&
      (lineBuf_[lineBegin_].left != state_.ends[0] || lineBuf_[lineEnd_ - 1].right != state_.ends[1]))
    return "the ends do not match the line";
  return {};
}

bool Match::headed(const Move& m) const {
  if (m.kind != MoveKind::Play || m.end == End::None || isDouble(m.tile) || lineEnd_ == lineBegin_) return false;
  const LaidTile& endTile = lineBuf_[m.end == End::L ? lineBegin_ : lineEnd_ - 1];
  return !isDouble(endTile.tile);
}

std::string Match::moveText(const Move& m) const {
  switch (m.kind) {
    case MoveKind::Draw: return m.tile == kNoTile ? "draw" : "draw " + tileText(m.tile);
    case MoveKind::Pass: return "pass";
    case MoveKind::Play: break;
  }
  if (m.end == End::None) return tileText(m.leftPip, otherHalf(m.tile, m.leftPip));
  const int match = state_.ends[static_cast<int>(m.end)];
  std::string s = tileText(match, otherHalf(m.tile, match)) + ' ' + letter(m.end);
  // Under layout=free every play that has a choice of heading names it, straight included.
  if (rules_.layout == LayoutRule::Free && headed(m)) s += std::string(" ") + name(m.heading);
  return s;
}

}  // namespace dom
