// The app object: the window's side of the studio. Keys, menu and panes make intents; the session
// applies them; the layout tiles the window.
#include "studio/app.h"
#include "studio/i18n.h"
#include "studio/paths.h"
#include "studio/shaping.h"

#include <imgui.h>
#include <imgui_internal.h>
#include <spdlog/sinks/base_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <stdexcept>

namespace dom::studio {

void LogBuffer::add(std::string line) {
  std::lock_guard lock(mutex);
  lines.push_back(std::move(line));
  while (lines.size() > 500) lines.pop_front();
}

LogBuffer& logBuffer() {
  static LogBuffer b;
  return b;
}

namespace {
class PaneSink : public spdlog::sinks::base_sink<std::mutex> {
 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override {
    spdlog::memory_buf_t buf;
    formatter_->format(msg, buf);
    std::string s(buf.data(), buf.size());
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
    logBuffer().add(std::move(s));
  }
  void flush_() override {}
};
}  // namespace

void setupLogging() {
  auto pane = std::make_shared<PaneSink>();
  pane->set_pattern("%H:%M:%S %l %v");
  auto err = std::make_shared<spdlog::sinks::stderr_color_sink_mt>();
  auto logger = std::make_shared<spdlog::logger>("studio", spdlog::sinks_init_list{err, pane});
  spdlog::set_default_logger(logger);
}

void placeWindow(float, float, float, float) {
  // The App places every pane at its default rect (App::placePane) before the pane begins its
  // window; a pane's own first-use place would undo that, so this does nothing.
}

const char* paneWord(Pane p) {
  static const char* const titles[] = {N_("Table"),     N_("Hands"), N_("Stock"),        N_("Timeline"),
                                       N_("Branches"),  N_("Rules"), N_("Score"),        N_("Position editor"),
                                       N_("Scenarios"), N_("Log"),   N_("Tile tracker"), N_("Analysis")};
  static_assert(std::size(titles) == kPanes);
  return _(titles[static_cast<int>(p)]);
}

const char* title(Pane p) {
  // The translated title with the pane's fixed id after ###: the window keeps its place, size and
  // saved settings in every language.
  static std::array<std::string, kPanes> titles;
  static unsigned madeFor = ~0u;
  if (madeFor != i18n::generation()) {
    for (int i = 0; i < kPanes; ++i)
      titles[static_cast<std::size_t>(i)] =
          std::string(paneWord(static_cast<Pane>(i))) + "###" + name(static_cast<Pane>(i));
    madeFor = i18n::generation();
  }
  return titles[static_cast<std::size_t>(p)].c_str();
}

void App::setLanguage(const std::string& code) {
  if (const auto err = i18n::setLanguage(code); !err.empty()) {
    spdlog::warn("language {}: {}", code, err);
    session.status(err);
  }
  settings.language = i18n::language();
  relayout = true;  // the panes' words changed length: the layout fits them again
}

App::App() { scenariosDir = paths::scenariosDir(); }

void App::apply(const Intent& in) {
  using K = Intent::Kind;
  switch (in.kind) {
    case K::ExportPng:
    case K::ExportTablePng:
      // With its pane closed there is no table on screen: refuse rather than write the whole window.
      if (in.kind == K::ExportTablePng && !settings.isOpen(Pane::Table)) {
        session.status(_("cannot export the table: its pane is closed (open it from the View menu)"));
        spdlog::warn("table export to {} refused: the Table pane is closed", in.path);
        return;
      }
      exportPath = in.path;
      exportTable = in.kind == K::ExportTablePng;
      return;
    case K::NewGameDialog: newGameDialog = true; return;
    default: break;
  }
  const int before = timeline.currentIndex();
  session.apply(in);
  if (timeline.currentIndex() != before) animElapsed = 0;
}

void App::applyAll(Intents& in) {
  for (const Intent& i : in) apply(i);
  in.clear();
}

void App::placePane(Pane p) {
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const auto boxes = defaultLayout(d.x, d.y, ImGui::GetFrameHeight(), settings.open, editing());
  const Box& b = boxes[static_cast<std::size_t>(p)];
  const ImGuiCond cond = relayout ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
  ImGui::SetNextWindowPos(ImVec2(b.x, b.y), cond);
  ImGui::SetNextWindowSize(ImVec2(b.w, b.h), cond);
}

bool App::beginPane(Pane p, Intents& out, int flags) {
  placePane(p);
  bool open = true;
  const bool visible = ImGui::Begin(title(p), &open, flags);
  if (!open) out.push_back(paneIntent(p, false));
  if (!visible) ImGui::End();
  return visible;
}

// Where each pane is and whether its content fits, read back from ImGui's windows.
void App::measurePanes() {
  for (int i = 0; i < kPanes; ++i) {
    PaneRect& r = paneRects[static_cast<std::size_t>(i)];
    const ImGuiWindow* w = ImGui::FindWindowByName(title(static_cast<Pane>(i)));
    r.drawn = w && w->Active && !w->Collapsed;
    if (!w) continue;
    r.x = w->Pos.x;
    r.y = w->Pos.y;
    r.w = w->Size.x;
    r.h = w->Size.y;
    r.clippedX = w->ScrollMax.x > 0.5f;
    r.hiddenY = w->ScrollMax.y;
  }
}

void App::keys(Intents& out) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel)) return;
  auto pressed = [](ImGuiKey k) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(k)); };
  if (io.KeyCtrl) {
    if (ImGui::IsKeyPressed('O', false)) {
      dialogPath = session.filePath.empty() ? scenariosDir + "/" : session.filePath;
      openDialog = true;
    }
    if (ImGui::IsKeyPressed('S', false)) {
      dialogPath = session.filePath.empty() ? "game.dgn" : session.filePath;
      saveDialog = true;
    }
    if (ImGui::IsKeyPressed('N', false)) newGameDialog = true;
    // Undo/Redo act on what has focus: the editor's edits in edit mode, else the timeline.
    if (ImGui::IsKeyPressed('Z', false)) out.push_back(intentOf(Intent::Kind::Undo));
    if (ImGui::IsKeyPressed('Y', false)) out.push_back(intentOf(Intent::Kind::Redo));
    return;
  }
  const Match& m = match();
  const auto who = m.toMove();
  // Your tiles: the hand of the player to move.
  std::vector<Tile> mine;
  if (who)
    forEachHeaviestFirst(m.state().hand[static_cast<std::size_t>(idx(*who))], [&](Tile t) { mine.push_back(t); });
  const auto placements = selected != kNoTile ? movesOfTile(m, selected) : std::vector<Move>{};
  const bool choosing = placements.size() > 1;
  if (pressed(ImGuiKey_Tab) || pressed(ImGuiKey_DownArrow) || pressed(ImGuiKey_UpArrow)) {
    if (!mine.empty()) {
      auto it = std::find(mine.begin(), mine.end(), selected);
      int i = it == mine.end() ? -1 : static_cast<int>(it - mine.begin());
      const int n = static_cast<int>(mine.size());
      i = (pressed(ImGuiKey_UpArrow) || (pressed(ImGuiKey_Tab) && io.KeyShift)) ? (i <= 0 ? n - 1 : i - 1)
                                                                                : (i + 1) % n;
      out.push_back(selectIntent(mine[static_cast<std::size_t>(i)]));
    }
  }
  auto choose = [&](int k) {
    Intent in = intentOf(Intent::Kind::ChooseGhost);
    in.node = std::clamp(k, 0, static_cast<int>(placements.size()) - 1);
    out.push_back(in);
  };
  if (choosing && pressed(ImGuiKey_LeftArrow))
    choose(chosenGhost - 1);
  else if (choosing && pressed(ImGuiKey_RightArrow))
    choose(chosenGhost + 1);
  else if (pressed(ImGuiKey_LeftArrow))
    out.push_back(intentOf(Intent::Kind::Prev));
  else if (pressed(ImGuiKey_RightArrow))
    out.push_back(intentOf(Intent::Kind::Next));
  if (pressed(ImGuiKey_Home)) out.push_back(intentOf(Intent::Kind::First));
  if (pressed(ImGuiKey_End)) out.push_back(intentOf(Intent::Kind::Last));
  if (pressed(ImGuiKey_Escape)) out.push_back(selectIntent(kNoTile));
  if (pressed(ImGuiKey_Enter) || pressed(ImGuiKey_KeyPadEnter) || pressed(ImGuiKey_Space))
    out.push_back(intentOf(Intent::Kind::PlaySelected));
  if (ImGui::IsKeyPressed('D', false)) out.push_back(playIntent(moveOf(MoveKind::Draw)));
  if (ImGui::IsKeyPressed('P', false)) out.push_back(playIntent(moveOf(MoveKind::Pass)));
  if (ImGui::IsKeyPressed('A', false)) out.push_back(intentOf(Intent::Kind::Autoplay));
  if (ImGui::IsKeyPressed('H', false)) askHint();
  if (ImGui::IsKeyPressed('N', false)) jumpMistake(io.KeyShift ? -1 : 1, out);
}

void App::menu(Intents& out) {
  if (!ImGui::BeginMainMenuBar()) return;
  const std::string& filePath = session.filePath;
  if (ImGui::BeginMenu(_("File"))) {
    if (ImGui::MenuItem(_("New game..."), "Ctrl+N")) newGameDialog = true;
    if (ImGui::MenuItem(_("Open..."), "Ctrl+O")) {
      dialogPath = filePath.empty() ? scenariosDir + "/" : filePath;
      openDialog = true;
    }
    if (ImGui::BeginMenu(_("Open recent"), !settings.recent.empty())) {
      for (const auto& r : settings.recent)
        if (ImGui::MenuItem(r.c_str())) out.push_back(openIntent(r));
      ImGui::EndMenu();
    }
    if (ImGui::MenuItem(_("Save"), nullptr, false, !filePath.empty())) {
      Intent in = intentOf(Intent::Kind::Save);
      in.path = filePath;
      out.push_back(in);
    }
    if (ImGui::MenuItem(_("Save as..."), "Ctrl+S")) {
      dialogPath = filePath.empty() ? "game.dgn" : filePath;
      saveDialog = true;
    }
    if (ImGui::MenuItem(_("Export PNG of the window..."))) {
      dialogPath = "dominoes.png";
      exportDialog = true;
      exportTableDialog = false;
    }
    if (ImGui::MenuItem(_("Export PNG of the table..."))) {
      dialogPath = "table.png";
      exportDialog = true;
      exportTableDialog = true;
    }
    ImGui::Separator();
    if (ImGui::MenuItem(_("Quit"))) quit = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu(_("Edit"))) {
    if (ImGui::MenuItem(editing() ? _("Undo edit") : _("Undo move"), "Ctrl+Z"))
      out.push_back(intentOf(Intent::Kind::Undo));
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", editing() ? _("Undo the editor's last edit") : _("Undo a move"));
    if (ImGui::MenuItem(editing() ? _("Redo edit") : _("Redo move"), "Ctrl+Y"))
      out.push_back(intentOf(Intent::Kind::Redo));
    ImGui::Separator();
    if (ImGui::MenuItem(_("Edit the position"), nullptr, editing()))
      out.push_back(paneIntent(Pane::Editor, !editing()));
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu(_("View"))) {
    for (int i = 0; i < kPanes; ++i) {
      const Pane p = static_cast<Pane>(i);
      if (ImGui::MenuItem(paneWord(p), nullptr, settings.isOpen(p))) out.push_back(paneIntent(p, !settings.isOpen(p)));
    }
    if (ImGui::MenuItem(_("Reset the layout"))) relayout = true;
    if (ImGui::BeginMenu(_("Language"))) {
      for (const i18n::Language& l : i18n::languages())
        if (ImGui::MenuItem(i18n::shown(l.native), nullptr, i18n::language() == l.code)) setLanguage(l.code);
      ImGui::EndMenu();
    }
    ImGui::Separator();
    auto toggle = [&](const char* label, bool value, Intent::Kind k) {
      if (ImGui::MenuItem(label, nullptr, value)) {
        Intent in = intentOf(k);
        in.on = !value;
        out.push_back(in);
      }
    };
    toggle(_("Animate moves"), settings.animate, Intent::Kind::SetAnimate);
    toggle(_("Ghost placements"), settings.ghosts, Intent::Kind::SetGhosts);
    toggle(_("Teaching mode (reveal the stock)"), settings.teaching, Intent::Kind::SetTeaching);
    ImGui::Separator();
    if (ImGui::MenuItem(_("Fit the line"), "F", tableView.mode == ViewMode::FitLine))
      tableView = TableView{ViewMode::FitLine};
    if (ImGui::MenuItem(_("Whole table"), "W", tableView.mode == ViewMode::WholeTable))
      tableView = TableView{ViewMode::WholeTable};
    ImGui::Separator();
    if (ImGui::MenuItem(_("Show all hands"), nullptr, settings.visibility == Visibility::All))
      out.push_back(visibilityIntent(Visibility::All));
    if (ImGui::MenuItem(_("Show as A"), nullptr, settings.visibility == Visibility::AsA))
      out.push_back(visibilityIntent(Visibility::AsA));
    if (ImGui::MenuItem(_("Show as B"), nullptr, settings.visibility == Visibility::AsB))
      out.push_back(visibilityIntent(Visibility::AsB));
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu(_("Game"))) {
    auto item = [&](const char* label, const char* key, Intent::Kind k) {
      if (ImGui::MenuItem(label, key)) out.push_back(intentOf(k));
    };
    item(_("First position"), "Home", Intent::Kind::First);
    item(_("Previous"), "Left", Intent::Kind::Prev);
    item(_("Next"), "Right", Intent::Kind::Next);
    item(_("Last position"), "End", Intent::Kind::Last);
    item(session.autoplay ? _("Pause autoplay") : _("Autoplay"), "A", Intent::Kind::Autoplay);
    ImGui::Separator();
    const Match& m = match();
    const auto who = m.toMove();
    if (ImGui::MenuItem(_("Draw"), "D", false, who && m.illegal(moveOf(MoveKind::Draw), *who).empty()))
      out.push_back(playIntent(moveOf(MoveKind::Draw)));
    if (ImGui::MenuItem(_("Pass"), "P", false, who && m.illegal(moveOf(MoveKind::Pass), *who).empty()))
      out.push_back(playIntent(moveOf(MoveKind::Pass)));
    if (ImGui::MenuItem(_("Computer move (greedy)"), nullptr, false, who.has_value()))
      out.push_back(playIntent(greedyMove(m)));
    if (ImGui::MenuItem(_("Hint"), "H", false, who.has_value() && !editing())) askHint();
    item(_("Deal the next round"), nullptr, Intent::Kind::DealNext);
    ImGui::Separator();
    // The record analysis.
    const RecordAnalysis* ra = recordAnalysis();
    if (ImGui::MenuItem(_("Analyse the record"), nullptr, false,
                        !editing() && !recordAnalyser.runs(recordKey()) && !ra))
      analyseRecord();
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", _("Every move of this branch from its mover's knowledge, as dominoes analyse does"));
    if (ImGui::MenuItem(_("Next mistake"), "N", false, ra != nullptr)) jumpMistake(1, out);
    if (ImGui::MenuItem(_("Previous mistake"), "Shift+N", false, ra != nullptr)) jumpMistake(-1, out);
    if (ImGui::BeginMenu(_("Mistakes of"))) {
      for (const MistakeSide side : {MistakeSide::A, MistakeSide::B, MistakeSide::Both})
        if (ImGui::MenuItem(sideWord(side), nullptr, mistakeSide == side)) mistakeSide = side;
      ImGui::EndMenu();
    }
    if (ImGui::MenuItem(_("Write the analysis as notes"), nullptr, false, ra != nullptr)) analysisNotes(out);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", _("A note after each marked move; save the record to keep them"));
    ImGui::Separator();
    for (int p = 0; p < 2; ++p) {
      const std::string label = i18n::format(_("Seat {0}"), {std::string(1, letter(static_cast<Player>(p)))});
      if (ImGui::BeginMenu(label.c_str())) {
        for (const SeatChoice& c : seatChoices()) {
          if (ImGui::MenuItem(c.label.c_str(), nullptr, session.game.seats[static_cast<std::size_t>(p)].spec == c.spec))
            out.push_back(seatIntent(static_cast<Player>(p), Seat{c.spec}));
          if (!c.about.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", c.about.c_str());
        }
        ImGui::EndMenu();
      }
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu(_("Help"))) {
    if (ImGui::MenuItem(_("Keys and about..."))) aboutDialog = true;
    ImGui::EndMenu();
  }
  // The file's name (its folder on hover): no machine path in screenshots.
  const std::string where =
      filePath.empty() ? std::string(_("(unsaved game)")) : std::filesystem::path(filePath).filename().string();
  ImGui::SameLine(ImGui::GetWindowWidth() - ImGui::CalcTextSize(where.c_str()).x - 16);
  ImGui::TextDisabled("%s", where.c_str());
  if (!filePath.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", filePath.c_str());
  ImGui::EndMainMenuBar();
}

void App::frame(float dt) {
  ++frameNo;
  animElapsed += fixedAnimStep > 0 ? fixedAnimStep : dt;
  Intents out;
  if (!pendingDrop.empty()) {
    out.push_back(openIntent(pendingDrop));
    pendingDrop.clear();
  }
  // The layout is made again when the window's size, the open panes or the mode change.
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  if (d.x != displaySize[0] || d.y != displaySize[1] || settings.open != placedOpen_ || editing() != placedEditing_) {
    relayout = frameNo > 1 || relayout;
    displaySize = {d.x, d.y};
    placedOpen_ = settings.open;
    placedEditing_ = editing();
  }
  statusText = session.statusLine();
  if (hint.shown && hint.rank >= 0 && hint.node == timeline.currentIndex() && !hint.text.empty())
    statusText = hint.text;
  menu(out);
  if (throwInFrame) {
    throwInFrame = false;
    ImGui::Begin("a pane that throws");  // left open: the frame boundary must close it
    throw std::runtime_error("a pane threw (test)");
  }
  using P = Pane;
  auto isOpen = [&](P p) { return settings.isOpen(p); };
  if (isOpen(P::Table)) {
    placePane(P::Table);
    drawTablePane(*this, out);
  }
  // In edit mode the editor sits under the table in the places of the match's hands and stock.
  if (isOpen(P::Hands) && !editing()) drawHandsPane(*this, out);
  if (isOpen(P::Stock) && !editing()) drawStockPane(*this, out);
  if (isOpen(P::Timeline)) drawTimelinePane(*this, out);
  if (isOpen(P::Branches)) drawBranchesPane(*this, out);
  if (isOpen(P::Rules)) drawRulesPane(*this, out);
  if (isOpen(P::Score)) drawScorePane(*this, out);
  if (isOpen(P::Editor)) drawEditorPane(*this, out);
  if (isOpen(P::Scenarios)) drawScenariosPane(*this, out);
  if (isOpen(P::Log)) drawLogPane(*this, out);
  if (isOpen(P::Tracker)) drawTrackerPane(*this, out);
  analysisRowRects.clear();  // what the Analysis pane draws this frame, if it is open
  analysisTooltip = {};
  if (isOpen(P::Analysis)) drawAnalysisPane(*this, out);
  drawDialogs(*this, out);
  coach(out);
  relayout = false;
  measurePanes();
  lastNode = timeline.currentIndex();
  keys(out);
  applyAll(out);
  const int before = timeline.currentIndex();
  session.tick(dt);
  if (timeline.currentIndex() != before) animElapsed = 0;
  const std::string& cap = timeline.current().caption;
  if (!cap.empty() && cap != lastCaption) spdlog::info("note: {}", cap);
  lastCaption = cap;
}

// Each pane's rect and whether its content fits; the pairs of drawn panes that overlap; the panes
// that reach outside the window.
nlohmann::json App::layoutState() const {
  using nlohmann::json;
  json panes = json::object(), overlaps = json::array(), outside = json::array();
  for (int i = 0; i < kPanes; ++i) {
    const PaneRect& r = paneRects[static_cast<std::size_t>(i)];
    if (!r.drawn) continue;
    const char* n = name(static_cast<Pane>(i));
    panes[n] = {{"x", r.x}, {"y", r.y}, {"w", r.w}, {"h", r.h}, {"clippedX", r.clippedX}, {"hiddenY", r.hiddenY}};
    if (r.x < -0.5f || r.y < -0.5f || r.x + r.w > displaySize[0] + 0.5f || r.y + r.h > displaySize[1] + 0.5f)
      outside.push_back(n);
    for (int k = i + 1; k < kPanes; ++k) {
      const PaneRect& o = paneRects[static_cast<std::size_t>(k)];
      if (o.drawn && overlap(Box{r.x, r.y, r.w, r.h}, Box{o.x, o.y, o.w, o.h}))
        overlaps.push_back(std::string(n) + "/" + name(static_cast<Pane>(k)));
    }
  }
  return {{"width", displaySize[0]},
          {"height", displaySize[1]},
          {"panes", panes},
          {"overlaps", overlaps},
          {"outside", outside}};
}

void App::showMove(const Move& mv, Intents& out) const {
  if (mv.kind != MoveKind::Play) {
    out.push_back(selectIntent(kNoTile));
    return;
  }
  out.push_back(selectIntent(mv.tile));
  const auto placements = placementsOf(match(), mv.tile);
  for (std::size_t i = 0; i < placements.size(); ++i)
    if (placements[i].same(mv) && placements[i].end == mv.end && placements[i].heading == mv.heading) {
      Intent in = intentOf(Intent::Kind::ChooseGhost);
      in.node = static_cast<int>(i);
      out.push_back(in);
    }
}

void App::askHint() {
  if (!match().toMove() || editing()) {
    session.status(_("no move to hint: no round is on"));
    return;
  }
  if (hint.timeline == session.timelineId() && hint.node == timeline.currentIndex() && hint.rank >= 0) {
    ++hint.rank;  // the next best
  } else {
    hint = Hint{};
    hint.timeline = session.timelineId();
    hint.node = timeline.currentIndex();
    hint.rank = 0;
  }
  hint.shown = false;
}

void App::analyseRecord() {
  if (editing()) {
    session.status(_("leave edit mode to analyse the record"));
    return;
  }
  recordAnalyser.start(recordKey(), timeline);
  recordToAnnounce = recordKey();
}

void App::jumpMistake(int dir, Intents& out) {
  const RecordAnalysis* ra = recordAnalysis();
  if (!ra) {
    session.status(_("no analysis of the record yet: Game > Analyse the record"));
    return;
  }
  const int node = findMistake(*ra, timeline, dir, mistakeSide);
  if (node < 0) {
    session.status(
        i18n::format(dir > 0 ? _("no later mistake of {0}") : _("no earlier mistake of {0}"), {sideWord(mistakeSide)}));
    return;
  }
  out.push_back(jumpIntent(node));
}

void App::analysisNotes(Intents& out) const {
  const RecordAnalysis* ra = recordAnalysis();
  if (!ra) return;
  Intent in = intentOf(Intent::Kind::AddNotes);
  for (const RecordPly& p : ra->plies)
    if (p.mark != ai::Mark::None && p.node >= 0) in.notes.emplace_back(p.node, mistakeNote(p));
  out.push_back(std::move(in));
}

// The analysis and the hint: ask for what is wanted (the hint first), show the hint once it came.
void App::coach(Intents& out) {
  analyser.poll();
  recordAnalyser.poll();
  // A record analysis of a timeline that was replaced (another record, a new game) is not wanted.
  if (recordAnalyser.busy() && recordAnalyser.running().timeline != session.timelineId()) recordAnalyser.cancel();
  // Another record, or a move added to the branch since: that analysis is not the one shown.
  if (recordToAnnounce && *recordToAnnounce != recordKey()) recordToAnnounce.reset();
  if (recordToAnnounce)
    if (const RecordAnalysis* ra = recordAnalyser.find(*recordToAnnounce)) {
      int n[4] = {};
      for (const RecordPly& p : ra->plies) ++n[static_cast<int>(p.mark)];
      session.status(
          i18n::format(_("record analysed: ?! inaccuracy: {0}, ? mistake: {1}, ?? blunder: {2}; N: the next"),
                       {std::to_string(n[1]), std::to_string(n[2]), std::to_string(n[3])}));
      recordToAnnounce.reset();
    }
  const bool hintHere = hint.rank >= 0 && hint.timeline == session.timelineId() && hint.node == timeline.currentIndex();
  if (!hintHere && hint.rank >= 0) hint = Hint{};
  const Analyser::Key hintKey{session.timelineId(), timeline.currentIndex(), false};
  if (hintHere && !hint.shown) {
    analyser.want(hintKey, timeline);
    if (const AnalysisView* v = analyser.find(hintKey)) {
      hint.shown = true;
      if (v->rows.empty()) {
        hint.text = v->error.empty() ? _("no move to hint") : _(v->error.c_str());
      } else {
        const auto k = static_cast<std::size_t>(hint.rank) % v->rows.size();
        const AnalysisRow& r = v->rows[k];
        hint.move = r.move;
        hint.moveText = r.text;
        const TrackerView known =
            trackerView(timeline, match().toMove() == Player::B ? Visibility::AsB : Visibility::AsA);
        char percent[16];
        std::snprintf(percent, sizeof percent, "%.0f", 100.0 * r.win);
        hint.text = i18n::format(_("Hint {0} of {1} (wins {2}%): "),
                                 {std::to_string(k + 1), std::to_string(v->rows.size()), percent}) +
                    hintReason(match(), r.move, known);
        showMove(r.move, out);
      }
    }
    return;
  }
  if (settings.isOpen(Pane::Analysis) && match().toMove() && !editing()) analyser.want(analysisKey(), timeline);
}

const TrackerView& App::tracker() const {
  if (trackerGeneration_ != generation || trackerVisibility_ != settings.visibility) {
    tracker_ = trackerView(timeline, settings.visibility);
    trackerGeneration_ = generation;
    trackerVisibility_ = settings.visibility;
  }
  return tracker_;
}

std::string App::windowTitle() const {
  const auto names = session.playerNames();
  return "Dominoes Studio - " + (session.filePath.empty() ? "A " + names[0] + " vs B " + names[1] : session.filePath);
}

namespace {
// Every string of j as text: Hindi's shaped glyph codes back to the Devanagari they were made from.
void unshapeStrings(nlohmann::json& j) {
  if (j.is_string()) {
    const auto& t = j.get_ref<const std::string&>();
    // A private-use code point (U+E000-U+F8FF) starts with the byte EE or EF in UTF-8.
    if (t.find('\xEE') != std::string::npos || t.find('\xEF') != std::string::npos) j = shaping::unshape(t);
  } else if (j.is_structured()) {
    for (auto& v : j) unshapeStrings(v);
  }
}
}  // namespace

nlohmann::json App::state() const {
  nlohmann::json j = rawState();
  unshapeStrings(j);
  return j;
}

nlohmann::json App::rawState() const {
  using nlohmann::json;
  const Match& m = match();
  json j;
  j["node"] = timeline.currentIndex();
  j["nodes"] = timeline.size();
  j["pathPos"] = timeline.pathPos();
  j["pathLength"] = static_cast<int>(timeline.branchPath().size());
  j["branch"] = timeline.currentBranch();
  j["branches"] = static_cast<int>(timeline.leaves().size());
  j["file"] = session.filePath;
  j["windowTitle"] = windowTitle();
  j["fileName"] = std::filesystem::path(session.filePath).filename().string();
  j["title"] = timeline.title();
  j["rules"] = m.rules().text();
  j["round"] = m.round();
  j["turn"] = m.toMove() ? json(std::string(1, letter(*m.toMove()))) : json(nullptr);
  json line = json::array();
  for (const auto& lt : m.line()) line.push_back(tileText(lt.left, lt.right));
  j["line"] = line;
  j["ends"] = m.state().beforeLead() ? json::array() : json::array({m.state().ends[0], m.state().ends[1]});
  j["scores"] = {{"A", m.scores()[0]}, {"B", m.scores()[1]}};
  j["stock"] = m.state().stockCount();
  const auto hands = handsView(m, settings.visibility);
  for (const auto& h : hands) {
    json tiles = json::array();
    for (Tile t : h.tiles) tiles.push_back(h.faceDown ? std::string("?") : tileText(t));
    j["hands"][std::string(1, letter(h.player))] = {{"tiles", tiles},
                                                    {"pips", h.pips},
                                                    {"faceDown", h.faceDown},
                                                    {"shown", handTilesShown[static_cast<std::size_t>(idx(h.player))]}};
  }
  j["selected"] = selected == kNoTile ? json(nullptr) : json(tileText(selected));
  j["caption"] = timeline.current().caption;
  j["explain"] = explainPosition(m, settings.visibility);
  if (selected != kNoTile) {
    const Player owner = (m.state().hand[1] & bit(selected)) ? Player::B : Player::A;
    j["explainTile"] = explainTile(m, owner, selected);
  }
  j["status"] = session.statusText;
  j["hint"] = session.hint();
  j["statusLine"] = statusText;
  j["error"] = session.errorText;
  j["autoplay"] = session.autoplay;
  j["editing"] = editing();
  j["language"] = i18n::language();
  // What a character the font lacks (or invalid UTF-8) is drawn as.
  if (const ImFont* f = ImGui::GetFont())
    j["font"] = {{"fallback", static_cast<int>(f->FallbackChar)},
                 {"replacementGlyph", f->FindGlyphNoFallback(0xFFFD) != nullptr}};
  const auto names = session.playerNames();
  j["seats"] = {{"A", session.game.seats[0].spec}, {"B", session.game.seats[1].spec}};
  const auto thinker = session.thinker();
  j["thinking"] = thinker ? json(std::string(1, letter(*thinker))) : json(nullptr);
  if (const auto& d = session.lastDecision())
    j["lastDecision"] = {{"player", d->spec}, {"reason", d->reason}, {"ms", d->ms}};
  j["players"] = {{"A", names[0]}, {"B", names[1]}};
  const MoveCounter counter = moveCounter(timeline);
  j["counter"] = {{"move", counter.current}, {"of", counter.last}};
  j["visibility"] = static_cast<int>(settings.visibility);
  j["teaching"] = settings.teaching;
  json panes;
  for (int i = 0; i < kPanes; ++i) panes[name(static_cast<Pane>(i))] = settings.open[static_cast<std::size_t>(i)];
  j["panes"] = panes;
  json rows = json::array();
  for (const auto& r : timelineRows(timeline, settings.visibility))
    rows.push_back({{"n", r.number}, {"player", r.player}, {"move", r.move}, {"caused", r.caused}});
  j["timeline"] = rows;
  j["timelineDrawn"] = {{"causedShown", timelineDrawn.causedShown},
                        {"movesCut", timelineDrawn.movesCut},
                        {"causedCut", timelineDrawn.causedCut}};
  j["trackerDrawn"] = {{"bars", trackerBarShown}};
  j["layout"] = layoutState();
  j["score"] = {{"rounds", scoreView(m).rounds},
                {"match", scoreView(m).match},
                {"players", {playerLabel(names[0]), playerLabel(names[1])}}};  // as the Score and Hands panes name them
  j["stockView"] = {{"count", stockView(m, false).count}, {"reserve", stockView(m, false).reserve}};
  j["editor"] = {{"error", editor.error()}, {"canUndo", editor.canUndo()}, {"canRedo", editor.canRedo()}};
  // The table scene as it was drawn (scene.h), in window pixels.
  json table = sceneState(tableScene, tableRect[0], tableRect[1]);
  table.update({{"x", tableRect[0]},
                {"y", tableRect[1]},
                {"w", tableRect[2]},
                {"h", tableRect[3]},
                {"shaders", useShaders && renderer.ready()},
                {"hover", hoverGhost}});
  j["table"] = table;
  j["scenarios"] = static_cast<int>(scenarioPaths.size());
  j["scenarioList"] = json::array();
  for (const auto& p : scenarioPaths) j["scenarioList"].push_back(std::filesystem::path(p).filename().string());
  {
    const TrackerView& tv = tracker();
    json rows = json::array();
    for (const TrackerRow& r : tv.rows)
      rows.push_back({{"number", r.number}, {"table", r.table}, {"hand", r.hand}, {"unseen", r.unseen}});
    json cannot = json::array();
    forEachHeaviestFirst(tv.cannotHold, [&](Tile t) { cannot.push_back(tileText(t)); });
    j["tracker"] = {
        {"viewer", std::string(1, letter(tv.viewer))}, {"rows", rows}, {"cannotHold", cannot}, {"lines", tv.revealed}};
  }
  {
    json a = {{"open", settings.isOpen(Pane::Analysis)}, {"all", analysisAll}, {"busy", analyser.busy()}};
    json rows = json::array();
    if (const AnalysisView* v = analysis()) {
      for (const AnalysisRow& r : v->rows)
        rows.push_back({{"move", r.text}, {"win", r.win}, {"points", r.points}, {"tips", r.tips}});
      a["exact"] = v->exact;
      a["samples"] = v->samples;
      a["error"] = v->error;
    }
    a["rows"] = rows;
    json rects = json::array();
    for (const PxRect& r : analysisRowRects) rects.push_back({{"x", r.x}, {"y", r.y}, {"w", r.w}, {"h", r.h}});
    a["rowRects"] = rects;
    const AnalysisTooltip& t = analysisTooltip;
    a["tooltip"] = {{"row", t.row},  {"text", t.text}, {"x", t.rect.x},
                    {"y", t.rect.y}, {"w", t.rect.w},  {"h", t.rect.h}};
    j["analysis"] = a;
    j["coachHint"] =
        hint.rank < 0 ? json(nullptr)
                      : json{{"rank", hint.rank}, {"shown", hint.shown}, {"move", hint.moveText}, {"text", hint.text}};
  }
  {
    const RecordAnalysis* ra = recordAnalysis();
    json r = {{"busy", recordAnalyser.busy()},
              {"running", recordAnalyser.runs(recordKey())},
              {"progress", recordAnalyser.runs(recordKey()) ? recordAnalyser.progress() : 0.0},
              {"done", ra != nullptr},
              {"side", name(mistakeSide)}};
    json plies = json::array();
    if (ra)
      for (const RecordPly& p : ra->plies)
        plies.push_back({{"node", p.node},
                         {"round", p.round},
                         {"number", p.number},
                         {"mover", std::string(1, letter(p.mover))},
                         {"mark", ai::name(p.mark)},
                         {"symbol", ai::symbol(p.mark)},
                         {"played", p.played},
                         {"best", p.best},
                         {"played_win", p.playedWin},
                         {"best_win", p.bestWin},
                         {"played_points", p.playedPoints},
                         {"best_points", p.bestPoints}});
    r["plies"] = plies;
    json marks = json::array();
    for (const DrawnMark& d : drawnMarks)
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
    r["marks"] = marks;
    r["graph"] = {{"drawn", drawnGraph.drawn},  {"x", drawnGraph.x}, {"y", drawnGraph.y},
                  {"w", drawnGraph.w},          {"h", drawnGraph.h}, {"colour", drawnGraph.colour},
                  {"points", drawnGraph.points}};
    j["record_analysis"] = r;
  }
  j["logLines"] = static_cast<int>(logBuffer().lines.size());
  j["legal"] = json::array();
  for (const Move& mv : m.legalMoves()) j["legal"].push_back(dgn::legalText(m, mv));
  return j;
}

}  // namespace dom::studio
