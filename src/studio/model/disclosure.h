// SPDX-License-Identifier: MIT
// What the screen may tell while a lesson's task waits (issue 52; docs/lessons.md, "Nothing drawn
// answers a task"). One rule, read by every pane, the table's scene, the actions and the words under
// the table: while a task of the lesson waits for its answer, wherever the learner is in the lesson's
// timeline, nothing derived from the answer is drawn. The hands are drawn alike (no tile greyed), no
// ghost shows where a tile goes, no end is marked blocked, the stock shows no reserve and no faces,
// no position of the lesson shows a pip total, the Analysis pane is empty, no words count the moves.
// A hint stays, but it costs a star and says so before it is given.
#pragma once

namespace dom::studio {

class Session;

struct Disclosure {
  bool legality = true;    // which tiles can be played: greyed tiles, ghosts, Tab's order, "can play N tiles"
  bool blocking = true;    // which ends are blocked: the red bar and label, the end's reason on hover
  bool reserve = true;     // the stock's reserve: its outlines, "N can be drawn"
  bool stockFaces = true;  // the stock face up in draw order (teaching mode's Show)
  bool pips = true;        // the hands' pip totals at every position
  bool analysis = true;    // the Analysis pane's values, the coach's ranking and the Tile tracker's counts
  bool freeHint = true;    // a hint costs nothing; false: it costs a star, said before it is given
  // Whether everything is shown (no task waits).
  [[nodiscard]] bool all() const {
    return legality && blocking && reserve && stockFaces && pips && analysis && freeHint;
  }
};

// Everything shown, or, while a lesson's task waits, the rule above.
[[nodiscard]] Disclosure disclosure(const Session& s);
// The rule itself: nothing derived from an answer (a task waits) or everything (none does).
[[nodiscard]] Disclosure disclosureWhile(bool taskWaits);

}  // namespace dom::studio
