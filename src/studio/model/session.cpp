// SPDX-License-Identifier: MIT
// The session: every intent applied in one place, the computer seats and autoplay, the first run.
#include "studio/model/session.h"

#include "studio/model/actions.h"
#include "studio/model/i18n.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string_view>
#include <variant>

#include "ai/engine.h"
#include "ai/observation.h"
#include "core/files.h"
#include "studio/model/coach.h"
#include "studio/platform/platform.h"

namespace dom::studio {

bool windowIntent(const Intent& in) {
  return std::holds_alternative<intent::WindowCommand>(in) || std::holds_alternative<intent::ExportPng>(in) ||
         std::holds_alternative<intent::SetView>(in);
}

std::optional<intent::Cmd> commandOf(const Intent& in) {
  if (const auto* c = std::get_if<intent::Command>(&in)) return c->cmd;
  return std::nullopt;
}

bool* confirmation(Intent& in) {
  if (auto* o = std::get_if<intent::Open>(&in)) return &o->confirmed;
  if (auto* p = std::get_if<intent::OpenPuzzle>(&in)) return &p->confirmed;
  if (auto* n = std::get_if<intent::NextPuzzle>(&in)) return &n->confirmed;
  if (auto* r = std::get_if<intent::RetryPuzzle>(&in)) return &r->confirmed;
  return nullptr;
}

MoveCounter moveCounter(const Timeline& t) {
  MoveCounter c;
  const auto& path = t.branchPath();
  const int pos = t.pathPos();
  for (std::size_t k = 0; k < path.size(); ++k) {
    const Node& n = t.node(path[k]);
    if (n.roundStart) continue;  // a deal is a row without a number
    ++c.last;
    if (static_cast<int>(k) <= pos) c.current = c.last;
  }
  return c;
}

Session::Session() : jobs_(std::make_unique<Jobs>()) { editor_.load(match()); }
Session::Session(Session&&) noexcept = default;
Session& Session::operator=(Session&&) noexcept = default;
Session::~Session() = default;

bool Session::thinking() const { return jobs_ && jobs_->thinker.busy(); }
bool Session::computerSettled() const { return !jobs_ || jobs_->thinker.settled(); }

void Session::waitForComputer() {
  if (jobs_) jobs_->thinker.wait();
}

ComputerDecision workerDecision(const std::string& spec, const ai::Observation& o, std::string_view answer,
                                std::chrono::steady_clock::time_point asked) {
  ComputerDecision d;
  d.spec = spec;
  d.forced = o.legal.size <= 1;
  d.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - asked).count();
  if (answer.starts_with("time ")) {
    const std::size_t nl = answer.find('\n');
    d.ms = std::strtod(std::string(answer.substr(5, nl - 5)).c_str(), nullptr);
    answer = nl == std::string_view::npos ? std::string_view{} : answer.substr(nl + 1);
  }
  try {
    ai::Decision made = ai::readEngineAnswer(o, answer);
    d.move = made.move;
    d.reason = std::move(made.reason);
    d.info = std::move(made.info);
  } catch (const std::exception& e) {
    d.failure = e.what();
  }
  return d;
}

// The seat's player decides on a worker thread, from a copy of the position, with a seed of its
// own for this move (so that a game replays the same for a seed, whatever the frame rate).
void Session::startThinking(Player who) {
  const std::string spec = game_.seats[static_cast<std::size_t>(idx(who))].spec;
  const std::uint64_t seed = game_.seed * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(timeline_.pathPos()) + 1;
  thinkingFor_ = who;
  // What the seat may know: its Observation of the round so far on this branch (built here, where
  // the timeline is; the worker gets a copy).
  ai::RoundLog log;
  for (const RoundMove& rm : roundMoves(timeline_)) log.record(*rm.before, rm.move);
  ai::Observation seen = ai::observe(match(), who, log);
  // The web page's worker decides (docs/web.md): the position goes to it as the engine protocol's
  // request, and the answer is the move the same player makes here from the same seed.
  if (platform::hasWorker()) {
    const auto t0 = std::chrono::steady_clock::now();
    const std::string request = "player " + spec + "\n" + ai::engineRequest(seen, seed, 0);  // before seen moves
    jobs_->thinker.ask(
        epoch_, platform::Channel::Computer, request,
        [spec, t0, o = std::move(seen)](const std::string& answer) { return workerDecision(spec, o, answer, t0); });
    return;
  }
  live_ = std::make_shared<LiveInfo>();
  jobs_->thinker.start(
      epoch_, [spec, seed, o = std::move(seen), engine = seatEngine(who), live = live_](JobControl& control) {
        const auto t0 = std::chrono::steady_clock::now();
        ComputerDecision d;
        d.spec = spec;
        d.forced = o.legal.size <= 1;
        // An outside engine is the seat's process for the whole game; any other player is made for this move.
        std::unique_lock<std::mutex> hold;
        std::unique_ptr<ai::Computer> own;
        ai::Computer* player = nullptr;
        if (engine) {
          hold = std::unique_lock(engine->mutex);
          player = engine->player.get();
        } else {
          own = ai::makePlayer(spec, seed);
          player = own.get();
        }
        if (player) {
          player->setStop(&control.cancel);  // a newer position, a new game or quitting stops it soon
          player->setProgress([live](const ai::EngineInfo& i) {
            std::lock_guard lock(live->mutex);
            live->info.push_back(i);
          });
          // An outside engine that fails (docs/engine-protocol.md) loses its move with its reason.
          try {
            ai::Decision made = player->decide(o);
            d.move = made.move;
            d.reason = std::move(made.reason);
            d.info = std::move(made.info);
          } catch (const std::exception& e) {
            d.failure = e.what();
          }
          player->setProgress({});
        } else {
          d.move = ai::greedyMove(o);
        }
        d.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        return d;
      });
}

std::shared_ptr<SeatEngine> Session::seatEngine(Player who) {
  const Seat& seat = game_.seats[static_cast<std::size_t>(idx(who))];
  auto& e = jobs_->engines[static_cast<std::size_t>(idx(who))];
  if (!seat.spec.starts_with("engine")) {
    e.reset();
    return nullptr;
  }
  if (!e || e->spec != seat.spec || e->game != timelineId_) {
    e = std::make_shared<SeatEngine>();  // the last job that holds the old one ends its process
    e->spec = seat.spec;
    e->game = timelineId_;
    e->player = ai::makePlayer(seat.spec, game_.seed);
  }
  return e;
}

std::vector<ai::EngineInfo> Session::engineLive() const {
  if (!thinking() || !live_) return {};
  std::lock_guard lock(live_->mutex);
  return live_->info;
}

std::optional<Player> Session::soleHuman() const {
  const bool a = game_.seats[0].human(), b = game_.seats[1].human();
  if (a == b) return std::nullopt;
  return a ? Player::A : Player::B;
}

bool Session::humanToMove() const {
  const auto p = match().toMove();
  return p && game_.seats[static_cast<std::size_t>(idx(*p))].human();
}

bool Session::computerHolds(Tile t) const {
  if (t == kNoTile || t >= kTiles) return false;
  for (int p = 0; p < 2; ++p)
    if ((match().state().hand[static_cast<std::size_t>(p)] & bit(t)) &&
        !game_.seats[static_cast<std::size_t>(p)].human())
      return true;
  return false;
}

bool Session::canRedo() const {
  return !editing() && !redoMoves_.empty() && redoTimeline_ == timelineId_ && redoNode_ == timeline_.currentIndex();
}

// A user's intent the seats forbid: playing while a computer seat is to move, or selecting a
// computer seat's tile. It is refused with the reason and changes nothing (the computer keeps thinking).
bool Session::refused(const Intent& in) {
  if (lockBlocks(in) || lessonBlocks(in)) return true;
  const auto who = match().toMove();
  const bool play = std::holds_alternative<intent::Play>(in) || commandOf(in) == intent::Cmd::PlaySelected;
  if (play && who && !game_.seats[static_cast<std::size_t>(idx(*who))].human()) {
    status(i18n::format(_("{0} is the computer's seat: it plays its own tiles"), {std::string(1, letter(*who))}));
    return true;
  }
  if (const auto* sel = std::get_if<intent::Select>(&in); sel && computerHolds(sel->tile)) {
    status(_("that tile is the computer's: only your own tiles can be selected"));
    return true;
  }
  return false;
}

std::array<std::string, 2> Session::playerNames() const {
  // A record names its players, or names none: then they are A and B only (not the reviewing
  // seats, which are both human and would call both players "Human").
  if (!playersFromSeats_) return timeline_.players() ? *timeline_.players() : std::array<std::string, 2>{};
  return {std::string(name(game_.seats[0])), std::string(name(game_.seats[1]))};
}

std::string Session::statusLine() const { return statusText_.empty() ? std::string(_(hint_.c_str())) : statusText_; }

void Session::showError(const std::string& e) {
  errorText_ = e;
  errorPopup_ = true;
  spdlog::error("{}", e);
}

void Session::firstRun() {
  if (const auto human = soleHuman()) {
    settings_.visibility = *human == Player::A ? Visibility::AsA : Visibility::AsB;
    autoVisibility_ = true;
    hint_ = i18n::touch() ? N_("Tap a tile, then one of its ghosts (the faint tiles on the table, one for each place "
                               "it fits) to play it.")
                          : N_("Click a tile, then a ghost to play (or Tab, Enter).");
  }
  settings_.open[static_cast<std::size_t>(Pane::Scenarios)] = true;
  settings_.open[static_cast<std::size_t>(Pane::Learn)] = true;  // it offers the first lesson
  bump();
}

void Session::newGame(const NewGameOptions& o) {
  auto parsed = parseRules(o.rules);
  if (auto* err = std::get_if<std::string>(&parsed)) {
    showError("rules: " + *err);
    return;
  }
  game_ = o;
  newGameSeats_ = o.seats;
  lastDecision_.reset();
  Match m = newMatch(std::get<Rules>(parsed), o.seed);
  timeline_.reset(m, dealRecord(m));
  ++timelineId_;
  trainer_ = {};
  course_ = {};
  playersFromSeats_ = true;
  timeline_.setPlayers(playerNames());
  filePath_.clear();
  unsaved_ = false;
  selected_ = kNoTile;
  autoplay_ = false;
  editor_.load(m);
  // A game against the computer always starts with the computer's hand hidden, whatever the view a
  // lesson or a record left in the settings (issue 43 #8); Show can still reveal it.
  if (const auto human = soleHuman()) {
    settings_.visibility = *human == Player::A ? Visibility::AsA : Visibility::AsB;
    autoVisibility_ = true;
  } else if (autoVisibility_) {
    settings_.visibility = Visibility::All;
  }
  spdlog::info("new game: {} seed {} (A {}, B {})", std::get<Rules>(parsed).text(), o.seed, name(o.seats[0]),
               name(o.seats[1]));
}

bool Session::open(const std::string& path) {
  Timeline t;
  if (auto err = t.loadFile(path)) {
    showError(err->text());
    return false;
  }
  timeline_ = std::move(t);
  ++timelineId_;
  trainer_ = {};
  course_ = {};
  filePath_ = path;
  unsaved_ = false;
  game_.seats = {Seat::Human, Seat::Human};  // a record is reviewed; play on from any position
  game_.rules = match().rules().text();
  playersFromSeats_ = false;
  selected_ = kNoTile;
  autoplay_ = false;
  hint_.clear();
  editor_.load(match());
  if (autoVisibility_) settings_.visibility = Visibility::All;  // a record is reviewed with every hand shown
  auto& r = settings_.recent;
  r.erase(std::remove(r.begin(), r.end(), path), r.end());
  r.insert(r.begin(), path);
  settings_.clamp();
  spdlog::info("opened {} ({} positions)", path, timeline_.size());
  return true;
}

bool Session::save(const std::string& path) {
  const std::string text = dgn::write(timeline_.record());
  if (auto err = dgn::saveFile(path, text); !err.empty()) {
    showError(err);  // "cannot save PATH: reason"
    return false;
  }
  filePath_ = path;
  unsaved_ = false;
  status(i18n::format(_("saved {0}"), {path}));
  spdlog::info("saved {}", path);
  platform::fileSaved(path);  // the web page downloads it
  return true;
}

void Session::play(const Move& mv) {
  const auto who = match().toMove();
  if (!who) {
    status(_("no round is on"));
    return;
  }
  // A lesson's task waits: the engine judges the move, legal or not, as an answer or as a wrong try
  // (session_course.cpp).
  if (const LessonStep* t = course_.pending(); t && t->node == timeline_.currentIndex()) {
    using TK = dgn::Task::Kind;
    if (t->task.kind == TK::Play || t->task.kind == TK::Draw || t->task.kind == TK::Pass)
      answerLesson(lesson::Answer{t->task.kind, mv, End::None, 0, 0});
    else if (const std::string why = lesson::illegalTry(match(), *who, mv); !why.empty())
      wrongLessonTry(why);
    else
      answerLesson(lesson::Answer{dgn::Task::Kind::Play, mv, End::None, 0, 0});
    return;
  }
  // The engine's reason names the player and the action ("A cannot draw: ..."): shown as it is.
  if (const std::string why = match().illegal(mv, *who); !why.empty()) {
    status(why);
    spdlog::warn("{}: {}", match().moveText(mv), why);
    return;
  }
  // The trainer's puzzle: the learner's first move is the answer (session_trainer.cpp).
  if (trainer_.active() && !trainer_.solved && timeline_.currentIndex() == 0 && *who == trainer_.puzzle->mover) {
    judgePuzzle(mv);
    return;
  }
  timeline_.play(mv);
  unsaved_ = true;
  selected_ = kNoTile;
  chosenGhost_ = 0;
  if (game_.seats[static_cast<std::size_t>(idx(*who))].human()) hint_.clear();
}

void Session::playSelected() {
  const Match& m = match();
  const auto who = m.toMove();
  if (selected_ == kNoTile) return status(i18n::format(_("select a tile first ({0})"), {keyOf("game.select_next")}));
  if (!who) return status(_("no round is on"));
  const auto placements = movesOfTile(m, selected_);
  if (placements.empty()) {
    Move probe;
    probe.tile = selected_;
    probe.end = m.state().beforeLead() ? End::None : End::L;
    if (lessonWaits()) return play(probe);  // a wrong try at the lesson's task: judged and counted
    return status(m.illegal(probe, *who));
  }
  play(placements[static_cast<std::size_t>(std::clamp(chosenGhost_, 0, static_cast<int>(placements.size()) - 1))]);
}

void Session::select(Tile t) {
  selected_ = t;
  chosenGhost_ = 0;
}

void Session::setSeat(Player p, Seat s) {
  game_.seats[static_cast<std::size_t>(idx(p))] = std::move(s);
  if (jobs_) jobs_->engines[static_cast<std::size_t>(idx(p))].reset();  // a seat set again starts its engine again
  newGameSeats_ = game_.seats;
  // A new game's players are its seats: the names follow (a record keeps its own).
  if (playersFromSeats_) timeline_.setPlayers(playerNames());
}

void Session::editorStart() {
  auto started = editor_.start();
  if (!started) {
    showError(i18n::format(_("the position is illegal: {0}"), {editor_.error()}));
    return;
  }
  timeline_.resetSetup(started->first, started->second);
  ++timelineId_;
  trainer_ = {};
  course_ = {};
  game_.rules = started->first.rules().text();
  playersFromSeats_ = true;
  timeline_.setPlayers(playerNames());
  filePath_.clear();
  selected_ = kNoTile;
  // Leave edit mode: the table shows the game again, from the edited position.
  settings_.open[static_cast<std::size_t>(Pane::Editor)] = false;
  unsaved_ = true;
  spdlog::info("playing from an edited position");
}

void Session::undo() {
  if (editing()) {
    if (!editor_.undo()) status(_("nothing to undo in the editor"));
    return;
  }
  undoMove();
}

void Session::redo() {
  if (editing()) {
    if (!editor_.redo()) status(_("nothing to redo in the editor"));
    return;
  }
  selected_ = kNoTile;
  if (timeline_.next()) return;
  if (!canRedo()) return status(_("no later position on this branch"));
  // The moves an undo against the computer took back: the human's and the computer's replies.
  const std::vector<Move> moves = std::move(redoMoves_);
  redoMoves_.clear();
  for (const Move& mv : moves) {
    const auto who = match().toMove();
    if (!who || !match().illegal(mv, *who).empty()) break;
    timeline_.play(mv);
    unsaved_ = true;
  }
}

// At the tip of a game against the computer, undo the human's last move with the computer's
// replies, and drop them (no branch is left behind); anywhere else, one step back.
void Session::undoMove() {
  autoplay_ = false;
  selected_ = kNoTile;
  const auto human = soleHuman();
  const Node& here = timeline_.current();
  if (!human || !here.children.empty() || here.parent < 0) {
    if (!timeline_.prev()) status(_("nothing to undo: this is the first position"));
    return;
  }
  auto byComputer = [&](const Node& n) { return n.move && n.by != *human; };
  int target = timeline_.currentIndex();
  while (byComputer(timeline_.node(target)) && timeline_.node(target).parent >= 0)
    target = timeline_.node(target).parent;
  const Node& t = timeline_.node(target);
  if (t.move && t.by == *human && t.parent >= 0) target = t.parent;
  if (target == timeline_.currentIndex()) {
    if (!timeline_.prev()) status(_("nothing to undo: this is the first position"));
    return;
  }
  const bool oneBranch = timeline_.leaves().size() == 1;
  if (!oneBranch || !playersFromSeats_) {
    timeline_.jump(target);
    return;
  }
  // Rebuild the branch up to the target: the undone moves leave no branch behind.
  const std::vector<int> path = timeline_.branchPath();
  const auto end = std::find(path.begin(), path.end(), target);
  const Node& root = timeline_.node(path.front());
  if (!root.roundStart) {
    timeline_.jump(target);
    return;
  }
  // The moves taken back, kept for Redo (a round's deal ends them: Redo replays moves only).
  std::vector<Move> undone;
  for (auto it = end + 1; it != path.end(); ++it) {
    const Node& n = timeline_.node(*it);
    if (!n.move || n.roundStart) break;
    undone.push_back(*n.move);
  }
  Timeline rebuilt;
  rebuilt.reset(root.match, *root.roundStart);
  rebuilt.setTitle(timeline_.title());
  rebuilt.setPlayers(timeline_.players());
  for (auto it = path.begin() + 1; it != path.end() && it <= end; ++it) {
    const Node& n = timeline_.node(*it);
    if (n.roundStart)
      rebuilt.dealNext(game_.seed + static_cast<std::uint64_t>(rebuilt.current().match.round()));
    else if (n.move)
      rebuilt.play(*n.move);
  }
  if (rebuilt.size() != static_cast<int>(end - path.begin()) + 1) {
    timeline_.jump(target);  // the replay did not reach it: keep the tree, step back
    return;
  }
  timeline_ = std::move(rebuilt);
  ++timelineId_;
  redoMoves_ = std::move(undone);
  redoTimeline_ = timelineId_;
  redoNode_ = timeline_.currentIndex();
}

// The timeline's commands (moving along it, playing, dealing); false for any other command.
bool Session::timelineCommand(intent::Cmd c) {
  using intent::Cmd;
  switch (c) {
    case Cmd::First: timeline_.first(); break;
    case Cmd::Prev: timeline_.prev(); break;
    case Cmd::Next: timeline_.next(); break;
    case Cmd::Last: timeline_.last(); break;
    case Cmd::Autoplay:
      autoplay_ = !autoplay_;
      autoplayElapsed_ = 0;
      break;
    case Cmd::PlaySelected: playSelected(); break;
    case Cmd::DealNext:
      if (const auto why = match().canStartRound(); !why.empty()) {
        status(why);
      } else {
        timeline_.dealNext(game_.seed + static_cast<std::uint64_t>(match().round()));
        unsaved_ = true;
      }
      break;
    default: return false;
  }
  return true;
}

// The timeline's intents (moving along it, playing, dealing, notes); false for any other intent.
bool Session::applyTimeline(const Intent& in) {
  return std::visit(Overloaded{[&](const intent::Command& c) { return timelineCommand(c.cmd); },
                               [&](const intent::Jump& j) {
                                 timeline_.jump(j.node);
                                 return true;
                               },
                               [&](const intent::AddNotes& n) {
                                 addNotes(n.notes);
                                 return true;
                               },
                               [&](const intent::Select& sel) {
                                 select(sel.tile);
                                 return true;
                               },
                               [&](const intent::ChooseGhost& g) {
                                 chosenGhost_ = std::max(0, g.index);
                                 return true;
                               },
                               [&](const intent::Play& p) {
                                 play(p.move);
                                 return true;
                               },
                               [](const auto&) { return false; }},
                    in);
}

// The notes of an AddNotes intent added after their nodes' moves; the status line says how many.
void Session::addNotes(const std::vector<std::pair<int, std::string>>& notes) {
  int added = 0;
  for (const auto& [node, text] : notes)
    if (node >= 0 && node < timeline_.size() && timeline_.addNote(node, text)) {
      ++added;
      if (course_.active()) course_.notes.emplace_back(node, text);  // kept at the next task
    }
  unsaved_ = unsaved_ || added > 0;
  status(added == 0 ? std::string(_("no note to add"))
                    : i18n::format(P_("{0} note added: save to keep it", "{0} notes added: save to keep them", added),
                                   {std::to_string(added)}));
}

// The files' and games' intents (open, save, a new game, play from the edited position); false for any other.
bool Session::applyFile(const Intent& in) {
  return std::visit(Overloaded{[&](const intent::Open& o) {
                                 open(o.path);
                                 return true;
                               },
                               [&](const intent::Save& sv) {
                                 save(sv.path);
                                 return true;
                               },
                               [&](const intent::NewGame& g) {
                                 newGame(g.options);
                                 return true;
                               },
                               [&](const intent::Command& c) {
                                 if (c.cmd != intent::Cmd::EditorStart) return false;
                                 editorStart();
                                 return true;
                               },
                               [](const auto&) { return false; }},
                    in);
}

// The position editor's intents, and undo and redo (the editor's in edit mode, else the timeline's).
bool Session::applyEditor(const Intent& in) {
  using intent::Cmd;
  return std::visit(Overloaded{[&](const intent::Command& c) {
                                 switch (c.cmd) {
                                   case Cmd::EditLoad: editor_.load(match()); return true;
                                   case Cmd::Undo: undo(); return true;
                                   case Cmd::Redo: redo(); return true;
                                   default: return false;
                                 }
                               },
                               [&](const intent::EditMove& e) {
                                 editor_.moveTile(e.tile, e.zone);
                                 return true;
                               },
                               [&](const intent::EditTurn& e) {
                                 editor_.setTurn(e.player);
                                 return true;
                               },
                               [&](const intent::EditScore& e) {
                                 editor_.setScore(e.scores);
                                 return true;
                               },
                               [&](const intent::EditStockOrder& e) {
                                 editor_.moveInStock(e.tile, e.step);
                                 return true;
                               },
                               [](const auto&) { return false; }},
                    in);
}

// The seats' and the view settings' intents; false for any other intent.
bool Session::applySettings(const Intent& in) {
  return std::visit(Overloaded{[&](const intent::SetSeat& st) {
                                 setSeat(st.player, st.seat);
                                 return true;
                               },
                               [&](const intent::SetVisibility& v) {
                                 settings_.visibility = v.visibility;
                                 autoVisibility_ = false;
                                 return true;
                               },
                               [&](const intent::SetToggle& t) {
                                 setToggle(t.toggle, t.on);
                                 return true;
                               },
                               [&](const intent::SetSpeed& sp) {
                                 settings_.speed = sp.speed;
                                 settings_.clamp();
                                 return true;
                               },
                               [&](const intent::SetComputerDelay& d) {
                                 settings_.computerDelay = d.seconds;
                                 settings_.clamp();
                                 return true;
                               },
                               [&](const intent::SetPane& p) {
                                 setPane(p.pane, p.open);
                                 return true;
                               },
                               [](const auto&) { return false; }},
                    in);
}

void Session::setToggle(intent::Toggle t, bool on) {
  switch (t) {
    case intent::Toggle::Teaching: settings_.teaching = on; break;
    case intent::Toggle::Animate: settings_.animate = on; break;
    case intent::Toggle::Ghosts: settings_.ghosts = on; break;
  }
}

void Session::setPane(Pane pane, bool open) {
  const bool entering = pane == Pane::Editor && open && !editing();
  settings_.open[static_cast<std::size_t>(pane)] = open;
  // Entering edit mode starts from the position on the table, unless edits are pending.
  if (entering && !editor_.canUndo()) editor_.load(match());
}

// The intents that touch neither the game nor its view: a status message, the error modal's
// dismissal, a line of the saved settings, the language. True when it was one of them.
bool Session::applyMessage(const Intent& in) {
  return std::visit(Overloaded{[&](const intent::Status& st) {
                                 statusText_ = st.text;
                                 return true;
                               },
                               [&](const intent::Command& c) {
                                 if (c.cmd != intent::Cmd::DismissError) return false;
                                 errorPopup_ = false;
                                 return true;
                               },
                               [&](const intent::SetSetting& st) {
                                 applySettingLine(st.line);
                                 return true;
                               },
                               [&](const intent::SetLanguage& l) {  // a view setting: nothing of the game changes
                                 if (l.code.empty() || i18n::known(l.code)) settings_.language = l.code;
                                 bump();
                                 return true;
                               },
                               [](const auto&) { return false; }},
                    in);
}

void Session::applySettingLine(std::string_view l) {
  const auto eq = l.find('=');
  if (eq == std::string_view::npos) return;
  if (const auto why = applySetting(settings_, l.substr(0, eq), l.substr(eq + 1)); !why.empty())
    spdlog::warn("settings: {} {}; ignored", files::cut(l, 60), why);
  settings_.clamp();
}

namespace {
// Only the view settings (and the notes, the selection) leave the game as it was: anything else makes
// a running decision stale.
bool viewOnly(const Intent& in) {
  return std::holds_alternative<intent::AddNotes>(in) || std::holds_alternative<intent::SetVisibility>(in) ||
         std::holds_alternative<intent::SetToggle>(in) || std::holds_alternative<intent::SetSpeed>(in) ||
         std::holds_alternative<intent::SetComputerDelay>(in) || std::holds_alternative<intent::SetPane>(in) ||
         std::holds_alternative<intent::Select>(in) || std::holds_alternative<intent::ChooseGhost>(in);
}

// Stepping by hand along the timeline: autoplay stops and the selection goes.
bool manualStep(const Intent& in) {
  using intent::Cmd;
  const auto c = commandOf(in);
  return std::holds_alternative<intent::Jump>(in) || c == Cmd::First || c == Cmd::Prev || c == Cmd::Next ||
         c == Cmd::Last;
}
}  // namespace

void Session::apply(const Intent& in) {
  if (applyMessage(in)) return;
  if (windowIntent(in)) return;  // App's business
  // A message is about the last action: any new action clears it (a refusal sets a new one).
  statusText_.clear();
  if (refused(in)) {
    bump();
    return;
  }
  // The coach's intents ask for background work or show its results: the game is as it was.
  if (applyCoach(in)) {
    bump();
    return;
  }
  if (applyTrainer(in) || applyCourse(in)) {
    ++epoch_;
    bump();
    return;
  }
  // Each intent belongs to one group; the messages and the window's intents returned above.
  if (!applyAuthoring(in) && !applyTimeline(in) && !applyFile(in) && !applyEditor(in)) applySettings(in);
  if (!viewOnly(in)) {
    ++epoch_;
    if (jobs_->thinker.busy()) {
      jobs_->thinker.cancel();
      thinkingFor_.reset();
    }
  }
  if (manualStep(in)) {
    autoplay_ = false;
    selected_ = kNoTile;
  }
  bump();
}

void Session::applyAll(Intents& in) {
  for (const Intent& i : in) apply(i);
  in.clear();
}

void Session::tick(float dt) {
  if (autoplay_) {
    autoplayElapsed_ += dt * settings_.speed;
    if (autoplayElapsed_ >= 1.0f) {
      autoplayElapsed_ = 0;
      if (!lessonForward(false) && !timeline_.next()) autoplay_ = false;
      bump();
    }
    return;
  }
  // Computer seats play only at the tip of the current branch, and never in edit mode.
  if (!timeline_.current().children.empty() || editing()) return;
  const Match& m = match();
  if (m.round() > 0 && m.state().over() && !m.matchOver() && game_.seats[0] != Seat::Human &&
      game_.seats[1] != Seat::Human) {
    computerElapsed_ += dt;
    if (computerElapsed_ >= settings_.computerDelay) {
      computerElapsed_ = 0;
      apply(intentOf(intent::Cmd::DealNext));
    }
    return;
  }
  const auto who = m.toMove();
  if (!who || game_.seats[static_cast<std::size_t>(idx(*who))].human()) {
    computerElapsed_ = 0;
    return;
  }
  // The computer thinks from the moment it is its turn; its move shows once the delay has passed.
  computerElapsed_ += dt;
  if (!jobs_->thinker.runs(epoch_)) startThinking(*who);
  if (computerElapsed_ < settings_.computerDelay) return;
  auto d = jobs_->thinker.take(epoch_);
  if (!d) return;
  thinkingFor_.reset();
  computerElapsed_ = 0;
  if (!d->failure.empty()) {
    // The seat's player failed (an outside engine crashed, hung or played illegally): the seat is
    // the user's now, and the error says why; the game stays as it was.
    setSeat(*who, Seat::Human);
    ++epoch_;
    showError(i18n::format(_("{0} did not move: {1}. Its seat is yours now."), {d->spec, d->failure}));
    return;
  }
  // The computer's own move (apply() would refuse a Play for a computer seat: that is the user's).
  play(d->move);
  ++epoch_;
  statusText_.clear();  // a message about the position before this move ("B is the computer's seat") is stale
  bump();
  d->node = timeline_.currentIndex();
  // What an outside engine said of its move stays with the move, as the record's comment.
  if (!d->info.empty()) timeline_.setComment(d->node, infoWords(d->info));
  lastDecision_ = std::move(d);
}

std::string infoWords(const std::vector<ai::EngineInfo>& info) {
  ai::EngineInfo last;
  for (const ai::EngineInfo& i : info) {  // each figure as the engine last gave it
    if (i.win) last.win = i.win;
    if (i.points) last.points = i.points;
    if (!i.moves.empty()) last.moves = i.moves;
    if (i.nodes) last.nodes = i.nodes;
    if (!i.text.empty()) last.text = i.text;
  }
  std::vector<std::string> parts;
  if (last.win) parts.push_back(i18n::format(_("win {0}%"), {std::to_string(std::lround(*last.win * 100))}));
  if (last.points) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f", *last.points);
    parts.push_back(i18n::format(_("{0} points"), {buf}));
  }
  if (!last.moves.empty()) {
    std::string m;
    for (const std::string& w : last.moves) m += (m.empty() ? "" : " ") + w;
    parts.push_back(i18n::format(_("prefers {0}"), {m}));
  }
  if (last.nodes) parts.push_back(i18n::format(_("{0} nodes"), {std::to_string(*last.nodes)}));
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : ", ") + p;
  if (!last.text.empty()) out += (out.empty() ? "" : ": ") + last.text;
  return out;
}

}  // namespace dom::studio
