// The app object: new games, files, intents applied in one place, keys, autoplay and computer moves.
#include "studio/app.h"

#include <imgui.h>
#include <spdlog/sinks/base_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <filesystem>

namespace dom::studio {

const char* name(Pane p) {
  static const char* const names[] = {"table", "hands", "stock", "timeline", "branches", "rules", "score", "editor", "scenarios", "log"};
  return names[static_cast<int>(p)];
}

bool parsePane(std::string_view text, Pane& out) {
  for (int i = 0; i < kPanes; ++i)
    if (text == name(static_cast<Pane>(i))) {
      out = static_cast<Pane>(i);
      return true;
    }
  return false;
}

void Settings::clamp() {
  speed = std::clamp(speed, 0.25f, 8.0f);
  computerDelay = std::clamp(computerDelay, 0.0f, 5.0f);
  if (static_cast<int>(visibility) > 2) visibility = Visibility::All;
  if (recent.size() > 8) recent.resize(8);
}

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

void placeWindow(float x, float y, float w, float h) {
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const float sx = d.x / 1280.0f, sy = d.y / 800.0f;
  ImGui::SetNextWindowPos(ImVec2(x * sx, y * sy), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(w * sx, h * sy), ImGuiCond_FirstUseEver);
}

App::App() {
  scenariosDir = DOMINOES_SCENARIOS;
  if (!std::filesystem::is_directory(scenariosDir) && std::filesystem::is_directory("scenarios")) scenariosDir = "scenarios";
}

void App::newGame(const NewGameOptions& o) {
  auto parsed = parseRules(o.rules);
  if (auto* err = std::get_if<std::string>(&parsed)) {
    showError("rules: " + *err);
    return;
  }
  game = o;
  rng.seed(o.seed);
  Match m = newMatch(std::get<Rules>(parsed), o.seed);
  timeline.reset(m, dealRecord(m));
  timeline.setPlayers(std::array<std::string, 2>{std::string(name(o.seats[0])), std::string(name(o.seats[1]))});
  filePath.clear();
  selected = kNoTile;
  autoplay = false;
  editor.load(m);
  ++generation;
  spdlog::info("new game: {} seed {} (A {}, B {})", std::get<Rules>(parsed).text(), o.seed, name(o.seats[0]), name(o.seats[1]));
}

bool App::open(const std::string& path) {
  Timeline t;
  if (auto err = t.loadFile(path)) {
    showError(err->text());
    return false;
  }
  timeline = std::move(t);
  filePath = path;
  game.seats = {Seat::Human, Seat::Human};  // a record is reviewed; play on from any position
  game.rules = match().rules().text();
  selected = kNoTile;
  autoplay = false;
  editor.load(match());
  ++generation;
  auto& r = settings.recent;
  r.erase(std::remove(r.begin(), r.end(), path), r.end());
  r.insert(r.begin(), path);
  settings.clamp();
  spdlog::info("opened {} ({} positions)", path, timeline.size());
  return true;
}

bool App::save(const std::string& path) {
  const std::string text = dgn::write(timeline.record());
  if (auto err = dgn::saveFile(path, text); !err.empty()) {
    showError("could not save " + path + ": " + err);
    return false;
  }
  filePath = path;
  status("saved " + path);
  spdlog::info("saved {}", path);
  return true;
}

void App::showError(const std::string& e) {
  errorText = e;
  errorPopup = true;
  spdlog::error("{}", e);
}

void App::status(const std::string& s) { statusText = s; }

bool App::humanToMove() const {
  const auto p = match().toMove();
  return p && game.seats[static_cast<std::size_t>(idx(*p))] == Seat::Human;
}

void App::select(Tile t) {
  selected = t;
  chosenGhost = 0;
  ++generation;
}

void App::step(Intent::Kind k) {
  Intent in;
  in.kind = k;
  apply(in);
}

void App::apply(const Intent& in) {
  using K = Intent::Kind;
  const bool manual = in.kind == K::Jump || in.kind == K::First || in.kind == K::Prev || in.kind == K::Next || in.kind == K::Last;
  if (manual) autoplay = false;
  switch (in.kind) {
    case K::Jump: timeline.jump(in.node); break;
    case K::First: timeline.first(); break;
    case K::Prev: timeline.prev(); break;
    case K::Next: timeline.next(); break;
    case K::Last: timeline.last(); break;
    case K::Autoplay:
      autoplay = !autoplay;
      autoplayElapsed = 0;
      break;
    case K::Select: select(in.tile); break;
    case K::Play: {
      const auto who = match().toMove();
      if (!who) {
        status("no round is on");
        break;
      }
      const std::string why = match().illegal(in.move, *who);
      if (!why.empty()) {
        status(why);
        spdlog::warn("{}: {}", match().moveText(in.move), why);
        break;
      }
      timeline.play(in.move);
      selected = kNoTile;
      break;
    }
    case K::DealNext: timeline.dealNext(game.seed + static_cast<std::uint64_t>(match().round())); break;
    case K::Open: open(in.path); break;
    case K::Save: save(in.path); break;
    case K::NewGame: newGameDialog = true; break;
    case K::EditorStart: {
      auto started = editor.start();
      if (!started) {
        showError("the position is illegal: " + editor.error());
        break;
      }
      timeline.resetSetup(started->first, started->second);
      game.rules = started->first.rules().text();
      filePath.clear();
      selected = kNoTile;
      spdlog::info("playing from an edited position");
      break;
    }
    case K::ExportPng:
      exportPath = in.path;
      exportTable = false;
      break;
    case K::ExportTablePng:
      exportPath = in.path;
      exportTable = true;
      break;
  }
  if (manual) selected = kNoTile;
  ++generation;
}

void App::applyAll(Intents& in) {
  for (const Intent& i : in) apply(i);
  in.clear();
}

void App::keys() {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel)) return;
  auto pressed = [](ImGuiKey k) { return ImGui::IsKeyPressed(ImGui::GetKeyIndex(k)); };
  if (io.KeyCtrl) {
    if (ImGui::IsKeyPressed('O', false)) {
      dialogPath = filePath.empty() ? scenariosDir + "/" : filePath;
      openDialog = true;
    }
    if (ImGui::IsKeyPressed('S', false)) {
      dialogPath = filePath.empty() ? "game.dgn" : filePath;
      saveDialog = true;
    }
    if (ImGui::IsKeyPressed('N', false)) newGameDialog = true;
    if (ImGui::IsKeyPressed('Z', false)) editor.undo();
    if (ImGui::IsKeyPressed('Y', false)) editor.redo();
    return;
  }
  const Match& m = match();
  const auto who = m.toMove();
  // Your tiles: the hand of the player to move.
  std::vector<Tile> mine;
  if (who) forEachHeaviestFirst(m.state().hand[static_cast<std::size_t>(idx(*who))], [&](Tile t) { mine.push_back(t); });
  const auto placements = selected != kNoTile ? placementsOf(m, selected) : std::vector<Move>{};
  const bool choosing = placements.size() > 1;
  if (pressed(ImGuiKey_Tab) || pressed(ImGuiKey_DownArrow) || pressed(ImGuiKey_UpArrow)) {
    if (!mine.empty()) {
      auto it = std::find(mine.begin(), mine.end(), selected);
      int i = it == mine.end() ? -1 : static_cast<int>(it - mine.begin());
      const int n = static_cast<int>(mine.size());
      i = (pressed(ImGuiKey_UpArrow) || (pressed(ImGuiKey_Tab) && io.KeyShift)) ? (i <= 0 ? n - 1 : i - 1) : (i + 1) % n;
      select(mine[static_cast<std::size_t>(i)]);
    }
  }
  if (choosing && pressed(ImGuiKey_LeftArrow)) chosenGhost = std::max(0, chosenGhost - 1);
  else if (choosing && pressed(ImGuiKey_RightArrow)) chosenGhost = std::min(static_cast<int>(placements.size()) - 1, chosenGhost + 1);
  else if (pressed(ImGuiKey_LeftArrow)) step(Intent::Kind::Prev);
  else if (pressed(ImGuiKey_RightArrow)) step(Intent::Kind::Next);
  if (pressed(ImGuiKey_Home)) step(Intent::Kind::First);
  if (pressed(ImGuiKey_End)) step(Intent::Kind::Last);
  if (pressed(ImGuiKey_Escape)) select(kNoTile);
  if (pressed(ImGuiKey_Enter) || pressed(ImGuiKey_KeyPadEnter) || pressed(ImGuiKey_Space)) {
    if (selected == kNoTile) status("select a tile first (Tab)");
    else if (placements.empty()) {
      Move probe;
      probe.tile = selected;
      probe.end = m.state().beforeLead() ? End::None : End::L;
      status(who ? tileText(selected) + ": " + m.illegal(probe, *who) : "no round is on");
    } else {
      Intent in;
      in.kind = Intent::Kind::Play;
      in.move = placements[static_cast<std::size_t>(std::clamp(chosenGhost, 0, static_cast<int>(placements.size()) - 1))];
      apply(in);
    }
  }
  auto tryKind = [&](MoveKind k) {
    if (!who) {
      status("no round is on");
      return;
    }
    const Move mv = moveOf(k);
    const std::string why = m.illegal(mv, *who);
    if (!why.empty()) {
      status(std::string(k == MoveKind::Draw ? "cannot draw: " : "cannot pass: ") + why);
      return;
    }
    Intent in;
    in.kind = Intent::Kind::Play;
    in.move = mv;
    apply(in);
  };
  if (ImGui::IsKeyPressed('D', false)) tryKind(MoveKind::Draw);
  if (ImGui::IsKeyPressed('P', false)) tryKind(MoveKind::Pass);
  if (ImGui::IsKeyPressed('A', false)) step(Intent::Kind::Autoplay);
}

void App::computer(float dt) {
  if (autoplay) {
    autoplayElapsed += dt * settings.speed;
    if (autoplayElapsed >= 1.0f) {
      autoplayElapsed = 0;
      if (!timeline.next()) autoplay = false;
      animElapsed = 0;
    }
    return;
  }
  // Computer seats play only at the tip of the current branch.
  if (!timeline.current().children.empty()) return;
  const Match& m = match();
  if (m.round() > 0 && m.state().over() && !m.matchOver() && game.seats[0] != Seat::Human && game.seats[1] != Seat::Human) {
    computerElapsed += dt;
    if (computerElapsed >= settings.computerDelay) {
      computerElapsed = 0;
      step(Intent::Kind::DealNext);
    }
    return;
  }
  const auto who = m.toMove();
  if (!who || game.seats[static_cast<std::size_t>(idx(*who))] == Seat::Human) {
    computerElapsed = 0;
    return;
  }
  computerElapsed += dt;
  if (computerElapsed < settings.computerDelay) return;
  computerElapsed = 0;
  Intent in;
  in.kind = Intent::Kind::Play;
  in.move = computerMove(game.seats[static_cast<std::size_t>(idx(*who))], m, rng);
  apply(in);
}

void App::menu(Intents& out) {
  if (!ImGui::BeginMainMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("New game...", "Ctrl+N")) newGameDialog = true;
    if (ImGui::MenuItem("Open...", "Ctrl+O")) {
      dialogPath = filePath.empty() ? scenariosDir + "/" : filePath;
      openDialog = true;
    }
    if (ImGui::BeginMenu("Open recent", !settings.recent.empty())) {
      for (const auto& r : settings.recent)
        if (ImGui::MenuItem(r.c_str())) {
          Intent in;
          in.kind = Intent::Kind::Open;
          in.path = r;
          out.push_back(in);
        }
      ImGui::EndMenu();
    }
    if (ImGui::MenuItem("Save", nullptr, false, !filePath.empty())) {
      Intent in;
      in.kind = Intent::Kind::Save;
      in.path = filePath;
      out.push_back(in);
    }
    if (ImGui::MenuItem("Save as...", "Ctrl+S")) {
      dialogPath = filePath.empty() ? "game.dgn" : filePath;
      saveDialog = true;
    }
    if (ImGui::MenuItem("Export PNG of the window...")) {
      dialogPath = "dominoes.png";
      exportDialog = true;
      exportTableDialog = false;
    }
    if (ImGui::MenuItem("Export PNG of the table...")) {
      dialogPath = "table.png";
      exportDialog = true;
      exportTableDialog = true;
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Quit")) quit = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    for (int i = 0; i < kPanes; ++i) {
      std::string label = name(static_cast<Pane>(i));
      label[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(label[0])));
      ImGui::MenuItem(label.c_str(), nullptr, &settings.open[static_cast<std::size_t>(i)]);
    }
    ImGui::Separator();
    ImGui::MenuItem("Animate moves", nullptr, &settings.animate);
    ImGui::MenuItem("Ghost placements", nullptr, &settings.ghosts);
    ImGui::MenuItem("Teaching mode (reveal the stock)", nullptr, &settings.teaching);
    if (ImGui::MenuItem("Show all hands", nullptr, settings.visibility == Visibility::All)) settings.visibility = Visibility::All;
    if (ImGui::MenuItem("Show as A", nullptr, settings.visibility == Visibility::AsA)) settings.visibility = Visibility::AsA;
    if (ImGui::MenuItem("Show as B", nullptr, settings.visibility == Visibility::AsB)) settings.visibility = Visibility::AsB;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Game")) {
    auto item = [&](const char* label, const char* key, Intent::Kind k) {
      if (ImGui::MenuItem(label, key)) {
        Intent in;
        in.kind = k;
        out.push_back(in);
      }
    };
    item("First position", "Home", Intent::Kind::First);
    item("Previous", "Left", Intent::Kind::Prev);
    item("Next", "Right", Intent::Kind::Next);
    item("Last position", "End", Intent::Kind::Last);
    item(autoplay ? "Pause autoplay" : "Autoplay", "A", Intent::Kind::Autoplay);
    ImGui::Separator();
    const Match& m = match();
    const auto who = m.toMove();
    if (ImGui::MenuItem("Draw", "D", false, who && m.illegal(moveOf(MoveKind::Draw), *who).empty())) {
      Intent in;
      in.kind = Intent::Kind::Play;
      in.move = moveOf(MoveKind::Draw);
      out.push_back(in);
    }
    if (ImGui::MenuItem("Pass", "P", false, who && m.illegal(moveOf(MoveKind::Pass), *who).empty())) {
      Intent in;
      in.kind = Intent::Kind::Play;
      in.move = moveOf(MoveKind::Pass);
      out.push_back(in);
    }
    if (ImGui::MenuItem("Computer move (greedy)", nullptr, false, who.has_value())) {
      Intent in;
      in.kind = Intent::Kind::Play;
      in.move = greedyMove(m);
      out.push_back(in);
    }
    item("Deal the next round", nullptr, Intent::Kind::DealNext);
    ImGui::Separator();
    for (int p = 0; p < 2; ++p) {
      const std::string label = std::string("Seat ") + letter(static_cast<Player>(p));
      if (ImGui::BeginMenu(label.c_str())) {
        for (Seat s : {Seat::Human, Seat::Greedy, Seat::Random})
          if (ImGui::MenuItem(std::string(name(s)).c_str(), nullptr, game.seats[static_cast<std::size_t>(p)] == s))
            game.seats[static_cast<std::size_t>(p)] = s;
        ImGui::EndMenu();
      }
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Help")) {
    if (ImGui::MenuItem("Keys and about...")) aboutDialog = true;
    ImGui::EndMenu();
  }
  const std::string where = filePath.empty() ? std::string("(unsaved game)") : filePath;
  ImGui::SameLine(ImGui::GetWindowWidth() - ImGui::CalcTextSize(where.c_str()).x - 16);
  ImGui::TextDisabled("%s", where.c_str());
  ImGui::EndMainMenuBar();
}

void App::frame(float dt) {
  ++frameNo;
  animElapsed += dt;
  Intents out;
  if (!pendingDrop.empty()) {
    Intent in;
    in.kind = Intent::Kind::Open;
    in.path = pendingDrop;
    out.push_back(in);
    pendingDrop.clear();
  }
  menu(out);
  using P = Pane;
  auto isOpen = [&](P p) { return settings.open[static_cast<std::size_t>(p)]; };
  if (isOpen(P::Table)) drawTablePane(*this, out);
  if (isOpen(P::Hands)) drawHandsPane(*this, out);
  if (isOpen(P::Stock)) drawStockPane(*this, out);
  if (isOpen(P::Timeline)) drawTimelinePane(*this, out);
  if (isOpen(P::Branches)) drawBranchesPane(*this, out);
  if (isOpen(P::Rules)) drawRulesPane(*this, out);
  if (isOpen(P::Score)) drawScorePane(*this, out);
  if (isOpen(P::Editor)) drawEditorPane(*this, out);
  if (isOpen(P::Scenarios)) drawScenariosPane(*this, out);
  if (isOpen(P::Log)) drawLogPane(*this, out);
  drawDialogs(*this, out);
  lastNode = timeline.currentIndex();
  const int before = timeline.currentIndex();
  applyAll(out);
  keys();
  computer(dt);
  if (timeline.currentIndex() != before) animElapsed = 0;
  const std::string& cap = timeline.current().caption;
  if (!cap.empty() && cap != lastCaption) spdlog::info("note: {}", cap);
  lastCaption = cap;
}

nlohmann::json App::state() const {
  using nlohmann::json;
  const Match& m = match();
  json j;
  j["node"] = timeline.currentIndex();
  j["nodes"] = timeline.size();
  j["pathPos"] = timeline.pathPos();
  j["pathLength"] = static_cast<int>(timeline.branchPath().size());
  j["branch"] = timeline.currentBranch();
  j["branches"] = static_cast<int>(timeline.leaves().size());
  j["file"] = filePath;
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
    j["hands"][std::string(1, letter(h.player))] = {{"tiles", tiles}, {"pips", h.pips}, {"faceDown", h.faceDown}};
  }
  j["selected"] = selected == kNoTile ? json(nullptr) : json(tileText(selected));
  j["caption"] = timeline.current().caption;
  j["explain"] = explainPosition(m, settings.visibility);
  if (selected != kNoTile) {
    const Player owner = (m.state().hand[1] & bit(selected)) ? Player::B : Player::A;
    j["explainTile"] = explainTile(m, owner, selected);
  }
  j["status"] = statusText;
  j["error"] = errorText;
  j["autoplay"] = autoplay;
  j["visibility"] = static_cast<int>(settings.visibility);
  j["teaching"] = settings.teaching;
  json panes;
  for (int i = 0; i < kPanes; ++i) panes[name(static_cast<Pane>(i))] = settings.open[static_cast<std::size_t>(i)];
  j["panes"] = panes;
  json rows = json::array();
  for (const auto& r : timelineRows(timeline, settings.visibility)) rows.push_back({{"n", r.number}, {"player", r.player}, {"move", r.move}, {"caused", r.caused}});
  j["timeline"] = rows;
  j["score"] = {{"rounds", scoreView(m).rounds}, {"match", scoreView(m).match}};
  j["stockView"] = {{"count", stockView(m, false).count}, {"reserve", stockView(m, false).reserve}};
  j["editor"] = {{"error", editor.error()}, {"canUndo", editor.canUndo()}, {"canRedo", editor.canRedo()}};
  json tiles = json::array();
  for (const auto& st : screenTiles)
    tiles.push_back({{"tile", tileText(st.tile)}, {"ghost", st.ghost}, {"x", st.x}, {"y", st.y}, {"w", st.w}, {"h", st.h}});
  j["table"] = {{"x", tableRect[0]}, {"y", tableRect[1]}, {"w", tableRect[2]}, {"h", tableRect[3]}, {"tiles", tiles},
                {"shaders", useShaders && renderer.ready()}};
  j["scenarios"] = static_cast<int>(scenarioPaths.size());
  j["logLines"] = static_cast<int>(logBuffer().lines.size());
  j["legal"] = json::array();
  for (const Move& mv : m.legalMoves()) j["legal"].push_back(dgn::legalText(m, mv));
  return j;
}

}  // namespace dom::studio
