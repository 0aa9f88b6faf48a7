// SPDX-License-Identifier: MIT
// Presets and knob parsing for rule sets.
#include "core/rules.h"

#include <array>
#include <charconv>
#include <sstream>

namespace dom {
namespace {

// Default tables of the snake presets: the smallest that holds every line of all 28 tiles (see
// docs/layout.md). dominoes2 plays on one screen of the original game, where the edge blocks ends.
constexpr int kDominoes2W = 28;
constexpr int kDominoes2H = 20;

Rules makePreset(std::string name, int reserve, DrawRule draw, LeadRule lead, int target, LayoutRule layout) {
  Rules r;
  r.preset = std::move(name);
  r.hand = 7;
  r.reserve = reserve;
  r.draw = draw;
  r.lead = lead;
  r.blocked = BlockedRule::Difference;
  r.target = target;
  r.layout = layout;
  r.tableW = layout == LayoutRule::Free ? kDominoes2W : kMinSnakeW;
  r.tableH = layout == LayoutRule::Free ? kDominoes2H : kMinSnakeH;
  return r;
}

// Plain decimal digits: no sign ("-0", "+5"), no spaces.
std::optional<int> parseInt(std::string_view s) {
  if (s.empty() || s.front() < '0' || s.front() > '9') return std::nullopt;
  int v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || p != s.data() + s.size()) return std::nullopt;
  return v;
}

std::string unknownPreset(const std::string& name) {
  return "unknown preset '" + name + "' (presets: dominoes2, en-linea, draw, block)";
}

std::string setKnob(Rules& r, std::string_view knob, std::string_view value) {
  auto range = [&](int& field, int lo, int hi) -> std::string {
    auto v = parseInt(value);
    if (!v || *v < lo || *v > hi)
      return "knob " + std::string(knob) + " must be " + std::to_string(lo) + ".." + std::to_string(hi) + ", not '" +
             std::string(value) + "'";
    field = *v;
    return {};
  };
  auto choice = [&](auto& field, auto options) -> std::string {
    std::string allowed;
    for (auto& [word, v] : options) {
      if (value == word) {
        field = v;
        return {};
      }
      allowed += allowed.empty() ? "" : " or ";
      allowed += word;
    }
    return "knob " + std::string(knob) + " must be " + allowed + ", not '" + std::string(value) + "'";
  };
  if (knob == "hand") return range(r.hand, 1, 14);
  if (knob == "reserve") return range(r.reserve, 0, 28);
  if (knob == "target") {
    auto v = parseInt(value);
    if (!v || *v < 0 || *v > 1000) return "knob target must be 0..1000, not '" + std::string(value) + "'";
    r.target = *v;
    return {};
  }
  if (knob == "draw")
    return choice(r.draw, std::to_array<std::pair<std::string_view, DrawRule>>(
                              {{"until", DrawRule::Until}, {"none", DrawRule::None}}));
  if (knob == "lead")
    return choice(
        r.lead, std::to_array<std::pair<std::string_view, LeadRule>>(
                    {{"double", LeadRule::Double}, {"alternate", LeadRule::Alternate}, {"winner", LeadRule::Winner}}));
  if (knob == "blocked")
    return choice(r.blocked, std::to_array<std::pair<std::string_view, BlockedRule>>(
                                 {{"difference", BlockedRule::Difference}, {"loser", BlockedRule::Loser}}));
  if (knob == "layout")
    return choice(r.layout, std::to_array<std::pair<std::string_view, LayoutRule>>(
                                {{"snake", LayoutRule::Snake}, {"free", LayoutRule::Free}}));
  if (knob == "table") {
    const auto x = value.find('x');
    std::optional<int> w, h;
    if (x != std::string_view::npos) {
      w = parseInt(value.substr(0, x));
      h = parseInt(value.substr(x + 1));
    }
    if (!w || !h || *w < kMinTable || *w > kMaxTable || *h < kMinTable || *h > kMaxTable)
      return "knob table must be WxH with W and H in " + std::to_string(kMinTable) + ".." + std::to_string(kMaxTable) +
             ", not '" + std::string(value) + "'";
    r.tableW = *w;
    r.tableH = *h;
    return {};
  }
  return "unknown knob '" + std::string(knob) + "'";
}

}  // namespace

// An out-of-range value (a cast from an int) is "?", which parseRules refuses.
std::string_view name(DrawRule v) { return v == DrawRule::Until ? "until" : v == DrawRule::None ? "none" : "?"; }
std::string_view name(LeadRule v) {
  switch (v) {
    case LeadRule::Double: return "double";
    case LeadRule::Alternate: return "alternate";
    case LeadRule::Winner: return "winner";
  }
  return "?";
}
std::string_view name(BlockedRule v) {
  return v == BlockedRule::Difference ? "difference" : v == BlockedRule::Loser ? "loser" : "?";
}
std::string_view name(LayoutRule v) { return v == LayoutRule::Snake ? "snake" : v == LayoutRule::Free ? "free" : "?"; }

std::string Rules::text() const {
  std::ostringstream o;
  o << preset << " hand=" << hand << " reserve=" << reserve << " draw=" << name(draw) << " lead=" << name(lead)
    << " blocked=" << name(blocked) << " target=" << target << " layout=" << name(layout) << " table=" << tableW << 'x'
    << tableH;
  return o.str();
}

const std::vector<std::string>& presetNames() {
  static const std::vector<std::string> names{"dominoes2", "en-linea", "draw", "block"};
  return names;
}

std::optional<Rules> preset(std::string_view n) {
  if (n == "dominoes2") return makePreset("dominoes2", 2, DrawRule::Until, LeadRule::Double, 100, LayoutRule::Free);
  if (n == "en-linea") return makePreset("en-linea", 0, DrawRule::Until, LeadRule::Double, 0, LayoutRule::Snake);
  if (n == "draw") return makePreset("draw", 2, DrawRule::Until, LeadRule::Alternate, 100, LayoutRule::Snake);
  if (n == "block") return makePreset("block", 0, DrawRule::None, LeadRule::Alternate, 100, LayoutRule::Snake);
  return std::nullopt;
}

std::string presetOrigin(std::string_view n) {
  if (n == "dominoes2") return "the \"Dominoes 2.0\" game (Novel Games' Dominoes)";
  if (n == "en-linea") return "the \"Dominó en línea\" game";
  if (n == "draw") return "the standard two-player Draw game";
  if (n == "block") return "the standard two-player Block game";
  return {};
}

std::variant<Rules, std::string> parseRules(const std::vector<std::string>& words) {
  if (words.empty()) return std::string("rules need a preset: dominoes2, en-linea, draw or block");
  auto r = preset(words[0]);
  if (!r) return unknownPreset(words[0]);
  for (std::size_t i = 1; i < words.size(); ++i) {
    const auto& w = words[i];
    const auto eq = w.find('=');
    if (eq == std::string::npos || eq == 0) {
      if (preset(w)) return "only one preset may be given, found '" + w + "'";
      return "unknown knob '" + w + "' (expected knob=value)";
    }
    if (auto err = setKnob(*r, std::string_view(w).substr(0, eq), std::string_view(w).substr(eq + 1)); !err.empty())
      return err;
  }
  if (r->layout == LayoutRule::Snake && (r->tableW < kMinSnakeW || r->tableH < kMinSnakeH))
    return "table " + std::to_string(r->tableW) + "x" + std::to_string(r->tableH) +
           " is too small for layout=snake: the smallest table that holds every line of all 28 tiles is " +
           std::to_string(kMinSnakeW) + "x" + std::to_string(kMinSnakeH);
  return *r;
}

std::variant<Rules, std::string> parseRules(std::string_view text) {
  std::vector<std::string> words;
  std::istringstream in{std::string(text)};
  for (std::string w; in >> w;) words.push_back(w);
  return parseRules(words);
}

// Every knob through parseRules: the text of a valid rule set reads back as itself.
std::string rulesError(const Rules& r) {
  if (!preset(r.preset)) return unknownPreset(r.preset);
  auto parsed = parseRules(r.text());
  if (auto* e = std::get_if<std::string>(&parsed)) return *e;
  if (std::get<Rules>(parsed) != r) return "the rules '" + r.text() + "' do not read back as themselves";
  return {};
}

}  // namespace dom
