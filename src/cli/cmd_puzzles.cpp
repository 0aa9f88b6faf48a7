// SPDX-License-Identifier: MIT
// `dominoes puzzles generate --rules R --count N --seed S --out FILE [--themes ...] [--threads T]`.
#include "cli/cmd_puzzles.h"

#include <CLI/CLI.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "ai/puzzle_gen.h"
#include "cli/options.h"
#include "core/dgn.h"
#include "core/files.h"

namespace dom::cli {

namespace {

constexpr std::uint64_t kMaxCount = 100000;
constexpr std::uint64_t kMaxThreads = 256;

// "[#########...........]  41/300 puzzles" on standard error, redrawn in place (as `match`'s).
void drawProgress(std::uint64_t done, std::uint64_t total) {
  constexpr int kWidth = 30;
  const int filled = total ? static_cast<int>(kWidth * std::min(done, total) / total) : kWidth;
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.append(static_cast<std::size_t>(kWidth - filled), '.');
  std::fprintf(stderr, "\r[%s] %llu/%llu puzzles", bar.c_str(), static_cast<unsigned long long>(done),
               static_cast<unsigned long long>(total));
  std::fflush(stderr);
}

std::string fixed(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return buf;
}

// "--themes block,count": each a word of kPuzzleThemes, each once.
std::vector<std::string> parseThemes(const std::string& text) {
  std::vector<std::string> themes;
  std::stringstream in(text);
  for (std::string word; std::getline(in, word, ',');) {
    if (std::find(dgn::kPuzzleThemes.begin(), dgn::kPuzzleThemes.end(), word) == dgn::kPuzzleThemes.end())
      throw UsageError{"--themes: '" + files::cut(word) +
                       "' is not a theme (themes: heavy, doubles, variety, strongest, read, count, block)"};
    if (std::find(themes.begin(), themes.end(), word) != themes.end())
      throw UsageError{"--themes: '" + files::cut(word) + "' is given twice"};
    themes.push_back(word);
  }
  if (themes.empty() || text.back() == ',') throw UsageError{"--themes: an empty theme in '" + files::cut(text) + "'"};
  return themes;
}

// The summary on standard error: the counts, the rate and the themes.
void printSummary(const ai::PuzzleGenStats& s, const std::string& rules, std::uint64_t seed) {
  const double perMinute = s.seconds > 0 ? 60.0 * static_cast<double>(s.kept) / s.seconds : 0.0;
  auto share = [&](std::uint64_t n) {
    return s.positions ? " (" + fixed(100.0 * static_cast<double>(n) / static_cast<double>(s.positions), 2) + "%)"
                       : std::string();
  };
  std::cerr << "puzzles generate: " << rules << ", seed " << seed << ": " << s.kept << " puzzles kept from " << s.games
            << " games in " << fixed(s.seconds, 1) << " s, " << fixed(perMinute, 1) << " puzzles per minute\n";
  std::cerr << "positions examined " << s.positions << ", closed to chance " << s.closed << share(s.closed)
            << ", with a choice " << s.choices << share(s.choices) << ", proved " << s.proved << share(s.proved)
            << ", puzzles " << s.puzzles << share(s.puzzles) << ", kept " << s.kept << share(s.kept) << "\n";
  std::cerr << "themes:";
  for (const auto& t : dgn::kPuzzleThemes) {
    const auto it = s.themes.find(std::string(t));
    std::cerr << " " << t << " " << (it == s.themes.end() ? 0 : it->second);
  }
  std::cerr << "\n";
}

}  // namespace

struct PuzzlesCommand::Options {
  std::string rules = "en-linea", count = "10", seed = "1", out, themes, threads = "1", maxGames = "10000000";
};

PuzzlesCommand::PuzzlesCommand(CLI::App& app) : o_(std::make_unique<Options>()) {
  sub_ = app.add_subcommand("puzzles", "Puzzles: generate a collection of proved puzzles");
  sub_->require_subcommand(1);
  generate_ = sub_->add_subcommand(
      "generate", "Play the expert against the lower levels and keep proved puzzles from the positions reached");
  generate_->add_option("--rules", o_->rules, "rule set (default en-linea)");
  generate_->add_option("--count", o_->count, "puzzles to keep, 1 to 100000 (default 10)");
  generate_->add_option("--seed", o_->seed, "seed of the games, 0 to 2^64-1 (default 1)");
  generate_->add_option("--out", o_->out, "write the collection here ('-': standard output)")->required();
  generate_->add_option("--themes", o_->themes,
                        "keep only puzzles with one of these themes, comma-separated (heavy, doubles, variety, "
                        "strongest, read, count, block)");
  generate_->add_option("--threads", o_->threads, "worker threads, 1 to 256 (default 1); the output does not change");
  generate_->add_option("--max-games", o_->maxGames,
                        "give up after this many games, 1 to 10^12 (default 10000000); a run that gives up keeps --out "
                        "as it was");
}

PuzzlesCommand::~PuzzlesCommand() = default;

bool PuzzlesCommand::chosen() const { return sub_ && sub_->parsed(); }

int PuzzlesCommand::run() const {
  ai::PuzzleGenOptions opt;
  std::string header;
  try {
    if (const auto e = emptyValue(*generate_); !e.empty()) throw UsageError{e};
    auto parsed = parseRules(std::string_view(o_->rules));
    if (auto* e = std::get_if<std::string>(&parsed)) throw UsageError{"--rules: " + files::cutWords(*e)};
    opt.rules = std::get<Rules>(parsed);
    opt.count = wholeNumber("--count", o_->count, 1, kMaxCount);
    opt.seed = wholeNumber("--seed", o_->seed, 0, UINT64_MAX);
    opt.threads = static_cast<int>(wholeNumber("--threads", o_->threads, 1, kMaxThreads));
    opt.maxGames = wholeNumber("--max-games", o_->maxGames, 1, 1000000000000ULL);
    if (!o_->themes.empty()) opt.themes = parseThemes(o_->themes);
  } catch (const UsageError& u) {
    std::cerr << "dominoes puzzles generate: " << files::printable(u.message) << "\n";
    return 2;
  }
  header =
      "# Proved puzzles (docs/puzzles.md); `dominoes check` proves each again. Made by:\n"
      "# dominoes puzzles generate --rules " +
      o_->rules + " --count " + o_->count + " --seed " + o_->seed +
      (o_->themes.empty() ? "" : " --themes " + o_->themes) + "\n";
  const bool bar = ::isatty(STDERR_FILENO) != 0;
  if (bar) opt.progress = drawProgress;
  const ai::PuzzleGenResult res = ai::generatePuzzles(opt);
  if (bar) std::fprintf(stderr, "\n");
  printSummary(res.stats, o_->rules, opt.seed);
  // A run that gave up writes nothing: the old --out stays as it was (issue 42 #14).
  if (res.stats.kept < opt.count) {
    std::cerr << "dominoes puzzles generate: only " << res.stats.kept << " of " << opt.count << " puzzles found in "
              << res.stats.games << " games (--max-games); "
              << (o_->out == "-" ? std::string("nothing written") : files::printable(o_->out) + " is left as it was")
              << "\n";
    return 1;
  }
  const std::string text = ai::puzzlesText(res.puzzles, header);
  if (o_->out == "-") {
    std::cout << text << std::flush;
  } else if (auto err = dgn::saveFile(o_->out, text); !err.empty()) {
    std::cerr << "dominoes puzzles generate: " << files::printable(err) << "\n";
    return 1;
  }
  return 0;
}

}  // namespace dom::cli
