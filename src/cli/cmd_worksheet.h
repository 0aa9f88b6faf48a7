// SPDX-License-Identifier: MIT
// `dominoes worksheet LESSON --out FILE.pdf [--lang CODE]`: a lesson's worksheet for a class
// (src/studio/print/worksheet.h, docs/lessons.md). Built with the studio; without it the command is
// not offered (cmd_worksheet_none.cpp).
#pragma once
#include <memory>

namespace CLI {
class App;
}

namespace dom::cli {

// The `worksheet` subcommand: its options registered on construction.
class WorksheetCommand {
 public:
  explicit WorksheetCommand(CLI::App& app);
  ~WorksheetCommand();
  WorksheetCommand(const WorksheetCommand&) = delete;
  WorksheetCommand& operator=(const WorksheetCommand&) = delete;
  [[nodiscard]] bool chosen() const;
  [[nodiscard]] int run() const;

 private:
  struct Options;
  std::unique_ptr<Options> o_;
  [[maybe_unused]] CLI::App* sub_ = nullptr;  // unused where the command is not offered
};

}  // namespace dom::cli
