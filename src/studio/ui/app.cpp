// SPDX-License-Identifier: MIT
// The app object: the window's side of the studio. Keys, menu and panes make intents; the session_
// applies them; the layout tiles the window.
#include "studio/ui/app.h"
#include "core/files.h"
#include "studio/model/disclosure.h"
#include "studio/model/i18n.h"
#include "studio/model/links.h"
#include "studio/model/paths.h"
#include "studio/model/viewmodel.h"
#include "studio/platform/platform.h"
#include "studio/ui/controls.h"
#include "studio/ui/shaping.h"

#include <imgui.h>
#include <imgui_internal.h>
#include <imgui_stdlib.h>
#include <spdlog/sinks/base_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>

namespace dom::studio {

void LogBuffer::add(std::string line) {
  std::lock_guard lock(mutex);
  lines.push_back(longerThan(line, 1000) ? shownText(line, 1000) : std::move(line));
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

// Standard error gets plain text: Hindi's shaped glyph codes (private-use code points that only the
// studio's font draws; every translated text is shaped for drawing) go back to the Devanagari they
// were made from. The Log pane draws the shaped text itself.
class PlainTextSink : public spdlog::sinks::sink {
 public:
  explicit PlainTextSink(std::shared_ptr<spdlog::sinks::sink> inner) : inner_(std::move(inner)) {}
  void log(const spdlog::details::log_msg& msg) override {
    const std::string_view text(msg.payload.data(), msg.payload.size());
    // A private-use code point (U+E000-U+F8FF) starts with the byte EE or EF in UTF-8.
    if (text.find('\xEE') == std::string_view::npos && text.find('\xEF') == std::string_view::npos) {
      inner_->log(msg);
      return;
    }
    const std::string plain = shaping::unshape(text);
    spdlog::details::log_msg copy = msg;
    copy.payload = spdlog::string_view_t(plain.data(), plain.size());
    inner_->log(copy);
  }
  void flush() override { inner_->flush(); }
  void set_pattern(const std::string& pattern) override { inner_->set_pattern(pattern); }
  void set_formatter(std::unique_ptr<spdlog::formatter> f) override { inner_->set_formatter(std::move(f)); }

 private:
  std::shared_ptr<spdlog::sinks::sink> inner_;
};
}  // namespace

void setupLogging() {
  auto pane = std::make_shared<PaneSink>();
  pane->set_pattern("%H:%M:%S %l %v");
  auto err = std::make_shared<spdlog::sinks::stderr_color_sink_mt>();
  // NO_COLOR set and not empty: no colour (no-color.org).
  if (const char* noColor = std::getenv("NO_COLOR"); noColor && *noColor)
    err->set_color_mode(spdlog::color_mode::never);
  auto plain = std::make_shared<PlainTextSink>(err);
  auto logger = std::make_shared<spdlog::logger>("studio", spdlog::sinks_init_list{plain, pane});
  spdlog::set_default_logger(logger);
}

const char* paneWord(Pane p) { return _(titleWord(p)); }

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
    session_.apply(statusIntent(err));
  }
  // Remembered in the settings; the panes' words changed length: the layout fits them again.
  session_.apply(intent::SetLanguage{i18n::language()});
  relayout_ = true;
}

App::App() : panes_(makePanes(renderer_)), dialogs_(makeDialogs()) {
  scenariosDir_ = paths::scenariosDir();
  for (const auto& p : panes_) {
    // A pane's own action that the registry lacks would silently be missing from its menu.
    for (const std::string_view id : p->actions())
      if (!findAction(id))
        throw std::logic_error("pane " + std::string(name(p->id())) + ": no action " + std::string(id));
    if (auto* t = dynamic_cast<TablePane*>(p.get())) table_ = t;
    if (auto* sc = dynamic_cast<ScenariosPane*>(p.get())) scenarios_ = sc;
  }
}

std::string App::initRenderer(bool breakShader) {
  std::string err = renderer_.init(breakShader);
  if (!err.empty()) useShaders_ = false;
  return err;
}

std::optional<App::ExportRequest> App::takeExport() {
  std::optional<ExportRequest> e = std::move(export_);
  export_.reset();
  return e;
}

void App::waitFor(Work w) {
  switch (w) {
    case Work::Analysis: session_.waitForAnalysis(); break;
    case Work::Computer: session_.waitForComputer(); break;
    case Work::Judging: session_.waitForJudging(); break;
    case Work::RecordAnalysis: session_.waitForRecordAnalysis(); break;
  }
}

bool App::settled(Work w) const {
  switch (w) {
    case Work::Analysis: return session_.analyser().settled();
    case Work::Computer: return session_.computerSettled();
    case Work::RecordAnalysis: return session_.recordAnalyser().settled();
    case Work::Judging: return session_.judgingSettled();
  }
  return true;
}

void App::apply(const Intent& in) {
  using intent::WindowCmd;
  const ActionContext none;  // opening a dialog reads no action (drawing About does)
  const DialogContext dc{session_, none, scenariosDir_};
  // The browser's own file chooser, where there is one: the file chosen comes as a dropped one.
  if (const auto* w = std::get_if<intent::WindowCommand>(&in); w && w->cmd == WindowCmd::OpenDialog)
    if (platform::chooseFile()) return;
  for (const auto& d : dialogs_)
    if (d->opens(in, dc)) return;  // a dialog asked for, or a confirmation before dropping unsaved moves
  if (const auto* e = std::get_if<intent::ExportPng>(&in)) {
    // With its pane closed there is no table on screen: refuse rather than write the whole window.
    if (e->table && !settings().isOpen(Pane::Table)) {
      session_.apply(statusIntent(_("cannot export the table: its pane is closed (open it from the View menu)")));
      spdlog::warn("table export to {} refused: the Table pane is closed", e->path);
      return;
    }
    export_ = ExportRequest{e->path, e->table};
    return;
  }
  if (const auto* v = std::get_if<intent::SetView>(&in))
    return table_->setView(TableView{v->whole ? ViewMode::WholeTable : ViewMode::FitLine});
  if (const auto* l = std::get_if<intent::SetLanguage>(&in))
    return setLanguage(l->code);  // which saves it in the session_'s settings
  if (const auto* w = std::get_if<intent::WindowCommand>(&in)) {
    switch (w->cmd) {
      case WindowCmd::Palette: palette_.request = true; return;
      case WindowCmd::Quit: quit_ = true; return;
      case WindowCmd::ResetLayout: relayout_ = true; return;
      case WindowCmd::ShowWholeNote: table_->showWholeNote(); return;
      case WindowCmd::ShareLink: shareLink(); return;
      default: break;  // the dialogs' (their dialog took it above)
    }
  }
  const int before = timeline().currentIndex();
  session_.apply(in);
  if (timeline().currentIndex() != before) animElapsed_ = 0;
}

ActionContext App::actionContext() const {
  ActionContext c;
  c.session = &session_;
  c.recordAnalysed = session_.recordAnalysis() != nullptr;
  c.recordAnalysing = session_.recordAnalyser().runs(session_.recordKey());
  c.hint = session_.hintMove();
  c.wholeTable = table_->view().mode == ViewMode::WholeTable;
  c.mistakeSide = session_.mistakeSide();
  return c;
}

bool App::runActionId(std::string_view id) {
  const Action* a = findAction(id);
  if (!a) {
    session_.apply(statusIntent(i18n::format(_("no action is called {0}"), {std::string(id)})));
    return false;
  }
  Intents out;
  const bool ran = runAction(*a, actionContext(), out);
  applyAll(out);
  return ran;
}

void App::applyAll(Intents& in) {
  for (const Intent& i : in) apply(i);
  in.clear();
}

void App::placePane(Pane p) const {
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const auto boxes = compact_ ? compactLayout(d.x, d.y, ImGui::GetFrameHeight(), editing())
                              : defaultLayout(d.x, d.y, ImGui::GetFrameHeight(), settings().open, editing());
  const Box& b = boxes[static_cast<std::size_t>(p)];
  // The compact layout is always the phone's (issue 53 #7): a pane coming to the sheet's front later
  // is not put back at a desktop visit's saved place.
  const ImGuiCond cond = relayout_ || compact_ ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
  ImGui::SetNextWindowPos(ImVec2(b.x, b.y), cond);
  ImGui::SetNextWindowSize(ImVec2(b.w, b.h), cond);
}

bool App::beginPane(Pane p, Intents& out, int flags) const {
  if (compact_ && p != front_ && sheetPane(p, editing())) return false;  // behind the sheet's front pane
  placePane(p);
  bool open = true;
  // A layout per size class (issue 53 #7): the compact layout is made, not kept. Its panes are not
  // moved or resized by a finger, and they are not saved, so the settings file keeps the desktop's
  // places for the next visit on a bigger screen.
  if (compact_) flags |= ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings;
  // On a touch screen the compact layout's panes have no collapse arrow and no close X (the View
  // menu opens and closes them, the sheet's tabs choose): no target under a finger's size.
  // Nor a title bar: the sheet's tab names its pane, and the phone's height is the table's and the
  // hand's.
  const bool fingers = compact_ && tapSize() > 0;
  if (fingers) flags |= ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoTitleBar;
  const bool visible = ImGui::Begin(title(p), fingers ? nullptr : &open, flags);
  if (!open) out.push_back(paneIntent(p, false));
  paneMenu(p, out);  // a right click on the title bar
  if (!visible) ImGui::End();
  return visible;
}

// Where each pane is and whether its content fits, read back from ImGui's windows.
void App::measurePanes() {
  for (int i = 0; i < kPanes; ++i) {
    PaneRect& r = paneRects_[static_cast<std::size_t>(i)];
    const ImGuiWindow* w = ImGui::FindWindowByName(title(static_cast<Pane>(i)));
    r.drawn = w && w->Active && !w->Collapsed;
    if (!w) continue;
    r.x = w->Pos.x;
    r.y = w->Pos.y;
    r.w = w->Size.x;
    r.h = w->Size.y;
    r.clippedX = w->ScrollMax.x > 0.5f;
    r.hiddenY = w->ScrollMax.y;
    r.scrollY = w->Scroll.y;
  }
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  const ImGuiWindow* top = g.OpenPopupStack.empty() ? nullptr : g.OpenPopupStack.back().Window;
  popupRect_ = {};
  popupName_.clear();
  if (top && (top->Active || top->WasActive)) {
    popupRect_ = {top->Pos.x, top->Pos.y, top->Size.x, top->Size.y, true, false, 0};
    popupName_ = top->Name;
  }
}

// A key press runs the action that has it as a shortcut (actions.h): the first one enabled, else
// the first one, which then says in the status line why it does nothing now.
void App::keys(Intents& out) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || popupAtFrameStart_ ||
      ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel))
    return;
  const ActionContext c = actionContext();
  for (const Action& a : actions())
    for (const Shortcut& k : a.keys) {
      if (k.ctrl != io.KeyCtrl || k.shift != io.KeyShift || !ImGui::IsKeyPressed(k.key, a.repeat)) continue;
      if (const Action* run = actionForKey(k, c)) runAction(*run, c, out);
      return;  // one action a frame: the next reads the state this one made
    }
}

// A pane's own actions (PaneView::actions) in a menu of its title bar, as the menus draw them.
void App::paneMenu(Pane p, Intents& out) const {
  const auto it = std::find_if(panes_.begin(), panes_.end(), [&](const auto& v) { return v->id() == p; });
  if (it == panes_.end()) return;
  const auto ids = (*it)->actions();
  if (ids.empty() || !ImGui::BeginPopupContextItem("##paneactions")) return;
  const ActionContext c = actionContext();
  for (const std::string_view id : ids)
    if (const Action* a = findAction(id)) {
      const std::string label = a->labelText(c), keys = a->shortcutText();
      if (ImGui::MenuItem(label.c_str(), keys.empty() ? nullptr : keys.c_str(), a->checked && a->checked(c),
                          a->enabled(c)))
        runAction(*a, c, out);
    }
  ImGui::EndPopup();
}

namespace {
// Whether an action's menu is `path` or a submenu of it.
bool under(const std::string& menu, const std::string& path) {
  return menu == path ||
         (menu.size() > path.size() + 3 && menu.starts_with(path) && menu.compare(path.size(), 3, " > ") == 0);
}
}  // namespace

// The items of the menu `path`, made from the registry's actions [from, to): its own actions in
// order, a submenu for each run of actions under a deeper path, nested as the path says ("Game >
// Seat A > Other players"), so the menus show the paths `--list-actions` prints.
void App::menuItems(const std::string& path, std::size_t from, std::size_t to, const ActionContext& c, Intents& out) {
  auto item = [&](const Action& a) {
    if (!isListed(a, c)) return;
    const std::string label = a.labelText(c), keys = a.shortcutText();
    if (ImGui::MenuItem(label.c_str(), keys.empty() ? nullptr : keys.c_str(), a.checked && a.checked(c), a.enabled(c)))
      runAction(a, c, out);
    if (a.tooltip && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      if (const std::string tip = a.tooltip(c); !tip.empty()) tooltip(tip);
  };
  const auto& all = actions();
  for (std::size_t i = from; i < to;) {
    const Action& a = all[i];
    if (!under(a.menu, path)) {
      ++i;
      continue;
    }
    if (a.separatorBefore && i != from) ImGui::Separator();  // a submenu's first item: drawn before the submenu
    if (a.menu == path) {
      item(a);
      ++i;
      continue;
    }
    const std::string rest = a.menu.substr(path.size() + 3), word = rest.substr(0, rest.find(" > "));
    std::string sub = path;
    sub += " > ";
    sub += word;
    std::size_t j = i;
    bool any = false;  // a submenu with nothing listed (File > Open recent before any file) is greyed
    for (; j < to && under(all[j].menu, sub); ++j) any = any || isListed(all[j], c);
    if (ImGui::BeginMenu(menuWord(word).c_str(), any)) {
      menuItems(sub, i, j, c, out);
      ImGui::EndMenu();
    }
    i = j;
  }
}

void App::menu(Intents& out) {
  // A touch screen: the menus' rows (and the bar's words) are a finger's height (issue 53 #1).
  const bool tall = tapSize() > 0;
  // The bar's words take the spacing on either side as their target: "File" is 44 wide with it.
  if (tall)
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(std::max(ImGui::GetStyle().ItemSpacing.x, tapSize() * 0.3f),
                                                          tapSize() - ImGui::GetFontSize()));
  menuBar(out);
  if (tall) ImGui::PopStyleVar();
}

void App::menuBar(Intents& out) {
  if (!ImGui::BeginMainMenuBar()) return;
  const ActionContext c = actionContext();
  for (const char* top : {N_("File"), N_("Edit"), N_("View"), N_("Game"), N_("Help")})
    if (ImGui::BeginMenu(_(top))) {
      menuItems(top, 0, actions().size(), c, out);
      ImGui::EndMenu();
    }
  // The file's name (its folder on hover): no machine path in screenshots.
  const std::string& filePath = session_.filePath();
  const std::string where =
      filePath.empty() ? std::string(_("(unsaved game)")) : std::filesystem::path(filePath).filename().string();
  // At the bar's right edge, inside its padding; left out when the menus leave no room for it whole
  // (a phone's width: issue 53 #8), as the window's title says it too.
  // The margin scales with the style (16 pixels at a pixel ratio of 1; a phone's 3 cut the text at a
  // fixed 16).
  const float margin = 2 * ImGui::GetStyle().WindowPadding.x;
  const float at = ImGui::GetWindowWidth() - ImGui::CalcTextSize(where.c_str()).x - margin;
  if (at >= ImGui::GetCursorPosX() + ImGui::GetStyle().ItemSpacing.x) {
    ImGui::SameLine(at);
    ImGui::TextDisabled("%s", where.c_str());
    if (!filePath.empty() && ImGui::IsItemHovered()) tooltip(filePath);
  }
  ImGui::EndMainMenuBar();
}

// The command palette_: every action by its label, filtered as the user types, with its shortcut;
// Up/Down move the highlight, Enter or a click runs it, Esc or a click outside closes it.
void App::drawPalette(Intents& out) {
  const char* id = "###palette";
  if (palette_.request) {
    palette_.request = false;
    palette_.filter.clear();
    palette_.index = 0;
    ImGui::OpenPopup(id);
  }
  palette_.open = false;
  palette_.shown.clear();
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const float w = std::min(560.0f, d.x - 40);
  ImGui::SetNextWindowPos(ImVec2((d.x - w) / 2, ImGui::GetFrameHeight() * 2), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(w, 0), ImGuiCond_Always);
  if (!ImGui::BeginPopup(id)) return;
  palette_.open = true;
  const ActionContext c = actionContext();
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputTextWithHint("##filter", _("type to find an action"), &palette_.filter)) palette_.index = 0;
  std::vector<const Action*> rows;
  for (const Action& a : actions())
    if (isListed(a, c) && paletteMatches(a, paletteLabel(a, c), palette_.filter)) rows.push_back(&a);
  const int n = static_cast<int>(rows.size());
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow))) palette_.index = std::min(palette_.index + 1, n - 1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow))) palette_.index = std::max(palette_.index - 1, 0);
  palette_.index = std::clamp(palette_.index, 0, std::max(n - 1, 0));
  const Action* chosen = nullptr;
  if (n > 0 && (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)) ||
                ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter))))
    chosen = rows[static_cast<std::size_t>(palette_.index)];
  const float rowH = ImGui::GetTextLineHeightWithSpacing();
  ImGui::BeginChild("rows", ImVec2(0, rowH * static_cast<float>(std::clamp(n, 1, 12)) + 4), false);
  for (int i = 0; i < n; ++i) {
    const Action& a = *rows[static_cast<std::size_t>(i)];
    palette_.shown.push_back(a.id);
    const bool enabled = a.enabled(c);
    const std::string label = paletteLabel(a, c);
    ImGui::PushID(i);
    if (!enabled) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    if (ImGui::Selectable(label.c_str(), i == palette_.index, 0, ImVec2(0, tapRow()))) chosen = &a;
    if (i == palette_.index && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow), true)) ImGui::SetScrollHereY();
    if (i == palette_.index && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow), true))
      ImGui::SetScrollHereY();
    if (const std::string keys = a.shortcutText(); !keys.empty()) {
      ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - ImGui::CalcTextSize(keys.c_str()).x);
      ImGui::TextDisabled("%s", keys.c_str());
    }
    if (!enabled) ImGui::PopStyleColor();
    ImGui::PopID();
  }
  if (n == 0) ImGui::TextDisabled("%s", _("no action matches"));
  ImGui::EndChild();
  if (chosen) runAction(*chosen, c, out);
  if (chosen || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

// Devanagari's vowel signs reach above the Latin cap height and below the baseline: in Hindi the
// UI font's line is 20% taller (the glyphs keep their size: ImGui scales them by size / FontSize,
// which NewFrame takes from this), so that a wrapped caption's marks do not touch the line above.
void App::lineHeightForLanguage() {
  ImFont* font = ImGui::GetIO().Fonts->Fonts.empty() ? nullptr : ImGui::GetIO().Fonts->Fonts[0];
  if (!font) return;
  if (baseFontSize_ <= 0) baseFontSize_ = font->FontSize;
  font->FontSize = baseFontSize_ * (i18n::language() == "hi" ? 1.2f : 1.0f);
  // The glyphs move down by half the extra height, so the text sits in the middle of its line.
  const float shift =
      std::floor((font->FontSize - baseFontSize_) * 0.5f);  // whole pixels: no sampling between atlas rects
  if (shift == glyphShift_) return;
  for (ImFontGlyph& g : font->Glyphs) {
    g.Y0 += shift - glyphShift_;
    g.Y1 += shift - glyphShift_;
  }
  glyphShift_ = shift;
}

namespace {
// Whether an open pane's rect in the settings file (imgui.ini) reaches outside a window of w x h.
bool savedPaneOutside(const std::array<bool, kPanes>& open, float w, float h) {
  for (int i = 0; i < kPanes; ++i) {
    if (!open[static_cast<std::size_t>(i)]) continue;
    const ImGuiWindowSettings* s = ImGui::FindWindowSettings(ImHashStr(title(static_cast<Pane>(i))));
    if (!s) continue;
    const Box saved{static_cast<float>(s->Pos.x), static_cast<float>(s->Pos.y), static_cast<float>(s->Size.x),
                    static_cast<float>(s->Size.y)};
    if (!inside(saved, w, h)) return true;
  }
  return false;
}
}  // namespace

void App::frame(float dt) {
  ++frameNo_;
  animElapsed_ += fixedAnimStep_ > 0 ? fixedAnimStep_ : dt;
  Intents out;
  if (!pendingDrop_.empty()) {
    out.push_back(openIntent(pendingDrop_));
    pendingDrop_.clear();
  }
  // The layout is made again when the window's size, the open panes or the mode change.
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const bool compact = compactWindow(d.x, d.y, ImGui::GetFontSize(), ImGui::GetIO().FontGlobalScale);
  if (d.x != displaySize_[0] || d.y != displaySize_[1] || settings().open != placedOpen_ ||
      editing() != placedEditing_ || compact != compact_) {
    // At start the settings file's layout is kept, unless it was saved in a bigger window and a pane
    // would reach outside this one: then the panes are tiled again, as after a resize.
    relayout_ = frameNo_ > 1 || relayout_ || savedPaneOutside(settings().open, d.x, d.y);
    displaySize_ = {d.x, d.y};
    placedOpen_ = settings().open;
    placedEditing_ = editing();
    compact_ = compact;
  }
  chooseFront();
  popupAtFrameStart_ = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
  statusText_ = session_.statusLine();
  // The hint shows until something newer is said (a refusal must not hide behind it).
  const CoachHint& hint = session_.coachHint();
  if (hint.shown && hint.rank >= 0 && hint.node == timeline().currentIndex() && !hint.text.empty() &&
      session_.statusText().empty())
    statusText_ = hint.text;
  // A tile with several placements: the line names the one Enter plays, in the record's words.
  if (session_.statusText().empty() && selected() != kNoTile && match().toMove()) {
    const auto placements = movesOfTile(match(), selected());
    if (placements.size() > 1) {
      const auto k = static_cast<std::size_t>(std::clamp(chosenGhost(), 0, static_cast<int>(placements.size()) - 1));
      statusText_ =
          i18n::format(i18n::touch() ? _("{0}: placement {1} of {2}")
                                     : _("{0}: placement {1} of {2} (Left / Right choose, Enter plays it)"),
                       {match().moveText(placements[k]), std::to_string(k + 1), std::to_string(placements.size())});
    }
  }
  menu(out);
  if (throwInFrame_) {
    throwInFrame_ = false;
    ImGui::Begin("a pane that throws");  // left open: the frame boundary must close it
    throw std::runtime_error("a pane threw (test)");
  }
  if (compact_) drawSheetTabs();
  for (const auto& p : panes_) {
    p->beginFrame();
    if (p->shown(*this)) p->draw(*this, out);
  }
  {
    const ActionContext ac = actionContext();
    const DialogContext dc{session_, ac, scenariosDir_};
    for (const auto& d : dialogs_) d->draw(dc, out);
  }
  drawPalette(out);
  session_.pollJobs();
  relayout_ = false;
  measurePanes();
  keys(out);
  applyAll(out);
  const int before = timeline().currentIndex();
  // A scripted run (--frames) steps time by the fixed step: autoplay and the computer's delay then
  // take as many frames on any machine, in the desktop build and in the web page alike.
  session_.tick(fixedAnimStep_ > 0 ? fixedAnimStep_ : dt);
  if (timeline().currentIndex() != before) animElapsed_ = 0;
  const std::string& cap = timeline().current().caption;
  if (!cap.empty() && cap != lastCaption_) spdlog::info("note: {}", cap);
  lastCaption_ = cap;
  lineHeightForLanguage();  // for the next frame: NewFrame takes the font's size
}

// File > Share link: the link of what is on screen to the clipboard, and on the status line (a
// record's link is long: its start and its length).
void App::shareLink() {
  const std::string copied = platform::copyLink(dom::studio::shareLink(session_));
  lastLink_ = copied;
  const std::string shown =
      copied.size() > 80 ? copied.substr(0, 60) + "... (" + std::to_string(copied.size()) + ")" : copied;
  session_.apply(statusIntent(i18n::format(_("link copied: {0}"), {shown})));
}

// The sheet's front pane: a pane just opened comes to the front, Learn when a lesson begins, Puzzles
// when a puzzle does; else it stays, or the first open one takes its place.
void App::chooseFront() {
  const auto& open = settings().open;
  Pane want = front_;
  for (int i = 0; i < kPanes; ++i)
    if (open[static_cast<std::size_t>(i)] && !sheetOpen_[static_cast<std::size_t>(i)] && frameNo_ > 1 &&
        sheetPane(static_cast<Pane>(i), editing()))  // the table or hands reopened leave the sheet as it is
      want = static_cast<Pane>(i);
  const bool lesson = session_.course().active(), puzzle = session_.trainer().active();
  if (lesson && !lessonWas_) want = Pane::Learn;
  if (puzzle && !puzzleWas_) want = Pane::Puzzles;
  lessonWas_ = lesson;
  puzzleWas_ = puzzle;
  sheetOpen_ = open;
  const Pane front = sheetFront(want, open, editing());
  if (front != front_) frontChanged_ = true;
  front_ = front;
}

// The compact layout's tab strip: one tab a sheet pane, in the order of the View menu.
void App::drawSheetTabs() {
  const ImVec2 d = ImGui::GetIO().DisplaySize;
  const Box b = sheetTabs(d.x, d.y, ImGui::GetFrameHeight());
  ImGui::SetNextWindowPos(ImVec2(b.x, b.y));
  ImGui::SetNextWindowSize(ImVec2(b.w, b.h));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse;
  sheetTabs_.clear();
  // A touch screen (issue 53 #1): no scrolling arrows, which are smaller than a finger; a list button
  // of a finger's size at the strip's left opens every tab as a row, and a tab chosen scrolls into view.
  const bool fingers = tapSize() > 0;
  ImGuiTabBarFlags tabFlags = ImGuiTabBarFlags_FittingPolicyScroll | ImGuiTabBarFlags_NoTooltip;
  if (fingers) tabFlags |= ImGuiTabBarFlags_NoTabListScrollingButtons | ImGuiTabBarFlags_TabListPopupButton;
  // The tabs past the strip's edge are not cut text (the list button reaches them, and a tab chosen
  // scrolls into view): the strip says it scrolls sideways, which the dump's "clipped" allows.
  const bool shown = ImGui::Begin("###sheet", nullptr, fingers ? flags | ImGuiWindowFlags_HorizontalScrollbar : flags);
  if (fingers)
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing,
                        ImVec2(ImGui::GetStyle().ItemSpacing.x, tapSize() - ImGui::GetFontSize()));
  if (shown && ImGui::BeginTabBar("sheet", tabFlags)) {
    for (int i = 0; i < kPanes; ++i) {
      const auto p = static_cast<Pane>(i);
      if (!settings().open[static_cast<std::size_t>(i)] || !sheetPane(p, editing())) continue;
      const bool selected =
          ImGui::BeginTabItem(title(p), nullptr, p == front_ && frontChanged_ ? ImGuiTabItemFlags_SetSelected : 0);
      const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
      sheetTabs_.push_back({name(p), lo.x, lo.y, hi.x - lo.x, hi.y - lo.y});
      if (selected) {
        if (!frontChanged_) front_ = p;  // a tab the user chose
        ImGui::EndTabItem();
      }
    }
    ImGui::EndTabBar();
  }
  if (fingers) ImGui::PopStyleVar();
  ImGui::End();
  frontChanged_ = false;
}

// Each pane's rect and whether its content fits; the pairs of drawn panes that overlap; the panes
// that reach outside the window.
nlohmann::json App::layoutState() const {
  using nlohmann::json;
  json panes = json::object(), overlaps = json::array(), outside = json::array();
  for (int i = 0; i < kPanes; ++i) {
    const PaneRect& r = paneRects_[static_cast<std::size_t>(i)];
    if (!r.drawn) continue;
    const char* n = name(static_cast<Pane>(i));
    panes[n] = {{"x", r.x},
                {"y", r.y},
                {"w", r.w},
                {"h", r.h},
                {"clippedX", r.clippedX},
                {"hiddenY", r.hiddenY},
                {"scrollY", r.scrollY}};
    if (r.x < -0.5f || r.y < -0.5f || r.x + r.w > displaySize_[0] + 0.5f || r.y + r.h > displaySize_[1] + 0.5f)
      outside.push_back(n);
    for (int k = i + 1; k < kPanes; ++k) {
      const PaneRect& o = paneRects_[static_cast<std::size_t>(k)];
      if (o.drawn && overlap(Box{r.x, r.y, r.w, r.h}, Box{o.x, o.y, o.w, o.h}))
        overlaps.push_back(std::string(n) + "/" + name(static_cast<Pane>(k)));
    }
  }
  json popup = nullptr;
  if (popupRect_.drawn) {
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_PopupBg];
    popup = {{"name", popupName_}, {"x", popupRect_.x},
             {"y", popupRect_.y},  {"w", popupRect_.w},
             {"h", popupRect_.h},  {"background", {bg.x, bg.y, bg.z, bg.w}}};  // the style's PopupBg, 0 to 1
    for (const auto& d : dialogs_) d->dumpPopup(popupName_, popup);            // New game's form, as its fields show it
  }
  json sheet = nullptr;
  if (compact_) {
    json tabs = json::array();
    for (const SheetTab& t : sheetTabs_)
      tabs.push_back({{"pane", t.pane}, {"x", t.x}, {"y", t.y}, {"w", t.w}, {"h", t.h}});
    sheet = {{"front", front_ == Pane::Count ? "" : name(front_)}, {"tabs", tabs}};
  }
  // Where the pointer is (null when off the window: a finger lifted, issue 53 #3) and the tooltips
  // up in the last frame.
  const ImGuiIO& io = ImGui::GetIO();
  const json pointer = ImGui::IsMousePosValid(&io.MousePos) ? json{io.MousePos.x, io.MousePos.y} : json(nullptr);
  int tooltips = 0;
  int tooltipsOutside = 0;  // reaching past the window's edge (tooltip() wraps them inside it)
  for (const ImGuiWindow* w : GImGui->Windows)
    if ((w->Flags & ImGuiWindowFlags_Tooltip) && w->WasActive) {
      ++tooltips;
      if (w->Pos.x < 0 || w->Pos.y < 0 || w->Pos.x + w->Size.x > io.DisplaySize.x ||
          w->Pos.y + w->Size.y > io.DisplaySize.y)
        ++tooltipsOutside;
    }
  return {{"width", displaySize_[0]},
          {"height", displaySize_[1]},
          {"panes", panes},
          {"overlaps", overlaps},
          {"outside", outside},
          {"popup", popup},
          {"compact", compact_},
          {"sheet", sheet},
          {"pointer", pointer},
          {"tooltips", tooltips},
          {"tooltipsOutside", tooltipsOutside},
          {"controls", controlsState()}};
}

void App::showMove(const Move& mv, Intents& out) const {
  for (Intent& in : showIntents(match(), mv)) out.push_back(std::move(in));
}

const TrackerView& App::tracker() const {
  if (trackerGeneration_ != generation() || trackerVisibility_ != settings().visibility) {
    tracker_ = trackerView(timeline(), settings().visibility);
    trackerGeneration_ = generation();
    trackerVisibility_ = settings().visibility;
  }
  return tracker_;
}

std::string App::windowTitle() const {
  auto names = session_.playerNames();
  for (auto& n : names) n = playerLabel(n);  // one name a seat, as the Hands and Score panes give it
  return "Dominoes Studio - " +
         (session_.filePath().empty() ? "A " + names[0] + " vs B " + names[1] : session_.filePath());
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

// The state dump, part by part: the position, the view and panes, the coach, the record analysis,
// the actions.
void App::dumpPosition(nlohmann::json& j) const {
  using nlohmann::json;
  const Match& m = match();
  j["node"] = timeline().currentIndex();
  j["nodes"] = timeline().size();
  j["pathPos"] = timeline().pathPos();
  j["link"] = lastLink_;
  j["pathLength"] = static_cast<int>(timeline().branchPath().size());
  j["branch"] = timeline().currentBranch();
  j["branches"] = static_cast<int>(timeline().leaves().size());
  j["file"] = session_.filePath();
  j["windowTitle"] = windowTitle();
  j["fileName"] = std::filesystem::path(session_.filePath()).filename().string();
  j["title"] = timeline().title();
  j["rules"] = m.rules().text();
  j["round"] = m.round();
  j["turn"] = m.toMove() ? json(std::string(1, letter(*m.toMove()))) : json(nullptr);
  json line = json::array();
  for (const auto& lt : m.line()) line.push_back(tileText(lt.left, lt.right));
  j["line"] = line;
  j["ends"] = m.state().beforeLead() ? json::array() : json::array({m.state().ends[0], m.state().ends[1]});
  {
    const auto shown = scoreView(timeline()).scores;  // a lesson's points task hides the round's score
    j["scores"] = {{"A", shown[0]}, {"B", shown[1]}};
  }
  j["stock"] = m.state().stockCount();
  const Disclosure shown = disclosure(session());
  const auto hands = handsView(timeline(), settings().visibility, shown.pips, shown.legality);
  for (const auto& h : hands) {
    json tiles = json::array();
    for (Tile t : h.tiles) tiles.push_back(h.faceDown ? std::string("?") : tileText(t));
    j["hands"][std::string(1, letter(h.player))] = {{"tiles", tiles}, {"pips", h.pips}, {"faceDown", h.faceDown}};
  }
  j["selected"] = selected() == kNoTile ? json(nullptr) : json(tileText(selected()));
  j["caption"] = timeline().current().caption;
  j["explain"] = explainPosition(timeline(), settings().visibility, shown.legality);
  j["disclosure"] = {{"legality", shown.legality},     {"blocking", shown.blocking}, {"reserve", shown.reserve},
                     {"stockFaces", shown.stockFaces}, {"pips", shown.pips},         {"analysis", shown.analysis},
                     {"freeHint", shown.freeHint}};
  if (selected() != kNoTile && shown.legality) {
    const Player owner = (m.state().hand[1] & bit(selected())) ? Player::B : Player::A;
    j["explainTile"] = explainTile(m, owner, selected());
  }
}

void App::dumpView(nlohmann::json& j) const {
  using nlohmann::json;
  const Match& m = match();
  j["status"] = session_.statusText();
  j["hint"] = session_.hint();
  j["touchWords"] = i18n::touch();  // words for a touch screen (--touch; the page on a coarse pointer)
  j["statusLine"] = statusText_;
  j["error"] = session_.errorText();
  j["autoplay"] = session_.autoplay();
  j["editing"] = editing();
  j["language"] = i18n::language();
  // What a character the font lacks (or invalid UTF-8) is drawn as.
  if (const ImFont* f = ImGui::GetFont())
    j["font"] = {{"fallback", static_cast<int>(f->FallbackChar)},
                 {"replacementGlyph", f->FindGlyphNoFallback(0xFFFD) != nullptr},
                 {"lineHeight", ImGui::GetTextLineHeight()}};
  const auto names = session_.playerNames();
  j["seats"] = {{"A", session_.game().seats[0].spec}, {"B", session_.game().seats[1].spec}};
  const auto thinker = session_.thinker();
  j["thinking"] = thinker ? json(std::string(1, letter(*thinker))) : json(nullptr);
  if (const auto& d = session_.lastDecision())
    j["lastDecision"] = {{"player", d->spec}, {"reason", d->reason}, {"ms", d->ms}};
  j["players"] = {{"A", names[0]}, {"B", names[1]}};
  const MoveCounter counter = moveCounter(timeline());
  j["counter"] = {{"move", counter.current}, {"of", counter.last}};
  j["visibility"] = static_cast<int>(settings().visibility);
  j["teaching"] = settings().teaching;
  json panes;
  for (int i = 0; i < kPanes; ++i) panes[name(static_cast<Pane>(i))] = settings().open[static_cast<std::size_t>(i)];
  j["panes"] = panes;
  json rows = json::array();
  for (const auto& r : timelineRows(timeline(), settings().visibility)) {
    rows.push_back({{"n", r.number}, {"player", r.player}, {"move", r.move}, {"caused", r.caused}});
    if (!r.comment.empty()) rows.back()["comment"] = r.comment;
  }
  j["timeline"] = rows;
  j["layout"] = layoutState();
  j["score"] = {{"rounds", scoreView(timeline()).rounds},
                {"match", scoreView(timeline()).match},
                {"players", {playerLabel(names[0]), playerLabel(names[1])}}};  // as the Score and Hands panes name them
  j["stockView"] = {{"count", stockView(m, false).count}, {"reserve", stockView(m, false).reserve}};
  j["editor"] = {{"error", editor().error()}, {"canUndo", editor().canUndo()}, {"canRedo", editor().canRedo()}};
}

void App::dumpCoach(nlohmann::json& j) const {
  using nlohmann::json;
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
    j["analysis"] = analysisState(session_.analysis(), settings().isOpen(Pane::Analysis), session_.analysisAll(),
                                  session_.analyser().busy());
    j["coachHint"] = session_.coachHint().rank < 0 ? json(nullptr)
                                                   : json{{"rank", session_.coachHint().rank},
                                                          {"shown", session_.coachHint().shown},
                                                          {"move", session_.coachHint().moveText},
                                                          {"text", session_.coachHint().text}};
  }
}

void App::dumpRecordAnalysis(nlohmann::json& j) const {
  j["record_analysis"] =
      recordAnalysisState(session_.recordAnalysis(), session_.recordAnalyser(),
                          session_.recordAnalyser().runs(session_.recordKey()), name(session_.mistakeSide()));
}

void App::dumpActions(nlohmann::json& j) const {
  using nlohmann::json;
  const Match& m = match();
  j["logLines"] = static_cast<int>(logBuffer().lines.size());
  {
    // Every action's enabled state, as the menus, keys, palette_ and script see it.
    const ActionContext c = actionContext();
    json acts = json::object();
    for (const Action& a : actions()) acts[a.id] = a.enabled(c);
    j["actions"] = acts;
    j["palette"] = {
        {"open", palette_.open}, {"filter", palette_.filter}, {"index", palette_.index}, {"shown", palette_.shown}};
    j["unsaved"] = session_.unsaved();
    for (const auto& d : dialogs_) d->dump(j);  // the About dialog's key rows, the confirmation's file
    j["mistakeSide"] = name(session_.mistakeSide());
    json own = json::object();  // each pane's own actions (its title bar's menu)
    for (const auto& pane : panes_) {
      json ids = json::array();
      for (const std::string_view id : pane->actions()) ids.push_back(std::string(id));
      own[name(pane->id())] = ids;
    }
    j["paneActions"] = own;
  }
  j["legal"] = json::array();
  for (const Move& mv : m.legalMoves()) j["legal"].push_back(dgn::legalText(m, mv));
}

void App::dumpTrainer(nlohmann::json& j) const { j["puzzle"] = trainerState(session_.trainer(), settings().learner); }

void App::dumpCourse(nlohmann::json& j) const {
  j["learn"] = courseState(session_.course(), settings().lessonStars, timeline().currentIndex());
}

nlohmann::json App::rawState() const {
  nlohmann::json j;
  dumpPosition(j);
  dumpView(j);
  dumpCoach(j);
  dumpRecordAnalysis(j);
  dumpActions(j);
  dumpTrainer(j);
  dumpCourse(j);
  for (const auto& p : panes_) p->dump(j);
  j["clipped"] = clippedState(j);  // docs/studio.md, "No text is cut"
  return j;
}

}  // namespace dom::studio
