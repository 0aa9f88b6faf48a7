// SPDX-License-Identifier: MIT
// The studio's seats: human, or a computer player of src/ai named by its spec.
#include "studio/model/players.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "ai/ladder.h"
#include "core/decimal.h"
#include "core/files.h"
#include "studio/model/i18n.h"
#include "studio/model/viewmodel.h"

namespace dom::studio {

std::string seatError(std::string_view text) {
  if (text == "human") return {};
  return ai::playerSpecError(ai::levelSpec(text));
}

bool parseSeat(std::string_view text, Seat& out) {
  if (!seatError(text).empty()) return false;
  out = Seat{text == "human" ? std::string(text) : ai::levelSpec(text)};  // a level's name becomes its spec
  return true;
}

// The words of src/ai's catalog, marked for the studio's catalog: the menus show them through _()
// (src/ai stays English; a test checks that every label and about of its catalog is translated).
// Long abouts are split over two literals, which clang-tidy takes for a missing comma.
// NOLINTBEGIN(bugprone-suspicious-missing-comma)
[[maybe_unused]] constexpr const char* kCatalogWords[] = {
    N_("Random"),
    N_("plays any legal move, at random"),
    N_("Greedy"),
    N_("plays its heaviest tile that can be placed"),
    N_("Strategist"),
    N_("the tips of a club player: heavy tiles and doubles early, keeps a variety of numbers, reads the "
       "opponent's draws and passes"),
    N_("Flat Monte Carlo"),
    N_("flatmc:K: K sampled deals of the hidden tiles per move, played out at random; the best mean wins"),
    N_("Beginner"),
    N_("Novice"),
    N_("Apprentice"),
    N_("Club player"),
    N_("Skilled"),
    N_("Advanced"),
    N_("Candidate master"),
    N_("Master"),
    N_("plays any legal move"),
    N_("follows the club player's tips on three moves in ten"),
    N_("follows the club player's tips on about half of its moves"),
    N_("follows the club player's tips on four moves in five"),
    N_("follows the six tips of the Domino en linea page on every move"),
    N_("tries each move on 50 guesses of the hidden tiles"),
    N_("the expert on a tenth of its time, one move in twenty at random"),
    N_("the expert: reads the history, searches, solves the endgame"),
    N_("Expert"),
    N_("expert[:ms=N]: searches the deals the history allows, exactly when few tiles are unknown (N ms, default "
       "50)"),
};
// NOLINTEND(bugprone-suspicious-missing-comma)

// Human first, then src/ai's catalog; players with a budget are offered at a few budgets. In the
// current language: made again after a switch.
const std::vector<SeatChoice>& seatChoices() {
  static std::vector<SeatChoice> c;
  static unsigned madeFor = ~0u;
  if (madeFor == i18n::generation()) return c;
  madeFor = i18n::generation();
  c = {{"human", _("Human"), _("you (or a friend) choose the moves")}};
  for (const ai::Level& l : ai::levels())
    c.push_back({std::string(l.spec), _(std::string(l.name).c_str()), _(std::string(l.about).c_str()), false,
                 l.eloEnLinea, l.eloDominoes2});
  // A player a level already seats is offered once, by the level's name (random is Beginner,
  // strategist is Skilled): one name a seat.
  auto isLevel = [](const std::string& spec) {
    const auto& lv = ai::levels();
    return std::any_of(lv.begin(), lv.end(), [&](const ai::Level& l) { return l.spec == spec; });
  };
  auto add = [&](std::string spec, std::string label, const std::string& about) {
    if (ai::playerSpecError(spec).empty() && !isLevel(spec))
      c.push_back({std::move(spec), std::move(label), _(about.c_str()), true, 0, 0});
  };
  for (const ai::PlayerInfo& p : ai::playerCatalog()) {
    const std::string label = _(p.label.c_str());
    if (p.name == "flatmc") {
      for (int k : {200, 1000})
        add("flatmc:" + std::to_string(k),
            i18n::format(P_("{0} ({1} deal)", "{0} ({1} deals)", k), {label, std::to_string(k)}), p.about);
    } else if (p.name == "expert") {
      for (int ms : {50, 200})
        add("expert:ms=" + std::to_string(ms), i18n::format(_("{0} ({1} ms a move)"), {label, std::to_string(ms)}),
            p.about);
      add("expert:ms=1000", i18n::format(_("{0} (1 s a move)"), {label}), p.about);
    } else {
      add(p.name, label, p.about);
    }
  }
  return c;
}

std::string seatLabel(const Seat& s) { return playerLabel(s.spec); }

std::string choiceLabel(const SeatChoice& c, std::string_view rules) {
  if (c.advanced || c.spec == "human") return c.label;
  const bool d2 = rules.substr(0, 9) == "dominoes2", en = rules.substr(0, 8) == "en-linea";
  const double elo = d2 ? c.eloDominoes2 : c.eloEnLinea;
  if ((!d2 && !en) || std::isnan(elo)) return c.label;
  return i18n::format(_("{0}, Elo {1}"), {c.label, std::to_string(static_cast<int>(std::lround(elo)))});
}

std::string playerTitle(Player p, const std::string& name) {
  std::string out(1, letter(p));
  if (!name.empty()) out += " " + playerLabel(name);
  return out;
}

namespace {
// A setting of a spec in words: "ms=2000" is "2000 ms a move", flatmc's "200" is "200 deals",
// "random=0.3" is "30% at random"; any other setting as the spec writes it.
std::string settingWords(std::string_view player, std::string_view item) {
  const std::size_t eq = item.find('=');
  const std::string_view key = eq == std::string_view::npos ? std::string_view() : item.substr(0, eq);
  const std::string value(eq == std::string_view::npos ? item : item.substr(eq + 1));
  if (key.empty() && player == "flatmc") {
    long long k = 0;
    std::from_chars(value.data(), value.data() + value.size(), k);
    return i18n::format(P_("{0} deal", "{0} deals", k), {value});
  }
  if (key == "ms") return i18n::format(_("{0} ms a move"), {value});
  if (key == "random") {
    const double share = parseDecimal(value).value_or(0.0);
    // xgettext:no-c-format
    return i18n::format(_("{0}% at random"), {std::to_string(std::lround(share * 100))});
  }
  return std::string(item);
}

// A spec no menu offers, in words: its player's label and its settings ("expert:ms=2000" is
// "Expert (2000 ms a move)"); "" when the text is not a player's spec.
std::string specLabel(const std::string& spec) {
  if (!ai::playerSpecError(spec).empty()) return {};
  const std::size_t colon = spec.find(':');
  const std::string player = spec.substr(0, colon);
  std::string label;
  for (const ai::PlayerInfo& p : ai::playerCatalog())
    if (p.name == player) label = _(p.label.c_str());
  if (label.empty() || colon == std::string::npos) return label;
  std::string words;
  std::string_view rest = std::string_view(spec).substr(colon + 1);
  while (!rest.empty()) {
    const std::size_t comma = std::min(rest.find(','), rest.size());
    words += (words.empty() ? "" : ", ") + settingWords(player, rest.substr(0, comma));
    rest.remove_prefix(std::min(comma + 1, rest.size()));
  }
  return i18n::format(_("{0} ({1})"), {label, words});
}
}  // namespace

std::string playerLabel(const std::string& name) {
  // One name a seat: a level's name when the spec is a level's ("random" is Beginner), else the
  // name a menu gives it ("greedy" is Greedy), else its player and settings in words.
  for (const auto& c : seatChoices())
    if (c.spec == name) return c.label;
  if (std::string words = specLabel(name); !words.empty()) return words;
  return files::cut(name, kNameShown);  // a record's name may be megabytes long
}

}  // namespace dom::studio
