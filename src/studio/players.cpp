// The greedy and random computer players.
#include "studio/players.h"

namespace dom::studio {

std::string_view name(Seat s) {
  switch (s) {
    case Seat::Human: return "human";
    case Seat::Greedy: return "greedy";
    case Seat::Random: return "random";
  }
  return "human";
}

bool parseSeat(std::string_view text, Seat& out) {
  for (Seat s : {Seat::Human, Seat::Greedy, Seat::Random})
    if (name(s) == text) {
      out = s;
      return true;
    }
  return false;
}

Move greedyMove(const Match& m) {
  const MoveList moves = m.legalMoves();
  const Move* best = nullptr;
  for (const Move& mv : moves) {
    if (mv.kind != MoveKind::Play) continue;
    if (!best || heavier(mv.tile, best->tile)) best = &mv;
  }
  if (best) return *best;
  return moves.empty() ? moveOf(MoveKind::Pass) : moves.moves[0];
}

Move randomMove(const Match& m, std::mt19937_64& rng) {
  const MoveList moves = m.legalMoves();
  if (moves.empty()) return moveOf(MoveKind::Pass);
  std::uniform_int_distribution<int> pick(0, moves.size - 1);
  return moves.moves[static_cast<std::size_t>(pick(rng))];
}

Move computerMove(Seat seat, const Match& m, std::mt19937_64& rng) {
  return seat == Seat::Random ? randomMove(m, rng) : greedyMove(m);
}

}  // namespace dom::studio
