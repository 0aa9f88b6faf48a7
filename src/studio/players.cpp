// The studio's seats and the computer move for a seat.
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

Move computerMove(Seat seat, const Match& m, std::mt19937_64& rng) {
  return seat == Seat::Random ? randomMove(m, rng) : greedyMove(m);
}

}  // namespace dom::studio
