// The list of panes, and when a pane is drawn.
#include "studio/ui/panes.h"

#include "studio/ui/app.h"

namespace dom::studio {

bool PaneView::shown(const App& app) const { return app.settings().isOpen(id_); }

// In edit mode the editor sits under the table in the places of the match's hands and stock.
bool HandsPane::shown(const App& app) const { return !app.editing() && PaneView::shown(app); }
bool StockPane::shown(const App& app) const { return !app.editing() && PaneView::shown(app); }

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
  return v;
}

}  // namespace dom::studio
