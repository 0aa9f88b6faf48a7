// SPDX-License-Identifier: MIT
// The ladder of levels (docs/ladder.md): named player specs from Beginner to Master, and the
// Bradley-Terry fit that puts them on one Elo scale from the results of their games.
#pragma once
#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace dom::ai {

// A level of the ladder: its name for menus, the player spec it plays, one line on how it plays.
struct Level {
  std::string_view name;
  std::string_view spec;
  std::string_view about;
  // Its rating as docs/ladder.md last measured it (0 for the anchor): en-linea single rounds and
  // dominoes2 matches to 100. NaN when not measured.
  double eloEnLinea = 0;
  double eloDominoes2 = 0;
};
// Weakest first. `random` is the scale's anchor (Elo 0).
[[nodiscard]] const std::vector<Level>& levels();
// The spec of the level that `text` names ("Club player", "club-player", "CLUB_PLAYER": case, and a
// hyphen or underscore for a space, do not matter), or `text` itself when it names no level (a
// player spec, or a mistake for playerSpecError to explain).
[[nodiscard]] std::string levelSpec(std::string_view text);

// The games between two entrants of a fit: `i` scored `score` (wins, ties half) in `games` games.
struct PairResult {
  int i = 0, j = 0;
  double score = 0;
  long long games = 0;
};
struct Rated {
  double elo = 0;
  double lo = 0, hi = 0;  // the 95% interval
};
// The Bradley-Terry model's maximum-likelihood ratings of `n` entrants on the Elo scale (400 points:
// odds of 10 to 1), entrant `anchor` at 0, with 95% intervals from the observed information (the
// anchor's interval is [0, 0]). Each pairing gets one virtual tie (half a point each way), so a level
// that wins every game still has a finite rating. Entrants that no game links to the anchor get
// NaN.
[[nodiscard]] std::vector<Rated> bradleyTerry(int n, const std::vector<PairResult>& results, int anchor = 0);

}  // namespace dom::ai
