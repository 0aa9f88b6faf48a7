// SPDX-License-Identifier: MIT
// The studio's panes as objects, as ImHex's views are: each owns the state it keeps between frames
// and what it drew this frame, draws itself from the app's read-only views (the session, the
// analyses) and returns what the user did as intents, and writes its part of the state dump. The app
// keeps the window, the renderer, the frame loop and the list of panes (App::panes).
#pragma once
#include <array>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "studio/model/actions.h"
#include "studio/model/scenarios.h"
#include "studio/model/scene.h"
#include "studio/model/session.h"
#include "studio/model/worker.h"

namespace dom::studio {

class App;
class TableRenderer;

class PaneView {
 public:
  explicit PaneView(Pane id) : id_(id) {}
  PaneView(const PaneView&) = delete;
  PaneView& operator=(const PaneView&) = delete;
  virtual ~PaneView() = default;
  [[nodiscard]] Pane id() const { return id_; }
  // Whether it is drawn this frame: when it is open (the Hands and Stock panes give way to the editor).
  [[nodiscard]] virtual bool shown(const App& app) const;
  // Every frame, before any pane draws: what it drew last frame is forgotten, drawn or not.
  virtual void beginFrame() {}
  virtual void draw(const App& app, Intents& out) = 0;
  // Its part of the state dump (what it drew, in window pixels, and its own state).
  virtual void dump(nlohmann::json& j) const { (void)j; }
  // Its own actions (ids of the registry, actions.h): the menu a right click on its title bar opens.
  [[nodiscard]] virtual std::vector<std::string_view> actions() const { return {}; }

 private:
  Pane id_;
};

// A button whose label may change with the language, known by a fixed id: drawn, its rectangle
// (window pixels) written to shown["buttons"][id] for the dump and the scripts' clicks; true when
// pressed.
bool shownButton(const char* label, std::string_view id, nlohmann::json& shown, bool onlyWayOn = false);

// A registry action's button (actions.h): its text is the action's (Action::button, else its
// label, translated), it is greyed while the action is disabled, its tooltip is the label with the
// registry's shortcut ("Previous (Left)") and the action's tooltip, and a click runs it (runAction).
// With `shown`, drawn as shownButton is (a long label wraps; its rect in shown["buttons"][key], the
// key defaulting to the id). An unknown id draws nothing. True when clicked.
bool actionButton(std::string_view id, const ActionContext& c, Intents& out, nlohmann::json* shown = nullptr,
                  std::string_view key = {});
// A toggle of the registry (Action::checked) as a check box, with the same text and tooltip.
bool actionCheckbox(std::string_view id, const ActionContext& c, Intents& out);
// The width actionButton's button takes (for sameLineIfFits).
[[nodiscard]] float actionButtonWidth(std::string_view id, const ActionContext& c);

// Cut text (docs/studio.md, "No text is cut"). The last item's rectangle against the part of its
// window that can be seen (the draw list's clip rect, which is what ImGui cuts at): an item reaching
// past either side is cut, and so is one above or below the view when `whole` (a button the
// learner must see). A cut item is recorded in shown["cut"] as {text, x, y, w, h, view: [x0 y0 x1 y1]}.
bool noteCut(std::string_view text, nlohmann::json& shown, bool whole = false);
// Starts the next item, `width` pixels wide, beside the last one when it fits in the visible width,
// else on a new line: buttons in a row wrap instead of running out of the pane.
void sameLineIfFits(float width);
// Number fields (issue 53 #4): called after an ImGui number field (InputInt) is drawn, it notes
// whether the field is being edited this frame; numberFieldActive() then says so to the frame loop,
// which asks the page for a touch screen's number pad. (ImGui clears its text state's flags at the
// end of each field, so they cannot tell after the frame.)
void noteNumberField();
[[nodiscard]] bool numberFieldActive();
// Touch targets (issue 53 #1): on a touch screen every control is at least 44 CSS pixels a side
// (Apple's and Google's guidance). setTapSize gives that size in window pixels (0, the default, with a
// mouse); tapRow(h) is the height to ask of a selectable row whose content is `h` high so that, with
// the spacing ImGui adds around a selectable, a finger's target is at least tapSize() high.
void setTapSize(float px);
[[nodiscard]] float tapSize();
[[nodiscard]] float tapRow(float h = 0);
// A finger's drag scrolls the pane under it (issue 53 #2), called each frame after ImGui::NewFrame on
// a touch screen: a drag that starts in a pane with something to scroll and goes more up or down than
// across moves the pane's view with the finger, and the control it started on lets go (a tile or a
// row dragged is not also tapped). A drag across (a slider) and the table's felt (it pans) are left
// to them.
void scrollByFinger();
// A tooltip whose text wraps at 30 ems, or at the window's width less a margin when that is
// narrower, so no line of it reaches past the window's edge (ImGui's SetTooltip never wraps: a
// long scenario's about ran off an 800x600 window). Call where ImGui::SetTooltip would be.
void tooltip(std::string_view text);
// A button's width for its label (up to "###").
[[nodiscard]] float buttonWidth(const char* label);
// The state dump's "clipped": every ImGui window whose content is wider than its view (ImGui's own
// measure of its items) and no horizontal scrollbar to reach it, and every cut item the panes noted.
[[nodiscard]] nlohmann::json clippedState(const nlohmann::json& state);

// A tile or ghost on screen, in window pixels (for the dump and the script's clicks).
struct ScreenTile {
  Tile tile = kNoTile;
  float x = 0, y = 0, w = 0, h = 0;
  bool ghost = false;
  Move move;
};

class TablePane final : public PaneView {
 public:
  explicit TablePane(TableRenderer& renderer) : PaneView(Pane::Table), renderer_(renderer) {}
  [[nodiscard]] std::vector<std::string_view> actions() const override;
  void draw(const App& app, Intents& out) override;
  void dump(nlohmann::json& j) const override;
  [[nodiscard]] const TableView& view() const { return view_; }
  void setView(const TableView& v) { view_ = v; }
  void showWholeNote() { noteShown_ = noteFocus_ = true; }
  [[nodiscard]] const std::vector<ScreenTile>& screenTiles() const { return screenTiles_; }
  // Window pixels of the table image: x, y, w, h.
  [[nodiscard]] const std::array<float, 4>& rect() const { return rect_; }
  // Counts the table's images drawn by the shaders: it changes when the picture does (the frame
  // loop's idle test; the draw list only holds the image's texture, which stays the same).
  [[nodiscard]] std::uint64_t renders() const { return renders_; }
  // The scene in table units, cached on the generation, the selection, the ghost setting and the
  // last move (the editor's is made every frame).
  const TableScene& sceneModel(const App& app, Tile lastPlayed);

 private:
  TableRenderer& renderer_;
  TableView view_;               // the fit, zoom and pan
  TableScene scene_;             // as last drawn (viewport pixels; origin at rect_)
  std::array<float, 4> rect_{};  // window pixels of the table image
  int hoverGhost_ = -1;          // the ghost a click would play, under the mouse
  bool leftOnGhost_ = false;     // the left button went down on a ghost (so its drag does not pan)
  bool shaders_ = false;         // drawn by the shaders (else by ImGui's draw list)
  // What the shaders last drew into their texture: drawn again only when it changes.
  std::vector<Sprite> rendered_;
  std::array<float, 6> renderedFrame_{};  // the image's size and the table's rect, framebuffer pixels
  std::uint64_t renders_ = 0;
  std::vector<ScreenTile> screenTiles_;
  struct Cache {
    TableScene scene;
    std::uint64_t generation = ~std::uint64_t{0};
    Tile selected = kNoTile, last = kNoTile;
    bool ghosts = true, editing = false, veil = false;
  } cache_;
  // The whole note of the position (its caption), when asked for: the caption under the table is
  // cut at kCaptionShown characters.
  std::string captionShown_;   // the note under the table as drawn (cut)
  nlohmann::json wordsShown_;  // the buttons under the table as drawn (Words::draw)
  bool captionCut_ = false;    // ... and whether it was cut (never in a lesson)
  bool noteShown_ = false;
  std::string note_;
  std::vector<std::string_view> noteLines_;  // into note_
  int noteNode_ = -1;
  std::uint64_t noteTimeline_ = 0;
  int noteLinesDrawn_ = 0;
  long long noteChars_ = 0;
  bool noteFocus_ = false;  // brought to the front when it opens
  void drawWholeNote(const App& app);
  // The loupe: tiles drawn too small to count their pips (a square under kLoupeBelow pixels: an
  // 800x600 window, the whole table) are magnified under the mouse in a tooltip.
  struct Loupe {
    bool shown = false;
    float factor = 1, square = 0;  // the magnification, and a square's pixels in the loupe
    float x = 0, y = 0, w = 0, h = 0;
  } loupe_;
  void drawLoupe(const TableScene& model, float mx, float my, float fb);
  void render(const App& app, float ox, float oy, float fb);
  void pointer(const App& app, Tile lastTile, float mx, float my, bool hovered, Intents& out);
  void input(const TableScene& s, float mx, float my);
  void fillScreenTiles(float ox, float oy);
};

// A tile of a hand as drawn: its words ("6-4") and its button's rect in window pixels.
struct HandTileRect {
  std::string tile;
  float x = 0, y = 0, w = 0, h = 0;
  bool dim = false, selected = false;  // its style as drawn: greyed (cannot be played), selected
};

class HandsPane final : public PaneView {
 public:
  HandsPane() : PaneView(Pane::Hands) {}
  [[nodiscard]] std::vector<std::string_view> actions() const override;
  [[nodiscard]] bool shown(const App& app) const override;
  void beginFrame() override { buttons_.clear(); }
  void draw(const App& app, Intents& out) override;
  void dump(nlohmann::json& j) const override;

 private:
  std::array<int, 2> tilesShown_{};                     // tiles of each hand drawn whole within the pane's width
  std::vector<std::string> buttons_;                    // the actions a button was drawn for this frame
  std::array<std::vector<HandTileRect>, 2> tileRects_;  // each hand's face-up tiles as drawn
  std::array<bool, 2> inView_{};                        // each hand whole in the pane's view
  std::optional<Player> moverSeen_;                     // whose turn it was last frame
  int scrollFrames_ = 0;                                // frames left to bring the mover's hand into view
};

class StockPane final : public PaneView {
 public:
  StockPane() : PaneView(Pane::Stock) {}
  [[nodiscard]] std::vector<std::string_view> actions() const override;
  [[nodiscard]] bool shown(const App& app) const override;
  void beginFrame() override {
    counts_.clear();
    styles_.clear();
  }
  void draw(const App& app, Intents& out) override;
  void dump(nlohmann::json& j) const override;

 private:
  std::string counts_;                         // the counts' line as drawn this frame
  std::vector<std::pair<bool, bool>> styles_;  // each stock tile as drawn: outlined as the reserve, face up
};

class TimelinePane final : public PaneView {
 public:
  TimelinePane() : PaneView(Pane::Timeline) {}
  [[nodiscard]] std::vector<std::string_view> actions() const override;
  void beginFrame() override { drawn_ = {}; }
  void draw(const App& app, Intents& out) override;
  void dump(nlohmann::json& j) const override;
  // What it drew this frame, in window pixels (the dump and the pixel test read these, not the
  // model): a mark per marked move of the record analysis (visible: its row was on screen), the win
  // probability graph, whether the "what it caused" column was shown and how many move and caused
  // cells were cut with an ellipsis.
  struct DrawnMark {
    int node = -1;
    int number = 0;   // the Timeline row's number (over the whole record)
    int pathPos = 0;  // the row's position in the branch, which is also its point on the graph
    std::string mark;
    std::array<int, 3> colour{};
    bool visible = false;
    float x = 0, y = 0, w = 0, h = 0;
  };
  struct DrawnGraph {
    bool drawn = false;
    float x = 0, y = 0, w = 0, h = 0;
    std::array<int, 3> colour{};
    std::vector<std::array<float, 2>> points;  // one per position of the branch
  };
  struct Drawn {
    std::vector<DrawnMark> marks;
    DrawnGraph graph;
    bool causedShown = false;
    int movesCut = 0, causedCut = 0;
  };

 private:
  Drawn drawn_;
  int lastNode_ = -1;  // the node shown when it last drew (the list scrolls to a new one)
};

class BranchesPane final : public PaneView {
 public:
  BranchesPane() : PaneView(Pane::Branches) {}
  [[nodiscard]] std::vector<std::string_view> actions() const override;
  void draw(const App& app, Intents& out) override;
};

class RulesPane final : public PaneView {
 public:
  RulesPane() : PaneView(Pane::Rules) {}
  [[nodiscard]] std::vector<std::string_view> actions() const override;
  void draw(const App& app, Intents& out) override;
  void dump(nlohmann::json& j) const override;

 private:
  void drawKnobs(const Rules& rules);
  std::string words_;     // what it said of the position this frame
  nlohmann::json rows_;   // the knobs as drawn: label, value, knob
  bool stacked_ = false;  // each label above its value (a narrow pane)
};

class ScorePane final : public PaneView {
 public:
  ScorePane() : PaneView(Pane::Score) {}
  [[nodiscard]] std::vector<std::string_view> actions() const override;
  void draw(const App& app, Intents& out) override;
};

class EditorPane final : public PaneView {
 public:
  EditorPane() : PaneView(Pane::Editor) {}
  [[nodiscard]] std::vector<std::string_view> actions() const override;
  void draw(const App& app, Intents& out) override;
};

class ScenariosPane final : public PaneView {
 public:
  ScenariosPane() : PaneView(Pane::Scenarios) {}
  [[nodiscard]] std::vector<std::string_view> actions() const override;
  void draw(const App& app, Intents& out) override;
  void dump(nlohmann::json& j) const override;
  // The files as the pane lists them (the script's `scenario N`).
  [[nodiscard]] const std::vector<std::string>& paths() const { return paths_; }

 private:
  // The listing of the app's scenarios folder and when it was made (looked at again every 5 s).
  std::vector<ScenarioEntry> entries_;
  std::vector<std::string> paths_;
  std::string dir_;
  double at_ = -100;
  std::filesystem::file_time_type dirTime_{}, orderTime_{};  // when the folder and its ORDER last changed
  // The listing is made on a worker (a folder of 10,000 files takes seconds); a small folder's is
  // waited for a few milliseconds, so that it shows in the frame that asked for it.
  Background<std::vector<ScenarioEntry>> job_;
  std::uint64_t jobNo_ = 0;
  bool listing_ = false;
  void relist(const std::string& dir, double now);
  void collect();
};

class LogPane final : public PaneView {
 public:
  LogPane() : PaneView(Pane::Log) {}
  void draw(const App& app, Intents& out) override;
};

class TrackerPane final : public PaneView {
 public:
  TrackerPane() : PaneView(Pane::Tracker) {}
  [[nodiscard]] std::vector<std::string_view> actions() const override;
  void draw(const App& app, Intents& out) override;
  void dump(nlohmann::json& j) const override;

 private:
  bool barShown_ = false;  // it drew its bars this frame
};

class AnalysisPane final : public PaneView {
 public:
  AnalysisPane() : PaneView(Pane::Analysis) {}
  [[nodiscard]] std::vector<std::string_view> actions() const override;
  void beginFrame() override { drawn_ = {}; }
  void draw(const App& app, Intents& out) override;
  void dump(nlohmann::json& j) const override;
  // What it drew this frame: each row's rect (window pixels), and the tooltip of the row under the
  // mouse (the tips' words) with its rect; row -1 when none was drawn.
  struct Drawn {
    std::vector<PxRect> rows;
    int tooltipRow = -1;
    std::string tooltip;
    PxRect tooltipRect;
    nlohmann::json cut;  // items cut at the pane's edge (noteCut)
    std::string engine;  // what an outside engine says, as drawn ("" when nothing)
  };

 private:
  Drawn drawn_;
};

// The Puzzles pane (the puzzle trainer, trainer.h): the puzzle, the verdict and the note once the
// learner moved, the next puzzle and the theme, and the learner's rating, streak and record.
class PuzzlesPane final : public PaneView {
 public:
  PuzzlesPane() : PaneView(Pane::Puzzles) {}
  [[nodiscard]] std::vector<std::string_view> actions() const override;
  void draw(const App& app, Intents& out) override;
  void dump(nlohmann::json& j) const override;

 private:
  int verdictFrames_ = 0;  // frames left to scroll the verdict's buttons into view
  nlohmann::json shown_;   // what it drew this frame (texts and button rects), for the dump
};

// The Learn pane (Learn mode, course.h): the course in teaching order with each lesson's stars;
// during a lesson, the task, what the learner answers it with (on the table, or here: an end, the
// tiles, the points), the verdict, and the stars at the end.
class LearnPane final : public PaneView {
 public:
  LearnPane() : PaneView(Pane::Learn) {}
  [[nodiscard]] std::vector<std::string_view> actions() const override;
  void draw(const App& app, Intents& out) override;
  void dump(nlohmann::json& j) const override;

 private:
  std::vector<ScenarioEntry> lessons_;  // the course, listed once
  bool listed_ = false;
  std::string dir_;
  std::size_t answerFor_ = ~std::size_t{0};  // the task the picks below belong to
  int points_ = 0;                           // a points task's number
  int scrollFrames_ = 0;                     // frames left to scroll a new task's answer into view
  int wrongSeen_ = 0;                        // the lesson's wrong tries when last drawn: a new one scrolls too
  int doneFrames_ = 3;                       // frames left to scroll Next lesson into view once the lesson is done
  nlohmann::json shown_;
  void drawCourse(const App& app, Intents& out);
  void drawLesson(const App& app, Intents& out);
  void drawAnswer(const App& app, const LessonStep& step, Intents& out);
  // How to give a play, draw or pass answer, drawn and kept in the dump (learnPane/hint).
  void answerHint(const std::string& text);
  void drawFeedback(const Course& c);
  void drawPicks(const App& app, Intents& out);
};

// The Write a lesson pane (authoring.h): the lesson's title and about, the captions and tasks at the
// position on the table (each can be taken out), a form that writes a caption or a task of any kind
// checked live at this position, the whole lesson's check, Save and Try it in Learn.
class WritePane final : public PaneView {
 public:
  WritePane() : PaneView(Pane::Write) {}
  void draw(const App& app, Intents& out) override;
  void dump(nlohmann::json& j) const override;

 private:
  std::string title_, about_, caption_, answer_, prompt_, explanation_;
  int kind_ = 0;                      // the task form's kind (dgn::Task::Kind)
  std::uint64_t generation_ = ~0ull;  // the session's, when the fields below were made
  std::string formLine_, formError_;  // the task form's line and its live check ("" when it checks)
  std::string lessonError_;           // the whole lesson's check, as `dominoes check` says it
  int lessonTasks_ = 0;
  nlohmann::json shown_;
  void refresh(const App& app);
  void drawHeader(const App& app, Intents& out);
  void drawHere(const App& app, Intents& out);
  void drawCaption(Intents& out);
  void drawTask(const App& app, Intents& out);
  void drawLesson(const App& app, Intents& out);
};

// Every pane, in the order they are drawn.
[[nodiscard]] std::vector<std::unique_ptr<PaneView>> makePanes(TableRenderer& renderer);

}  // namespace dom::studio
