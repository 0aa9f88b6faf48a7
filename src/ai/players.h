// SPDX-License-Identifier: MIT
// Computer players (on observations only) and random playouts, on top of core only.
#pragma once
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <pcg_random.hpp>

#include "ai/observation.h"
#include "core/match.h"
#include "core/random.h"

namespace dom::ai {

// What a player says while it thinks, one line of an outside engine's progress
// (docs/engine-protocol.md, `info`): every field optional.
struct EngineInfo {
  std::optional<double> win;       // the share of rounds (or matches) it expects to win, 0 to 1
  std::optional<double> points;    // its mean points
  std::vector<std::string> moves;  // the moves it prefers, best first, in DGN's words ("6-4 R")
  std::optional<long long> nodes;  // positions searched
  std::string text;                // free text
  bool operator==(const EngineInfo&) const = default;
};

// A player's move and its reason in words for the user ("6-6: a heavy double, played early").
// `info`: the progress lines of this decision, in order (an outside engine's; empty for most players).
struct Decision {
  Move move;
  std::string reason;
  std::vector<EngineInfo> info{};
};

// A computer player: it sees only an Observation (and its own seed), never the hidden tiles.
class Computer {
 public:
  virtual ~Computer() = default;
  [[nodiscard]] virtual std::string name() const = 0;
  // One legal move for the observer: o.turn == o.me and o.legal is not empty.
  [[nodiscard]] virtual Decision decide(const Observation& o) = 0;
  [[nodiscard]] Move choose(const Observation& o) { return decide(o).move; }
  // The move is no longer wanted once *stop is true (the studio quit, or the position changed):
  // a searching player then returns soon with its best move so far. nullptr: never.
  void setStop(const std::atomic<bool>* stop) { stop_ = stop; }
  // Called with each progress line as it arrives, on the thread that runs decide() (an outside
  // engine's `info` lines; the studio's Analysis pane). Empty: none.
  void setProgress(std::function<void(const EngineInfo&)> progress) { progress_ = std::move(progress); }

 protected:
  [[nodiscard]] const std::function<void(const EngineInfo&)>& progressCallback() const { return progress_; }
  [[nodiscard]] bool stopped() const { return stop_ && stop_->load(std::memory_order_relaxed); }
  [[nodiscard]] const std::atomic<bool>* stopFlag() const { return stop_; }

 private:
  const std::atomic<bool>* stop_ = nullptr;
  std::function<void(const EngineInfo&)> progress_;
};

// "greedy": its heaviest playable tile (the first legal move in core's order: heaviest first, end
// L before R, straight first), else its draw or pass.
[[nodiscard]] inline Move greedyMove(const Observation& o) {
  return o.legal.empty() ? Move{MoveKind::Pass} : o.legal.moves[0];
}
// "random": any legal move, uniformly.
template <class Rng>
[[nodiscard]] Move randomMove(const Observation& o, Rng& rng) {
  return o.legal.empty() ? Move{MoveKind::Pass} : o.legal.moves[bounded(rng, static_cast<std::uint32_t>(o.legal.size))];
}

// Kept for old callers (the studio until it moves to observations): the same players on a Match.
// With no round on there is no legal move, and both answer `pass`, which the match refuses.
[[nodiscard]] inline Move greedyMove(const Match& m) {
  const MoveList moves = m.legalMoves();
  return moves.empty() ? Move{MoveKind::Pass} : moves.moves[0];
}
template <class Rng>
[[nodiscard]] Move randomMove(const Match& m, Rng& rng) {
  const MoveList moves = m.legalMoves();
  return moves.empty() ? Move{MoveKind::Pass} : moves.moves[bounded(rng, static_cast<std::uint32_t>(moves.size))];
}

// The players by spec, for the command line, `match` and the studio's seats.
// name: the spec's first word ("expert"); label: for menus ("Expert"); about: how it plays, one line.
struct PlayerInfo {
  std::string name;
  std::string label;
  std::string about;
};
[[nodiscard]] const std::vector<PlayerInfo>& playerCatalog();
// Spec forms: "random", "greedy", "strategist", "flatmc:K" (K >= 1), "expert", "expert:ms=N" and
// "expert:KEY=VALUE,..." (ms, exact, greedy, infer, opp: docs/players.md); any of them but random
// with a `random=P` setting ("strategist:random=0.3", "flatmc:200,random=0.1"): a share P of its
// choices made uniformly at random, the ladder's levels between two players.
// nullptr if the spec is not valid (playerSpecError says why).
[[nodiscard]] std::unique_ptr<Computer> makePlayer(std::string_view spec, std::uint64_t seed);
[[nodiscard]] std::string playerSpecError(std::string_view spec);  // "" if valid, else a message
// Words for a move of the observer: "6-4 at L" (match half first), "5-5" for a lead, "draw", "pass".
[[nodiscard]] std::string moveWords(const Observation& o, const Move& m);
// The reason of a move that was the only legal one ("draw: no tile of mine can be placed").
[[nodiscard]] std::string forcedWords(const Observation& o, const Move& m);
// The catalog's names, in its order.
[[nodiscard]] const std::vector<std::string>& playerNames();

// One complete round with uniformly random legal moves from a fresh random deal; returns the
// number of moves. The hot loop of `dominoes bench`: no allocation, snake rules touch no geometry.
// Playouts use PCG's fastest member (an MCG with the XSH-RS output); deals elsewhere use pcg32.
using PlayoutRng = pcg32_fast;
int randomRound(const Rules& rules, PlayoutRng& rng, RoundState* out = nullptr);
// `rounds` such rounds (the workload of `dominoes bench`); returns the total number of moves.
// `each`, if set, sees every finished round and its move count, in the order the rounds end.
// Snake rounds are played two at a time, interleaved, which is faster than one by one.
using RoundSink = std::function<void(const RoundState&, int moves)>;
long long randomRounds(const Rules& rules, PlayoutRng& rng, long long rounds, const RoundSink& each = {});

}  // namespace dom::ai
