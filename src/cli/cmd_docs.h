// SPDX-License-Identifier: MIT
// Hidden subcommands that print documentation drawn from the command line's one definition:
// `dominoes manpage` (the man page's COMMANDS AND OPTIONS section, roff) and `dominoes completion
// bash|zsh` (a completion script). The build installs their output (packaging/CMakeLists.txt).
#pragma once
#include <string>

namespace CLI {
class App;
}

namespace dom::cli {

class DocsCommand {
 public:
  // Registers the subcommands; `app` must hold every other subcommand by the time run() is called.
  explicit DocsCommand(CLI::App& app);
  [[nodiscard]] bool chosen() const;
  [[nodiscard]] int run() const;

 private:
  CLI::App* app_ = nullptr;
  CLI::App* man_ = nullptr;
  CLI::App* completion_ = nullptr;
  std::string shell_;
};

}  // namespace dom::cli
