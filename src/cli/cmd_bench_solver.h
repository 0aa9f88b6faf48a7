// SPDX-License-Identifier: MIT
// `dominoes bench-solver`: the exact solver's speed (nodes per second) on late positions of random rounds.
#pragma once
#include <memory>
#include <vector>

#include "ai/sim.h"

namespace CLI {
class App;
}

namespace dom::cli {

class BenchSolverCommand {
 public:
  explicit BenchSolverCommand(CLI::App& app);
  ~BenchSolverCommand();
  BenchSolverCommand(const BenchSolverCommand&) = delete;
  BenchSolverCommand& operator=(const BenchSolverCommand&) = delete;
  [[nodiscard]] bool chosen() const;
  [[nodiscard]] int run() const;

 private:
  struct Options;
  // Solves every legal move of each position within the node budget and reports; its exit code.
  [[nodiscard]] int solveAll(const std::vector<ai::SimState>& todo, const Rules& rules) const;
  std::unique_ptr<Options> o_;
  CLI::App* sub_ = nullptr;
};

}  // namespace dom::cli
