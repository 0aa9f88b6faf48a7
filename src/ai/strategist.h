// SPDX-License-Identifier: MIT
// "strategist": the tips of the "Dominó en línea" page as weighted heuristics, with its reason in words.
#pragma once
#include <cstdint>
#include <memory>

#include "ai/players.h"

namespace dom::ai {

// The weights of the tips (docs/research/players-log.md, Strategist). The defaults are the tuned ones.
struct StrategistWeights {
  double heavy = 0.5;    // per pip of the tile played (heavy tiles early)
  double dbl = 4.0;      // a double played (get rid of doubles)
  double variety = 1.5;  // per distinct number left in my hand (keep a variety of numbers)
  double mine = 1.2;     // per tile of mine that matches a new end (keep your strongest number on the ends)
  double block = 6.0;    // a new end the opponent surely cannot match (read their draws and passes)
  double lacked = 0.0;   // a new end at a number the opponent lacked at their last draw or pass
  double scarce = 2.0;   // per unseen tile the opponent may hold that matches a new end (count the tiles)
  double room = 3.0;     // layout=free: an end left open for my tiles (not blocked by the table)
  double stuck = 10.0;   // the chance that the opponent can place nothing after my move (count the tiles)
};

[[nodiscard]] std::unique_ptr<Computer> makeStrategist(std::uint64_t seed, const StrategistWeights& w = {});

}  // namespace dom::ai
