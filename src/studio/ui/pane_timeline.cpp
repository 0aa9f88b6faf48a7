// SPDX-License-Identifier: MIT
// The Timeline pane: every move of the current branch as a row; click to jump; playback controls.
// A move is never cut; what it caused is cut with an ellipsis (the whole text on hover) or, in a
// pane too narrow for it, left to the row's tooltip. Once the record is analysed (Game > Analyse
// the record), the marked moves carry ?!, ? or ?? and a graph of A's win probability over the
// moves sits above the rows (click: jump there).
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "studio/model/i18n.h"
#include "studio/ui/app.h"

namespace dom::studio {

namespace {
// The words of the record analysis, in one place (English; shown through _()).
namespace words {
constexpr const char* kAnalysing = N_("analysing the record: {0}%");
constexpr const char* kMarkTip = N_("{0} {1}: {2} played {3}, wins {4}%\nbest {5}, wins {6}%");
constexpr const char* kSide = N_("mistakes of");
constexpr const char* kGraphTip = N_("A's win probability after move {0}: {1}%\n(click: go there)");
}  // namespace words

// A whole percentage: "62".
std::string percent(double win) { return percentText(win); }

// The marks' colours: inaccuracy yellow, mistake orange, blunder red.
std::array<int, 3> markColour(ai::Mark m) {
  switch (m) {
    case ai::Mark::Inaccuracy: return {235, 200, 40};
    case ai::Mark::Mistake: return {245, 135, 30};
    case ai::Mark::Blunder: return {230, 45, 40};
    case ai::Mark::None: break;
  }
  return {200, 200, 200};
}
ImU32 colourOf(const std::array<int, 3>& c, int alpha = 255) { return IM_COL32(c[0], c[1], c[2], alpha); }
constexpr std::array<int, 3> kCurveColour{120, 190, 255};

// The win-probability graph over the branch's positions; a click jumps to the position under it.
void drawGraph(const App& app, const RecordAnalysis& ra, TimelinePane::DrawnGraph& g, Intents& out) {
  const std::vector<double> curve = winCurve(ra, app.timeline());
  const auto& path = app.timeline().branchPath();
  const float h = ImGui::GetTextLineHeight() * 3.5f;
  const float w = std::max(40.0f, ImGui::GetContentRegionAvail().x);
  const ImVec2 a = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##wingraph", ImVec2(w, h));
  const bool hovered = ImGui::IsItemHovered();
  const bool clicked = ImGui::IsItemClicked();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(a, ImVec2(a.x + w, a.y + h), IM_COL32(30, 34, 40, 255));
  dl->AddLine(ImVec2(a.x, a.y + h * 0.5f), ImVec2(a.x + w, a.y + h * 0.5f), IM_COL32(90, 90, 90, 255));
  const int n = static_cast<int>(curve.size());
  auto xOf = [&](int i) { return a.x + (n <= 1 ? 0.5f : static_cast<float>(i) / static_cast<float>(n - 1)) * w; };
  auto yOf = [&](double win) { return a.y + h - static_cast<float>(win) * h; };
  g = TimelinePane::DrawnGraph{true, a.x, a.y, w, h, kCurveColour, {}};
  for (int i = 0; i < n; ++i) g.points.push_back({xOf(i), yOf(curve[static_cast<std::size_t>(i)])});
  const int cur = app.timeline().pathPos();
  dl->AddLine(ImVec2(xOf(cur), a.y), ImVec2(xOf(cur), a.y + h), IM_COL32(255, 255, 255, 90));
  for (int i = 1; i < n; ++i)
    dl->AddLine(ImVec2(g.points[static_cast<std::size_t>(i - 1)][0], g.points[static_cast<std::size_t>(i - 1)][1]),
                ImVec2(g.points[static_cast<std::size_t>(i)][0], g.points[static_cast<std::size_t>(i)][1]),
                colourOf(kCurveColour), 2.0f);
  for (int i = 0; i < n; ++i)
    if (const RecordPly* p = ra.at(path[static_cast<std::size_t>(i)]); p && p->mark != ai::Mark::None)
      dl->AddCircleFilled(ImVec2(g.points[static_cast<std::size_t>(i)][0], g.points[static_cast<std::size_t>(i)][1]),
                          4.0f, colourOf(markColour(p->mark)));
  if (hovered && n > 0) {
    const float fx = (ImGui::GetIO().MousePos.x - a.x) / w;
    const int i = std::clamp(static_cast<int>(std::lround(fx * static_cast<float>(n - 1))), 0, n - 1);
    int number = 0;  // numbered as the rows are: deals are not moves
    for (int k = 0; k <= i; ++k)
      if (!app.timeline().node(path[static_cast<std::size_t>(k)]).roundStart) ++number;
    tooltip(i18n::format(_(words::kGraphTip), {std::to_string(number), percent(curve[static_cast<std::size_t>(i)])}));
    if (clicked) out.push_back(jumpIntent(path[static_cast<std::size_t>(i)]));
  }
}

// The text in the cell's width; cut with an ellipsis when longer, the full text on hover. 1 if it
// was cut.
int cell(const std::string& text, const ImVec4* colour = nullptr) {
  const float w = ImGui::GetContentRegionAvail().x;
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  if (size.x <= w) {
    if (colour)
      ImGui::TextColored(*colour, "%s", text.c_str());
    else
      ImGui::TextUnformatted(text.c_str());
    return 0;
  }
  const ImVec2 at = ImGui::GetCursorScreenPos();
  if (colour) ImGui::PushStyleColor(ImGuiCol_Text, *colour);
  ImGui::RenderTextEllipsis(ImGui::GetWindowDrawList(), at, ImVec2(at.x + w, at.y + size.y), at.x + w, at.x + w,
                            text.c_str(), nullptr, &size);
  if (colour) ImGui::PopStyleColor();
  ImGui::Dummy(ImVec2(w, size.y));
  if (ImGui::IsItemHovered()) tooltip(shownText(text, 1000));
  return 1;
}
// The playback buttons on one row (the next one on a row of its own when the pane is too narrow
// for it) and the autoplay speed.
void drawPlayback(const App& app, Intents& out) {
  const ActionContext c = app.actionContext();
  bool first = true;
  for (const char* id : {"game.first", "game.prev", "game.next", "game.last", "game.autoplay"}) {
    if (!first) sameLineIfFits(actionButtonWidth(id, c));
    first = false;
    actionButton(id, c, out);
  }
  ImGui::SetNextItemWidth(-1);
  float speed = app.settings().speed;
  if (ImGui::SliderFloat("##speed", &speed, 0.25f, 8.0f, _("%.2f moves/s"))) {
    out.push_back(intent::SetSpeed{speed});
  }
  if (ImGui::IsItemHovered()) tooltip(_("Autoplay speed"));
}

// The record analysis's progress while it runs, with its Stop button.
void drawRecordProgress(const App& app, Intents& out) {
  const std::string label = i18n::format(_(words::kAnalysing), {percent(app.session().recordAnalyser().progress())});
  ImGui::ProgressBar(
      static_cast<float>(app.session().recordAnalyser().progress()),
      ImVec2(ImGui::GetContentRegionAvail().x - actionButtonWidth("game.stop_analysis", app.actionContext()) -
                 ImGui::GetStyle().ItemSpacing.x,
             0),
      label.c_str());
  ImGui::SameLine();
  actionButton("game.stop_analysis", app.actionContext(), out);
}

// The analysed record: whose mistakes N / Shift+N go to and the same as buttons, the graph, and the
// marks of the rows kept in drawn.marks.
void drawRecordMistakes(const App& app, const RecordAnalysis& ra, const std::vector<TimelineRow>& rows,
                        TimelinePane::Drawn& drawn, Intents& out) {
  ImGui::SetNextItemWidth(ImGui::CalcTextSize(sideWord(MistakeSide::Both)).x + ImGui::GetFrameHeight() * 2);
  if (ImGui::BeginCombo((std::string(_(words::kSide)) + "###mistakeside").c_str(),
                        sideWord(app.session().mistakeSide()))) {
    // The registry's Game > Mistakes of: the same actions as the menu's.
    const ActionContext c = app.actionContext();
    for (const char* id : {"game.mistakes_of.a", "game.mistakes_of.b", "game.mistakes_of.both"})
      if (const Action* a = findAction(id);
          a && ImGui::Selectable(a->labelText(c).c_str(), a->checked(c), 0, ImVec2(0, tapRow())))
        runAction(*a, c, out);
    ImGui::EndCombo();
  }
  const ActionContext c = app.actionContext();
  for (const char* id : {"game.prev_mistake", "game.next_mistake"}) {
    sameLineIfFits(actionButtonWidth(id, c));
    actionButton(id, c, out);
  }
  drawGraph(app, ra, drawn.graph, out);
  for (std::size_t i = 0; i < rows.size(); ++i)
    if (const RecordPly* p = ra.at(rows[i].node); p && p->mark != ai::Mark::None)
      drawn.marks.push_back(
          {rows[i].node, rows[i].number, static_cast<int>(i), ai::symbol(p->mark), markColour(p->mark)});
}

// A row's move: with " *" when the position has more than one continuation.
std::string moveText(const TimelineRow& r) { return r.branchPoint ? r.move + " *" : r.move; }

// The table's columns: their widths, and whether "what it caused" has room for a column.
struct Columns {
  float number = 0, side = 0, mark = 0, move = 0;
  bool causedShown = false;
};

// The move column is as wide as its longest move, so a move is never cut. What it caused takes
// the rest; in a pane too narrow for a few of its letters (800x600's Timeline) that column is
// left out and each row's tooltip says it.
Columns columnWidths(const std::vector<TimelineRow>& rows, bool analysed) {
  const float markW = ImGui::CalcTextSize("??").x + 2;
  Columns w;
  w.move = ImGui::CalcTextSize(_("move")).x;
  for (const TimelineRow& r : rows) w.move = std::max(w.move, ImGui::CalcTextSize(moveText(r).c_str()).x);
  const ImGuiStyle& style = ImGui::GetStyle();
  w.number = ImGui::CalcTextSize("999").x;
  w.side = ImGui::GetFontSize();
  w.mark = analysed ? markW : 1.0f;
  const float rest = ImGui::GetContentRegionAvail().x - style.ScrollbarSize - w.number - w.side - w.mark - w.move -
                     10 * style.CellPadding.x - 4;
  w.causedShown = rest >= ImGui::CalcTextSize("ends 0 a").x;
  return w;
}

// A row's mark (?!, ? or ??) in its colour, its words on hover; its place kept in drawn.marks.
// True when the mouse is over it.
bool drawMark(const TimelineRow& r, const RecordPly& p, TimelinePane::Drawn& drawn) {
  const std::array<int, 3> col = markColour(p.mark);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const ImVec2 size = ImGui::CalcTextSize(ai::symbol(p.mark));
  ImGui::TextColored(ImVec4(static_cast<float>(col[0]) / 255.0f, static_cast<float>(col[1]) / 255.0f,
                            static_cast<float>(col[2]) / 255.0f, 1.0f),
                     "%s", ai::symbol(p.mark));
  const bool hovered = ImGui::IsItemHovered();
  if (hovered)
    tooltip(i18n::format(_(words::kMarkTip), {r.player, markWord(p.mark), r.player, p.played, percent(p.playedWin),
                                              p.best, percent(p.bestWin)}));
  for (TimelinePane::DrawnMark& d : drawn.marks)
    if (d.node == r.node) {
      d.visible = true;
      d.x = at.x;
      d.y = at.y;
      d.w = size.x;
      d.h = size.y;
    }
  return hovered;
}

// Row i of the table: its number (a click jumps there), the player, the mark, the move and what it
// caused (or, with no room for it, its tooltip).
void drawRow(const TimelineRow& r, int i, const RecordAnalysis* ra, TimelinePane::Drawn& drawn, Intents& out) {
  const ImVec4 branchColour(1, 0.75f, 0.3f, 1);
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::PushID(i);
  char label[16];
  std::snprintf(label, sizeof label, r.number ? "%d" : "-", r.number);
  if (ImGui::Selectable(label, r.current, ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap,
                        ImVec2(0, tapRow())))
    out.push_back(jumpIntent(r.node));
  const bool rowHovered = ImGui::IsItemHovered();
  bool markHovered = false;
  ImGui::PopID();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(r.player.c_str());
  ImGui::TableNextColumn();
  if (const RecordPly* p = ra ? ra->at(r.node) : nullptr; p && p->mark != ai::Mark::None)
    markHovered = drawMark(r, *p, drawn);
  ImGui::TableNextColumn();
  drawn.movesCut += cell(moveText(r), r.branchPoint ? &branchColour : nullptr);
  // The move's comment after what it caused, as the record writes it (an outside engine's words).
  const std::string said = r.comment.empty() ? r.caused : (r.caused.empty() ? "# " : r.caused + "  # ") + r.comment;
  if (drawn.causedShown) {
    ImGui::TableNextColumn();
    drawn.causedCut += cell(said);
  } else if (rowHovered && !markHovered && !said.empty()) {
    tooltip(r.move + ": " + said);
  }
}

// The table of the branch's moves, the current row kept in view.
void drawMovesTable(const App& app, const std::vector<TimelineRow>& rows, const RecordAnalysis* ra, bool moved,
                    TimelinePane::Drawn& drawn, Intents& out) {
  const Columns w = columnWidths(rows, ra != nullptr);
  drawn.causedShown = w.causedShown;
  drawn.movesCut = drawn.causedCut = 0;
  if (!ImGui::BeginTable("moves", w.causedShown ? 5 : 4,
                         ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, w.number);
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, w.side);
  ImGui::TableSetupColumn("##mark", ImGuiTableColumnFlags_WidthFixed, w.mark);
  if (w.causedShown) {
    ImGui::TableSetupColumn(_("move"), ImGuiTableColumnFlags_WidthFixed, w.move);
    ImGui::TableSetupColumn(_("what it caused"), ImGuiTableColumnFlags_WidthStretch);
  } else {
    ImGui::TableSetupColumn(_("move"), ImGuiTableColumnFlags_WidthStretch);
  }
  ImGui::TableHeadersRow();
  // Keep the current row in view when the position changes (the clipper skips rows off screen).
  if (moved) {
    const float rowH = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
    const float y = static_cast<float>(app.timeline().pathPos()) * rowH - ImGui::GetWindowHeight() * 0.5f;
    ImGui::SetScrollY(std::max(0.0f, y));
  }
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(rows.size()));
  while (clip.Step())
    for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i)
      drawRow(rows[static_cast<std::size_t>(i)], i, ra, drawn, out);
  ImGui::EndTable();
}
}  // namespace

void TimelinePane::draw(const App& app, Intents& out) {
  if (!app.beginPane(Pane::Timeline, out)) return;
  drawPlayback(app, out);
  const auto rows = timelineRows(app.timeline(), app.settings().visibility);
  // Numbered as the rows are: deals are rows without a number, not moves.
  const MoveCounter c = moveCounter(app.timeline());
  ImGui::TextWrapped(
      "%s", i18n::format(_("Branch {0} of {1}, move {2} of {3}"), {std::to_string(app.timeline().currentBranch()),
                                                                   std::to_string(app.timeline().leaves().size()),
                                                                   std::to_string(c.current), std::to_string(c.last)})
                .c_str());
  // The record analysis: its progress while it runs, then the graph and the marks.
  const RecordAnalysis* ra = app.session().recordAnalysis();
  if (app.session().recordAnalyser().runs(app.session().recordKey())) drawRecordProgress(app, out);
  if (ra) drawRecordMistakes(app, *ra, rows, drawn_, out);
  drawMovesTable(app, rows, ra, lastNode_ != app.timeline().currentIndex(), drawn_, out);
  lastNode_ = app.timeline().currentIndex();
  ImGui::End();
}

void TimelinePane::dump(nlohmann::json& j) const {
  using nlohmann::json;
  j["timelineDrawn"] = {
      {"causedShown", drawn_.causedShown}, {"movesCut", drawn_.movesCut}, {"causedCut", drawn_.causedCut}};
  json marks = json::array();
  for (const DrawnMark& d : drawn_.marks)
    marks.push_back({{"node", d.node},
                     {"number", d.number},
                     {"pathPos", d.pathPos},
                     {"mark", d.mark},
                     {"colour", d.colour},
                     {"visible", d.visible},
                     {"x", d.x},
                     {"y", d.y},
                     {"w", d.w},
                     {"h", d.h}});
  json& r = j["record_analysis"];
  r["marks"] = marks;
  const DrawnGraph& g = drawn_.graph;
  r["graph"] = {{"drawn", g.drawn}, {"x", g.x},           {"y", g.y},          {"w", g.w},
                {"h", g.h},         {"colour", g.colour}, {"points", g.points}};
}

}  // namespace dom::studio
