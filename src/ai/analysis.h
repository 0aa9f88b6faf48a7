// SPDX-License-Identifier: MIT
// What `dominoes analyse` and the studio's analysis pane show: every legal move of a position with its
// win probability and expected points, from the mover's knowledge (sampled hidden deals, each solved)
// or with every tile known (the exact solver). docs/analysis.md describes the method.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ai/observation.h"
#include "ai/sim.h"
#include "core/dgn.h"

namespace dom::ai {

enum class Knowledge : std::uint8_t { Mover, All };

struct MoveEval {
  Move move;
  std::string text;       // as the record writes it ("6-4 L", "draw")
  double win = 0;         // 0..1, a tie counting half
  double points = 0;      // expected final point difference for the mover
  double exactShare = 1;  // share of the sampled deals solved exactly (1 under Knowledge::All when exact)
  // What the seed's tips see in the move, from the mover's knowledge (tipsWords: "a double gone; I
  // keep two more 5s for that end"), in the language of the moment; empty when none applies.
  std::string tips;
};

struct PositionEval {
  std::vector<MoveEval> moves;  // best first: by win, then points
  bool exact = false;           // every value came from the exact solver (Mover: on every sampled deal)
  int samples = 0;              // hidden deals evaluated (Knowledge::All: 1)
  bool cancelled = false;       // stopped by the cancel flag: the figures cover `samples` deals only
};

struct EvalOptions {
  Knowledge knowledge = Knowledge::Mover;
  int samples = 200;
  std::uint64_t seed = 1;
  const std::atomic<bool>* cancel = nullptr;
  std::function<void(double)> progress;  // 0..1
  // Nodes the exact solver may spend on one deal before the estimate is used instead (0: no limit).
  long long nodeLimit = 20000;
  int rollouts = 8;  // the estimate's playouts per move and deal
};

// Evaluates the legal moves of the player to move (the match must be in a round). `log` holds the
// round's history up to now (Knowledge::Mover reads the opponent's draws and passes from it).
[[nodiscard]] PositionEval evaluate(const Match& m, const RoundLog& log, const EvalOptions& opt);

// An analysis asked as text (the web page's worker, docs/web.md). The request is a line
// `analyse KNOWLEDGE SAMPLES SEED` (KNOWLEDGE: mover or all) and then a record whose last round's last
// move leads to the position (its other options as `opt` holds them by default).
[[nodiscard]] std::string analysisRequest(const dgn::Record& record, const EvalOptions& opt);
// The answer: `exact 0|1`, `samples N`, then `move WIN POINTS SHARE TEXT` for each legal move, best
// first (the numbers written so that they read back to the same doubles); or one line `error TEXT`.
// `progress` (0..1) is told as the deals are done.
[[nodiscard]] std::string analysisAnswer(std::string_view request, const std::atomic<bool>* cancel = nullptr,
                                         const std::function<void(double)>& progress = {});
// The evaluation an answer holds at (m, log): each move found among m's legal moves by its text, its
// tips made here (in the language of the moment). Throws std::runtime_error on an error or on a move
// that is not legal at m.
[[nodiscard]] PositionEval readAnalysisAnswer(const Match& m, const RoundLog& log, std::string_view answer);

// The values of every legal move of one deal (every tile set in `deal`) as the mover's evaluation
// counts them: with draws to come, from the chance solver (the stock's order never read: the mover
// cannot know it); without, from the plain solver. `win` is the share of rounds won (a tie half),
// `points` the expected point difference; the moves come in the legal order, `text` empty. Empty
// when the solver needed more than `nodeLimit` nodes (0: no limit).
[[nodiscard]] std::vector<MoveEval> solveDealAsMover(const SimState& deal, long long nodeLimit);

enum class Mark : std::uint8_t { None, Inaccuracy, Mistake, Blunder };  // 5, 10, 20 points of win% below best
[[nodiscard]] Mark classify(double bestWin, double playedWin);
[[nodiscard]] const char* symbol(Mark m);  // "", "?!", "?", "??"
[[nodiscard]] const char* name(Mark m);    // "", "inaccuracy", "mistake", "blunder"

struct AnalysedMove {
  int round = 0;
  int number = 0;         // 1-based index of the move within its round
  std::int64_t line = 0;  // the move's line in the record
  Player mover = Player::A;
  Move played;
  std::string playedText;
  PositionEval eval;
  double playedWin = 0, playedPoints = 0;
  Mark mark = Mark::None;
};

// Every position of a loaded (valid) record where a choice existed (more than one legal move), for
// the moves of `side` (nullopt: both), in record order.
[[nodiscard]] std::vector<AnalysedMove> analyseRecord(const dgn::Record& rec, std::optional<Player> side,
                                                      const EvalOptions& opt);

// The record's analysis asked as text: a line `analyse-record` and then the record (analyseRecord's
// moves for both sides, with `opt`'s defaults). The answer is a line a move, its fields separated by
// tabs: `ply ROUND NUMBER MOVER MARK EXACT PLAYEDWIN PLAYEDPOINTS BESTWIN BESTPOINTS PLAYED BEST`;
// or `error TEXT`.
[[nodiscard]] std::string recordAnalysisAnswer(std::string_view request, const std::atomic<bool>* cancel = nullptr,
                                               const std::function<void(double)>& progress = {});
// The moves an answer holds, each with its best move alone in eval.moves (its text and values);
// throws std::runtime_error on an error or a malformed line.
[[nodiscard]] std::vector<AnalysedMove> readRecordAnalysisAnswer(std::string_view answer);

}  // namespace dom::ai
