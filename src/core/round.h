// SPDX-License-Identifier: MIT
// The state of one round as a small, trivially copyable value, and the turn rules on it.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <type_traits>

#include "core/rules.h"
#include "core/tile.h"

namespace dom {

enum class Player : std::uint8_t { A = 0, B = 1 };
[[nodiscard]] constexpr Player other(Player p) { return p == Player::A ? Player::B : Player::A; }
[[nodiscard]] constexpr int idx(Player p) { return static_cast<int>(p); }
[[nodiscard]] constexpr char letter(Player p) { return p == Player::A ? 'A' : 'B'; }

enum class End : std::uint8_t { L = 0, R = 1, None = 2 };
[[nodiscard]] constexpr char letter(End e) { return e == End::L ? 'L' : e == End::R ? 'R' : '-'; }

enum class Heading : std::uint8_t { Straight = 0, Left = 1, Right = 2 };
[[nodiscard]] const char* name(Heading h);

enum class MoveKind : std::uint8_t { Play, Draw, Pass };

struct Move {
  MoveKind kind = MoveKind::Play;
  Tile tile = kNoTile;  // Play; for Draw, the drawn tile once known
  End end = End::None;  // None for the lead
  Heading heading = Heading::Straight;
  std::uint8_t leftPip = 0;  // the lead only: the half laid on the L side

  [[nodiscard]] bool isLead() const { return kind == MoveKind::Play && end == End::None; }
  // Same move in the rules' sense (a lead's orientation and a draw's tile do not count).
  [[nodiscard]] bool same(const Move& o) const {
    if (kind != o.kind) return false;
    if (kind != MoveKind::Play) return true;
    return tile == o.tile && end == o.end && heading == o.heading;
  }
};

// Which placements exist at an end: a double (crosswise, straight) and the headings of a non-double.
struct EndFit {
  bool dbl = true;
  std::uint8_t headings = 1;  // bit h: Heading h fits
  bool operator==(const EndFit&) const = default;
  [[nodiscard]] Mask tiles() const { return (dbl ? doublesMask() : 0) | (headings ? ~doublesMask() & kAllTiles : 0); }
};
inline constexpr EndFit kSnakeFit{true, 1};
using Fits = std::array<EndFit, 2>;
inline constexpr Fits kSnakeFits{kSnakeFit, kSnakeFit};

enum class RoundStatus : std::uint8_t { Playing, Domino, Blocked };

struct Reason;  // core/reason.h

struct MoveList {
  std::array<Move, 64> moves;  // at most 26 leads, or 14 (tile, end) pairs x 3 headings
  int size = 0;
  void push(const Move& m) { moves[size++] = m; }
  [[nodiscard]] const Move* begin() const { return moves.data(); }
  [[nodiscard]] const Move* end() const { return moves.data() + size; }
  [[nodiscard]] bool empty() const { return size == 0; }
};

inline constexpr int kMaxStock = 26;

struct RoundState {
  std::array<Mask, 2> hand{};
  Mask line = 0;                        // tiles on the table
  std::array<Tile, kMaxStock> stock{};  // stock[stockTop..stockEnd) in draw order
  std::uint8_t stockTop = 0, stockEnd = 0;
  std::array<std::int8_t, 2> ends{-1, -1};  // pip at L and R, -1 before the lead
  Player turn = Player::A;
  RoundStatus status = RoundStatus::Playing;
  std::uint8_t winner = 2;  // 0 A, 1 B, 2 nobody (tie); valid once over
  Player opener = Player::A;
  Tile forcedLead = kNoTile;  // the lead the rules force, or kNoTile for any tile
  std::uint16_t points = 0;

  // Every field, the stock's unused slots included (never the padding, which memcmp would read).
  [[nodiscard]] bool operator==(const RoundState&) const = default;
  [[nodiscard]] bool over() const { return status != RoundStatus::Playing; }
  [[nodiscard]] bool beforeLead() const { return ends[0] < 0; }
  [[nodiscard]] int stockCount() const { return stockEnd - stockTop; }
  [[nodiscard]] Tile stockTopTile() const { return stockCount() ? stock[stockTop] : kNoTile; }
  [[nodiscard]] Mask stockMask() const;
  [[nodiscard]] bool canDraw(const Rules& r) const { return r.draw == DrawRule::Until && stockCount() > r.reserve; }
  // Tiles of p that can be placed on end e (or led, before the lead).
  [[nodiscard]] Mask playableAt(Player p, End e, const Fits& fits) const {
    return hand[idx(p)] & suitMask(ends[static_cast<int>(e)]) & fits[static_cast<int>(e)].tiles();
  }
  [[nodiscard]] Mask playable(Player p, const Fits& fits) const {
    if (beforeLead()) return forcedLead == kNoTile ? hand[idx(p)] : hand[idx(p)] & bit(forcedLead);
    return playableAt(p, End::L, fits) | playableAt(p, End::R, fits);
  }
  [[nodiscard]] bool canMove(Player p, const Rules& r, const Fits& fits) const {
    return playable(p, fits) || canDraw(r);
  }

  // Every legal move of the player to move: plays heaviest tile first, L before R, then headings.
  [[nodiscard]] MoveList legalMoves(const Rules& r, const Fits& fits) const;
  // Why `m` is not legal for the player to move (Why::Legal if it is). `m.tile` of a draw, when set,
  // must be the stock's top. What blocks a placement is left Obstacle::Unknown: the state knows
  // which placements fit, not the table's geometry (Match::reason fills it in).
  [[nodiscard]] Reason reason(const Move& m, Player who, const Rules& r, const Fits& fits) const;
  // The same in the words of the rules; empty if legal.
  [[nodiscard]] std::string illegal(const Move& m, Player who, const Rules& r, const Fits& fits) const;

  // Applies a legal move; the caller then calls settle with the fits after it.
  void play(const Move& m) {  // lead or play
    const Player p = turn;
    hand[idx(p)] &= ~bit(m.tile);
    line |= bit(m.tile);
    if (m.end == End::None) {
      ends[0] = static_cast<std::int8_t>(m.leftPip);
      ends[1] = static_cast<std::int8_t>(otherHalf(m.tile, m.leftPip));
    } else {
      const int e = static_cast<int>(m.end);
      ends[e] = static_cast<std::int8_t>(otherHalf(m.tile, ends[e]));
    }
    if (!hand[idx(p)]) {
      status = RoundStatus::Domino;
      winner = static_cast<std::uint8_t>(idx(p));
      points = static_cast<std::uint16_t>(pips(hand[idx(other(p))]));
      return;
    }
    turn = other(p);
  }
  Tile draw() {  // takes the top of the stock
    const Tile t = stock[stockTop++];
    hand[idx(turn)] |= bit(t);
    return t;
  }
  void pass() { turn = other(turn); }
  // After any move: ends the round at once as blocked when the player to move can neither play
  // nor draw and the opponent could not either (a domino is detected by play).
  void settle(const Rules& r, const Fits& fits) {
    if (over() || canMove(turn, r, fits) || playable(other(turn), fits)) return;
    block(r);
  }
  void block(const Rules& r);  // scores a blocked round

  // Full consistency check: every tile exactly once, ends consistent with a non-empty line.
  [[nodiscard]] std::string invalid() const;
};
static_assert(std::is_trivially_copyable_v<RoundState>);
static_assert(sizeof(RoundState) <= 64);

// A new round from a deal: hands and stock order. Sets the opener and forced lead for the
// double rule; `opener`/`anyLead` override it for lead=alternate/winner.
struct Deal {
  std::array<Mask, 2> hand{};
  std::array<Tile, kTiles> stock{};
  int stockSize = 0;
};
[[nodiscard]] RoundState startRound(const Deal& d);
// The double rule: highest double, else heaviest tile. Returns the opener and sets forcedLead.
void applyDoubleRule(RoundState& s);

// A deal from a seed with the project's own shuffle (PCG32 + unbiased Fisher-Yates).
[[nodiscard]] Deal dealFromSeed(std::uint64_t seed, int handSize);

}  // namespace dom
