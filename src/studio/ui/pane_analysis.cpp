// SPDX-License-Identifier: MIT
// The Analysis pane: every legal move of the current position with its win probability and expected
// points, best first, as bars with numbers; from the mover's knowledge or with all tiles known.
// Computed in the background (a progress bar meanwhile) and cached per node. A click shows the
// move's ghost on the table; a double click plays it (a branch when the record goes on otherwise);
// hovering a row shows what the seed's tips see in its move.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "studio/model/disclosure.h"
#include "studio/model/i18n.h"
#include "studio/ui/app.h"
#include "studio/ui/panes.h"

namespace dom::studio {

namespace {
// Whose knowledge: a combo the pane's width, so that no language's words push the pane wider; when
// the pane is too narrow for a choice's words in the combo's box, two radio buttons, one a line.
void drawKnowledgeCombo(const App& app, Intents& out, nlohmann::json& cut) {
  int mode = app.session().analysisAll() ? 1 : 0;
  const char* modes[] = {_("mover's view"), _("all tiles known")};
  const ImGuiStyle& st = ImGui::GetStyle();
  const float box = ImGui::GetContentRegionAvail().x - ImGui::GetFrameHeight() - st.FramePadding.x * 2;
  const bool fits = std::max(ImGui::CalcTextSize(modes[0]).x, ImGui::CalcTextSize(modes[1]).x) <= box;
  bool changed = false;
  if (fits) {
    ImGui::SetNextItemWidth(-1);
    changed = ImGui::Combo("##knowledge", &mode, modes, 2);
  } else {
    for (int i = 0; i < 2; ++i) {  // the button, then its words wrapped beside it
      ImGui::PushID(i);
      changed |= ImGui::RadioButton("##knowledge", &mode, i);
      ImGui::PopID();
      ImGui::SameLine();
      ImGui::TextWrapped("%s", modes[i]);
      noteCut(modes[i], cut);
    }
  }
  if (changed) {
    out.push_back(intent::SetAnalysisAll{mode == 1});
  }
}

// The analysis to show, or null with a line that says why there is none (no engine, no round, edit
// mode, still computing: its progress, or its error).
const AnalysisView* analysisToShow(const App& app) {
  if (!analysisAvailable()) {
    ImGui::TextWrapped("%s", _("The analysis engine is not built into this studio."));
    return nullptr;
  }
  if (!app.match().toMove() || app.editing()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", app.editing() ? _("(editing the position)") : _("No round is on: nothing to analyse."));
    ImGui::PopStyleColor();
    return nullptr;
  }
  const AnalysisView* v = app.session().analysis();
  if (!v) {
    const std::string label = i18n::format(_("analysing... {0}%"), {percentText(app.session().analyser().progress())});
    ImGui::ProgressBar(static_cast<float>(app.session().analyser().progress()), ImVec2(-1, 0), label.c_str());
    return nullptr;
  }
  if (!v->error.empty()) {
    ImGui::TextWrapped("%s", _(v->error.c_str()));  // coach.cpp's words, marked there
    return nullptr;
  }
  return v;
}

// What an outside engine says (docs/engine-protocol.md): while it thinks, its info lines so far; at
// any position its move made, the record's comment on that move (the engine's words on it), so that
// stepping back shows what it said at each move.
std::string engineWords(const App& app) {
  const Session& s = app.session();
  if (const auto who = s.thinker()) {
    if (!s.game().seats[static_cast<std::size_t>(idx(*who))].spec.starts_with("engine")) return {};
    const std::string words = infoWords(s.engineLive());
    const std::string seat(1, letter(*who));
    return words.empty() ? i18n::format(_("{0}'s engine is thinking..."), {seat})
                         : i18n::format(_("{0}'s engine, thinking: {1}"), {seat, words});
  }
  const Node& n = app.timeline().current();
  if (!n.move || n.comment.empty()) return {};
  return std::string(1, letter(n.by)) + " " + n.moveText + ": " + n.comment;
}

// Who is to move and from how many deals the values come.
void drawSummary(const AnalysisView& v, Player who) {
  const std::string mover(1, letter(who));
  // Exact from the mover's view means each sampled deal was solved exactly: still sampled deals.
  if (v.exact && v.all)
    ImGui::TextWrapped("%s",
                       i18n::format(_("{0} to move: exact values (every tile known to the solver)"), {mover}).c_str());
  else
    ImGui::TextWrapped("%s", i18n::format(P_("{0} to move: {1} deal {0} could be facing",
                                             "{0} to move: {1} deals {0} could be facing", v.samples),
                                          {mover, std::to_string(v.samples)})
                                 .c_str());
}

// The table's columns and their headers.
void setupColumns(const AnalysisView& v) {
  // The fixed columns as wide as their numbers and moves (a header longer than them is cut), the
  // bar takes the rest: the table fits a narrow pane in every language.
  // A fixed column is as wide as its header or its widest cell, whichever is wider: no header is cut.
  auto width = [](const char* header, const char* widest) {
    return std::max(ImGui::CalcTextSize(header).x, ImGui::CalcTextSize(widest).x);
  };
  float moveW = width(_("move"), "6-6");
  for (const AnalysisRow& r : v.rows) moveW = std::max(moveW, ImGui::CalcTextSize(shownMove(r.text).c_str()).x);
  ImGui::TableSetupColumn(_("move"), ImGuiTableColumnFlags_WidthFixed, moveW);
  // The bar has no header of its own: the word "win" heads the percentage beside it, which keeps
  // its width in a narrow pane, where the bar shrinks.
  ImGui::TableSetupColumn("##bar", ImGuiTableColumnFlags_WidthStretch, 3.0f);
  ImGui::TableSetupColumn(_("win %"), ImGuiTableColumnFlags_WidthFixed, width(_("win %"), "100"));
  ImGui::TableSetupColumn(_("points"), ImGuiTableColumnFlags_WidthFixed, width(_("points"), "+10.0"));
  ImGui::TableHeadersRow();
}

// What the tips see in the move, on hover: the words of the expert's reasons, made now so that
// they are in the language of the moment (the row's own were made when it was analysed).
void rowTooltip(const App& app, const AnalysisRow& r, std::size_t i, AnalysisPane::Drawn& drawn) {
  if (const std::string tips = tipsFor(app.timeline(), r.move); !tips.empty()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
    ImGui::TextUnformatted(tips.c_str());
    ImGui::PopTextWrapPos();
    const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    drawn.tooltipRow = static_cast<int>(i);
    drawn.tooltip = tips;
    drawn.tooltipRect = {at.x, at.y, size.x, size.y};
    ImGui::EndTooltip();
  }
}

// The bar's colour: the best move's in green, a move 5 points or more below it in amber, 20 or more in red.
ImVec4 barColour(double gap) {
  return gap < 0.005  ? ImVec4(0.35f, 0.75f, 0.4f, 1)
         : gap < 0.05 ? ImVec4(0.55f, 0.7f, 0.45f, 1)
         : gap < 0.2  ? ImVec4(0.9f, 0.65f, 0.25f, 1)
                      : ImVec4(0.9f, 0.35f, 0.3f, 1);
}

// Row i: the move (click: its ghost; double click: play it), the win probability's bar, the
// percentage and the expected points.
void drawRow(const App& app, const AnalysisRow& r, std::size_t i, double best, AnalysisPane::Drawn& drawn,
             Intents& out) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::PushID(static_cast<int>(i));
  const bool sel = app.selected() != kNoTile && r.move.kind == MoveKind::Play && r.move.tile == app.selected();
  if (ImGui::Selectable(shownMove(r.text).c_str(), sel,
                        ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowDoubleClick,
                        ImVec2(0, tapRow()))) {
    if (ImGui::IsMouseDoubleClicked(0))
      out.push_back(playIntent(r.move));
    else
      app.showMove(r.move, out);
  }
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  drawn.rows.push_back({lo.x, lo.y, hi.x - lo.x, hi.y - lo.y});
  if (ImGui::IsItemHovered()) rowTooltip(app, r, i, drawn);
  ImGui::PopID();
  ImGui::TableNextColumn();
  ImGui::PushStyleColor(ImGuiCol_PlotHistogram, barColour(best - r.win));
  ImGui::ProgressBar(static_cast<float>(std::clamp(r.win, 0.0, 1.0)), ImVec2(-1, ImGui::GetTextLineHeight()), "");
  ImGui::PopStyleColor();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(percentText(r.win).c_str());
  ImGui::TableNextColumn();
  ImGui::Text("%+.1f", r.points);
}
}  // namespace

void AnalysisPane::draw(const App& app, Intents& out) {
  if (!app.beginPane(Pane::Analysis, out)) return;
  // While a lesson's task waits the analysis would rank its answer first (disclosure.h).
  if (!disclosure(app.session()).analysis) {
    ImGui::TextWrapped("%s", _("The analysis is hidden until the lesson's task is answered."));
    ImGui::End();
    return;
  }
  if (drawn_.engine = engineWords(app); !drawn_.engine.empty()) {
    ImGui::TextWrapped("%s", drawn_.engine.c_str());
    ImGui::Separator();
  }
  drawKnowledgeCombo(app, out, drawn_.cut);
  if (const AnalysisView* v = analysisToShow(app)) {
    drawSummary(*v, *app.match().toMove());
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
    if (ImGui::BeginTable("moves", 4, flags)) {
      setupColumns(*v);
      const double best = v->rows.empty() ? 0 : v->rows.front().win;
      for (std::size_t i = 0; i < v->rows.size(); ++i) drawRow(app, v->rows[i], i, best, drawn_, out);
      ImGui::EndTable();
    }
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", i18n::touch() ? _("Tap: its ghost on the table. Double tap: play it.")
                                           : _("Click: its ghost on the table. Double click: play it. Hover: what "
                                               "the tips see in it."));
    ImGui::PopStyleColor();
  }
  ImGui::End();
}

void AnalysisPane::dump(nlohmann::json& j) const {
  using nlohmann::json;
  json rects = json::array();
  for (const PxRect& r : drawn_.rows) rects.push_back({{"x", r.x}, {"y", r.y}, {"w", r.w}, {"h", r.h}});
  json& a = j["analysis"];
  a["rowRects"] = rects;
  a["engine"] = drawn_.engine;
  if (drawn_.cut.is_array()) a["cut"] = drawn_.cut;
  const PxRect& t = drawn_.tooltipRect;
  a["tooltip"] = {{"row", drawn_.tooltipRow}, {"text", drawn_.tooltip}, {"x", t.x}, {"y", t.y}, {"w", t.w}, {"h", t.h}};
}

}  // namespace dom::studio
