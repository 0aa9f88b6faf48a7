// SPDX-License-Identifier: MIT
// The session's puzzle trainer (trainer.h): opening a puzzle as its mover sees it, judging the
// learner's move, and replacing the table with the winning line against the hardest split.
#include <spdlog/spdlog.h>

#include <chrono>
#include <filesystem>

#include "ai/puzzle.h"
#include "core/files.h"
#include "core/reason.h"
#include "studio/model/i18n.h"
#include "studio/model/paths.h"
#include "studio/model/session.h"
#include "studio/platform/platform.h"

namespace dom::studio {

namespace {

Mask stockMask(const Setup& s) {
  Mask m = 0;
  for (Tile t : s.stock) m |= bit(t);
  return m;
}

// The split of a world in words: "B holds 5-5 and 0-0" and, when the reserve holds tiles, its tiles.
std::string splitWords(const Setup& world, Player mover) {
  const std::string opp(1, letter(other(mover)));
  std::string s = i18n::format(_("{0} holds {1}"), {opp, tilesText(world.hand[idx(other(mover))])});
  if (const Mask stock = stockMask(world); stock != 0)
    s = i18n::format(_("{0}, and the stock {1}"), {s, tilesText(stock)});
  return s;
}

}  // namespace

std::string Session::puzzleBook(const std::string& rules) {
  const std::string dir = paths::dataDir("puzzles");
  if (dir.empty()) return {};
  const std::filesystem::path p = std::filesystem::path(dir) / (rules + ".dgn");
  std::error_code ec;
  return std::filesystem::is_regular_file(p, ec) ? p.string() : std::string();
}

bool Session::applyTrainer(const Intent& in) {
  if (judgingBlocks(in)) return true;
  if (const auto* o = std::get_if<intent::OpenPuzzle>(&in)) {
    openPuzzle(o->collection, o->number);
  } else if (const auto* n = std::get_if<intent::NextPuzzle>(&in)) {
    nextPuzzle(n->collection);
  } else if (std::holds_alternative<intent::RetryPuzzle>(in)) {
    if (trainer_.active()) openPuzzle(trainer_.puzzle->file, trainer_.puzzle->number);
  } else if (const auto* t = std::get_if<intent::SetPuzzleTheme>(&in)) {
    settings_.learner.theme = t->theme;
  } else {
    return false;
  }
  return true;
}

bool Session::openPuzzle(const std::string& path, int number) {
  auto loaded = loadPuzzle(path, number);
  if (auto* e = std::get_if<dgn::Error>(&loaded)) {
    showError(e->text());
    return false;
  }
  TrainerPuzzle p = std::move(std::get<TrainerPuzzle>(loaded));
  std::vector<PuzzleCard> cards;
  if (trainer_.active() && trainer_.puzzle->file == path) {
    cards = std::move(trainer_.cards);
  } else if (auto listed = listPuzzles(path); std::holds_alternative<std::vector<PuzzleCard>>(listed)) {
    cards = std::move(std::get<std::vector<PuzzleCard>>(listed));
  }
  Match m(p.rules);
  (void)m.startSetup(p.setup);  // loadPuzzle started it once already
  dgn::RoundRecord round;
  static_cast<Setup&>(round) = p.setup;
  round.setup = true;
  // The table shows the position and nothing else: the note waits for the answer.
  timeline_ = Timeline();
  timeline_.resetSetup(m, round);
  timeline_.setTitle(p.title);
  ++timelineId_;
  filePath_.clear();  // Save asks for a new name: a puzzle book is never written over
  unsaved_ = false;
  game_.rules = p.rules.text();
  // The mover is the learner; the other seat is the computer's, so its tiles cannot be played.
  game_.seats[static_cast<std::size_t>(idx(p.mover))] = Seat::Human;
  game_.seats[static_cast<std::size_t>(idx(other(p.mover)))] = Seat::Greedy;
  playersFromSeats_ = false;  // the players are "A" and "B": the puzzle's, not the seats'
  timeline_.setPlayers(std::nullopt);
  selected_ = kNoTile;
  autoplay_ = false;
  hint_.clear();
  lastDecision_.reset();
  settings_.visibility = p.mover == Player::A ? Visibility::AsA : Visibility::AsB;
  autoVisibility_ = false;
  settings_.open[static_cast<std::size_t>(Pane::Tracker)] = true;
  settings_.open[static_cast<std::size_t>(Pane::Puzzles)] = true;
  settings_.open[static_cast<std::size_t>(Pane::Editor)] = false;
  editor_.load(m);
  trainer_ = Trainer{};
  course_ = {};
  trainer_.cards = std::move(cards);
  spdlog::info("puzzle {} ({}): {}", p.id(), p.rating, files::printable(p.title));
  trainer_.puzzle = std::move(p);
  status(i18n::format(_("Puzzle: {0} to move. Find the move that wins by force."),
                      {std::string(1, letter(trainer_.puzzle->mover))}));
  return true;
}

void Session::nextPuzzle(const std::string& path) {
  const std::string file = !path.empty() ? path
                           : trainer_.active()
                               ? trainer_.puzzle->file
                               : puzzleBook(match().rules().preset.empty() ? "en-linea" : match().rules().preset);
  if (file.empty()) {
    status(_("no puzzle book was found for these rules"));
    return;
  }
  std::vector<PuzzleCard> cards;
  if (trainer_.active() && trainer_.puzzle->file == file) {
    cards = trainer_.cards;
  } else {
    auto listed = listPuzzles(file);
    if (auto* e = std::get_if<dgn::Error>(&listed)) {
      showError(e->text());
      return;
    }
    cards = std::move(std::get<std::vector<PuzzleCard>>(listed));
  }
  const int current = trainer_.active() && trainer_.puzzle->file == file ? trainer_.puzzle->number : 0;
  const int n = studio::nextPuzzle(cards, settings_.learner, file, current);
  if (n == 0) {
    status(settings_.learner.theme.empty()
               ? std::string(_("no other puzzle in this book"))
               : i18n::format(_("no other puzzle of the theme {0} in this book"), {settings_.learner.theme}));
    return;
  }
  openPuzzle(file, n);
}

// The learner's answer: right or wrong is known at once (the record's solutions), and so is the
// rating; the split that refutes a wrong move and the line against the hardest split are searched
// for on a worker thread (a puzzle of thousands of splits takes up to a minute), shown by
// showVerdict() when they come.
void Session::judgePuzzle(const Move& mv) {
  TrainerPuzzle& p = *trainer_.puzzle;
  trainer_.tried = dgn::legalText(match(), mv);
  bool solved = false;
  for (const Move& s : p.solutions) solved = solved || s.same(mv);
  trainer_.solved = solved;
  trainer_.ratingChange = recordTry(settings_.learner, p, solved);
  trainer_.answer = mv;
  trainer_.shown = solved || p.solutions.empty() ? mv : p.solutions.front();
  trainer_.judging = true;
  trainer_.judgeKey = timelineId_;
  trainer_.verdict =
      i18n::format(_("Judging {0}: the solver is trying every split of the tiles you cannot see..."), {trainer_.tried});
  selected_ = kNoTile;
  chosenGhost_ = 0;
  spdlog::info("puzzle {}: {} {}", p.id(), trainer_.tried, solved ? "solved" : "failed");
  // The line shown starts with the learner's own move: the win when it is right, the refutation (the
  // split that beats it, and both sides' best play there) when it is wrong.
  if (platform::hasWorker()) {
    // The web page's worker searches (docs/web.md): the setup and the two moves go to it as text.
    jobs_->judge.ask(trainer_.judgeKey, platform::Channel::Verdict,
                     ai::verdictRequest(p.rules, p.setup, mv, mv, solved), [](const std::string& answer) {
                       ai::Verdict got = ai::readVerdictAnswer(answer);  // a throw: the verdict without them
                       return PuzzleVerdict{std::move(got.lost), std::move(got.line)};
                     });
    status(trainer_.verdict);
    return;
  }
  jobs_->judge.start(trainer_.judgeKey, [rules = p.rules, setup = p.setup, mv, solved](JobControl& control) {
    PuzzleVerdict v;
    if (!solved) v.lost = ai::losingWorld(rules, setup, mv);
    control.progress = 0.5;
    v.line = ai::puzzleLine(rules, setup, mv);
    return v;
  });
  status(trainer_.verdict);
  // A puzzle judged within a few milliseconds (most of a book) shows its verdict in this frame.
  if (jobs_->judge.waitFor(std::chrono::milliseconds(20))) collectVerdict();
}

void Session::collectVerdict() {
  Background<PuzzleVerdict>& judge = jobs_->judge;
  // Another puzzle, a new game or a record since: that verdict is not wanted.
  if (!trainer_.judging || !trainer_.active()) {
    if (judge.busy()) judge.cancel();
    return;
  }
  if (!judge.runs(trainer_.judgeKey)) {  // lost (it threw): the verdict without the searches
    showVerdict(PuzzleVerdict{});
    return;
  }
  auto v = judge.take(trainer_.judgeKey);
  if (v) {
    showVerdict(*v);
  } else if (!judge.runs(trainer_.judgeKey)) {
    showVerdict(PuzzleVerdict{});
  }
}

// The verdict's words: every move that wins by force is named (issue 43 #10), the one shown first.
std::string Session::verdictText(const Match& start, const PuzzleVerdict& v) const {
  const TrainerPuzzle& p = *trainer_.puzzle;
  std::vector<std::string> all{dgn::legalText(start, trainer_.shown)};
  for (const Move& s : p.solutions)
    if (!s.same(trainer_.shown)) all.push_back(dgn::legalText(start, s));
  const std::string solutions = listText(all);
  const bool several = all.size() > 1;
  if (*trainer_.solved)
    return several
               ? i18n::format(_("Solved: {0} wins by force. Every move that wins: {1}."), {trainer_.tried, solutions})
               : i18n::format(_("Solved: {0} wins by force."), {trainer_.tried});
  if (v.lost) {
    // The split the refutation on the table is played in, when it loses there (it is the hardest one).
    const bool lineLoses = v.line && v.line->margin < 0;
    const std::string split = splitWords(lineLoses ? v.line->world : *v.lost, p.mover);
    return several ? i18n::format(_("{0} does not win by force: it loses when {1}. Each of these wins by force: {2}."),
                                  {trainer_.tried, split, solutions})
                   : i18n::format(_("{0} does not win by force: it loses when {1}. The solution is {2}."),
                                  {trainer_.tried, split, solutions});
  }
  return several ? i18n::format(_("{0} does not win by force: it wins in some splits of the unseen tiles, and you "
                                  "cannot tell them apart. Each of these wins by force: {1}."),
                                {trainer_.tried, solutions})
                 : i18n::format(_("{0} does not win by force: it wins in some splits of the unseen tiles, and you "
                                  "cannot tell them apart. The solution is {1}."),
                                {trainer_.tried, solutions});
}

void Session::showVerdict(const PuzzleVerdict& v) {
  trainer_.judging = false;
  TrainerPuzzle& p = *trainer_.puzzle;
  Match start(p.rules);
  (void)start.startSetup(p.setup);
  trainer_.verdict = verdictText(start, v);
  // The answer, played out move by move from the start: the learner's winning move against the
  // hardest split, or the refutation of a wrong one (the split that beats it, both sides' best play).
  if (const auto& line = v.line) {
    Match m(p.rules);
    (void)m.startSetup(line->world);
    dgn::RoundRecord round;
    static_cast<Setup&>(round) = line->world;
    round.setup = true;
    timeline_ = Timeline();
    timeline_.resetSetup(m, round);
    timeline_.setTitle(p.title);
    for (const Move& x : line->moves) timeline_.play(x);
    const std::string split = splitWords(line->world, p.mover);
    const std::string against =
        *trainer_.solved ? i18n::format(_("Against the hardest split, {0}."), {split})
        : line->margin < 0
            ? i18n::format(_("How {0} loses: {1}. Watch the line that beats it, then try again."),
                           {trainer_.tried, split})
            : i18n::format(_("Where {0} does worst: {1}. Watch the line, then try again."), {trainer_.tried, split});
    const std::string note = p.note.empty() ? against : against + "\n" + puzzleNoteText(p.note);
    (void)timeline_.addNote(timeline_.branchPath().at(1), note);
    timeline_.jump(timeline_.branchPath().at(1));
    ++timelineId_;
    autoplay_ = true;  // the rest of the line plays out on the table
  }
  // The answer is shown whole: every hand face up, both seats the learner's to step through.
  game_.seats = {Seat::Human, Seat::Human};
  settings_.visibility = Visibility::All;
  selected_ = kNoTile;
  chosenGhost_ = 0;
  unsaved_ = false;
  ++epoch_;
  bump();
  status(trainer_.verdict);
}

// While the verdict is searched for, the table stays the puzzle's: no move, deal, undo or edit.
bool Session::judgingBlocks(const Intent& in) {
  using intent::Cmd;
  if (!trainer_.judging) return false;
  const auto c = commandOf(in);
  const bool blocked = std::holds_alternative<intent::Play>(in) || c == Cmd::PlaySelected || c == Cmd::Undo ||
                       c == Cmd::Redo || c == Cmd::DealNext || c == Cmd::Autoplay || c == Cmd::EditorStart;
  if (blocked) status(_("judging your answer: the verdict comes when the solver is done"));
  return blocked;
}

}  // namespace dom::studio
