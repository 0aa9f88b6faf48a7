// The studio's seats: human, or a computer player of src/ai named by its spec.
#include "studio/players.h"

namespace dom::studio {

std::string seatError(std::string_view text) {
  if (text == "human") return {};
  if (ai::makePlayer(text, 1)) return {};
  std::string known = "human";
  for (const auto& n : ai::playerNames()) known += ", " + n;
  return "a seat is " + known + "; not '" + std::string(text) + "'";
}

bool parseSeat(std::string_view text, Seat& out) {
  if (!seatError(text).empty()) return false;
  out = Seat{std::string(text)};
  return true;
}

const std::vector<SeatChoice>& seatChoices() {
  static const std::vector<SeatChoice> choices = [] {
    std::vector<SeatChoice> c{{"human", "Human", "you (or a friend) choose the moves"}};
    for (const auto& n : ai::playerNames()) {
      if (n == "random")
        c.push_back({n, "Random", "any legal move, at random: a beginner's opponent"});
      else if (n == "greedy")
        c.push_back({n, "Greedy", "its heaviest playable tile, every time"});
      else
        c.push_back({n, n, ""});
    }
    return c;
  }();
  return choices;
}

std::string seatLabel(const Seat& s) {
  for (const auto& c : seatChoices())
    if (c.spec == s.spec) return c.label;
  return s.spec;
}

}  // namespace dom::studio
