// SPDX-License-Identifier: MIT
// The documentation drawn from a command line's one definition (a CLI11 App): the man page's option
// sections and the bash and zsh completion scripts. `dominoes manpage|completion` and the studio's
// hidden `--manpage` and `--completion` print them; the build installs their output
// (cmake/docs.cmake), so that none of them can drift from the options the programs take.
#pragma once
#include <iosfwd>
#include <map>
#include <string>

namespace CLI {
class App;
}

namespace dom::cli {

// The positional arguments and options of `app` (not its subcommands) as roff `.TP` items, for a
// program without subcommands (the studio's OPTIONS section).
void writeManOptions(const CLI::App& app, std::ostream& out);

// Every visible subcommand of `app`, each a `.SS` heading followed by its options, depth first
// (the COMMANDS AND OPTIONS section of dominoes.1).
void writeManCommands(const CLI::App& app, std::ostream& out);

// Words offered for an option's value by its type word (the value's name in --help): "RULES" the
// presets, "PLAYER" the players and levels, space-separated. The caller knows them; the writer
// does not link the engine.
using ValueWords = std::map<std::string, std::string>;

// A bash completion script for `app`: its subcommands, options, the choices of options checked by
// CLI::IsMember, `values` for options whose type word it names, and file names for FILE and DIR
// values and positional arguments.
void writeBashCompletion(const CLI::App& app, std::ostream& out, const ValueWords& values = {});

// A zsh completion script (`#compdef` + `_arguments`) for `app`, the same words as the bash one.
void writeZshCompletion(const CLI::App& app, std::ostream& out, const ValueWords& values = {});

}  // namespace dom::cli
