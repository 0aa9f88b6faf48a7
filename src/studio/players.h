// Computer players, built on Match::legalMoves() only (kept apart so they can move to src/ai).
#pragma once
#include <cstdint>
#include <random>
#include <string_view>

#include "core/match.h"

namespace dom::studio {

// A move of the given kind with no tile (draw, pass).
[[nodiscard]] inline Move moveOf(MoveKind k) {
  Move m;
  m.kind = k;
  return m;
}

enum class Seat : std::uint8_t { Human, Greedy, Random };
[[nodiscard]] std::string_view name(Seat s);
[[nodiscard]] bool parseSeat(std::string_view text, Seat& out);

// greedy: its heaviest playable tile (the first end that takes it), else draw or pass.
[[nodiscard]] Move greedyMove(const Match& m);
// random: any legal move, uniformly.
[[nodiscard]] Move randomMove(const Match& m, std::mt19937_64& rng);
[[nodiscard]] Move computerMove(Seat seat, const Match& m, std::mt19937_64& rng);

}  // namespace dom::studio
