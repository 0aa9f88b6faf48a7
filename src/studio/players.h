// The studio's seats: a human or one of src/ai's computer players.
#pragma once
#include <cstdint>
#include <random>
#include <string_view>

#include "ai/players.h"
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

// The computer players are core's, from src/ai.
using ai::greedyMove;
using ai::randomMove;
[[nodiscard]] Move computerMove(Seat seat, const Match& m, std::mt19937_64& rng);

}  // namespace dom::studio
