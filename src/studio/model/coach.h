// SPDX-License-Identifier: MIT
// The studio as a coach, without ImGui: the tile tracker's counts, the moves of the round so far
// (what src/ai's RoundLog is built from), the analysis and hint rows the panes show.
#pragma once
#include <array>
#include <compare>
#include <cstdint>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "ai/analysis.h"
#include "core/match.h"
#include "studio/model/timeline.h"
#include "studio/model/viewmodel.h"
#include "studio/model/worker.h"

namespace dom::studio {

// Whose knowledge a view shows: the shown player (Show as A/B), else the player to move (else A).
[[nodiscard]] Player viewerOf(const Match& m, Visibility v);

// One move of the round so far: the position before it and the move as applied.
struct RoundMove {
  const Match* before = nullptr;
  Move move;
  Player by = Player::A;
};
// The moves from the current round's deal to the current node, in order (empty before a deal).
[[nodiscard]] std::vector<RoundMove> roundMoves(const Timeline& t);

// The tile tracker: for each number, how many of its 7 tiles are on the table, in the viewer's hand,
// and unseen (the opponent's hand and the stock); what the opponent cannot hold, with why.
struct TrackerRow {
  int number = 0;
  int table = 0, hand = 0, unseen = 0;
};
struct TrackerView {
  Player viewer = Player::A;
  std::array<TrackerRow, 7> rows{};
  Mask cannotHold = 0;                // tiles the opponent surely does not hold now
  std::vector<std::string> revealed;  // "B drew at 3 and 5 on move 14: B has no 3 and no 5"
};
[[nodiscard]] TrackerView trackerCounts(const Match& m, Player viewer);
// The counts and, from the round's public history, what the viewer's opponent cannot hold.
[[nodiscard]] TrackerView trackerView(const Timeline& t, Visibility v);

// The analysis of a position: every legal move with its win probability (ties half) and expected
// points for the mover, best first; from the mover's knowledge (sampled deals) or all tiles known.
struct AnalysisRow {
  Move move;
  std::string text;  // as the record writes it
  double win = 0;    // 0..1
  double points = 0;
  std::string tips;  // what the tips see in the move (ai::MoveEval::tips) as analysed; the tooltip makes them anew
};
struct AnalysisView {
  std::vector<AnalysisRow> rows;
  bool exact = false;  // every tile known, or few enough unknown: the solver's exact values
  int samples = 0;
  bool all = false;   // computed with all tiles known
  std::string error;  // why there is no analysis ("no round is on")
};
// Computes it now (on the calling thread); `control` may cancel it and receives its progress.
[[nodiscard]] AnalysisView analysePosition(const Timeline& t, bool allKnown, int samples, JobControl* control);
// The job that computes it later on a worker: copies what it needs from the timeline now.
[[nodiscard]] std::function<AnalysisView(JobControl&)> analysisJob(const Timeline& t, bool allKnown, int samples);
// Whether src/ai's analysis is built in (false: the pane says so).
[[nodiscard]] bool analysisAvailable();
// What the tips see in move `m` of the player to move at the timeline's current position, in the
// language of the moment (ai::tipsWords from the mover's observation): the Analysis pane's tooltip.
[[nodiscard]] std::string tipsFor(const Timeline& t, const Move& m);

// The analyses of the positions the user looked at, cached per node; one computed at a time in the
// background, the latest wanted first.
class Analyser {
 public:
  struct Key {
    std::uint64_t timeline = 0;
    int node = -1;
    bool all = false;
    // The UI language's generation (i18n::generation()): the tips are words of the language they were
    // made in, so a switch asks for them again.
    unsigned language = 0;
    auto operator<=>(const Key&) const = default;  // NOLINT(modernize-use-nullptr): clang-tidy 14 on a defaulted <=>
  };
  // Asks for the analysis of `key` (computing it from `t`'s current node if it is not cached).
  void want(const Key& key, const Timeline& t);
  // The cached analysis of `key`, once computed.
  [[nodiscard]] const AnalysisView* find(const Key& key) const;
  [[nodiscard]] bool busy() const { return job_.busy(); }
  // No analysis runs, or the one that runs is done (what wait() waits for, without waiting).
  [[nodiscard]] bool settled() const { return job_.settled(); }
  [[nodiscard]] double progress() const { return job_.progress(); }
  // Collects a finished job's result into the cache (each frame).
  void poll();
  // Blocks until the running job is done and collects it (tests and scripts).
  void wait();
  // The running job is no longer wanted.
  void cancel() { job_.cancel(); }
  int samples = 200;

 private:
  std::map<Key, AnalysisView> cache_;
  Background<AnalysisView> job_;
  Key running_;
  std::uint64_t jobNo_ = 0;
};

// The analysis of the whole record (Game > Analyse the record): what `dominoes analyse` reports for
// the current branch with its defaults (each move from its mover's knowledge, 200 sampled deals,
// seed 1), move by move, each tied to the node its move made.
struct RecordPly {
  int node = -1;  // the node the move made
  int round = 0;
  int number = 0;  // 1-based index of the move within its round (draws count), as the CLI numbers it
  Player mover = Player::A;
  ai::Mark mark = ai::Mark::None;
  std::string played, best;  // as the record writes them
  double playedWin = 0, bestWin = 0, playedPoints = 0, bestPoints = 0;
  bool exact = false;
};
struct RecordAnalysis {
  std::vector<RecordPly> plies;  // the moves that had a choice, in the branch's order
  bool cancelled = false;
  [[nodiscard]] const RecordPly* at(int node) const;
};
// Computes it now (on the calling thread); `control` may cancel it and receives its progress.
[[nodiscard]] RecordAnalysis analyseBranch(const Timeline& t, JobControl* control);
// The analysed moves as the branch's plies, each tied to the node its move made (`nodes`: by round
// and number within it).
[[nodiscard]] RecordAnalysis pliesOf(const std::vector<ai::AnalysedMove>& moves,
                                     const std::map<std::pair<int, int>, int>& nodes);
// The job that computes it on a worker: copies the branch's record now.
[[nodiscard]] std::function<RecordAnalysis(JobControl&)> recordAnalysisJob(const Timeline& t);

// A's win probability after each position of the current branch (index: position in branchPath):
// after an analysed move, the played move's win probability for A; elsewhere the last one known
// (0.5 before the first).
[[nodiscard]] std::vector<double> winCurve(const RecordAnalysis& a, const Timeline& t);

// A win probability as a whole percentage, rounded half away from zero ("13" for 0.125): every
// pane, tooltip, hint and note says the same figure for the same probability.
[[nodiscard]] std::string percentText(double win);

// Whose mistakes N and Shift+N jump to.
enum class MistakeSide : std::uint8_t { A, B, Both };
[[nodiscard]] const char* name(MistakeSide s);
// The same in the studio's language ("A", "B", "both" translated), and a mark's word ("mistake").
[[nodiscard]] const char* sideWord(MistakeSide s);
[[nodiscard]] const char* markWord(ai::Mark m);
// The node of the next (dir > 0) or previous (dir < 0) marked move of `side` on the current branch
// whose position before it is after / before the current position, or -1. N and Shift+N go to that
// position before it, so that the Analysis pane lists the alternatives to the marked move.
[[nodiscard]] int findMistake(const RecordAnalysis& a, const Timeline& t, int dir, MistakeSide side);
// A marked move as a record's note: "6 ? A: 6-2 R loses 14% (best 0-0 L 62%, played 48%)" (the
// move's number in its round, the mark, the mover, the played move and the win probabilities).
[[nodiscard]] std::string mistakeNote(const RecordPly& p);

// The record analyses of the branches looked at, one computed at a time in the background; all are
// dropped when the timeline is replaced (another record, a new game).
class RecordAnalyser {
 public:
  struct Key {
    std::uint64_t timeline = 0;
    int leaf = -1;  // the branch's last node: a move added to the branch makes another key
    auto operator<=>(const Key&) const = default;  // NOLINT(modernize-use-nullptr): clang-tidy 14 on a defaulted <=>
  };
  // Starts the analysis of the current branch of `t` (nothing if it is cached or running).
  void start(const Key& key, const Timeline& t);
  [[nodiscard]] const RecordAnalysis* find(const Key& key) const;
  [[nodiscard]] bool runs(const Key& key) const { return job_.busy() && running_ == key; }
  [[nodiscard]] const Key& running() const { return running_; }
  [[nodiscard]] bool busy() const { return job_.busy(); }
  [[nodiscard]] bool settled() const { return job_.settled(); }
  [[nodiscard]] double progress() const { return job_.progress(); }
  void cancel() { job_.cancel(); }
  void poll();  // each frame
  void wait();  // tests and scripts
 private:
  std::map<Key, RecordAnalysis> cache_;
  Background<RecordAnalysis> job_;
  Key running_;
  std::uint64_t jobNo_ = 0;
};

// The hint's words for a move: where it goes and why, in the tips' words ("6-4 on the 4: a heavy
// tile, played early; it leaves a 6, and you hold three more 6s").
[[nodiscard]] std::string hintReason(const Match& m, const Move& mv, const TrackerView& known);

// The coach's state for the studio's dump: the Analysis pane's rows ("analysis") and a record
// analysis' plies ("record_analysis"; `running`: it runs for the current record).
[[nodiscard]] nlohmann::json analysisState(const AnalysisView* v, bool open, bool all, bool busy);
[[nodiscard]] nlohmann::json recordAnalysisState(const RecordAnalysis* ra, const RecordAnalyser& analyser, bool running,
                                                 std::string_view side);

}  // namespace dom::studio
