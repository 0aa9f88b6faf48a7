// SPDX-License-Identifier: MIT
// The man page's option sections and the bash and zsh completions, by walking a CLI11 App.
#include "cli/docs_writer.h"

#include <CLI/CLI.hpp>

#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace dom::cli {
namespace {

// The subcommands the help lists (the hidden ones, in the empty group, left out).
std::vector<const CLI::App*> visible(const CLI::App& app) {
  return app.get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); });
}

// Options of `app` as the help shows them (no help or version flag, no hidden option, no positional).
std::vector<const CLI::Option*> named(const CLI::App& app) {
  std::vector<const CLI::Option*> opts;
  for (const CLI::Option* o : app.get_options())
    if (o->nonpositional() && o != app.get_help_ptr() && o != app.get_version_ptr() && !o->get_group().empty())
      opts.push_back(o);
  return opts;
}

std::vector<const CLI::Option*> positionals(const CLI::App& app) {
  std::vector<const CLI::Option*> opts;
  for (const CLI::Option* o : app.get_options())
    if (!o->nonpositional()) opts.push_back(o);
  return opts;
}

// The choices of an option checked by CLI::IsMember (or named "TYPE:{a,b}"), from its type name, else "".
std::string choices(const CLI::Option& o) {
  const std::string t = o.get_type_name();
  const auto open = t.find('{'), close = t.rfind('}');
  if (open == std::string::npos || close == std::string::npos || close < open) return {};
  std::string c = t.substr(open + 1, close - open - 1);
  for (char& ch : c)
    if (ch == ',') ch = ' ';
  return c;
}

std::string typeWord(const CLI::Option& o) {
  const std::string t = o.get_type_name();
  return t.substr(0, t.find(':'));
}

// roff: backslashes and hyphens escaped, a leading dot or quote guarded.
std::string roff(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\')
      out += "\\e";
    else if (c == '-')
      out += "\\-";
    else
      out += c;
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
  return out;
}

void manCommand(const CLI::App& app, const std::string& path, std::ostream& out) {
  out << ".SS " << roff(path) << "\n" << roff(app.get_description()) << "\n";
  writeManOptions(app, out);
  for (const CLI::App* sub : visible(app)) manCommand(*sub, path + " " + sub->get_name(), out);
}

// zsh: a description inside an _arguments spec, its special characters escaped.
std::string zshText(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\'')
      out += "'\\''";
    else if (c == '[' || c == ']' || c == ':' || c == '\\')
      out += std::string("\\") + c;
    else
      out += c;
  }
  return out;
}

// A shell function's name for a command path: "_" and the words, '-' and ' ' made '_'.
std::string functionName(const std::string& path) {
  std::string f = "_";
  for (char c : path) f += c == ' ' || c == '-' ? '_' : c;
  return f;
}

std::string bashWords(const CLI::App& app) {
  std::string words;
  for (const CLI::Option* o : named(app)) words += o->get_name() + " ";
  for (const CLI::App* sub : visible(app)) words += sub->get_name() + " ";
  return words + "--help";
}

// The words offered for an option's value: its IsMember choices, else `values` by its type word.
std::string valueWords(const CLI::Option& o, const ValueWords& values) {
  if (std::string c = choices(o); !c.empty()) return c;
  const auto it = values.find(typeWord(o));
  return it == values.end() ? std::string() : it->second;
}

// The `case $prev` arms of one command: what follows each option that takes a value.
void bashValues(const CLI::App& app, std::ostream& out, const ValueWords& values) {
  out << "      case $prev in\n";
  for (const CLI::Option* o : named(app)) {
    if (o->get_expected_min() == 0) continue;
    const std::string c = valueWords(*o, values), t = typeWord(*o);
    out << "        " << o->get_name() << ") ";
    if (!c.empty())
      out << "COMPREPLY=($(compgen -W \"" << c << "\" -- \"$cur\"))";
    else if (t == "FILE" || t == "DIR")
      out << "compopt -o filenames; COMPREPLY=($(compgen -" << (t == "DIR" ? "d" : "f") << " -- \"$cur\"))";
    else
      out << "COMPREPLY=()";
    out << "; return ;;\n";
  }
  out << "      esac\n      files=" << (positionals(app).empty() ? 0 : 1) << " ;;\n";
}

void bashCommand(const CLI::App& app, const std::string& path, std::ostream& out, const ValueWords& values) {
  out << "    \"" << path << "\")\n      words=\"" << bashWords(app) << "\"\n";
  bashValues(app, out, values);
  for (const CLI::App* sub : visible(app)) bashCommand(*sub, path + " " + sub->get_name(), out, values);
}

void zshCommand(const CLI::App& app, const std::string& root, const std::string& path, std::ostream& out,
                const ValueWords& values) {
  const auto full = [&](const std::string& p) { return p.empty() ? root : root + " " + p; };
  out << functionName(full(path)) << "() {\n  _arguments -s \\\n";
  for (const CLI::Option* o : named(app)) {
    out << "    '" << o->get_name() << "[" << zshText(o->get_description()) << "]";
    if (o->get_expected_min() > 0) {
      const std::string c = valueWords(*o, values), t = typeWord(*o);
      out << ":" << zshText(t) << ":";
      if (!c.empty())
        out << "(" << c << ")";
      else if (t == "FILE")
        out << "_files";
      else if (t == "DIR")
        out << "_files -/";
    }
    out << "' \\\n";
  }
  for (const CLI::Option* o : positionals(app)) out << "    '*:" << zshText(o->get_name()) << ":_files' \\\n";
  const auto subs = visible(app);
  if (!subs.empty()) {
    out << "    '1:command:->command' '*::argument:->argument'\n  case $state in\n    command)\n"
        << "      local -a commands=(";
    for (const CLI::App* sub : subs) out << " '" << sub->get_name() << ":" << zshText(sub->get_description()) << "'";
    out << ")\n      _describe command commands ;;\n    argument)\n      case $words[1] in\n";
    for (const CLI::App* sub : subs)
      out << "        " << sub->get_name() << ") "
          << functionName(full(path.empty() ? sub->get_name() : path + " " + sub->get_name())) << " ;;\n";
    out << "      esac ;;\n  esac\n}\n";
  } else {
    out << "    '(- *)--help[print the help and exit]'";
    if (app.get_version_ptr() != nullptr) out << " \\\n    '(- *)--version[print the version and exit]'";
    out << "\n}\n";
  }
  for (const CLI::App* sub : subs)
    zshCommand(*sub, root, path.empty() ? sub->get_name() : path + " " + sub->get_name(), out, values);
}

}  // namespace

void writeManOptions(const CLI::App& app, std::ostream& out) {
  for (const CLI::Option* o : positionals(app))
    out << ".TP\n.I " << roff(o->get_name()) << "\n" << roff(o->get_description()) << "\n";
  for (const CLI::Option* o : named(app)) {
    out << ".TP\n";
    if (o->get_expected_min() == 0)
      out << ".B " << roff(o->get_name()) << "\n";
    else
      out << ".BI \"" << roff(o->get_name()) << " \" " << roff(typeWord(*o)) << "\n";
    out << roff(o->get_description()) << "\n";
  }
}

void writeManCommands(const CLI::App& app, std::ostream& out) {
  for (const CLI::App* sub : visible(app)) manCommand(*sub, app.get_name() + " " + sub->get_name(), out);
}

void writeBashCompletion(const CLI::App& app, std::ostream& out, const ValueWords& values) {
  const std::string name = app.get_name(), function = functionName(name);
  out << "# bash completion for " << name << ", generated from its command line (the build runs `" << name
      << (visible(app).empty() ? " --completion bash" : " completion bash") << "`)\n"
      << function << "() {\n"
      << "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} path=\"\" words files=0 w\n"
      << "  # The subcommand path: the words naming subcommands (an option's value is not one).\n"
      << "  for w in \"${COMP_WORDS[@]:1:COMP_CWORD-1}\"; do\n"
      << "    case \"${path:+$path }$w\" in\n";
  std::vector<std::pair<const CLI::App*, std::string>> todo{{&app, ""}};
  for (std::size_t i = 0; i < todo.size(); ++i)
    for (const CLI::App* sub : visible(*todo[i].first)) {
      const std::string p = todo[i].second.empty() ? sub->get_name() : todo[i].second + " " + sub->get_name();
      out << "      \"" << p << "\") path=\"" << p << "\" ;;\n";
      todo.emplace_back(sub, p);
    }
  out << "    esac\n  done\n  case \"$path\" in\n    \"\")\n      words=\"" << bashWords(app) << " --version\"\n";
  bashValues(app, out, values);
  for (const CLI::App* sub : visible(app)) bashCommand(*sub, sub->get_name(), out, values);
  out << "  esac\n"
      << "  if [[ $cur == -* || $files == 0 ]]; then\n"
      << "    COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
      << "  else\n"
      << "    compopt -o filenames\n"
      << "    COMPREPLY=($(compgen -f -- \"$cur\"))\n"
      << "  fi\n"
      << "}\n"
      << "complete -F " << function << " " << name << "\n";
}

void writeZshCompletion(const CLI::App& app, std::ostream& out, const ValueWords& values) {
  out << "#compdef " << app.get_name() << "\n# zsh completion for " << app.get_name()
      << ", generated from its command line (the build runs `" << app.get_name()
      << (visible(app).empty() ? " --completion zsh" : " completion zsh") << "`)\n";
  zshCommand(app, app.get_name(), "", out, values);
  out << functionName(app.get_name()) << " \"$@\"\n";
}

}  // namespace dom::cli
