// SPDX-License-Identifier: MIT
// The Rules pane: the rule set's knobs and the position in plain language, wrapped to the pane.
#include <imgui.h>

#include <algorithm>

#include "studio/model/disclosure.h"
#include "studio/model/i18n.h"
#include "studio/ui/app.h"

namespace dom::studio {
namespace {
// core's presetOrigin in the studio's language.
const char* origin(std::string_view preset) {
  if (preset == "dominoes2") return _("the \"Dominoes 2.0\" game (Novel Games' Dominoes)");
  if (preset == "en-linea") return _("the \"Dominó en línea\" game");
  if (preset == "draw") return _("the standard two-player Draw game");
  if (preset == "block") return _("the standard two-player Block game");
  return "";
}
}  // namespace

// The knobs in the UI's language; each row's tooltip is the knob as a record writes it. Where the
// pane leaves the values less room than a short phrase ("until a tile plays") beside the widest
// label, each label stands above its value, so no value wraps a word at a time or breaks one
// ("en-line / a" at 800x600 in Spanish).
void RulesPane::drawKnobs(const Rules& rules) {
  const std::vector<RuleRow> rows = ruleRows(rules);
  float label = 0;
  for (const RuleRow& row : rows) label = std::max(label, ImGui::CalcTextSize(row.label.c_str()).x);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float room = ImGui::GetContentRegionAvail().x - label - 2 * style.CellPadding.x;
  stacked_ = room < ImGui::CalcTextSize("until a tile plays").x;
  rows_ = nlohmann::json::array();
  const auto value = [&](const RuleRow& row, bool hovered) {
    ImGui::TextWrapped("%s", row.value.c_str());
    if (hovered || ImGui::IsItemHovered()) tooltip(row.knob);
    rows_.push_back({{"label", row.label}, {"value", row.value}, {"knob", row.knob}});
  };
  if (stacked_) {
    for (const RuleRow& row : rows) {
      ImGui::TextDisabled("%s", row.label.c_str());
      const bool hovered = ImGui::IsItemHovered();
      ImGui::Indent();
      value(row, hovered);
      ImGui::Unindent();
    }
    return;
  }
  if (!ImGui::BeginTable("knobs", 2, ImGuiTableFlags_BordersInnerH)) return;
  ImGui::TableSetupColumn(_("knob"), ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn(_("value"), ImGuiTableColumnFlags_WidthStretch);
  for (const RuleRow& row : rows) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", row.label.c_str());
    const bool hovered = ImGui::IsItemHovered();
    ImGui::TableNextColumn();
    value(row, hovered);
  }
  ImGui::EndTable();
}

void RulesPane::draw(const App& app, Intents& out) {
  if (!app.beginPane(Pane::Rules, out)) return;
  const Match& m = app.match();
  const Rules& rules = app.editing() ? app.editor().rules() : m.rules();  // the edited position's in edit mode
  drawKnobs(rules);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", origin(rules.preset));
  ImGui::PopStyleColor();
  ImGui::Separator();
  // In edit mode the words are the edited position's (the timeline's would describe another one).
  if (app.editing()) {
    const std::string& err = app.editor().error();
    const auto started = err.empty() ? app.editor().start() : std::nullopt;
    words_ = started ? explainPosition(started->first, app.settings().visibility)
                     : i18n::format(_("the position is illegal: {0}"), {err.empty() ? "?" : err});
    if (!started) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.45f, 0.4f, 1));
    ImGui::TextWrapped("%s", words_.c_str());
    if (!started) ImGui::PopStyleColor();
    ImGui::End();
    return;
  }
  const Node& n = app.timeline().current();
  if (n.move) {
    const auto [move, caused] = moveWords(n, app.settings().visibility);
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.6f, 0.8f, 1, 1));
    ImGui::TextWrapped("%s", i18n::format(_("Last: {0} {1}"), {std::string(1, letter(n.by)), move}).c_str());
    ImGui::PopStyleColor();
    ImGui::TextWrapped("%s", caused.c_str());
  }
  // While a lesson's task waits, no words say what can be played (disclosure.h).
  const bool legality = disclosure(app.session()).legality;
  words_ = explainPosition(app.timeline(), app.settings().visibility, legality);
  ImGui::TextWrapped("%s", words_.c_str());
  if (app.selected() != kNoTile && legality) {
    ImGui::Separator();
    const Player owner = (m.state().hand[1] & bit(app.selected())) ? Player::B : Player::A;
    ImGui::TextWrapped("%s", explainTile(m, owner, app.selected()).c_str());
  } else {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", _("Select a tile in a hand to see why it can or cannot be played."));
    ImGui::PopStyleColor();
  }
  ImGui::End();
}

void RulesPane::dump(nlohmann::json& j) const {
  j["rulesWords"] = words_;
  j["rulesRows"] = rows_;
  j["rulesStacked"] = stacked_;
}

}  // namespace dom::studio
