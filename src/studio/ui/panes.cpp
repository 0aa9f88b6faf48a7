// SPDX-License-Identifier: MIT
// The list of panes, and when a pane is drawn.
#include "studio/ui/panes.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <string>

#include "studio/ui/app.h"

namespace dom::studio {

namespace {
// The width of the label's widest word: a button narrower than it breaks a word across lines.
float widestWord(std::string_view label) {
  float most = 0;
  for (std::size_t at = 0; at < label.size();) {
    const std::size_t end = std::min(label.find(' ', at), label.size());
    most = std::max(most, ImGui::CalcTextSize(label.data() + at, label.data() + end).x);
    at = end + 1;
  }
  return most;
}
}  // namespace

bool shownButton(const char* label, std::string_view id, nlohmann::json& shown, bool onlyWayOn) {
  // A label wider than the pane wraps inside a taller button (a language's long words are never cut).
  const float avail = ImGui::GetContentRegionAvail().x;
  bool hit = false;
  bool squeezed = false;
  if (avail <= 0 || buttonWidth(label) <= avail) {
    hit = ImGui::Button((std::string(label) + "###" + std::string(id)).c_str());
  } else {
    const ImVec2 pad = ImGui::GetStyle().FramePadding;
    const float wrap = std::max(avail - pad.x * 2, 1.0f);
    const ImVec2 text = ImGui::CalcTextSize(label, nullptr, false, wrap);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    hit = ImGui::Button(("###" + std::string(id)).c_str(), ImVec2(avail, text.y + pad.y * 2));
    // Narrower than a word of its label: the word is broken, a letter a line ("Compro-bar" at 14 px).
    squeezed = widestWord(label) > wrap + 0.5f;
    ImGui::GetWindowDrawList()->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(at.x + pad.x, at.y + pad.y),
                                        ImGui::GetColorU32(ImGuiCol_Text), label, nullptr, wrap);
  }
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  shown["buttons"][std::string(id)] = {a.x, a.y, b.x - a.x, b.y - a.y};
  // The only way on (a task's Check) must be in view whole, not only within the pane's width.
  if (!noteCut(label, shown, onlyWayOn) && squeezed)
    shown["cut"].push_back(
        {{"text", std::string(label)}, {"squeezed", true}, {"x", a.x}, {"y", a.y}, {"w", b.x - a.x}, {"h", b.y - a.y}});
  return hit;
}

namespace {
void actionTip(const Action& a, const ActionContext& c) {
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) tooltip(buttonTip(a, c));
}
}  // namespace

bool actionButton(std::string_view id, const ActionContext& c, Intents& out, nlohmann::json* shown,
                  std::string_view key) {
  const Action* a = findAction(id);
  if (!a) return false;
  const std::string text = buttonText(*a, c);
  ImGui::BeginDisabled(!a->enabled(c));
  const bool hit = shown ? shownButton(text.c_str(), key.empty() ? id : key, *shown)
                         : ImGui::Button((text + "###" + std::string(id)).c_str());
  ImGui::EndDisabled();
  actionTip(*a, c);
  if (hit) runAction(*a, c, out);
  return hit;
}

bool actionCheckbox(std::string_view id, const ActionContext& c, Intents& out) {
  const Action* a = findAction(id);
  if (!a) return false;
  bool on = a->checked && a->checked(c);
  ImGui::BeginDisabled(!a->enabled(c));
  const bool hit = ImGui::Checkbox((buttonText(*a, c) + "###" + std::string(id)).c_str(), &on);
  ImGui::EndDisabled();
  actionTip(*a, c);
  if (hit) runAction(*a, c, out);
  return hit;
}

float actionButtonWidth(std::string_view id, const ActionContext& c) {
  const Action* a = findAction(id);
  return a ? buttonWidth(buttonText(*a, c).c_str()) : 0.0f;
}

bool noteCut(std::string_view text, nlohmann::json& shown, bool whole) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 v0 = dl->GetClipRectMin(), v1 = dl->GetClipRectMax();
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  constexpr float kSlack = 0.5f;  // rounding
  bool cut = a.x < v0.x - kSlack || b.x > v1.x + kSlack;
  if (whole) cut = cut || a.y < v0.y - kSlack || b.y > v1.y + kSlack;
  if (cut)
    shown["cut"].push_back({{"text", std::string(text)},
                            {"x", a.x},
                            {"y", a.y},
                            {"w", b.x - a.x},
                            {"h", b.y - a.y},
                            {"view", {v0.x, v0.y, v1.x, v1.y}}});
  return cut;
}

float buttonWidth(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
}

void sameLineIfFits(float width) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  const float next = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x;
  if (next + width <= right) ImGui::SameLine();
}

namespace {
int gNumberFieldFrame = -1;  // the last frame a number field was being edited in
}  // namespace
void noteNumberField() {
  if (ImGui::IsItemActive()) gNumberFieldFrame = ImGui::GetFrameCount();
}
bool numberFieldActive() { return gNumberFieldFrame == ImGui::GetFrameCount(); }

namespace {
float gTapSize = 0;
}  // namespace
void setTapSize(float px) { gTapSize = px; }
float tapSize() { return gTapSize; }
float tapRow(float h) { return gTapSize > 0 ? std::max(h, gTapSize - ImGui::GetStyle().ItemSpacing.y) : h; }

namespace {
ImGuiWindow* gFingerWindow = nullptr;  // the pane a finger's drag scrolls, while it does
bool gFingerScrolling = false;
// The window that scrolls for a drag over `w`: it, or the first window it is a child of with
// something to scroll vertically.
ImGuiWindow* scrollableAt(ImGuiWindow* w) {
  for (; w; w = (w->Flags & ImGuiWindowFlags_ChildWindow) ? w->ParentWindow : nullptr)
    if (w->ScrollMax.y > 0.5f && !(w->Flags & ImGuiWindowFlags_NoScrollWithMouse)) return w;
  return nullptr;
}
}  // namespace

void scrollByFinger() {
  const ImGuiIO& io = ImGui::GetIO();
  ImGuiContext& g = *GImGui;
  if (io.MouseClicked[0]) {
    gFingerWindow = scrollableAt(g.HoveredWindow);
    gFingerScrolling = false;
  }
  if (!io.MouseDown[0] || !gFingerWindow) {
    gFingerWindow = nullptr;
    return;
  }
  const ImVec2 moved(io.MousePos.x - io.MouseClickedPos[0].x, io.MousePos.y - io.MouseClickedPos[0].y);
  if (!gFingerScrolling && std::abs(moved.y) > io.MouseDragThreshold * 2 && std::abs(moved.y) > std::abs(moved.x)) {
    gFingerScrolling = true;
    ImGui::ClearActiveID();  // the control under the finger lets go: no tap on release
  }
  if (gFingerScrolling && io.MouseDelta.y != 0)
    ImGui::SetScrollY(gFingerWindow,
                      std::clamp(gFingerWindow->Scroll.y - io.MouseDelta.y, 0.0f, gFingerWindow->ScrollMax.y));
}

void tooltip(std::string_view text) {
  const float em = ImGui::GetFontSize();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float room = ImGui::GetIO().DisplaySize.x - 2 * style.WindowPadding.x - 2 * style.DisplaySafeAreaPadding.x;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(std::max(em * 4, std::min(em * 30, room)));
  ImGui::TextUnformatted(text.data(), text.data() + text.size());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

nlohmann::json clippedState(const nlohmann::json& state) {
  nlohmann::json cut = nlohmann::json::array();
  // ImGui's measure: a window's content (the union of its items' rects) wider than what it shows.
  for (const ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
    if (!(w->Active || w->WasActive) || w->Hidden || (w->Flags & ImGuiWindowFlags_HorizontalScrollbar)) continue;
    if (w->ScrollMax.x <= 0.5f) continue;
    std::string name = w->Name;
    if (const auto k = name.find("###"); k != std::string::npos) name = name.substr(k + 3);
    cut.push_back({{"window", name}, {"overflow", w->ScrollMax.x}});
  }
  // Each item the panes noted as cut (noteCut), with the pane's part of the dump.
  for (const auto& [part, v] : state.items())
    if (v.is_object() && v.contains("cut") && v["cut"].is_array())
      for (nlohmann::json item : v["cut"]) {
        item["pane"] = part;
        cut.push_back(item);
      }
  return cut;
}

bool PaneView::shown(const App& app) const { return app.settings().isOpen(id_); }

// In edit mode the editor sits under the table in the places of the match's hands and stock.
bool HandsPane::shown(const App& app) const { return !app.editing() && PaneView::shown(app); }
bool StockPane::shown(const App& app) const { return !app.editing() && PaneView::shown(app); }

// Each pane's own actions: what its title bar's menu offers (a right click), from the registry.
std::vector<std::string_view> TablePane::actions() const {
  return {"view.fit",     "view.whole", "view.whole_note",     "view.ghosts",
          "view.animate", "game.play",  "game.placement_prev", "game.placement_next"};
}
std::vector<std::string_view> HandsPane::actions() const {
  return {"game.hint",     "game.draw",     "game.pass", "game.select_next", "game.select_prev",
          "game.deselect", "view.show_all", "view.as_a", "view.as_b"};
}
std::vector<std::string_view> StockPane::actions() const { return {"view.teaching"}; }
std::vector<std::string_view> TimelinePane::actions() const {
  return {"game.first",   "game.prev",         "game.next",         "game.last",           "game.autoplay",
          "game.analyse", "game.next_mistake", "game.prev_mistake", "game.analysis_notes", "game.stop_analysis"};
}
std::vector<std::string_view> BranchesPane::actions() const { return {"game.first", "game.last"}; }
std::vector<std::string_view> RulesPane::actions() const { return {"view.show_all", "view.as_a", "view.as_b"}; }
std::vector<std::string_view> ScorePane::actions() const { return {"game.deal_next"}; }
std::vector<std::string_view> EditorPane::actions() const {
  return {"edit.position", "edit.load", "edit.undo", "edit.redo", "edit.play_from_here"};
}
std::vector<std::string_view> ScenariosPane::actions() const { return {"file.open"}; }
std::vector<std::string_view> TrackerPane::actions() const { return {"view.as_a", "view.as_b"}; }
std::vector<std::string_view> AnalysisPane::actions() const { return {"game.hint", "game.analyse"}; }
std::vector<std::string_view> LearnPane::actions() const { return {"learn.course", "learn.lesson_restart"}; }
std::vector<std::string_view> PuzzlesPane::actions() const {
  return {"learn.puzzles", "learn.puzzle_next", "learn.puzzle_retry"};
}

std::vector<std::unique_ptr<PaneView>> makePanes(TableRenderer& renderer) {
  std::vector<std::unique_ptr<PaneView>> v;
  v.push_back(std::make_unique<TablePane>(renderer));
  v.push_back(std::make_unique<HandsPane>());
  v.push_back(std::make_unique<StockPane>());
  v.push_back(std::make_unique<TimelinePane>());
  v.push_back(std::make_unique<BranchesPane>());
  v.push_back(std::make_unique<RulesPane>());
  v.push_back(std::make_unique<ScorePane>());
  v.push_back(std::make_unique<EditorPane>());
  v.push_back(std::make_unique<ScenariosPane>());
  v.push_back(std::make_unique<LogPane>());
  v.push_back(std::make_unique<TrackerPane>());
  v.push_back(std::make_unique<AnalysisPane>());
  v.push_back(std::make_unique<PuzzlesPane>());
  v.push_back(std::make_unique<LearnPane>());
  v.push_back(std::make_unique<WritePane>());
  return v;
}

}  // namespace dom::studio
