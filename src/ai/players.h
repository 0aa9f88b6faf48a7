// Computer players and random playouts, on top of core only.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <pcg_random.hpp>

#include "core/match.h"
#include "core/random.h"

namespace dom::ai {

class Computer {
 public:
  virtual ~Computer() = default;
  [[nodiscard]] virtual std::string name() const = 0;
  // One legal move for the player to move (the match must be in a round).
  [[nodiscard]] virtual Move choose(const Match& m) = 0;
};

// "greedy": its heaviest playable tile (the first legal move in core's order: heaviest first, end
// L before R, straight first), else its draw or pass. With no round on there is no legal move,
// and both players answer `pass`, which the match refuses.
[[nodiscard]] inline Move greedyMove(const Match& m) {
  const MoveList moves = m.legalMoves();
  return moves.empty() ? Move{MoveKind::Pass} : moves.moves[0];
}
// "random": any legal move, uniformly.
template <class Rng>
[[nodiscard]] Move randomMove(const Match& m, Rng& rng) {
  const MoveList moves = m.legalMoves();
  return moves.empty() ? Move{MoveKind::Pass} : moves.moves[bounded(rng, static_cast<std::uint32_t>(moves.size))];
}

// The players by name, for the command line and the studio's seats.
[[nodiscard]] std::unique_ptr<Computer> makePlayer(std::string_view name, std::uint64_t seed);
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
