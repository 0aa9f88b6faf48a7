// SPDX-License-Identifier: MIT
// `dominoes analyse FILE`: every position of a record where a choice existed, each legal move with its
// win probability and expected points, and the move played marked when it lost win probability.
#pragma once
#include <memory>

namespace CLI {
class App;
}

namespace dom::cli {

class AnalyseCommand {
 public:
  explicit AnalyseCommand(CLI::App& app);
  ~AnalyseCommand();
  AnalyseCommand(const AnalyseCommand&) = delete;
  AnalyseCommand& operator=(const AnalyseCommand&) = delete;
  [[nodiscard]] bool chosen() const;
  [[nodiscard]] int run() const;

 private:
  struct Options;
  std::unique_ptr<Options> o_;
  CLI::App* sub_ = nullptr;
};

}  // namespace dom::cli
