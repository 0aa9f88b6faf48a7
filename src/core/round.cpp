// SPDX-License-Identifier: MIT
// The turn rules on a round state: legal moves, why a move is illegal, applying moves, blocking.
#include "core/round.h"

#include <algorithm>

#include <pcg_random.hpp>

#include "core/random.h"
#include "core/reason.h"

namespace dom {

const char* name(Heading h) {
  switch (h) {
    case Heading::Straight: return "straight";
    case Heading::Left: return "left";
    case Heading::Right: return "right";
  }
  return "?";
}

Mask RoundState::stockMask() const {
  Mask m = 0;
  for (int i = stockTop; i < stockEnd; ++i) m |= bit(stock[i]);
  return m;
}

MoveList RoundState::legalMoves(const Rules& r, const Fits& fits) const {
  MoveList out;
  if (over()) return out;
  const Player p = turn;
  if (beforeLead()) {
    forEachHeaviestFirst(playable(p, fits), [&](Tile t) {
      out.push({MoveKind::Play, t, End::None, Heading::Straight, static_cast<std::uint8_t>(high(t))});
    });
  } else {
    const Mask at[2] = {playableAt(p, End::L, fits), playableAt(p, End::R, fits)};
    forEachHeaviestFirst(at[0] | at[1], [&](Tile t) {
      for (int e = 0; e < 2; ++e) {
        if (!(at[e] & bit(t))) continue;
        if (isDouble(t)) {
          out.push({MoveKind::Play, t, static_cast<End>(e), Heading::Straight, 0});
          continue;
        }
        for (int h = 0; h < 3; ++h)
          if (fits[e].headings & (1u << h))
            out.push({MoveKind::Play, t, static_cast<End>(e), static_cast<Heading>(h), 0});
      }
    });
  }
  if (out.empty()) out.push({canDraw(r) ? MoveKind::Draw : MoveKind::Pass, kNoTile, End::None, Heading::Straight, 0});
  return out;
}

namespace {

// The reason so far, refused for w.
Reason refuse(Reason& why, Why w) {
  why.why = w;
  return why;
}

// Why a draw is not legal for the player who can play the tiles `can` (Why::Legal if it is).
Reason drawReason(const RoundState& s, const Move& m, Mask can, const Rules& r, Reason& why) {
  if (can) {
    forEachHeaviestFirst(can, [&](Tile x) {
      if (why.other == kNoTile) why.other = x;
    });
    return refuse(why, Why::DrawWhileAble);
  }
  if (r.draw == DrawRule::None) return refuse(why, Why::DrawNotAllowed);
  if (!s.canDraw(r)) {
    why.number = r.reserve;
    return refuse(why, r.reserve == 0 ? Why::StockEmpty : Why::StockAtReserve);
  }
  if (m.tile != kNoTile && m.tile != s.stockTopTile()) {
    why.other = s.stockTopTile();
    return refuse(why, Why::NotStockTop);
  }
  return why;
}

// Why a lead of m.tile is not legal (Why::Legal if it is).
Reason leadReason(const RoundState& s, const Move& m, const Rules& r, Reason& why) {
  if (s.forcedLead != kNoTile && m.tile != s.forcedLead) {
    why.other = s.forcedLead;
    return refuse(why, Why::WrongLead);
  }
  // The lead lies at the centre, lengthwise left-right (a double crosswise): it has no heading.
  if (m.heading != Heading::Straight)
    return refuse(why, r.layout == LayoutRule::Snake ? Why::HeadingNeedsFree : Why::LeadCannotTurn);
  return why;
}

// Why playing m.tile on end ei is not legal, given the ends it shows on and has room at (Why::Legal if it is).
Reason endReason(const Move& m, int ei, const bool (&shows)[2], const bool (&room)[2], const Rules& r, const Fits& fits,
                 Reason& why) {
  const Tile t = m.tile;
  if (!shows[ei]) {
    // Say so when the tile matches the other end but cannot be placed there either.
    if (shows[1 - ei] && !room[1 - ei]) {
      why.otherEnd = static_cast<End>(1 - ei);
      why.otherObstacle = Obstacle::Unknown;
    }
    return refuse(why, Why::DoesNotMatch);
  }
  if (m.heading != Heading::Straight) {
    if (r.layout == LayoutRule::Snake) return refuse(why, Why::HeadingNeedsFree);
    if (isDouble(t)) return refuse(why, Why::DoubleCannotTurn);
  }
  if (isDouble(t) ? !fits[ei].dbl : !(fits[ei].headings & (1u << static_cast<int>(m.heading)))) {
    why.headed = !isDouble(t);
    why.obstacle = Obstacle::Unknown;
    return refuse(why, Why::NoRoom);
  }
  return why;
}

// Why playing m.tile from the hand of `by` after the lead is not legal (Why::Legal if it is).
Reason placeReason(const RoundState& s, const Move& m, Player by, const Rules& r, const Fits& fits, Reason& why) {
  const Tile t = m.tile;
  const auto& ends = s.ends;
  const bool shows[2] = {high(t) == ends[0] || low(t) == ends[0], high(t) == ends[1] || low(t) == ends[1]};
  if (!shows[0] && !shows[1]) return refuse(why, Why::MatchesNoEnd);
  const bool room[2] = {(s.playableAt(by, End::L, fits) & bit(t)) != 0, (s.playableAt(by, End::R, fits) & bit(t)) != 0};
  End e = m.end;
  if (e == End::None) {
    if (room[0] && room[1]) return refuse(why, Why::FitsBothEnds);
    if (!room[0] && !room[1]) {
      // The ends it matches, L first; the obstacles are the layout's business (Unknown here).
      why.end = shows[0] ? End::L : End::R;
      why.otherEnd = shows[0] && shows[1] ? End::R : End::None;
      why.obstacle = why.otherObstacle = Obstacle::Unknown;
      return refuse(why, Why::NoRoomAnyEnd);
    }
    e = room[0] ? End::L : End::R;
    why.end = e;
  }
  return endReason(m, static_cast<int>(e), shows, room, r, fits, why);
}

}  // namespace

Reason RoundState::reason(const Move& m, Player by, const Rules& r, const Fits& fits) const {
  Reason why;
  why.player = by;
  why.turn = turn;
  why.tile = m.tile;
  why.end = m.end;
  why.heading = m.heading;
  why.pips = {ends[0], ends[1]};
  if (over()) return refuse(why, Why::RoundOver);
  if (by != turn) return refuse(why, Why::NotYourTurn);
  const Mask can = playable(by, fits);
  if (m.kind == MoveKind::Draw) return drawReason(*this, m, can, r, why);
  if (m.kind == MoveKind::Pass) {
    if (can) return refuse(why, Why::PassWhileAble);
    if (canDraw(r)) return refuse(why, Why::PassWhileCanDraw);
    return why;
  }
  if (!(hand[idx(by)] & bit(m.tile))) return refuse(why, Why::NotInHand);
  if (beforeLead()) return leadReason(*this, m, r, why);
  return placeReason(*this, m, by, r, fits, why);
}

std::string RoundState::illegal(const Move& m, Player by, const Rules& r, const Fits& fits) const {
  return text(reason(m, by, r, fits));
}

void RoundState::block(const Rules& r) {
  status = RoundStatus::Blocked;
  const int a = pips(hand[0]), b = pips(hand[1]);
  if (a == b) {
    winner = 2;
    points = 0;
    return;
  }
  winner = a < b ? 0 : 1;
  points = static_cast<std::uint16_t>(r.blocked == BlockedRule::Difference ? (a > b ? a - b : b - a) : (a > b ? a : b));
}

std::string RoundState::invalid() const {
  const Mask s = stockMask();
  const Mask parts[4] = {hand[0], hand[1], line, s};
  Mask seen = 0;
  for (Mask p : parts) {
    if (seen & p) return "a tile is in two places: " + tileText(static_cast<Tile>(std::countr_zero(seen & p)));
    seen |= p;
  }
  if (seen != kAllTiles)
    return "a tile is missing: " + tileText(static_cast<Tile>(std::countr_zero(~seen & kAllTiles)));
  if ((line == 0) != beforeLead()) return "the ends do not agree with the line";
  if (stockTop > stockEnd || stockEnd > kMaxStock) return "the stock is out of range";
  return {};
}

void applyDoubleRule(RoundState& s) {
  const Tile da = highestDouble(s.hand[0]), db = highestDouble(s.hand[1]);
  if (da != kNoTile || db != kNoTile) {
    const bool a = db == kNoTile || (da != kNoTile && da > db);
    s.opener = a ? Player::A : Player::B;
    s.forcedLead = a ? da : db;
  } else {
    const Tile ha = heaviest(s.hand[0]), hb = heaviest(s.hand[1]);
    const bool a = hb == kNoTile || (ha != kNoTile && heavier(ha, hb));
    s.opener = a ? Player::A : Player::B;
    s.forcedLead = a ? ha : hb;
  }
  s.turn = s.opener;
}

RoundState startRound(const Deal& d) {
  RoundState s;
  s.hand = d.hand;
  std::copy_n(d.stock.begin(), std::min<int>(d.stockSize, kMaxStock), s.stock.begin());
  s.stockTop = 0;
  s.stockEnd = static_cast<std::uint8_t>(d.stockSize);
  applyDoubleRule(s);
  return s;
}

Deal dealFromSeed(std::uint64_t seed, int handSize) {
  pcg32 rng(seed);
  std::array<Tile, kTiles> tiles{};
  for (int i = 0; i < kTiles; ++i) tiles[i] = static_cast<Tile>(i);
  // Fisher-Yates with our own unbiased bounded draw, which is the same on every compiler.
  for (int i = kTiles - 1; i > 0; --i) {
    const auto j = bounded(rng, static_cast<std::uint32_t>(i + 1));
    std::swap(tiles[i], tiles[j]);
  }
  // Counted in locals and copied at once: a Tile is a byte, whose stores may alias any field, so
  // counting in d.stockSize made every tile's store wait for the count's (a third of the deal).
  Deal d;
  Mask a = 0, b = 0;
  for (int i = 0; i < handSize; ++i) a |= bit(tiles[i]);
  for (int i = handSize; i < 2 * handSize; ++i) b |= bit(tiles[i]);
  d.hand = {a, b};
  d.stockSize = std::max(0, kTiles - 2 * handSize);
  std::copy_n(tiles.begin() + 2 * handSize, d.stockSize, d.stock.begin());
  return d;
}

}  // namespace dom
