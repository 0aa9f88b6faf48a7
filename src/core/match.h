// SPDX-License-Identifier: MIT
// A match: rounds played under one rule set, with scores, the line of play as laid, and the table.
#pragma once
#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/layout.h"
#include "core/reason.h"
#include "core/round.h"
#include "core/rules.h"

namespace dom {

struct RoundResult {
  int round = 0;
  std::uint8_t winner = 2;  // 0 A, 1 B, 2 tie
  RoundStatus how = RoundStatus::Blocked;
  int points = 0;
  bool operator==(const RoundResult&) const = default;
};

// A position given without its history: the one position type of a DGN round (deal or setup),
// the studio's position editor and Match::startSetup.
struct Setup {
  std::array<Mask, 2> hand{};
  std::vector<Tile> stock;     // top first
  std::vector<LaidTile> line;  // end L to end R
  int leadIndex = 0;
  std::optional<Player> turn;
  std::optional<std::array<int, 2>> score;
  bool operator==(const Setup&) const = default;
};

// A move the rules refuse now, thrown by Match::play: what() is the rules' reason in words
// ("3-3 matches no open end (ends are 5 and 6)"), reason() the same as a value.
class IllegalMove : public std::invalid_argument {
 public:
  IllegalMove(const Reason& r, const std::string& text) : std::invalid_argument(text), reason_(r) {}
  [[nodiscard]] const Reason& reason() const noexcept { return reason_; }

 private:
  Reason reason_;
};

class Match {
 public:
  explicit Match(Rules rules);

  [[nodiscard]] const Rules& rules() const { return rules_; }
  [[nodiscard]] const RoundState& state() const { return state_; }
  [[nodiscard]] int round() const { return round_; }
  // How many moves have been applied in this round since it started (dealt or set up): what a
  // round's public history (ai::RoundLog) must hold for ai::observe to see all of it.
  [[nodiscard]] int roundMoves() const { return roundMoves_; }
  [[nodiscard]] bool inRound() const { return round_ > 0 && !state_.over(); }
  [[nodiscard]] bool matchOver() const { return matchOver_; }
  [[nodiscard]] std::uint8_t matchWinner() const { return matchWinner_; }  // 0, 1, 2 tie
  [[nodiscard]] const std::array<int, 2>& scores() const { return scores_; }
  [[nodiscard]] const std::optional<RoundResult>& lastResult() const { return lastResult_; }
  // Every round's result, in order (made from the shared history: a copy, O(rounds)).
  [[nodiscard]] std::vector<RoundResult> results() const { return results_.all(); }
  // How many rounds have ended: results().size() without the copy.
  [[nodiscard]] std::size_t resultCount() const { return results_.size(); }
  // The player to move, if a round is on.
  [[nodiscard]] std::optional<Player> toMove() const {
    return inRound() ? std::optional<Player>(state_.turn) : std::nullopt;
  }

  // Starting a round: the next round number; an error message if one cannot start now.
  [[nodiscard]] std::string canStartRound() const;
  void startRound(const Deal& deal);
  // Returns an error message (the setup is not a legal position) or empty.
  [[nodiscard]] std::string startSetup(const Setup& setup);
  void setScores(std::array<int, 2> s) { scores_ = s; }

  [[nodiscard]] Fits fits() const { return rules_.layout == LayoutRule::Free ? board_.fits() : kSnakeFits; }
  [[nodiscard]] MoveList legalMoves() const;
  // Why `by` may not make move m now (Why::Legal if legal), with what blocks a placement under
  // layout=free read from the table.
  [[nodiscard]] Reason reason(const Move& m, Player by) const;
  // The same in the words of the rules (empty if legal).
  [[nodiscard]] std::string illegal(const Move& m, Player by) const;
  // Tiles of p that show end e's pip but have no room there (layout=free; also once the round is
  // over, for the position it ended in).
  [[nodiscard]] Mask withoutRoom(Player p, End e) const;
  // Tiles of p that show an end's pip but fit at neither end.
  [[nodiscard]] Mask matchedWithoutRoom(Player p) const;
  // What stops every placement of the tiles at end e (the union over the tiles).
  [[nodiscard]] Obstacle obstacle(End e, Mask tiles) const;
  // "A's 4-2 and 1-0 matched ends that had no room" (both players named as due; "" when none).
  [[nodiscard]] std::string matchedWithoutRoomText() const;
  // m with its end resolved when the record left it out (m must be legal), and a lead's leftPip
  // set to the tile's high half when it names neither half.
  [[nodiscard]] Move resolve(const Move& m) const;
  // The checked entry point for library users: plays m for the player to move, its end resolved
  // when left out. Throws IllegalMove with the rules' reason when m is not legal now, leaving the
  // match as it was. Returns the move as applied (a draw's tile filled in).
  Move play(const Move& m);
  // Applies a legal, resolved move; a draw's tile is filled in. Ends the round and match as due.
  // The engine's own loops call it with moves from legalMoves(). A contract check in every build:
  // a move that is not legal now, or not resolved, throws std::logic_error naming the reason
  // before anything changes (it never corrupts the match).
  Move apply(Move m);

  // The line of play from end L to end R, and where the lead is in it.
  [[nodiscard]] std::vector<LaidTile> line() const;
  [[nodiscard]] int leadIndex() const { return leadPos_ - lineBegin_; }
  [[nodiscard]] TableLayout layout() const;
  // Full consistency check of the position; empty when consistent.
  [[nodiscard]] std::string invalid() const;

  // The text of a move as a record writes it: matching half first, then end and heading.
  [[nodiscard]] std::string moveText(const Move& m) const;
  // Whether a play chooses a heading (layout=free: a non-double not played on a double).
  [[nodiscard]] bool headed(const Move& m) const;

 private:
  void finishRound();
  void requireApplicable(const Move& m) const;
  void resetBoard();
  void openingRules();

  Rules rules_;
  RoundState state_{};
  FreeBoard board_;
  std::array<LaidTile, 2 * kTiles + 1> lineBuf_{};
  int lineBegin_ = kTiles, lineEnd_ = kTiles, leadPos_ = kTiles;
  int round_ = 0;
  int roundMoves_ = 0;
  std::array<int, 2> scores_{};
  std::optional<RoundResult> lastResult_;
  // The results of the rounds played: full chunks, immutable and shared between copies of the match,
  // and this match's own tail of fewer than kChunk. A copy (the studio keeps one per position of a
  // record) shares the history instead of copying it: a record of 10,000 rounds took 1.3 GB when
  // each position held all of it (issue 42 #6).
  class Results {
   public:
    void push(const RoundResult& r);
    [[nodiscard]] std::size_t size() const { return (frozen_ ? frozen_->before + kChunk : 0) + tail_.size(); }
    [[nodiscard]] std::vector<RoundResult> all() const;

   private:
    static constexpr std::size_t kChunk = 8;
    struct Chunk {
      std::shared_ptr<const Chunk> prev;
      std::size_t before = 0;  // results in the chunks before this one
      std::array<RoundResult, kChunk> items{};
    };
    std::shared_ptr<const Chunk> frozen_;
    std::vector<RoundResult> tail_;
  };
  Results results_;
  bool matchOver_ = false;
  std::uint8_t matchWinner_ = 2;
  std::optional<Player> prevOpener_;
  std::uint8_t prevWinner_ = 3;  // 3: no previous round
};

}  // namespace dom
