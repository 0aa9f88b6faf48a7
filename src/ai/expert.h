// SPDX-License-Identifier: MIT
// "expert" / "expert:ms=N": determinized search over the deals the history allows (docs/players.md,
// Expert): the exact solver on each sampled deal when few tiles are unknown, Monte Carlo with
// successive halving over the legal moves otherwise. Deterministic for a seed: the budget is counted
// in playouts and solver nodes derived from N, never measured on a clock.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ai/inference.h"
#include "ai/players.h"

namespace dom::ai {

struct ExpertOptions {
  int ms = 50;  // the time budget it is sized for, in milliseconds on a 2020s desktop core
  // The exact endgame takes over when at most this many tiles are in play (hands and stock); with
  // draws still to come and `chance`, at most this many less 2 (the chance nodes multiply the
  // positions: about 2,000 nodes a position at 12 tiles, 40,000 at 14).
  int exactTiles = 14;
  // The playouts' greedy share: the chance that a mover places its heaviest tile (playoutMixed).
  double greedy = 0.5;
  // The opponent's greedy share in the playouts; below 0: the same as `greedy`.
  double opponent = -1;
  // The deals are weighed by playLikelihood(o, deal, likelihood) (0: every deal weighs 1).
  double likelihood = 0.5;
  // The exact endgame treats the stock's order as unknown (ChanceSolver: every draw a chance node);
  // false: it solves each sampled deal with its stock's order known (Solver).
  bool chance = true;
  // Before the endgame: 0, flat Monte Carlo with successive halving; above 0, information-set Monte
  // Carlo tree search (one tree over the observer's view of the moves) with this UCB constant.
  double tree = 0;
  // The prior chance that the opponent plays heavy-first (every play their heaviest placeable
  // tile); the plays so far turn it into a posterior, and the deals are sampled from the mixture of
  // the two kinds of opponent (docs/players.md, Expert). 0: the playouts' model alone.
  double heavy = 0;
  // The chance that my own move in a playout, when I know a placement leaves the opponent nothing
  // to place (they drew or passed at those pips, or every other tile of them is out), makes it
  // (playoutMixed's block share).
  double block = 0.5;
  // The same for the opponent's moves in the playouts.
  double opponentBlock = 0;
  // The chance that my own placement in a playout, when it does not block, is drawn from the tips'
  // policy (playoutMixed's policy share: a softmax fitted to the expert's choices); the rest follow
  // `greedy`.
  double policy = 1;
  // The same for the opponent's placements.
  double opponentPolicy = 0;
  // Matches to a target: the Monte Carlo stage ranks moves by the chance to win the match after the
  // round (matchEquity) instead of the mean points.
  bool match = false;
};
// The chance to win a match to a target when I need x more points and the opponent y (both at least
// 1), the two players alike: a round is won by either with even odds, for k points with the chance
// that rounds of these rules played out with the playouts' model on both sides score k (ties and
// rounds of 0 points change nothing). x at most 0: 1; y at most 0: 0. Computed once per rule set.
[[nodiscard]] double matchEquity(const Rules& r, int x, int y);
// The posterior chance that the opponent plays heavy-first, from deals sampled uniformly over what
// the draws and passes allow: prior * ZG / (prior * ZG + (1 - prior) * ZM), ZG the share of the
// deals in which every play of theirs was their heaviest placeable tile, ZM the deals' mean
// playLikelihood under g. 0 when no deal explains the plays as heavy-first.
[[nodiscard]] double heavyFirstPosterior(const Observation& o, const std::vector<Hidden>& deals, double prior,
                                         double g);
// How likely the opponent's plays this round are if they held the deal `h` and played their
// heaviest placeable tile with probability g, else any placeable tile uniformly: the product over
// their plays with a choice. The sampler is uniform over the deals the draws and passes allow; the
// expert weighs each deal by this, so that the plays inform it too.
[[nodiscard]] double playLikelihood(const Observation& o, const Hidden& h, double g);
// The work a budget of `ms` buys: playouts, and solver nodes for the exact endgame.
[[nodiscard]] long long expertPlayouts(int ms);
[[nodiscard]] long long expertNodes(int ms);
[[nodiscard]] long long expertDeals(int ms);  // sampled deals of the Monte Carlo search

// One thing the tips see in a move, as a value: its kind and what its sentence names. The puzzle
// generator's themes come from the kinds (puzzle_gen.h), the sentences from tipText.
enum class TipKind : std::uint8_t {
  HeavyDoubleGone,  // "a heavy double gone early" (a double of 8 pips or more)
  DoubleGone,       // "a double gone"
  HeavyTileGone,    // "a heavy tile gone early" (9 pips or more)
  Keep,             // "I keep two more 3s for that end": count tiles of pip kept
  DoubleFollows,    // "my 3-3 can follow it": tile, the new end's double, kept
  NumberOut,        // "every other 3 is out: B cannot follow it": every tile of pip seen
  Revealed,         // the newest revelation that the opponent lacks pip (inference.h): its words
  FewMatch,         // "only two unseen tiles match the ends 3 and 5": count, ends
};
struct Tip {
  TipKind kind = TipKind::DoubleGone;
  int pip = 0;                  // the number the move leaves on its end
  int count = 0;                // Keep: the tiles kept; FewMatch: the unseen tiles that match
  std::array<int, 2> ends{};    // FewMatch: the ends after the move
  Tile tile = kNoTile;          // DoubleFollows: the double
  Player opponent = Player::B;  // NumberOut
  std::string revealed{};       // Revealed: the revelation's text
  [[nodiscard]] bool operator==(const Tip&) const = default;
};
// Why a move is good, as tips in the order they are said (none for a draw or a pass, or when none
// applies): a heavy tile or a double gone, the tiles I keep for the new end and its double among
// them, what the history says the opponent lacks there, and how few unseen tiles match the ends.
[[nodiscard]] std::vector<Tip> tips(const Observation& o, const Move& m);
// A tip's sentence in the current words.
[[nodiscard]] std::string tipText(const Tip& t);
// The tips' sentences joined by "; " (the middle of the expert's reason, empty when none applies).
[[nodiscard]] std::string tipsWords(const Observation& o, const Move& m);

[[nodiscard]] std::unique_ptr<Computer> makeExpert(const ExpertOptions& opt, std::uint64_t seed);

}  // namespace dom::ai
