// SPDX-License-Identifier: MIT
// Perft: the number of move sequences of a given length from a position, as chess engines count them
// to check their move generation against known figures.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/match.h"

namespace dom {

// The sequences of exactly `depth` legal moves from the position of m (depth 0: one, the empty
// sequence). Every legal move counts, a draw and a pass included; a draw is one move (the stock's
// order is the match's). A sequence that ends the round before `depth` moves is not counted.
[[nodiscard]] std::uint64_t perft(const Match& m, int depth);

// perft(m, depth) split by the first move (depth >= 1): each legal move, written as in a record's
// `legal` list, with the sequences that begin with it, in the legal moves' order.
[[nodiscard]] std::vector<std::pair<std::string, std::uint64_t>> perftDivide(const Match& m, int depth);

}  // namespace dom
