// SPDX-License-Identifier: MIT
// The studio's seats: a human or one of src/ai's computer players, named by its spec ("greedy",
// "expert:ms=200"). The computer decides on a worker thread (session.cpp), never in the frame.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ai/players.h"
#include "core/match.h"

namespace dom::studio {

// A move of the given kind with no tile (draw, pass).
[[nodiscard]] inline Move moveOf(MoveKind k) {
  Move m;
  m.kind = k;
  return m;
}

// A seat: "human", or the spec of a computer player that ai::makePlayer accepts.
struct Seat {
  std::string spec = "human";
  [[nodiscard]] bool human() const { return spec == "human"; }
  friend bool operator==(const Seat& a, const Seat& b) { return a.spec == b.spec; }
  friend bool operator!=(const Seat& a, const Seat& b) { return !(a == b); }
  static const Seat Human, Greedy, Random, Opponent;
};
inline const Seat Seat::Human{"human"};
inline const Seat Seat::Greedy{"greedy"};
inline const Seat Seat::Random{"random"};
// A new game's computer seat when nobody chose one: the ladder's Club player (src/ai/ladder.cpp), a
// level a learner can beat and then climb from, rated on both presets' ladders.
inline const Seat Seat::Opponent{"strategist:random=0.2"};

[[nodiscard]] inline std::string_view name(const Seat& s) { return s.spec; }
// "human" or a player spec src/ai accepts; false (and `out` unchanged) otherwise.
[[nodiscard]] bool parseSeat(std::string_view text, Seat& out);
// Why `text` is not a seat ("" when it is one).
[[nodiscard]] std::string seatError(std::string_view text);

// A seat the menus offer: its spec, a plain name and one line on how it plays.
struct SeatChoice {
  std::string spec, label, about;
  bool advanced = false;                    // a player by its spec (Other players), not a level of the ladder
  double eloEnLinea = 0, eloDominoes2 = 0;  // a level's ratings (docs/ladder.md)
};
// A choice's label for a game of `rules` (a rules text): a level's name with its rating on that
// preset's ladder ("Novice, Elo 12"), where the ladder rated it; otherwise its plain label.
[[nodiscard]] std::string choiceLabel(const SeatChoice& c, std::string_view rules);
// Human first, then the ladder's levels by name with their rating (src/ai/ladder.h), then every
// player of src/ai's catalog by its spec (advanced) that no level already plays; labels and abouts
// in the studio's language (made again after a switch: call it from the UI thread).
[[nodiscard]] const std::vector<SeatChoice>& seatChoices();
// The one name of a seat's player, translated: a level's name when the spec is a level's ("random"
// is "Beginner", "strategist" is "Skilled"), else the menus' label ("Greedy"), else its player and
// settings in words ("expert:ms=2000" is "Expert (2000 ms a move)").
[[nodiscard]] std::string seatLabel(const Seat& s);
// A record's player name in the same words: the seat's label when the name is a seat's spec, else
// the name as the record gives it ("Ana").
[[nodiscard]] std::string playerLabel(const std::string& name);
// A player as the panes title it: "A Ana", "B Greedy", or just "A" when the record names nobody.
[[nodiscard]] std::string playerTitle(Player p, const std::string& name);

// The computer players are core's, from src/ai.
using ai::greedyMove;
using ai::randomMove;

}  // namespace dom::studio
