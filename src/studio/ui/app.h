// SPDX-License-Identifier: MIT
// The studio's app object: the window's side of the studio (frame loop, panes, dialogs, renderer)
// around a Session, which holds everything the user can change and changes only by intents.
#pragma once
#include <array>
#include <deque>
#include <filesystem>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "studio/model/actions.h"
#include "studio/model/coach.h"
#include "studio/model/scene.h"
#include "studio/model/session.h"
#include "studio/ui/dialogs.h"
#include "studio/ui/panes.h"
#include "studio/ui/renderer.h"

namespace dom::studio {

// Log lines kept for the Log pane (filled by a spdlog sink).
struct LogBuffer {
  std::mutex mutex;
  std::deque<std::string> lines;
  void add(std::string line);
};
LogBuffer& logBuffer();
void setupLogging();

// A pane's window rect and whether its content fits (for the dump and the layout tests).
struct PaneRect {
  float x = 0, y = 0, w = 0, h = 0;
  bool drawn = false;     // drawn this frame (open and not collapsed)
  bool clippedX = false;  // content wider than the pane: something is cut off at the right
  float hiddenY = 0;      // content below the pane's bottom, in pixels (scrolled out of view)
  float scrollY = 0;      // how far the pane is scrolled down, in pixels
};

class App {
 public:
  App();
  // Routes an intent: the window's own kinds (export, dialogs) here, the rest to the session.
  void apply(const Intent& in);
  void applyAll(Intents& in);
  // One frame of UI: menu, panes, dialogs, keys, autoplay and computer moves.
  void frame(float dt);
  [[nodiscard]] nlohmann::json state() const;     // rawState() with Hindi's shaped glyphs as text
  [[nodiscard]] nlohmann::json rawState() const;  // the strings as they are drawn
  [[nodiscard]] nlohmann::json layoutState() const;
  // The window's title: the file, or the players of a game (they follow seat changes).
  [[nodiscard]] std::string windowTitle() const;
  [[nodiscard]] const Match& match() const { return session_.match(); }
  // Edit mode: the Position editor is open; the table shows session().editor().position() (H3 reads this).
  [[nodiscard]] bool editing() const { return session_.editing(); }
  // The compact layout is on (a narrow window: window_layout.h).
  [[nodiscard]] bool compact() const { return compact_; }
  // Starts a pane window at its place in the default layout (and again after a window resize).
  void placePane(Pane p) const;
  // Switches the UI's language at once (View > Language, the script's `lang`) and remembers it.
  void setLanguage(const std::string& code);
  // Begins a pane window at its place; false when collapsed (End is then already called).
  // Closing it with its x returns an intent.
  bool beginPane(Pane p, Intents& out, int flags = 0) const;

  // Everything the user can change, read-only: it changes only through apply() and the actions.
  [[nodiscard]] const Session& session() const { return session_; }
  // Views of the session for the panes (read them; change the session with intents).
  [[nodiscard]] const Settings& settings() const { return session_.settings(); }
  [[nodiscard]] const Timeline& timeline() const { return session_.timeline(); }
  [[nodiscard]] const Editor& editor() const { return session_.editor(); }
  [[nodiscard]] Tile selected() const { return session_.selected(); }
  [[nodiscard]] int chosenGhost() const { return session_.chosenGhost(); }
  // Bumped by every change the table can show.
  [[nodiscard]] std::uint64_t generation() const { return session_.generation(); }
  // The line under the table this frame: the session's status line, the coach's hint or the
  // placement chosen.
  [[nodiscard]] const std::string& statusText() const { return statusText_; }
  // Seconds since the last step (the table's animation).
  [[nodiscard]] float animElapsed() const { return animElapsed_; }
  // Under --frames the animation advances exactly this much a frame (1/60 s) instead of the frame's
  // time, so that a bounded headless run draws the same picture however fast or slow the machine
  // renders its frames (a move's fade takes 15 frames), and the session's autoplay and computer delay
  // run on the same clock. 0: real time.
  void setFixedAnimStep(float step) { fixedAnimStep_ = step; }
  // The panes, in the order they are drawn; each owns its state (panes.h).
  [[nodiscard]] const std::vector<std::unique_ptr<PaneView>>& panes() const { return panes_; }
  [[nodiscard]] const TablePane& table() const { return *table_; }
  [[nodiscard]] const ScenariosPane& scenarios() const { return *scenarios_; }

  // The window's side, for main: the table's shaders (an error leaves the table to ImGui's draw
  // list), the file dropped on the window, Quit, and the PNG an export asked for.
  std::string initRenderer(bool breakShader);
  void noShaders() { useShaders_ = false; }
  void releaseRenderer() { renderer_.release(); }
  [[nodiscard]] bool useShaders() const { return useShaders_; }
  void dropFile(std::string path) { pendingDrop_ = std::move(path); }
  [[nodiscard]] bool quitRequested() const { return quit_; }
  struct ExportRequest {
    std::string path;
    bool table = false;  // only the table's rectangle
  };
  // The PNG to write after this frame, once (an export action or the script's screenshot).
  [[nodiscard]] std::optional<ExportRequest> takeExport();
  void requestScreenshot(std::string path) { export_ = ExportRequest{std::move(path), false}; }
  // The script's business: another folder in the Scenarios pane, a frame that throws halfway (tests
  // the frame boundary), Quit forgotten, and waiting for the session's background work.
  [[nodiscard]] const std::string& scenariosDir() const { return scenariosDir_; }
  void setScenariosDir(std::string dir) { scenariosDir_ = std::move(dir); }
  void throwInNextFrame() { throwInFrame_ = true; }
  void forgetQuit() { quit_ = false; }
  enum class Work { Analysis, Computer, Judging, RecordAnalysis };
  void waitFor(Work w);
  // Blocks until every dialog's background work is done (the script's wait-dialog).
  void waitForDialogs() {
    for (const auto& d : dialogs_) d->waitForWork();
  }
  // What waitFor(w) waits for has come (the web page's scripts wait over frames for it).
  [[nodiscard]] bool settled(Work w) const;
  // The first run against the computer (main, when no file was given).
  void firstRun() { session_.firstRun(); }

  // The tile tracker of the current node from the shown player's view (cached on the generation).
  [[nodiscard]] const TrackerView& tracker() const;

  // Shows a move on the table: selects its tile and outlines its ghost (draw and pass: nothing to show).
  void showMove(const Move& mv, Intents& out) const;
  // What the actions read (actions.h): the session and the window's own state.
  [[nodiscard]] ActionContext actionContext() const;
  // Runs a registry action by its id from any route (palette, script, button); false when it is
  // unknown or disabled (the status line then says why).
  bool runActionId(std::string_view id);

 private:
  Session session_;
  std::string statusText_;
  float animElapsed_ = 10;
  float fixedAnimStep_ = 0;
  TableRenderer renderer_;
  bool useShaders_ = true;
  std::optional<ExportRequest> export_;
  bool quit_ = false;
  bool throwInFrame_ = false;
  std::string scenariosDir_;
  std::string pendingDrop_;
  int frameNo_ = 0;
  std::string lastCaption_;  // the note last logged
  std::array<PaneRect, kPanes> paneRects_{};
  // The topmost open popup (a dialog, a menu, a combo's list) as last drawn: its ImGui id and rect
  // (drawn false when none is open). For the dump: the pixel test of its opaque background.
  std::string popupName_;
  PaneRect popupRect_{};
  std::array<float, 2> displaySize_{};  // the window's size the panes were last placed for
  bool relayout_ = false;               // place every pane at its default rect this frame
  // A dialog, menu or the palette was open when this frame began: its keys (Enter, Esc) are its own,
  // even in the frame it closes, and are not the game's.
  bool popupAtFrameStart_ = false;
  // The command palette (Ctrl+Shift+P): type to filter, Up/Down, Enter runs the highlighted action.
  struct Palette {
    bool request = false;  // open it this frame
    bool open = false;
    std::string filter;
    int index = 0;                   // the highlighted row among `shown`
    std::vector<std::string> shown;  // the ids listed this frame, in order
  } palette_;
  // The compact layout (window_layout.h): a narrow window shows one of the other panes at a time in
  // the sheet under the hands, chosen on its tab strip. front_: the sheet's pane; frontChanged_: it
  // was chosen by the studio (a pane opened, a lesson or puzzle began), not by a tab.
  std::string lastLink_;  // the last link Share link copied (the dump's `link`)
  bool compact_ = false;
  Pane front_ = Pane::Count;
  bool frontChanged_ = false;
  std::array<bool, kPanes> sheetOpen_{};
  bool lessonWas_ = false, puzzleWas_ = false;
  struct SheetTab {
    std::string pane;
    float x = 0, y = 0, w = 0, h = 0;
  };
  std::vector<SheetTab> sheetTabs_;  // as last drawn, for the dump
  void shareLink();                  // File > Share link
  void chooseFront();
  void drawSheetTabs();
  void keys(Intents& out);
  void menu(Intents& out);
  void menuBar(Intents& out);
  void menuItems(const std::string& path, std::size_t from, std::size_t to, const ActionContext& c, Intents& out);
  void paneMenu(Pane p, Intents& out) const;
  void drawPalette(Intents& out);
  void dumpPosition(nlohmann::json& j) const;
  void dumpView(nlohmann::json& j) const;
  void dumpCoach(nlohmann::json& j) const;
  void dumpRecordAnalysis(nlohmann::json& j) const;
  void dumpTrainer(nlohmann::json& j) const;
  void dumpCourse(nlohmann::json& j) const;
  void dumpActions(nlohmann::json& j) const;
  void measurePanes();
  mutable TrackerView tracker_;
  mutable std::uint64_t trackerGeneration_ = ~std::uint64_t{0};
  mutable Visibility trackerVisibility_ = Visibility::All;
  std::array<bool, kPanes> placedOpen_{};  // the open panes the layout was made for
  float baseFontSize_ = 0;                 // the UI font's own size (its line height outside Hindi)
  float glyphShift_ = 0;                   // how far its glyphs were moved down for a taller line
  void lineHeightForLanguage();
  bool placedEditing_ = false;
  std::vector<std::unique_ptr<PaneView>> panes_;
  std::vector<std::unique_ptr<Dialog>> dialogs_;  // the modal dialogs (dialogs.h), in drawing order
  TablePane* table_ = nullptr;                    // in panes_
  ScenariosPane* scenarios_ = nullptr;            // in panes_
};

// A pane's window title: its name in the current language, then ### and its fixed id.
[[nodiscard]] const char* title(Pane p);
// A pane's name in the current language (the View menu).
[[nodiscard]] const char* paneWord(Pane p);

// The placements of tile t for the player to move, in order (L before R, then headings).
[[nodiscard]] std::vector<Move> placementsOf(const Match& m, Tile t);

// Window screenshot of the current back buffer.
// crop: x, y, w, h in framebuffer pixels from the top-left, or all zero for the whole window.
[[nodiscard]] std::string writeScreenshot(const std::string& path, int width, int height, std::array<int, 4> crop = {});

}  // namespace dom::studio
