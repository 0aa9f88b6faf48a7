// The documentation drawn from a command line's one definition (a CLI11 App): the man page's option
// sections and the bash and zsh completion scripts. `dominoes manpage|completion` and the studio's
// hidden `--manpage` and `--completion` print them; the build installs their output
// (cmake/docs.cmake), so that none of them can drift from the options the programs take.
#pragma once
#include <iosfwd>

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

// A bash completion script for `app`: its subcommands, options, the choices of options checked by
// CLI::IsMember, and file names for FILE and DIR values and positional arguments.
void writeBashCompletion(const CLI::App& app, std::ostream& out);

// A zsh completion script (`#compdef` + `_arguments`) for `app`, the same words as the bash one.
void writeZshCompletion(const CLI::App& app, std::ostream& out);

}  // namespace dom::cli
