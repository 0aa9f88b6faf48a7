// The studio's seats: human, or a computer player of src/ai named by its spec.
#include "studio/players.h"

namespace dom::studio {

std::string seatError(std::string_view text) {
  if (text == "human") return {};
  return ai::playerSpecError(text);
}

bool parseSeat(std::string_view text, Seat& out) {
  if (!seatError(text).empty()) return false;
  out = Seat{std::string(text)};
  return true;
}

// Human first, then src/ai's catalog; players with a budget are offered at a few budgets.
const std::vector<SeatChoice>& seatChoices() {
  static const std::vector<SeatChoice> choices = [] {
    std::vector<SeatChoice> c{{"human", "Human", "you (or a friend) choose the moves"}};
    auto add = [&](std::string spec, std::string label, std::string about) {
      if (ai::playerSpecError(spec).empty()) c.push_back({std::move(spec), std::move(label), std::move(about)});
    };
    for (const ai::PlayerInfo& p : ai::playerCatalog()) {
      if (p.name == "flatmc") {
        add("flatmc:200", p.label + " (200 deals)", p.about);
        add("flatmc:1000", p.label + " (1000 deals)", p.about);
      } else if (p.name == "expert") {
        add("expert:ms=50", p.label + " (50 ms a move)", p.about);
        add("expert:ms=200", p.label + " (200 ms a move)", p.about);
        add("expert:ms=1000", p.label + " (1 s a move)", p.about);
      } else {
        add(p.name, p.label, p.about);
      }
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
