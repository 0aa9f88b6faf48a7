// SPDX-License-Identifier: MIT
// `dominoes engine --player SPEC`: one of our players behind the engine protocol
// (docs/engine-protocol.md), on standard input and output, for another host to seat.
#pragma once
#include <memory>

namespace CLI {
class App;
}

namespace dom::cli {

class EngineCommand {
 public:
  explicit EngineCommand(CLI::App& app);
  ~EngineCommand();
  EngineCommand(const EngineCommand&) = delete;
  EngineCommand& operator=(const EngineCommand&) = delete;
  [[nodiscard]] bool chosen() const;
  [[nodiscard]] int run() const;

 private:
  struct Options;
  std::unique_ptr<Options> o_;
  CLI::App* sub_ = nullptr;
};

}  // namespace dom::cli
