// SPDX-License-Identifier: MIT
// Why a move, a draw or a pass is illegal, and why a tile cannot be placed at an end: typed values
// with one formatter in the words of the rules, so no code has to read a message for its meaning.
#pragma once
#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/round.h"
#include "core/tile.h"

namespace dom {

// What stops a placement under layout=free. Unknown: the round state alone cannot tell (it knows
// which placements fit, not the geometry); Match fills it in from the table's layout.
enum class Obstacle : std::uint8_t { None = 0, Edge = 1, Tiles = 2, EdgeAndTiles = 3, Unknown = 4 };
[[nodiscard]] constexpr Obstacle operator|(Obstacle a, Obstacle b) {
  if (a == Obstacle::Unknown || b == Obstacle::Unknown) return Obstacle::Unknown;
  return static_cast<Obstacle>(static_cast<int>(a) | static_cast<int>(b));
}
// The words of the reasons in another language: the studio sets a translator (a catalog lookup by
// the English text); nothing is set in the CLI, whose output stays English. Both may be null.
using WordsFn = const char* (*)(const char* english);
using PluralWordsFn = const char* (*)(const char* one, const char* many, long n);
void setWords(WordsFn words, PluralWordsFn plural);
// While one lives, this thread's reasons are in English whatever the translator: the DGN reader
// compares them with a file's `expect illegal` texts, which are English.
class EnglishWords {
 public:
  EnglishWords();
  ~EnglishWords();
  EnglishWords(const EnglishWords&) = delete;
  EnglishWords& operator=(const EnglishWords&) = delete;
};
// The English text in the current words (marked for xgettext by the W_ keyword).
[[nodiscard]] const char* W_(const char* english);
[[nodiscard]] const char* WP_(const char* one, const char* many, long n);
// Replaces {0}..{9} in `pattern` by args, so a translation can put the words in its own order.
[[nodiscard]] std::string fill(std::string_view pattern, std::initializer_list<std::string_view> args);
// "left", "right", "straight" in the current words.
[[nodiscard]] std::string headingWord(Heading h);

// "the table's edge", "the line", "the edge and the line".
[[nodiscard]] std::string obstacleText(Obstacle o);

enum class Why : std::uint8_t {
  Legal,
  // The match and the turn.
  MatchOver,    // the match is over
  NoRound,      // no round has started
  RoundOver,    // the round is over (number: the round, 0 when the state alone says it)
  NotYourTurn,  // player moved out of turn
  // Draws and passes.
  DrawWhileAble,   // tile: one that can be played
  DrawNotAllowed,  // draw=none
  StockEmpty,      // reserve 0 and nothing to draw
  StockAtReserve,  // number: the reserve
  NotStockTop,     // tile drawn, other: the real top
  PassWhileAble,
  PassWhileCanDraw,
  // Plays.
  NotInHand,              // tile
  WrongLead,              // other: the forced lead
  HeadingNeedsFree,       // a heading under layout=snake
  LeadCannotTurn,         // heading
  MatchesNoEnd,           // tile, pips: both ends
  FitsBothEnds,           // tile, no end named
  NoRoomAnyEnd,           // tile, no end named: matching ends have no room (end: the one it matches,
                          // or None when it matches both; obstacle/otherObstacle for L/R)
  DoesNotMatch,           // tile at end; when it matches the other end but has no room there,
                          // otherEnd is set with otherObstacle
  DoubleCannotTurn,       // a double is laid crosswise, straight on
  AfterDoubleCannotTurn,  // the tile played on a double goes straight on (tile, heading)
  NoRoom,                 // tile at end (with heading for a non-double): obstacle
};

struct Reason {
  Why why = Why::Legal;
  Player player = Player::A;  // who tried
  Player turn = Player::A;    // whose turn it is
  Tile tile = kNoTile;
  Tile other = kNoTile;  // the stock's top, the forced lead, a playable tile
  End end = End::None;
  End otherEnd = End::None;
  Heading heading = Heading::Straight;
  bool headed = false;              // the heading is part of the placement (non-double)
  std::array<int, 2> pips{-1, -1};  // the ends' pips
  int number = 0;                   // the reserve, the round
  Obstacle obstacle = Obstacle::None, otherObstacle = Obstacle::None;

  [[nodiscard]] bool legal() const { return why == Why::Legal; }
  [[nodiscard]] bool operator==(const Reason&) const = default;
};

// A list in words: "a", "a and b", "a, b and c" (" and " in the current words); "" when empty.
[[nodiscard]] std::string listText(const std::vector<std::string>& words);
// How tilesText writes tiles: in words, or as a DGN hand or stock line writes them.
enum class TilesForm : std::uint8_t {
  Words,  // "4-2", "4-2 and 1-0", "6-2, 4-2 and 1-0" (listText); "" for no tile
  Dgn,    // "6-2 4-2 1-0", never translated; "(none)" for no tile
};
// The one tile-set-to-text: the tiles heaviest first, in `form`.
[[nodiscard]] std::string tilesText(Mask tiles, TilesForm form = TilesForm::Words);

// The one formatter: the reason in the words of the rules ("" when legal).
[[nodiscard]] std::string text(const Reason& r);

}  // namespace dom
