// SPDX-License-Identifier: MIT
// ai::Game (game.h).
#include "ai/game.h"

#include <stdexcept>

namespace dom::ai {

Move Game::play(const Move& m) {
  const Match& match = rec_.match;
  if (!match.inRound()) throw std::logic_error("ai::Game::play: no round is on (startRound first)");
  if (m.kind == MoveKind::Play && m.tile >= kTiles)
    throw std::invalid_argument("tile number " + std::to_string(m.tile) + " is not a tile (0..27)");
  if (const Reason why = match.reason(m, match.state().turn); !why.legal()) throw IllegalMove(why, text(why));
  return rec_.play(m);
}

Move Game::play(Computer& player) {
  if (!rec_.match.inRound()) throw std::logic_error("ai::Game::play: no round is on (startRound first)");
  return play(player.choose(observe(rec_.match.state().turn)));
}

}  // namespace dom::ai
