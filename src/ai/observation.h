// SPDX-License-Identifier: MIT
// What one player knows of a round, and nothing else: the public history of the round (RoundLog),
// and the Observation a computer player decides from.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "core/match.h"

namespace dom::ai {

// One move of the current round as it happened (full truth; an Observation hides what its viewer
// cannot see).
struct Event {
  Player who = Player::A;
  // Play: as applied (end resolved, leftPip for the lead). Draw: move.tile = the tile drawn
  // (kNoTile in an Observation when the viewer is not `who`). Pass: no tile.
  Move move;
  std::array<std::int8_t, 2> ends{-1, -1};  // the ends just before the move
  // Tiles not on the table that could have been placed at that moment at either end (the fits of
  // that moment considered, so layout=free included); before the lead: the allowed leads.
  Mask placeable = 0;
  int number = 0;  // 1-based index of the move within the round
  // Added: the stock's size just before the move, and whether the mover could draw then.
  int stockCount = 0;
  bool canDraw = false;
};

// Tiles not on the table that can be placed on the round's ends now (the allowed leads before the lead).
[[nodiscard]] Mask placeableNow(const RoundState& s, const Fits& fits);

// The public history of the round in progress; whoever applies moves to a Match keeps one.
class RoundLog {
 public:
  void clear();  // call when a round starts (apply and record also notice a new round themselves)
  // Resolves mv (Match::resolve), applies it on m and records the Event; returns the applied move.
  Move apply(Match& m, const Move& mv);
  // The same when the caller applies the move itself: `before` is the match just before, `applied`
  // the move Match::apply returned (a draw's tile filled in).
  void record(const Match& before, const Move& applied);
  [[nodiscard]] const std::vector<Event>& events() const { return events_; }
  [[nodiscard]] int round() const { return round_; }

 private:
  void sync(const Match& m);  // starts afresh when m is in another round than the one logged
  std::vector<Event> events_;
  int round_ = -1;
};

struct Observation {
  Rules rules;
  Player me = Player::A, turn = Player::A, opener = Player::A;
  int round = 0;
  std::array<int, 2> scores{};
  Mask hand = 0;               // my hand
  Mask line = 0;               // tiles on the table
  std::vector<LaidTile> laid;  // the line from end L to end R, as laid (headings: free layout)
  int leadIndex = 0;
  std::array<std::int8_t, 2> ends{-1, -1};
  Fits fits = kSnakeFits;  // which placements fit at each end now
  int stockCount = 0, opponentCount = 0;
  Tile forcedLead = kNoTile;
  std::vector<Event> history;  // this round's events; opponent draws' tiles hidden
  MoveList legal;              // my legal moves when turn == me (empty otherwise)
  // Added: whether the history starts at the round's deal (false: the round began from a setup
  // position, or the log missed its beginning).
  bool fromDeal = true;

  [[nodiscard]] Mask unseen() const { return ~hand & ~line & kAllTiles; }  // opponent's hand and stock
  [[nodiscard]] Player opponent() const { return other(me); }
  [[nodiscard]] bool beforeLead() const { return ends[0] < 0; }
  // Tiles not on the table placeable at the ends now (allowed leads before the lead).
  [[nodiscard]] Mask placeable() const;
  [[nodiscard]] bool canDraw() const { return rules.draw == DrawRule::Until && stockCount > rules.reserve; }
};

// What `viewer` knows of m. `log` must hold every move of the round in progress (m.roundMoves() of
// them; none when the round has just been dealt or set up): else std::logic_error, never an
// observation with a short history. ai::Game (ai/game.h) keeps the match and its log together.
[[nodiscard]] Observation observe(const Match& m, Player viewer, const RoundLog& log);

}  // namespace dom::ai
