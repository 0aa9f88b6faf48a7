// SPDX-License-Identifier: MIT
// `dominoes puzzles generate`: proved puzzles from games of the expert against the levels below it
// (src/ai/puzzle_gen.h, docs/puzzles.md), written as a DGN collection.
#pragma once
#include <memory>

namespace CLI {
class App;
}

namespace dom::cli {

// The `puzzles` subcommand and its `generate`: options registered on construction.
class PuzzlesCommand {
 public:
  explicit PuzzlesCommand(CLI::App& app);
  ~PuzzlesCommand();
  PuzzlesCommand(const PuzzlesCommand&) = delete;
  PuzzlesCommand& operator=(const PuzzlesCommand&) = delete;
  [[nodiscard]] bool chosen() const;
  [[nodiscard]] int run() const;

 private:
  struct Options;
  std::unique_ptr<Options> o_;
  CLI::App* sub_ = nullptr;
  CLI::App* generate_ = nullptr;
};

}  // namespace dom::cli
