// SPDX-License-Identifier: MIT
// A move as written in a record or a script ("6-4 R left", "6-4 R", "6-4", "draw", "draw 3-2",
// "pass"), read in two steps: its words alone, then against a position, by matching it with the
// legal moves' own text (as a chess engine matches "e2e4" against the text of its generated moves).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/match.h"

namespace dom {

// The words of a move read without a position: the tile with its halves as written (the first is
// `leftPip`, the lead's L side), the end if written, the heading (straight unless written).
struct WrittenMove {
  Move move;
  bool headingWritten = false;  // a heading word was written, `straight` included
};

// "malformed tile 'x': a tile is two pips 0-6 joined by '-', like 6-4".
[[nodiscard]] std::string malformedTile(std::string_view word);

// Reads the words of a move: TILE [L|R] [straight|left|right], draw [TILE] or pass. On failure, the
// message naming the first wrong word.
[[nodiscard]] std::variant<WrittenMove, std::string> readMove(const std::vector<std::string>& words);

// The words of a text, split at spaces and tabs.
[[nodiscard]] std::vector<std::string> moveWords(std::string_view text);

struct FoundMove {
  std::optional<WrittenMove> written;  // set when the words read as a move
  // The legal move the words name, ready for Match::apply: its end resolved, a lead's orientation and
  // a drawn tile as written. Unset when the words name none; `error` then says why.
  std::optional<Move> move;
  std::string error;
};

// The legal move of `who` that the words name. Each legal move is written with the record's own
// writer (legalText below: matching half first, the end, the heading when there is a choice) and the
// words are compared with it, allowing what a writer of records may leave out or turn round: the
// halves in either order, the end when the tile can go to one end only, the heading `straight`
// (and an end written with the lead, which has none). Words that name no legal move get the rules'
// reason (Match::illegal); a heading word, `straight` included, is refused outside layout=free.
[[nodiscard]] FoundMove findMove(const Match& m, Player who, const std::vector<std::string>& words);

// "4-1 R left", "6-6", "draw", "pass": the words of a move as in a record or `legal` list.
[[nodiscard]] std::string legalText(const Match& m, const Move& move);

}  // namespace dom
