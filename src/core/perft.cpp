// SPDX-License-Identifier: MIT
// Perft: counting move sequences by walking every legal move to the given depth.
#include "core/perft.h"

#include "core/dgn.h"

namespace dom {

std::uint64_t perft(const Match& m, int depth) {
  if (depth <= 0) return 1;
  const MoveList legal = m.legalMoves();  // empty once the round is over
  if (depth == 1) return static_cast<std::uint64_t>(legal.size);
  std::uint64_t n = 0;
  for (const Move& mv : legal) {
    Match child = m;
    child.apply(mv);
    n += perft(child, depth - 1);
  }
  return n;
}

std::vector<std::pair<std::string, std::uint64_t>> perftDivide(const Match& m, int depth) {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  for (const Move& mv : m.legalMoves()) {
    Match child = m;
    child.apply(mv);
    out.emplace_back(dgn::legalText(m, mv), perft(child, depth - 1));
  }
  return out;
}

}  // namespace dom
