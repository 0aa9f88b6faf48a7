// SPDX-License-Identifier: MIT
// The session's background work in one place: the computer seat's move, the position analysis
// (the Analysis pane's and the hint's) and the record analysis. Each job runs on a thread of its
// own, is keyed on what the session showed when it was asked for (the epoch of the position, the
// timeline and node, the branch), and is told to stop when no longer wanted: a newer position, a
// new game or record, a seat change, quitting (the session's destructor cancels them all, and the
// players and analyses check their cancel flag, so that quitting never waits for a search).
#pragma once
#include <array>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ai/players.h"
#include "ai/puzzle.h"
#include "studio/model/coach.h"
#include "studio/model/worker.h"

namespace dom::studio {

// A computer seat's decision, made on a worker thread from what that seat may know.
struct ComputerDecision {
  Move move;
  std::string reason;   // the player's words for it ("" when it gives none)
  std::string spec;     // the player that decided
  double ms = 0;        // how long it thought
  bool forced = false;  // it had one legal move (or none): no thinking to measure
  int node = -1;        // the timeline node the move made
  // An outside engine's progress lines for this move (docs/engine-protocol.md), and why the seat's
  // player failed to move ("" when it moved): an engine that crashed, hung or played illegally.
  std::vector<ai::EngineInfo> info;
  std::string failure;
};

// The decision in the web page's worker's answer (docs/web.md): `time MS` (how long the player thought
// there; without it, the time since `asked`), then ai::engineAnswer's lines. An answer that holds an
// error or no legal move is the decision's failure.
[[nodiscard]] ComputerDecision workerDecision(const std::string& spec, const ai::Observation& o,
                                              std::string_view answer, std::chrono::steady_clock::time_point asked);

// An engine's progress lines in a line of words, for the move's comment in the record and the
// Analysis pane: "win 62%, +8.5 points, prefers 6-4 R 5-5 L, 1200 nodes: text" (the last line's
// figures, each only when the engine gave it).
[[nodiscard]] std::string infoWords(const std::vector<ai::EngineInfo>& info);

// The hint (H): the best move for the player to move, from that player's knowledge; asked again at
// the same position, the next best.
struct CoachHint {
  std::uint64_t timeline = 0;
  int node = -1;
  int rank = -1;       // 0: the best; -1: none asked for
  bool shown = false;  // the analysis came and the move is on the table
  Move move;
  std::string moveText;  // as the record writes it
  std::string text;
};

// The puzzle trainer's verdict on the learner's move (session_trainer.cpp): a split of the unseen
// tiles where the move loses (asked for a move that is not a solution), and the answer's line
// against the hardest split. The losing-split search and the exact solver may take a minute on a
// puzzle of thousands of splits: they run here, never in a frame.
struct PuzzleVerdict {
  std::optional<Setup> lost;
  std::optional<ai::PuzzleLine> line;
};

// An outside engine's process for one seat and one game (docs/engine-protocol.md): every move of
// that game asks the same process, which keeps what it learnt; one move at a time (a move's job
// waits for the job before it, told to stop, to end).
struct SeatEngine {
  std::mutex mutex;
  std::string spec;
  std::uint64_t game = 0;  // the session's timeline id
  std::unique_ptr<ai::Computer> player;
};

// What an outside engine has said of the move it is thinking of, so far: its info lines as they come.
struct LiveInfo {
  std::mutex mutex;
  std::vector<ai::EngineInfo> info;
};

struct Jobs {
  Background<ComputerDecision> thinker;
  std::array<std::shared_ptr<SeatEngine>, 2> engines;  // each seat's engine, while it plays an engine
  Analyser analyser;
  RecordAnalyser record;
  // The puzzle searches have no cancel flag: quitting while one runs leaves it behind, unjoined.
  Background<PuzzleVerdict> judge{false};
  // Every job told to stop; their threads are joined when they end (never waited for here).
  void cancelAll() {
    thinker.cancel();
    analyser.cancel();
    record.cancel();
    judge.cancel();
  }
};

}  // namespace dom::studio
