// SPDX-License-Identifier: MIT
// ai::Game: the library's one object for playing a match (docs/library.md). It owns the match, the
// public history of the round in progress and the DGN record of what was played, and changes them
// only together: every move goes through play(), so an observation always sees the whole history
// (a Match stepped alone keeps none: Match::apply records no events).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "ai/observation.h"
#include "ai/players.h"
#include "ai/recorder.h"
#include "core/dgn.h"
#include "core/match.h"

namespace dom::ai {

class Game {
 public:
  // A match under `rules`, no round started yet.
  explicit Game(const Rules& rules) : rec_(rules) {}

  // Deals the next round from `seed` (dealFromSeed) and starts it: "" or why it cannot start
  // (a round is on, the match is over).
  [[nodiscard]] std::string startRound(std::uint64_t seed) { return rec_.startRound(seed); }
  // Plays `m` for the player to move, checked like Match::play: throws dom::IllegalMove with the
  // rules' reason, leaving the game as it was. Returns the move as applied (a draw's tile filled in).
  Move play(const Move& m);
  // Asks `player` for the mover's move, from the mover's observation, and plays it.
  Move play(Computer& player);

  // What `viewer` knows now: own hand, the table, the counts, and this round's history (the
  // opponent's draws hidden); the legal moves when it is their turn.
  [[nodiscard]] Observation observe(Player viewer) const { return rec_.observe(viewer); }
  // The match (read only: moves go through play()).
  [[nodiscard]] const Match& match() const { return rec_.match; }
  // This round's moves as they happened (full truth, draws included).
  [[nodiscard]] const std::vector<Event>& history() const { return rec_.log.events(); }
  // The same as the round log the analysis takes: ai::evaluate(game.match(), game.log(), options).
  [[nodiscard]] const RoundLog& log() const { return rec_.log; }
  // The record of every round started here, with its moves: dgn::write(game.record()) is its DGN.
  [[nodiscard]] const dgn::Record& record() const { return rec_.record; }

 private:
  RoundRecorder rec_;
};

}  // namespace dom::ai
