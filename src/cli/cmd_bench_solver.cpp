// SPDX-License-Identifier: MIT
// `dominoes bench-solver [--rules R] [--positions N] [--left K] [--seed S] [--nodes B] [--json]`: plays random
// rounds to positions with at most K tiles left in the hands and the drawable stock, solves every
// legal move of each exactly, and reports the nodes searched per second on one thread. --chance: with
// the stock's order unknown (ChanceSolver, every draw a chance node), as the expert's endgame solves.
#include "cli/cmd_bench_solver.h"

#include "cli/options.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <pcg_random.hpp>

#include "ai/chance_solver.h"
#include "ai/solver.h"
#include "core/files.h"
#include "core/random.h"

namespace dom::cli {

struct BenchSolverCommand::Options {
  std::string rules = "en-linea";
  // The numbers as written, read by cli::wholeNumber (strict digits: `-1`, `0x10` and `` are errors).
  std::string positionsText = "200", leftText = "12", seedText = "1", nodesText = "1000000000";
  int positions = 200;
  int left = 12;
  std::uint64_t seed = 1;
  long long nodes = 0;  // the budget of the whole run
  bool json = false;
  bool chance = false;
};

namespace {

// Random rounds that reach no position with `left` tiles left, in a row, before the search for one
// gives up (`en-linea hand=1` never gets there: its rounds end with 26 tiles in the stock).
constexpr int kAttempts = 1000;

// Plays random rounds from seeds of rng to `positions` positions with at most `left` tiles left in
// the hands and the drawable stock; empty when kAttempts rounds in a row reach none.
std::vector<ai::SimState> gatherPositions(const Rules& rules, int positions, int left, pcg32& rng) {
  std::vector<ai::SimState> todo;
  for (int misses = 0; static_cast<int>(todo.size()) < positions;) {
    if (misses == kAttempts) return {};
    Match m(rules);
    m.startRound(dealFromSeed(rng(), rules.hand));
    ai::SimState s = ai::SimState::from(m);
    ++misses;
    while (!s.over()) {
      const RoundState& r = s.state();
      const int drawable = r.canDraw(rules) ? r.stockCount() - rules.reserve : 0;
      if (count(r.hand[0] | r.hand[1]) + drawable <= left) {
        todo.push_back(s);
        misses = 0;
        break;
      }
      const MoveList l = s.legal();
      s.apply(l.moves[bounded(rng, static_cast<std::uint32_t>(l.size))]);
    }
  }
  return todo;
}

}  // namespace

BenchSolverCommand::BenchSolverCommand(CLI::App& app) : o_(std::make_unique<Options>()) {
  sub_ =
      app.add_subcommand("bench-solver", "Solve late positions of random rounds exactly and report nodes per second");
  sub_->add_option("--rules", o_->rules, "rule set");
  sub_->add_option("--positions", o_->positionsText, "positions to solve (1 to 1000000; default 200)");
  sub_->add_option("--left", o_->leftText,
                   "tiles left in the hands and the drawable stock (2 to 28; 28: from the deal; default 12)");
  sub_->add_option("--seed", o_->seedText, "seed of the random rounds (0 to 2^64-1; default 1)");
  sub_->add_option("--nodes", o_->nodesText,
                   "node budget of the whole run (1 to 10^15; default 10^9): when it runs out, the run stops and "
                   "says so (exit 1)");
  sub_->add_flag("--chance", o_->chance, "the stock's order unknown: every draw a chance node (the expert's endgame)");
  sub_->add_flag("--json", o_->json, "print JSON: rules, positions, left, nodes, seconds, nodes_per_second");
}

BenchSolverCommand::~BenchSolverCommand() = default;

bool BenchSolverCommand::chosen() const { return sub_->parsed(); }

int BenchSolverCommand::run() const {
  try {
    o_->positions = static_cast<int>(wholeNumber("--positions", o_->positionsText, 1, 1000000));
    o_->left = static_cast<int>(wholeNumber("--left", o_->leftText, 2, 28));
    o_->seed = wholeNumber("--seed", o_->seedText, 0, UINT64_MAX);
    o_->nodes = static_cast<long long>(wholeNumber("--nodes", o_->nodesText, 1, 1000000000000000));
  } catch (const UsageError& e) {
    std::cerr << "dominoes bench-solver: " << e.message << "\n";
    return 2;
  }
  auto parsed = parseRules(o_->rules);
  if (auto* e = std::get_if<std::string>(&parsed)) {
    std::cerr << "dominoes bench-solver: --rules: " << files::cutWords(*e) << "\n";
    return 2;
  }
  const Rules rules = std::get<Rules>(parsed);
  pcg32 rng(o_->seed);
  const std::vector<ai::SimState> todo = gatherPositions(rules, o_->positions, o_->left, rng);
  if (todo.empty()) {
    std::cerr << "dominoes bench-solver: no position with at most " << o_->left << " tiles left (in the hands and "
              << "the drawable stock) was reached in " << kAttempts << " random rounds in a row under " << rules.text()
              << "\n";
    return 1;
  }
  return solveAll(todo, rules);
}

int BenchSolverCommand::solveAll(const std::vector<ai::SimState>& todo, const Rules& rules) const {
  ai::Solver solver;
  ai::ChanceSolver chance(1000);
  solver.setNodeLimit(o_->nodes);
  chance.setNodeLimit(o_->nodes);
  long long moves = 0;
  std::vector<long long> per;  // nodes per position
  const auto start = std::chrono::steady_clock::now();
  for (const ai::SimState& s : todo) {
    const long long before = o_->chance ? chance.nodes() : solver.nodes();
    moves += static_cast<long long>(o_->chance ? chance.values(s).size() : solver.values(s).size());
    if (o_->chance ? chance.aborted() : solver.aborted()) {
      std::cerr << "dominoes bench-solver: the node budget (--nodes " << o_->nodes << ") ran out in position "
                << per.size() + 1 << " of " << todo.size() << ", after " << per.size()
                << " positions solved; no figures are reported\n";
      return 1;
    }
    per.push_back((o_->chance ? chance.nodes() : solver.nodes()) - before);
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const long long nodes = o_->chance ? chance.nodes() : solver.nodes();
  const double nps = seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0;
  std::sort(per.begin(), per.end());
  const long long median = per[per.size() / 2], p90 = per[per.size() * 9 / 10], most = per.back();
  if (o_->json) {
    nlohmann::ordered_json j{
        {"rules", rules.text()},   {"positions", o_->positions},
        {"left", o_->left},        {"chance", o_->chance},
        {"nodes", nodes},          {"seconds", seconds},
        {"nodes_per_second", nps}, {"nodes_per_position", {{"median", median}, {"p90", p90}, {"max", most}}}};
    std::cout << j.dump() << "\n";
  } else {
    std::printf(
        "%s\n%d positions with at most %d tiles left, %lld moves solved%s: %lld nodes in %.3f s, %.0f nodes/s, "
        "%.1f ms per position; nodes per position: median %lld, p90 %lld, max %lld\n",
        rules.text().c_str(), o_->positions, o_->left, moves, o_->chance ? " (draws as chance nodes)" : "", nodes,
        seconds, nps, 1000.0 * seconds / o_->positions, median, p90, most);
  }
  return 0;
}

}  // namespace dom::cli
