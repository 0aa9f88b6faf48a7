// SPDX-License-Identifier: MIT
// The studio's session: the timeline, editor, seats, autoplay, selection, view settings and open file,
// changed only by Session::apply(Intent). An Intent is a variant of small structs (namespace intent),
// each with its own named fields: Jump{node}, Play{move}, OpenPuzzle{collection, number}, and one
// Command{cmd} for those that carry nothing. No ImGui: panes read it and return intents; tests drive it.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "core/lesson.h"
#include "studio/model/coach.h"
#include "studio/model/course.h"
#include "studio/model/editor.h"
#include "studio/model/jobs.h"
#include "studio/model/players.h"
#include "studio/model/scenarios.h"
#include "studio/model/settings.h"
#include "studio/model/timeline.h"
#include "studio/model/trainer.h"
#include "studio/model/viewmodel.h"
#include "studio/model/window_layout.h"
#include "studio/model/worker.h"

namespace dom::studio {

struct NewGameOptions {
  std::string rules = "en-linea";
  std::uint64_t seed = 1;
  std::array<Seat, 2> seats{Seat::Human, Seat::Opponent};
};

// Every change the user (or the computer seat, or a script) makes, as data: an Intent is one of the
// small structs of namespace intent, each with its own named fields.
namespace intent {
// The commands that carry nothing.
enum class Cmd : std::uint8_t {
  // The timeline.
  First,
  Prev,
  Next,
  Last,
  PlaySelected,
  DealNext,
  Autoplay,
  // Play from the edited position.
  EditorStart,
  // The position on the table into the editor.
  EditLoad,
  // Undo/Redo act on what has focus: the editor in edit mode, otherwise the timeline.
  Undo,
  Redo,
  DismissError,  // the error modal was closed
  // The coach's background work (jobs.h).
  Hint,
  AnalyseRecord,
  NextMistake,
  PrevMistake,
  AnalysisNotes,
  StopRecordAnalysis,
  EndLesson,  // back to the course: the lesson's record stays on the table, free to play on
};
struct Command {
  Cmd cmd{};
};

// The timeline.
struct Jump {
  int node = 0;
};
struct Play {
  Move move;
};
struct Select {
  Tile tile = kNoTile;  // kNoTile: deselect
  bool click = false;   // a click (a tap) on the tile itself: while a tiles task waits, it picks the tile
};
struct ChooseGhost {
  int index = 0;  // among the selected tile's placements
};
// Notes after the nodes' moves (the record analysis saved into the record).
struct AddNotes {
  std::vector<std::pair<int, std::string>> notes;  // node, text
};

// Files and games. The intents that drop unsaved moves (Open, OpenPuzzle, NextPuzzle, RetryPuzzle)
// carry `confirmed`: false asks first when the game has unsaved moves (the window's dialog).
struct Open {
  std::string path;
  bool confirmed = false;
};
struct Save {
  std::string path;
};
struct NewGame {
  NewGameOptions options;
};

// The position editor (edit mode).
struct EditMove {
  Tile tile = kNoTile;
  Zone zone = Zone::Box;
};
struct EditTurn {
  Player player = Player::A;
};
struct EditScore {
  std::array<int, 2> scores{};
};
struct EditStockOrder {
  Tile tile = kNoTile;
  int step = 0;  // -1 earlier in the draw order, +1 later
};

// Seats and view settings.
struct SetSeat {
  Player player = Player::A;
  Seat seat;
};
struct SetVisibility {
  Visibility visibility = Visibility::All;
};
enum class Toggle : std::uint8_t { Teaching, Animate, Ghosts };
struct SetToggle {
  Toggle toggle = Toggle::Teaching;
  bool on = false;
};
struct SetSpeed {
  float speed = 1;
};
struct SetComputerDelay {
  float seconds = 0;
};
struct SetPane {
  Pane pane = Pane::Table;
  bool open = false;
};
// The UI's language as saved in the settings (App switches the words first).
struct SetLanguage {
  std::string code;
};
// A message for the status line (why an action was refused).
struct Status {
  std::string text;
};
// A line of the saved settings, KEY=VALUE (a bad one is logged and ignored).
struct SetSetting {
  std::string line;
};

// The coach (coach.h): whose mistakes N and Shift+N go to; the Analysis pane knows every tile, else
// the mover's knowledge.
struct SetMistakeSide {
  MistakeSide side = MistakeSide::Both;
};
struct SetAnalysisAll {
  bool all = false;
};

// The puzzle trainer (trainer.h).
struct OpenPuzzle {
  std::string collection;
  int number = 1;  // from 1
  bool confirmed = false;
};
// The next puzzle near the learner's rating, from the collection, else the current one's or the book
// of the current rules.
struct NextPuzzle {
  std::string collection;
  bool confirmed = false;
};
// The same puzzle again (practice: the rating does not move).
struct RetryPuzzle {
  bool confirmed = false;
};
struct SetPuzzleTheme {
  std::string theme;  // one of kPuzzleThemes, or "" for any
};

// Learn mode (course.h): a lesson's file, and the answers to its tasks.
struct StartLesson {
  std::string path;
  bool lock = false;  // for a class: no hint, analysis, other files or panes of help until it is done
};
struct AnswerEnd {
  End end = End::L;
};
struct AnswerTiles {
  Mask tiles = 0;  // the tiles the learner picked
};
struct AnswerPoints {
  int points = 0;  // the points typed
};

// Writing a lesson (authoring.h, docs/lessons.md "Writing a lesson"): a `title`, `about`, `note` or
// `task` line added at the current position once it checks there, and statement `statement` of node
// `node` (a note or a task) taken away.
struct WriteLesson {
  std::string line;
};
struct UnwriteLesson {
  int node = 0;
  std::size_t statement = 0;
};

// The window's own business (App handles these; the session never sees them).
enum class WindowCmd : std::uint8_t {
  NewGameDialog,
  OpenDialog,
  SaveAsDialog,
  ExportDialog,
  ExportTableDialog,
  AboutDialog,
  Palette,
  Quit,
  ResetLayout,
  ShowWholeNote,    // the current position's note, whole, in a window of its own
  ShareLink,        // the link of what is on screen, to the clipboard (links.h)
  WorksheetDialog,  // the lesson's worksheet as PDF (ui/print.h)
  ProgressDialog,   // the learner's progress as CSV, with the name the learner types (settings.h)
};
struct WindowCommand {
  WindowCmd cmd{};
};
struct ExportPng {
  std::string path;
  bool table = false;  // the table's rectangle only, else the whole window
};
struct SetView {
  bool whole = false;  // the whole table, else fit the line
};
}  // namespace intent

using Intent =
    std::variant<intent::Command, intent::Jump, intent::Play, intent::Select, intent::ChooseGhost, intent::AddNotes,
                 intent::Open, intent::Save, intent::NewGame, intent::EditMove, intent::EditTurn, intent::EditScore,
                 intent::EditStockOrder, intent::SetSeat, intent::SetVisibility, intent::SetToggle, intent::SetSpeed,
                 intent::SetComputerDelay, intent::SetPane, intent::SetLanguage, intent::Status, intent::SetSetting,
                 intent::SetMistakeSide, intent::SetAnalysisAll, intent::OpenPuzzle, intent::NextPuzzle,
                 intent::RetryPuzzle, intent::SetPuzzleTheme, intent::StartLesson, intent::AnswerEnd,
                 intent::AnswerTiles, intent::AnswerPoints, intent::WriteLesson, intent::UnwriteLesson,
                 intent::WindowCommand, intent::ExportPng, intent::SetView>;
using Intents = std::vector<Intent>;

// std::visit with one lambda an alternative: std::visit(Overloaded{[](const intent::Jump&) {...}, ...}, in).
template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

// The window's own intents (dialogs, export, the palette, quitting, the table's view): App handles
// them, the session ignores them.
[[nodiscard]] bool windowIntent(const Intent& in);
// The command an intent is, if it is one.
[[nodiscard]] std::optional<intent::Cmd> commandOf(const Intent& in);
// The `confirmed` of an intent that drops unsaved moves (Open, OpenPuzzle, NextPuzzle, RetryPuzzle),
// else nullptr.
[[nodiscard]] bool* confirmation(Intent& in);

// Short constructors for the common intents.
[[nodiscard]] inline Intent intentOf(intent::Cmd c) { return intent::Command{c}; }
[[nodiscard]] inline Intent intentOf(intent::WindowCmd c) { return intent::WindowCommand{c}; }
[[nodiscard]] inline Intent playIntent(const Move& m) { return intent::Play{m}; }
[[nodiscard]] inline Intent jumpIntent(int node) { return intent::Jump{node}; }
[[nodiscard]] inline Intent selectIntent(Tile t) { return intent::Select{t}; }
[[nodiscard]] inline Intent openIntent(std::string path) { return intent::Open{std::move(path)}; }
[[nodiscard]] inline Intent paneIntent(Pane p, bool open) { return intent::SetPane{p, open}; }
[[nodiscard]] inline Intent seatIntent(Player p, Seat s) { return intent::SetSeat{p, std::move(s)}; }
[[nodiscard]] inline Intent visibilityIntent(Visibility v) { return intent::SetVisibility{v}; }
[[nodiscard]] inline Intent editMoveIntent(Tile t, Zone z) { return intent::EditMove{t, z}; }

// The counter of the Timeline pane: numbered like its rows (deals are not moves).
struct MoveCounter {
  int current = 0;  // the number of the last move up to the current position (0 before any)
  int last = 0;     // the number of the branch's last move
};
[[nodiscard]] MoveCounter moveCounter(const Timeline& t);

// Shows a move on the table: selects its tile and outlines its ghost (draw and pass: nothing).
[[nodiscard]] Intents showIntents(const Match& m, const Move& mv);
// A message for the status line.
[[nodiscard]] inline Intent statusIntent(std::string text) { return intent::Status{std::move(text)}; }

class Session {
 public:
  Session();
  Session(Session&&) noexcept;
  Session& operator=(Session&&) noexcept;
  ~Session();
  // The one place where the session changes. Every change the table can show bumps generation().
  void apply(const Intent& in);
  void applyAll(Intents& in);
  // Time passes: autoplay steps and computer seats move (at the tip of the branch).
  void tick(float dt);
  // The first run against the computer: the human's view, the Scenarios pane, the hint.
  void firstRun();

  // Queries.
  [[nodiscard]] const Match& match() const { return timeline_.current().match; }
  // Edit mode: the Position editor is open; the table then shows editor.position().
  [[nodiscard]] bool editing() const { return settings_.isOpen(Pane::Editor); }
  [[nodiscard]] bool humanToMove() const;
  // A computer seat holds this tile: no key, click or script line may select or play it.
  [[nodiscard]] bool computerHolds(Tile t) const;
  // Redo after an undo against the computer: the undone moves are kept until the game moves on.
  [[nodiscard]] bool canRedo() const;
  // Moves, deals, notes or an edited position since the last new game, open or save: opening
  // another file asks first.
  [[nodiscard]] bool unsaved() const { return unsaved_; }
  [[nodiscard]] const std::uint64_t& generation() const { return generation_; }
  // The seat names shown as players when the record names none (they follow the seats).
  [[nodiscard]] std::array<std::string, 2> playerNames() const;
  // The line under the table: the last message, else the how-to-move hint until the first move.
  [[nodiscard]] std::string statusLine() const;
  [[nodiscard]] const std::string& hint() const { return hint_; }
  // The player a human plays against the computer (one human seat), if any.
  [[nodiscard]] std::optional<Player> soleHuman() const;
  // A computer seat is deciding its move on the worker thread (the spinner shows it).
  [[nodiscard]] bool thinking() const;
  // The seat that is thinking, when thinking().
  [[nodiscard]] std::optional<Player> thinker() const { return thinking() ? thinkingFor_ : std::nullopt; }
  // The last computer decision played (its reason is shown under the table).
  [[nodiscard]] const std::optional<ComputerDecision>& lastDecision() const { return lastDecision_; }
  // What the outside engine that thinks now has said so far of its move (empty when none thinks).
  [[nodiscard]] std::vector<ai::EngineInfo> engineLive() const;
  // Blocks until the computer's running decision is done (tests and scripts; the frame never does).
  void waitForComputer();
  // The computer seat has decided, or thinks of nothing (what waitForComputer waits for).
  [[nodiscard]] bool computerSettled() const;

  // The coach's background work (jobs.h), read through these views.
  [[nodiscard]] const Analyser& analyser() const { return jobs_->analyser; }
  [[nodiscard]] const RecordAnalyser& recordAnalyser() const { return jobs_->record; }
  [[nodiscard]] const CoachHint& coachHint() const { return coachHint_; }
  // The hint's move when it is shown at the current position (Enter plays it).
  [[nodiscard]] std::optional<Move> hintMove() const;
  [[nodiscard]] bool analysisAll() const { return analysisAll_; }         // all tiles known, else the mover's knowledge
  [[nodiscard]] MistakeSide mistakeSide() const { return mistakeSide_; }  // whose mistakes N and Shift+N go to
  [[nodiscard]] Analyser::Key analysisKey() const;
  // The analysis the pane shows for the current node, or nullptr while it is computed.
  [[nodiscard]] const AnalysisView* analysis() const { return jobs_->analyser.find(analysisKey()); }
  [[nodiscard]] RecordAnalyser::Key recordKey() const;
  // The analysis of the current branch, or nullptr until it is computed.
  [[nodiscard]] const RecordAnalysis* recordAnalysis() const { return jobs_->record.find(recordKey()); }
  // Each frame: collects the jobs' results, asks for the analysis the Analysis pane or the hint
  // wants, shows the hint once it came and says what the record analysis found.
  void pollJobs();
  // Block until the position / record analysis is computed (tests and scripts).
  void waitForAnalysis() { jobs_->analyser.wait(); }
  void waitForRecordAnalysis() { jobs_->record.wait(); }
  // Block until the puzzle trainer's verdict is searched (tests and scripts); pollJobs() shows it.
  void waitForJudging() { jobs_->judge.wait(); }
  [[nodiscard]] bool judgingSettled() const { return jobs_->judge.settled(); }
  // Bumped by every intent that changes the game or the seats (not by view settings): a computer
  // decision or an analysis started under another epoch is stale.
  [[nodiscard]] std::uint64_t positionEpoch() const { return epoch_; }
  // Bumped whenever the timeline is replaced (new game, open, edited position, undo that rebuilds):
  // (timelineId(), node index) names a position for as long as the session runs.
  [[nodiscard]] std::uint64_t timelineId() const { return timelineId_; }

  // The state, read through these views; it changes only through apply().
  [[nodiscard]] const Settings& settings() const { return settings_; }
  [[nodiscard]] const Timeline& timeline() const { return timeline_; }
  [[nodiscard]] const Editor& editor() const { return editor_; }
  [[nodiscard]] const NewGameOptions& game() const { return game_; }
  // What New game offers: the open game's rules, with the seats of the last game the user started or
  // seated (a record, lesson or puzzle seats two humans to step through; the next game should not).
  [[nodiscard]] NewGameOptions newGameOffer() const { return {game_.rules, game_.seed, newGameSeats_}; }
  [[nodiscard]] const std::string& filePath() const { return filePath_; }
  // Why the last line written to a lesson was refused ("" when it was added; authoring::read).
  [[nodiscard]] const std::string& writeError() const { return writeError_; }
  [[nodiscard]] const std::string& errorText() const { return errorText_; }  // shown in a modal until dismissed
  [[nodiscard]] bool errorPopup() const { return errorPopup_; }              // the window should open the error modal
  // The last message (why an action was refused, saved file...).
  [[nodiscard]] const std::string& statusText() const { return statusText_; }
  [[nodiscard]] Tile selected() const { return selected_; }
  // The index among the selected tile's placements (Left/Right).
  [[nodiscard]] int chosenGhost() const { return chosenGhost_; }
  [[nodiscard]] bool autoplay() const { return autoplay_; }
  // The puzzle trainer: the puzzle on the table, if any, and what the learner's try gave.
  [[nodiscard]] const Trainer& trainer() const { return trainer_; }
  // The puzzle book of a rules preset in the data folder ("" when it has none).
  [[nodiscard]] static std::string puzzleBook(const std::string& rules);
  // Learn mode: the lesson on the table, if any, and where the learner is in it.
  [[nodiscard]] const Course& course() const { return course_; }
  // Next and Last can go on: the branch goes on, or, in a lesson, the record's next node can come into
  // being (up to the task that waits).
  [[nodiscard]] bool canStepForward() const;
  // A lesson's task waits for its answer at the current position: every try at a move is judged.
  [[nodiscard]] bool lessonWaits() const {
    const LessonStep* t = course_.pending();
    return t && t->node == timeline_.currentIndex();
  }

 private:
  Settings settings_;
  Timeline timeline_;
  Editor editor_;
  NewGameOptions game_;
  std::array<Seat, 2> newGameSeats_ = NewGameOptions{}.seats;
  std::string filePath_;
  std::string writeError_;
  std::string errorText_;
  bool errorPopup_ = false;
  std::string statusText_;
  Tile selected_ = kNoTile;
  int chosenGhost_ = 0;
  bool autoplay_ = false;
  float autoplayElapsed_ = 0;
  float computerElapsed_ = 0;
  void showError(const std::string& e);
  void status(const std::string& s) { statusText_ = s; }
  void newGame(const NewGameOptions& o);
  bool open(const std::string& path);
  bool save(const std::string& path);
  void play(const Move& m);
  void playSelected();
  void select(Tile t);
  void undo();
  void redo();
  void undoMove();
  void setSeat(Player p, Seat s);
  void editorStart();
  void bump() { ++generation_; }
  void startThinking(Player who);
  // The seat's outside engine for this game, started at its first move (null for other players).
  [[nodiscard]] std::shared_ptr<SeatEngine> seatEngine(Player who);
  bool refused(const Intent& in);
  // apply()'s groups of intents: each applies its own intents and returns false for any other.
  bool applyMessage(const Intent& in);
  bool applyTimeline(const Intent& in);
  bool timelineCommand(intent::Cmd c);
  bool applyFile(const Intent& in);
  // Writing a lesson (session_authoring.cpp): false for any other intent.
  bool applyAuthoring(const Intent& in);
  bool applyEditor(const Intent& in);
  bool applySettings(const Intent& in);
  void applySettingLine(std::string_view line);
  void setToggle(intent::Toggle t, bool on);
  void setPane(Pane pane, bool open);
  void addNotes(const std::vector<std::pair<int, std::string>>& notes);
  std::vector<Move> redoMoves_;  // the moves an undo against the computer took back, in order
  int redoNode_ = -1;            // ... valid while the timeline and its current node are these
  std::uint64_t redoTimeline_ = 0;
  bool unsaved_ = false;
  std::uint64_t generation_ = 0;
  std::uint64_t epoch_ = 1;
  std::uint64_t timelineId_ = 1;
  std::unique_ptr<Jobs> jobs_;  // the computer's move, the analyses (jobs.h)
  CoachHint coachHint_;
  bool analysisAll_ = false;
  MistakeSide mistakeSide_ = MistakeSide::Both;
  // The branch whose analysis was asked for and not yet announced: once it is done, the status line
  // says what it found.
  std::optional<RecordAnalyser::Key> recordToAnnounce_;
  bool applyCoach(const Intent& in);
  // The puzzle trainer (session_trainer.cpp).
  Trainer trainer_;
  bool applyTrainer(const Intent& in);
  bool openPuzzle(const std::string& path, int number);
  void nextPuzzle(const std::string& path);
  void judgePuzzle(const Move& mv);
  void collectVerdict();
  [[nodiscard]] std::string verdictText(const Match& start, const PuzzleVerdict& v) const;
  void showVerdict(const PuzzleVerdict& v);
  [[nodiscard]] bool judgingBlocks(const Intent& in);
  // Learn mode (session_course.cpp).
  Course course_;
  bool applyCourse(const Intent& in);
  bool startLesson(const std::string& path);
  void answerLesson(const lesson::Answer& a);
  void wrongLessonTry(const std::string& why);
  void showLesson(int node);
  bool lessonForward(bool toTask);
  [[nodiscard]] bool lessonBlocks(const Intent& in);
  [[nodiscard]] bool lockBlocks(const Intent& in);
  // A tiles task waits and t is in the mover's hand: a click on it toggles its pick.
  [[nodiscard]] bool picking(Tile t) const;
  void askHint();
  void lessonHint();
  void analyseRecord();
  void jumpMistake(int dir);
  void analysisNotes();
  void showMove(const Move& mv);
  void showHint();
  std::optional<Player> thinkingFor_;
  std::optional<ComputerDecision> lastDecision_;
  std::shared_ptr<LiveInfo> live_;  // the thinking engine's info lines so far
  bool playersFromSeats_ = true;    // the players' names are the seats' (a new game), not a record's
  bool autoVisibility_ = false;     // the view was set by the first run, not by the user
  std::string hint_;                // shown until the first move of a first-run game
};

}  // namespace dom::studio
