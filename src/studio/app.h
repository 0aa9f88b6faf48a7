// The studio's app object: model, settings, pane flags, and the one place where intents apply.
#pragma once
#include <array>
#include <deque>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "studio/editor.h"
#include "studio/players.h"
#include "studio/renderer.h"
#include "studio/timeline.h"
#include "studio/viewmodel.h"

namespace dom::studio {

enum class Pane : std::uint8_t { Table, Hands, Stock, Timeline, Branches, Rules, Score, Editor, Scenarios, Log, Count };
inline constexpr int kPanes = static_cast<int>(Pane::Count);
[[nodiscard]] const char* name(Pane p);
[[nodiscard]] bool parsePane(std::string_view text, Pane& out);

// Settings in one struct, range-checked on load, saved next to imgui.ini.
struct Settings {
  Visibility visibility = Visibility::All;
  bool teaching = false;     // reveals the stock in draw order
  bool animate = true;       // moves fade in when played or stepped
  bool ghosts = true;
  float speed = 1.0f;        // autoplay moves per second
  float computerDelay = 0.4f;
  std::array<bool, kPanes> open{true, true, true, true, false, true, true, false, false, false};
  std::vector<std::string> recent;
  void clamp();
};

struct Intent {
  enum class Kind { Jump, First, Prev, Next, Last, Play, Select, DealNext, Open, Save, NewGame, EditorStart, Autoplay, ExportPng, ExportTablePng };
  Kind kind = Kind::Jump;
  int node = 0;
  Move move;
  Tile tile = kNoTile;
  Player owner = Player::A;
  std::string path;
};
using Intents = std::vector<Intent>;

struct NewGameOptions {
  std::string rules = "en-linea";
  std::uint64_t seed = 1;
  std::array<Seat, 2> seats{Seat::Human, Seat::Greedy};
};

// Log lines kept for the Log pane (filled by a spdlog sink).
struct LogBuffer {
  std::mutex mutex;
  std::deque<std::string> lines;
  void add(std::string line);
};
LogBuffer& logBuffer();
void setupLogging();

// A tile or ghost on screen, in window pixels (for the dump and the screenshot test).
struct ScreenTile {
  Tile tile = kNoTile;
  float x = 0, y = 0, w = 0, h = 0;
  bool ghost = false;
  Move move;
};

class App {
 public:
  App();
  void newGame(const NewGameOptions& o);
  bool open(const std::string& path);  // false: error shown, game kept
  bool save(const std::string& path);
  void apply(const Intent& in);
  void applyAll(Intents& in);
  // One frame of UI: menu, panes, dialogs, keys, autoplay and computer moves.
  void frame(float dt);
  [[nodiscard]] nlohmann::json state() const;
  [[nodiscard]] const Match& match() const { return timeline.current().match; }
  void select(Tile t);
  void step(Intent::Kind k);
  // The seat of the player to move at the tip, or Human.
  [[nodiscard]] bool humanToMove() const;
  void showError(const std::string& e);
  void status(const std::string& s);

  Settings settings;
  Timeline timeline;
  Editor editor;
  NewGameOptions game;
  std::mt19937_64 rng{1};
  std::string filePath;
  std::string errorText;          // shown in a modal until dismissed
  bool errorPopup = false;
  std::string statusText;         // the last message (reason a key was refused, saved file...)
  Tile selected = kNoTile;
  int chosenGhost = 0;            // index among the selected tile's placements (Left/Right)
  bool autoplay = false;
  float autoplayElapsed = 0;
  float computerElapsed = 0;
  float animElapsed = 10;         // seconds since the last step (animation)
  int lastNode = -1;
  std::vector<ScreenTile> screenTiles;
  std::array<float, 4> tableRect{};  // window pixels of the table image
  TableRenderer renderer;
  bool useShaders = true;
  std::string exportPath;         // PNG to write after this frame
  bool exportTable = false;       // only the table's rectangle
  std::vector<std::string> scenarioPaths;  // as the Scenarios pane lists them
  bool quit = false;
  // Dialog state.
  bool exportTableDialog = false;
  bool newGameDialog = false, openDialog = false, saveDialog = false, aboutDialog = false, exportDialog = false;
  std::string dialogPath;
  std::string scenariosDir;
  std::string pendingDrop;
  int frameNo = 0;
  std::string lastCaption;
  // Bumped by every change of what the table can show (load, new game, edit, move, step, selection):
  // caches key on it, never on a node index.
  std::uint64_t generation = 0;

 private:
  void keys();
  void computer(float dt);
  void menu(Intents& out);
};

// Panes: each reads the app and returns intents.
void drawTablePane(App& app, Intents& out);
void drawHandsPane(App& app, Intents& out);
void drawStockPane(App& app, Intents& out);
void drawTimelinePane(App& app, Intents& out);
void drawBranchesPane(App& app, Intents& out);
void drawRulesPane(App& app, Intents& out);
void drawScorePane(App& app, Intents& out);
void drawEditorPane(App& app, Intents& out);
void drawScenariosPane(App& app, Intents& out);
void drawLogPane(App& app, Intents& out);
void drawDialogs(App& app, Intents& out);
// Sets a pane window's first-use position and size, relative to a 1280x800 window.
void placeWindow(float x, float y, float w, float h);

// The placements of tile t for the player to move, in order (L before R, then headings).
[[nodiscard]] std::vector<Move> placementsOf(const Match& m, Tile t);

// Window screenshot of the current back buffer.
// crop: x, y, w, h in framebuffer pixels from the top-left, or all zero for the whole window.
bool writeScreenshot(const std::string& path, int width, int height, std::array<int, 4> crop = {});

}  // namespace dom::studio
