// SPDX-License-Identifier: MIT
// What each pane shows for a position, as plain data and text: tested without a window.
#pragma once
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/match.h"
#include "studio/model/timeline.h"

namespace dom::studio {

enum class Visibility : std::uint8_t { All, AsA, AsB };

struct HandView {
  Player player = Player::A;
  std::vector<Tile> tiles;  // heaviest first
  bool faceDown = false;
  int pips = 0;  // -1 when hidden
  bool toMove = false;
  Mask playable = 0;  // tiles that can be played now (when it is this player's turn)
};
[[nodiscard]] std::array<HandView, 2> handsView(const Match& m, Visibility v);

struct StockView {
  int count = 0;
  int reserve = 0;
  int drawable = 0;         // tiles above the reserve
  std::vector<Tile> tiles;  // in draw order, only when revealed
};
[[nodiscard]] StockView stockView(const Match& m, bool reveal);

struct TimelineRow {
  int node = 0;
  int number = 0;      // move number within the branch (0 for a deal)
  std::string player;  // "A", "B" or "" for a deal
  std::string move;
  std::string caused;
  std::string comment;  // the record's `#` comment on the move (an outside engine's words on it)
  bool current = false;
  bool branchPoint = false;  // the position has more than one continuation
};
// Draws by a player whose hand is hidden under `v` do not show the drawn tile.
[[nodiscard]] std::vector<TimelineRow> timelineRows(const Timeline& t, Visibility v = Visibility::All);
[[nodiscard]] bool hidden(Visibility v, Player p);
// A move as the record writes it ("draw 4-4", "6-5 L straight"), its words (draw, pass, the heading)
// in the UI's language: the Timeline, the Rules pane and the Analysis pane show it so.
[[nodiscard]] std::string shownMove(std::string_view dgnText);
// The move text (shownMove) and what it caused, with a hidden player's drawn tile left out.
[[nodiscard]] std::pair<std::string, std::string> moveWords(const Node& n, Visibility v);

struct BranchRow {
  int leaf = 0;
  int number = 0;
  int length = 0;     // moves from the root
  int forkDepth = 0;  // where it leaves the first branch
  std::string lastMove;
  bool current = false;
};
[[nodiscard]] std::vector<BranchRow> branchRows(const Timeline& t);

// The rule set's knobs as (name, value) pairs, in rules.md order.
[[nodiscard]] std::vector<std::pair<std::string, std::string>> ruleKnobs(const Rules& r);
// The same knobs as the Rules pane shows them: each one's name and value in the UI's language, and
// the knob as a record writes it ("draw=until"), in rules.md order.
struct RuleRow {
  std::string label, value, knob;
};
[[nodiscard]] std::vector<RuleRow> ruleRows(const Rules& r);
// Plain language: the position now ("B has no 6 and no 3: B must draw").
// With `v` hiding the player to move, how many tiles it can play is not told.
// tellMoves false (a lesson's task waits: disclosure.h): who is to move and the ends, nothing of what
// the player can play, must lead, draw or pass.
[[nodiscard]] std::string explainPosition(const Match& m, Visibility v = Visibility::All, bool tellMoves = true);
// Plain language: why tile t of `owner` can or cannot be played now.
[[nodiscard]] std::string explainTile(const Match& m, Player owner, Tile t);

struct ScoreView {
  std::array<int, 2> scores{};
  int target = 0;
  int round = 0;
  std::vector<std::string> rounds;  // "Round 1: A by domino +23"
  std::string match;                // "" while on, else "A wins the match"
};
[[nodiscard]] ScoreView scoreView(const Match& m);

// The same at the timeline's current node, which may hide its result (Node::resultHidden: a lesson's
// points task waits): the scores before the round's last move, no pip totals, no round's result.
[[nodiscard]] ScoreView scoreView(const Timeline& t);
// pips false (a lesson's task waits): no pip total at any position; legality false: no tile greyed.
[[nodiscard]] std::array<HandView, 2> handsView(const Timeline& t, Visibility v, bool pips = true,
                                                bool legality = true);
[[nodiscard]] std::string explainPosition(const Timeline& t, Visibility v, bool tellMoves = true);

// Legal moves of the player to move that play tile t.
[[nodiscard]] std::vector<Move> movesOfTile(const Match& m, Tile t);

// Text of any length drawn safely (issue 26 #1). ImGui draws a string in one go, and a megabyte
// note, name or title overflows a window's 16-bit vertex indices (an abort). Text from a file is
// shown cut (shownText: at most `max` characters, UTF-8 aware, with "… (N more characters)"); the
// whole of it is drawn as display lines (textLines: at most `width` characters each, split at line
// breaks) through a list clipper, which draws only the lines in view.
inline constexpr std::size_t kNameShown = 40;          // a player's name
inline constexpr std::size_t kTitleShown = 200;        // a record's title or about, a log line
inline constexpr std::size_t kCaptionShown = 300;      // a position's note under the table
inline constexpr std::size_t kLessonNoteShown = 4000;  // ... in a lesson, whose notes are never cut
[[nodiscard]] std::string shownText(std::string_view text, std::size_t max);
// Whether shownText cuts it.
[[nodiscard]] bool longerThan(std::string_view text, std::size_t max);
[[nodiscard]] std::vector<std::string_view> textLines(std::string_view text, std::size_t width = 100);

}  // namespace dom::studio
