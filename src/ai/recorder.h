// SPDX-License-Identifier: MIT
// The round recorder: a match played move by move, with the public history its players observe and
// the DGN record of what was played. The one copy of deal-record-decide-append, used by the CLI's
// `play` and `match`, the puzzle generator and Python's dominoes.Match (issue 43).
#pragma once
#include <cstdint>
#include <string>

#include "ai/observation.h"
#include "core/dgn.h"
#include "core/match.h"

namespace dom::ai {

struct RoundRecorder {
  Match match;
  RoundLog log;        // this round's public history: players see their observation of it
  dgn::Record record;  // the rules, and each round started here with its moves (when recording)
  bool recording = true;

  // A match under `rules`; `recording` false keeps no record (a game played only for its result).
  explicit RoundRecorder(const Rules& rules, bool recording = true);

  // Deals the next round from `seed` (dealFromSeed under the rules' hand size), starts it and, when
  // recording, adds it to the record numbered as the match numbers it. "" or why it cannot start
  // (the match is over, a round is on).
  [[nodiscard]] std::string startRound(std::uint64_t seed);
  // `viewer`'s view of the position and of this round's history.
  [[nodiscard]] Observation observe(Player viewer) const;
  // Applies the mover's move (a legal one: Match::resolve fills in a draw's tile) and, when the
  // record's last round is the match's round, writes it there: a play's text before it is applied (it
  // needs the ends), a draw's after (it needs the tile drawn). Returns the move as applied.
  Move play(const Move& m);
  // The round being recorded, or null (not recording, or the record's last round is not this one).
  [[nodiscard]] dgn::RoundRecord* round();
};

}  // namespace dom::ai
