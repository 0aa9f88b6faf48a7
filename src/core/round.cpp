// The turn rules on a round state: legal moves, why a move is illegal, applying moves, blocking.
#include "core/round.h"

#include <pcg_random.hpp>

#include "core/random.h"

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
std::string who(Player p) { return std::string(1, letter(p)); }
std::string endText(const RoundState& s) {
  return "ends are " + std::to_string(s.ends[0]) + " and " + std::to_string(s.ends[1]);
}
}  // namespace

std::string RoundState::illegal(const Move& m, Player by, const Rules& r, const Fits& fits) const {
  if (over()) return "the round is over";
  if (by != turn) return "not " + who(by) + "'s turn: it is " + who(turn) + "'s turn";
  const Mask can = playable(by, fits);
  if (m.kind == MoveKind::Draw) {
    if (can) {
      Tile t = kNoTile;
      forEachHeaviestFirst(can, [&](Tile x) { if (t == kNoTile) t = x; });
      return who(by) + " cannot draw while able to play (" + tileText(t) + " can be played)";
    }
    if (r.draw == DrawRule::None) return "drawing is not allowed in this game (draw=none): " + who(by) + " must pass";
    if (!canDraw(r)) {
      if (r.reserve == 0) return who(by) + " cannot draw: the stock is empty";
      return who(by) + " cannot draw: the stock is down to its reserve of " + std::to_string(r.reserve);
    }
    if (m.tile != kNoTile && m.tile != stockTopTile())
      return "drawn tile " + tileText(m.tile) + " is not the top of the stock (the top is " +
             tileText(stockTopTile()) + ")";
    return {};
  }
  if (m.kind == MoveKind::Pass) {
    if (can) return who(by) + " cannot pass while able to play";
    if (canDraw(r)) return who(by) + " cannot pass while able to draw";
    return {};
  }
  const Tile t = m.tile;
  if (!(hand[idx(by)] & bit(t))) return tileText(t) + " is not in " + who(by) + "'s hand";
  if (beforeLead()) {
    if (forcedLead != kNoTile && t != forcedLead)
      return "the lead must be " + tileText(forcedLead) +
             (isDouble(forcedLead) ? " (the highest double)" : " (the heaviest tile: nobody holds a double)");
    // The lead lies at the centre, lengthwise left-right (a double crosswise): it has no heading.
    if (m.heading != Heading::Straight) {
      if (r.layout == LayoutRule::Snake) return "a heading needs layout=free; under layout=snake the engine lays every tile";
      return "the lead lies at the centre, lengthwise: it cannot turn " + std::string(name(m.heading));
    }
    return {};
  }
  const bool showsL = high(t) == ends[0] || low(t) == ends[0];
  const bool showsR = high(t) == ends[1] || low(t) == ends[1];
  if (!showsL && !showsR) return tileText(t) + " matches no open end (" + endText(*this) + ")";
  End e = m.end;
  if (e == End::None) {
    const bool l = playableAt(by, End::L, fits) & bit(t), rr = playableAt(by, End::R, fits) & bit(t);
    if (l && rr) return tileText(t) + " fits both ends: say L or R";
    if (!l && !rr) return tileText(t) + " has no room at either end: the layout blocks it";
    e = l ? End::L : End::R;
  }
  const int ei = static_cast<int>(e);
  if (high(t) != ends[ei] && low(t) != ends[ei])
    return tileText(t) + " does not match end " + letter(e) + " (" + std::to_string(ends[ei]) + ")";
  if (m.heading != Heading::Straight) {
    if (r.layout == LayoutRule::Snake) return "a heading needs layout=free; under layout=snake the engine lays every tile";
    if (isDouble(t)) return "a double is always laid crosswise, straight on";
    if (!fits[ei].dbl && !fits[ei].headings) return "end " + std::string(1, letter(e)) + " is blocked by the layout";
  }
  if (isDouble(t) ? !fits[ei].dbl : !(fits[ei].headings & (1u << static_cast<int>(m.heading)))) {
    return tileText(t) + " has no room at end " + letter(e) +
           (isDouble(t) ? std::string() : std::string(" heading ") + name(m.heading)) +
           ": the table's edge or the line blocks it";
  }
  return {};
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
  if (seen != kAllTiles) return "a tile is missing: " + tileText(static_cast<Tile>(std::countr_zero(~seen & kAllTiles)));
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
  for (int i = 0; i < d.stockSize; ++i) s.stock[i] = d.stock[i];
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
  Deal d;
  for (int i = 0; i < handSize; ++i) d.hand[0] |= bit(tiles[i]);
  for (int i = handSize; i < 2 * handSize; ++i) d.hand[1] |= bit(tiles[i]);
  for (int i = 2 * handSize; i < kTiles; ++i) d.stock[d.stockSize++] = tiles[i];
  return d;
}

}  // namespace dom
