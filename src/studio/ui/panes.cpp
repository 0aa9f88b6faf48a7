// The list of panes, and when a pane is drawn.
#include "studio/ui/panes.h"

#include <imgui.h>

#include <string>

#include "studio/ui/app.h"

namespace dom::studio {

bool shownButton(const char* label, std::string_view id, nlohmann::json& shown) {
  const bool hit = ImGui::Button((std::string(label) + "###" + std::string(id)).c_str());
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  shown["buttons"][std::string(id)] = {a.x, a.y, b.x - a.x, b.y - a.y};
  return hit;
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
  return {"game.first",   "game.prev",         "game.next",         "game.last",          "game.autoplay",
          "game.analyse", "game.next_mistake", "game.prev_mistake", "game.analysis_notes"};
}
std::vector<std::string_view> BranchesPane::actions() const { return {"game.first", "game.last"}; }
std::vector<std::string_view> RulesPane::actions() const { return {"view.show_all", "view.as_a", "view.as_b"}; }
std::vector<std::string_view> ScorePane::actions() const { return {"game.deal_next"}; }
std::vector<std::string_view> EditorPane::actions() const { return {"edit.position", "edit.undo", "edit.redo"}; }
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
  return v;
}

}  // namespace dom::studio
