// SPDX-License-Identifier: MIT
// Rule sets: the knobs of rules.md, the four presets, and parsing "preset knob=value...".
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace dom {

enum class DrawRule : std::uint8_t { Until, None };
enum class LeadRule : std::uint8_t { Double, Alternate, Winner };
enum class BlockedRule : std::uint8_t { Difference, Loser };
enum class LayoutRule : std::uint8_t { Snake, Free };

struct Rules {
  std::string preset = "en-linea";
  int hand = 7;
  int reserve = 0;
  DrawRule draw = DrawRule::Until;
  LeadRule lead = LeadRule::Double;
  BlockedRule blocked = BlockedRule::Difference;
  int target = 0;
  LayoutRule layout = LayoutRule::Snake;
  int tableW = 0, tableH = 0;

  // "en-linea hand=7 reserve=0 draw=until ... layout=snake table=WxH": every knob, in rules.md order.
  [[nodiscard]] std::string text() const;
  bool operator==(const Rules&) const = default;
};

// Limits of the `table` knob, in squares.
inline constexpr int kMinTable = 4;
inline constexpr int kMaxTable = 64;
// Under layout=snake the table must hold every line of all 28 tiles: at least this (docs/layout.md).
inline constexpr int kMinSnakeW = 50;
inline constexpr int kMinSnakeH = 24;

[[nodiscard]] const std::vector<std::string>& presetNames();
[[nodiscard]] std::optional<Rules> preset(std::string_view name);
// A one-line description of a preset's source.
[[nodiscard]] std::string presetOrigin(std::string_view name);

// Parses words like {"dominoes2", "target=150"}. On failure returns the message.
[[nodiscard]] std::variant<Rules, std::string> parseRules(const std::vector<std::string>& words);
[[nodiscard]] std::variant<Rules, std::string> parseRules(std::string_view text);
// Why a rule set built knob by knob (the Python module's setters) is not one parseRules gives, in
// parseRules' own words ("knob hand must be 1..14, not '-5'"); "" when it is one.
[[nodiscard]] std::string rulesError(const Rules& r);

[[nodiscard]] std::string_view name(DrawRule);
[[nodiscard]] std::string_view name(LeadRule);
[[nodiscard]] std::string_view name(BlockedRule);
[[nodiscard]] std::string_view name(LayoutRule);

}  // namespace dom
