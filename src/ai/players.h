// Computer players and random playouts, on top of core only.
#pragma once
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

// "random": uniform over the legal moves. "greedy": its heaviest playable tile (the first legal
// move in core's order: heaviest first, end L before R, straight first).
[[nodiscard]] std::unique_ptr<Computer> makePlayer(std::string_view name, std::uint64_t seed);
[[nodiscard]] const std::vector<std::string>& playerNames();

// One complete round with uniformly random legal moves from a fresh random deal; returns the
// number of moves. The hot loop of `dominoes bench`: no allocation, snake rules touch no geometry.
// Playouts use PCG's fastest member (an MCG with the XSH-RS output); deals elsewhere use pcg32.
using PlayoutRng = pcg32_fast;
int randomRound(const Rules& rules, PlayoutRng& rng, RoundState* out = nullptr);

}  // namespace dom::ai
