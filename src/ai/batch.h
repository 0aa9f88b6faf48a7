// SPDX-License-Identifier: MIT
// dominoes.Batch's engine (docs/python.md): N independent single rounds stepped together, one move
// per slot per step, for vectorized self-play from Python. No Python here: module.cpp binds it.
//
// A slot's rounds are those of a fresh Match: its k-th round (from 0) is dealt as
// Match::startRound(dealFromSeed(seed + slot + k * n, hand)) deals round 1, so a slot's round
// replays move for move in a Match started from roundSeed(slot). Moves are named by their index in
// Match::legalMoves's order. The state is the engine's RoundState (and, under layout=free, a
// SimBoard for the table's fits); nothing is allocated per step. The layout=snake step is in
// batch_step.h, compiled for any CPU and for BMI2.
//
// The moves played are kept as a log of the last kMaxMoves steps, one row of n indices a step
// written in order as load() checks them, rather than per slot: a slot's history is the column of
// the rows since its round began. Writing one byte into each slot's own history at every step
// touched a cache line per slot; the log made the vectorized loop about 4% faster (python/bench.py).
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "ai/sim.h"
#include "core/round.h"
#include "core/rules.h"

namespace dom::ai {

struct BatchStep;

class Batch {
 public:
  // The most moves a round can take: 28 plays, 26 draws and a pass at most after each of them.
  static constexpr int kMaxMoves = 112;

  // fast: take the BMI2 build of the layout=snake step where the processor runs it well (the same
  // moves; false keeps the generic build, for tests and comparisons).
  Batch(const Rules& rules, int n, std::uint64_t seed, bool fast = true);

  [[nodiscard]] int size() const { return n_; }
  [[nodiscard]] const Rules& rules() const { return rules_; }
  // Copies the next step's indices, one per slot, into the log's next row; returns the first slot
  // whose index is out of range (below 0 or not below its legal count), or -1 when all are legal.
  [[nodiscard]] int load(const std::int32_t* indices);
  // Plays legal move k in every slot, k the index load() took for it (load() must have returned -1
  // since the last step), and deals again the slots whose round ended.
  void step();

  // Per slot, kept up to date by step: the number of legal moves of the player to move; for the
  // round that ended in the slot at the last step, its winner (0 A, 1 B, 2 a tie; -1: no round
  // ended there) and its points.
  [[nodiscard]] const std::int32_t* counts() const { return counts_.data(); }
  [[nodiscard]] const std::int8_t* winners() const { return winners_.data(); }
  [[nodiscard]] const std::int32_t* points() const { return points_.data(); }

  [[nodiscard]] const RoundState& state(int slot) const { return slots_[static_cast<std::size_t>(slot)].s; }
  // Whether this processor runs the BMI2 build of the layout=snake step well (fast PDEP).
  [[nodiscard]] static bool bmi2Runs();
  // The step's build this batch takes: "bmi2" or "generic".
  [[nodiscard]] const char* path() const { return bmi2_ ? "bmi2" : "generic"; }
  [[nodiscard]] Fits fits(int slot) const {
    return free_ ? boards_[static_cast<std::size_t>(slot)].fits() : kSnakeFits;
  }
  // The seed the slot's current round was dealt from, and the indices played in it so far.
  [[nodiscard]] std::uint64_t roundSeed(int slot) const;
  [[nodiscard]] std::vector<std::uint8_t> history(int slot) const;

  // Totals over the rounds finished in every slot.
  [[nodiscard]] long long rounds() const { return rounds_; }
  [[nodiscard]] long long moves() const { return moves_; }
  [[nodiscard]] const std::array<long long, 3>& wins() const { return wins_; }      // A, B, ties
  [[nodiscard]] const std::array<long long, 2>& pointsWon() const { return won_; }  // A, B

  // A slot's round state, one cache line each, and both hands in the legal moves' order
  // (batch_step.h's Order: bit r for the tile of rank r, heaviest first), set after the lead (the
  // layout=snake step plays every lead by the slow way) and kept from there only by the BMI2 build
  // of that step, which reads them.
  struct alignas(64) Slot {
    RoundState s;
    std::array<std::uint32_t, 2> ranked{};
  };

 private:
  void deal(int slot);
  void finish(int slot);
  void stepSnake(const std::uint8_t* row);
  void stepFree(const std::uint8_t* row);
  [[nodiscard]] std::uint8_t* row(long long step) {
    return log_.data() + static_cast<std::size_t>(step % kMaxMoves) * static_cast<std::size_t>(n_);
  }

  Rules rules_;
  int n_;
  std::uint64_t seed_;
  bool free_;
  bool bmi2_;
  std::vector<Slot> slots_;
  std::vector<std::uint32_t> round_;  // rounds dealt in each slot before the current one
  long long steps_ = 0;               // steps taken
  std::vector<long long> start_;      // the step at which each slot's current round began
  std::vector<std::int32_t> ended_;   // the slots whose round ended at the last step
  std::vector<std::int32_t> leads_;   // the layout=snake step's list of the slots still to lead
  int endedCount_ = 0;
  std::vector<SimBoard> boards_;   // layout=free only
  std::vector<std::uint8_t> log_;  // kMaxMoves rows of n indices: step t's in row t % kMaxMoves
  std::vector<std::int32_t> counts_, points_;
  std::vector<std::int8_t> winners_;
  bool loaded_ = false;
  long long rounds_ = 0, moves_ = 0;
  std::array<long long, 3> wins_{};
  std::array<long long, 2> won_{};
};

static_assert(sizeof(Batch::Slot) == 64, "a slot is one cache line");

// The arguments of the layout=snake step (batch_step.h): the batch's buffers.
struct BatchStep {
  const Rules* rules;
  Batch::Slot* slots;
  const std::uint8_t* indices;  // the step's row of the log
  std::int32_t* counts;
  std::int32_t* ended;
  std::int32_t* leads;  // room for n slots: those still to lead
  int n;
};

namespace bmi2 {
// The step built with POPCNT, BMI and BMI2 (batch_bmi2.cpp); the number of slots whose round ended.
int stepSnake(const BatchStep& step);
}  // namespace bmi2

}  // namespace dom::ai
