// SPDX-License-Identifier: MIT
// `dominoes manpage` and `dominoes completion bash|zsh`: the documentation drawn from the command
// line's one definition (cli/docs_writer.h walks the CLI11 App, so none of it can drift from it).
#include "cli/cmd_docs.h"

#include <CLI/CLI.hpp>

#include <iostream>

#include "ai/ladder.h"
#include "ai/players.h"
#include "cli/docs_writer.h"
#include "core/rules.h"

namespace dom::cli {

namespace {
// What the completions offer after --rules (the presets) and after --a, --b and --levels (the
// players, then the ladder's levels by name, a hyphen for a space: both forms are accepted).
ValueWords valueWords() {
  std::string presets, players;
  for (const std::string& p : presetNames()) presets += (presets.empty() ? "" : " ") + p;
  for (const std::string& p : ai::playerNames()) players += (players.empty() ? "" : " ") + p;
  for (const ai::Level& l : ai::levels()) {
    std::string name(l.name);
    for (char& c : name)
      if (c == ' ') c = '-';
    players += " " + name;
  }
  return {{"RULES", presets}, {"PLAYER", players}, {"LEVELS", players}};
}
}  // namespace

DocsCommand::DocsCommand(CLI::App& app) : app_(&app) {
  // Hidden (an empty group): for the build, which writes the man page and completions with them.
  man_ = app.add_subcommand("manpage", "Print the man page's COMMANDS AND OPTIONS section (roff)");
  man_->group("");
  completion_ = app.add_subcommand("completion", "Print a shell completion script");
  completion_->group("");
  completion_->add_option("SHELL", shell_, "bash or zsh")->required()->check(CLI::IsMember({"bash", "zsh"}));
}

bool DocsCommand::chosen() const { return man_->parsed() || completion_->parsed(); }

int DocsCommand::run() const {
  if (man_->parsed()) {
    writeManCommands(*app_, std::cout);
  } else if (shell_ == "bash") {
    writeBashCompletion(*app_, std::cout, valueWords());
  } else {
    writeZshCompletion(*app_, std::cout, valueWords());
  }
  return 0;
}

}  // namespace dom::cli
