// SPDX-License-Identifier: MIT
// `dominoes ladder`: the levels (src/ai/ladder.h) played against each other and rated on one Elo
// scale by a Bradley-Terry fit, with 95% intervals (docs/ladder.md).
#pragma once
#include <memory>

namespace CLI {
class App;
}

namespace dom::cli {

class LadderCommand {
 public:
  explicit LadderCommand(CLI::App& app);
  ~LadderCommand();
  LadderCommand(const LadderCommand&) = delete;
  LadderCommand& operator=(const LadderCommand&) = delete;
  [[nodiscard]] bool chosen() const;
  [[nodiscard]] int run() const;

 private:
  struct Options;
  std::unique_ptr<Options> o_;
  CLI::App* sub_ = nullptr;
};

}  // namespace dom::cli
