// SPDX-License-Identifier: MIT
// What the public history reveals about the opponent's hand, and hidden deals consistent with it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <pcg_random.hpp>

#include "ai/observation.h"

namespace dom::ai {

// One thing the history reveals about a player's hand at one moment: a draw or a pass means the
// player held no tile that could be placed then.
struct Revelation {
  int event = 0;  // index into Observation::history
  Player who = Player::A;
  Mask excluded = 0;  // tiles (not on the table then) the player surely did not hold at that moment
  // "B drew at 3 and 5 on move 14: B had no 3 and no 5" (layout=free: "no tile that fits at ...").
  std::string text;
};
// The revelations about the opponent, in history order (consecutive draws at the same ends: one).
[[nodiscard]] std::vector<Revelation> revelations(const Observation& o);
// Tiles the opponent surely does not hold now: unseen tiles excluded at some draw or pass of theirs
// and not possibly drawn by them since (no draw of theirs after that moment), plus, before the
// lead, the doubles (or heavier tiles) the opening rule says they could not have held.
[[nodiscard]] Mask cannotHold(const Observation& o);
// The pips the opponent surely lacks now (bit x: pip x): every unseen tile of the pip is one they
// cannot hold (cannotHold), or none is unseen.
[[nodiscard]] unsigned lackedPips(const Observation& o);

// What the sampler assumes of the opponent's plays. Any: nothing (any tile they held could have been
// played). HeavyFirst: each play was their heaviest placeable tile (as `greedy` plays, and the
// first tip of the seed says), so a play of t also reveals that they held no placeable tile heavier
// than t at that moment.
enum class OpponentModel : std::uint8_t { Any, HeavyFirst };

// What each event of the history reveals the opponent did not hold at that moment (indexed as
// o.history; 0 for the events that reveal nothing): a draw's or pass's placeable tiles, and under
// HeavyFirst a play's placeable tiles heavier than the one played.
[[nodiscard]] std::vector<Mask> exclusions(const Observation& o, OpponentModel model);

// The tile a draw of the history surely brought: a draw followed at once by a play of the same
// player brought the tile played (nothing of theirs could be placed before, and the ends are the
// same). kNoTile for other events and draws.
[[nodiscard]] Tile pinnedDraw(const Observation& o, int event);

// A hidden deal: the opponent's hand now and the stock from its top.
struct Hidden {
  Mask opponentHand = 0;
  std::vector<Tile> stock;  // top first
  // Added: the opponent's hand when the history starts, and the tiles of their draws in order.
  Mask opponentStart = 0;
  std::vector<Tile> opponentDraws;
};

// Samples hidden deals uniformly over every deal consistent with the observation: the opponent's
// hand now, the identities of the opponent's draws this round and the stock's order, such that
// every move of the history was legal (a draw or pass by the opponent only when no tile of theirs
// could be placed; a play of a tile they held), the round was not blocked before now, and the
// opening followed the double rule. docs/players.md, Inference, says how.
// Under OpponentModel::HeavyFirst: uniform over the deals in which, besides, every play of the
// opponent's was their heaviest placeable tile (an empty set when no deal explains the plays so:
// then uniform() turns false and the deals are not consistent).
class Sampler {
 public:
  explicit Sampler(const Observation& o, OpponentModel model = OpponentModel::Any);
  [[nodiscard]] Hidden sample(pcg32& rng);
  // False once it had to fall back to the constructive, non-uniform method (rejection too slow),
  // or when no consistent deal was found (the history is not consistent with a deal).
  [[nodiscard]] bool uniform() const { return uniform_; }
  // Proposals tried and accepted so far by the exact method.
  [[nodiscard]] long long tried() const { return tried_; }
  [[nodiscard]] long long accepted() const { return accepted_; }

  struct Slots;  // the history reduced to the opponent's hand at each moment (inference.cpp)

 private:
  [[nodiscard]] bool propose(pcg32& rng, Hidden& out, bool constructive);
  // propose()'s steps, on scratch_: the opponent's hand now; the draws' slots; their tiles.
  [[nodiscard]] bool proposeHand(pcg32& rng, Hidden& out);
  [[nodiscard]] bool openDraws(Mask now);
  void uniformDraws(pcg32& rng);
  [[nodiscard]] bool constructiveDraws(pcg32& rng);
  Observation o_;
  std::vector<Mask> excl_;     // exclusions(o, model): what each event says the opponent did not hold
  std::vector<Tile> pool_;     // unseen tiles the opponent may hold now
  std::vector<Tile> free_;     // unseen tiles the opponent surely does not hold now (so: the stock)
  std::vector<Tile> played_;   // tiles the opponent played this round (held at some time)
  std::vector<int> playedAt_;  // history index of each
  std::vector<int> drawAt_;    // history index of each opponent draw
  std::vector<Tile> pinned_;   // the tile each of them surely brought (pinnedDraw), or kNoTile
  int startCount_ = 0;         // the opponent's hand size when the history starts
  Mask myStart_ = 0;           // my hand when the history starts
  Tile forcedLead_ = kNoTile;  // the opening's lead forced by the double rule (kNoTile: none known)
  Player forcedBy_ = Player::A;
  bool uniform_ = true;
  long long tried_ = 0, accepted_ = 0;
  struct Scratch {
    std::vector<Tile> pool, held, drawn, rest;
    std::vector<int> open;
  } scratch_;  // propose()'s working vectors, kept between proposals
};

// The full-information position of a hidden deal: a Setup that Match::startSetup accepts, with score
// and turn filled in (the opening's forced lead, if any, is not kept: the Match built from it has
// the same legal moves as long as the lead is made).
[[nodiscard]] Setup determinize(const Observation& o, const Hidden& h);

}  // namespace dom::ai
