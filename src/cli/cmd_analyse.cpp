// SPDX-License-Identifier: MIT
// `dominoes analyse FILE [--as A|B|all] [--json] [--samples N] [--seed S] [--max-size N]`.
// Without --as: every move from its mover's knowledge; --as A or B: that player's moves only;
// --as all: both players' moves with every tile known (the exact solver). docs/analysis.md.
#include "cli/cmd_analyse.h"

#include "cli/options.h"

#include <CLI/CLI.hpp>

#include <unistd.h>
#include <charconv>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "ai/analysis.h"
#include "core/files.h"

namespace dom::cli {
namespace {

std::string percent(double w) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%5.1f%%", 100.0 * w);
  return buf;
}

std::string signedPoints(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+6.1f", p);
  return buf;
}

// Per player: positions, inaccuracies, mistakes, blunders.
using Marks = std::array<std::array<int, 4>, 2>;

// The positions and marks of each player's moves.
Marks countMarks(const std::vector<ai::AnalysedMove>& moves) {
  Marks marks{};
  for (const auto& a : moves) {
    ++marks[static_cast<std::size_t>(idx(a.mover))][0];
    if (a.mark != ai::Mark::None) ++marks[static_cast<std::size_t>(idx(a.mover))][static_cast<std::size_t>(a.mark)];
  }
  return marks;
}

// The analysis as one JSON object (docs/analysis.md) on standard output.
void printJson(const std::string& file, const dgn::Record& rec, const std::vector<ai::AnalysedMove>& moves,
               const std::optional<Player>& side, const ai::EvalOptions& opt, const Marks& marks) {
  nlohmann::ordered_json j;
  j["file"] = file;
  j["rules"] = rec.rules.text();
  j["knowledge"] = opt.knowledge == ai::Knowledge::All ? "all" : "mover";
  j["side"] = side ? std::string(1, letter(*side)) : "both";
  j["samples"] = opt.knowledge == ai::Knowledge::All ? 1 : opt.samples;
  j["seed"] = opt.seed;
  auto& list = j["positions"] = nlohmann::ordered_json::array();
  for (const auto& a : moves) {
    nlohmann::ordered_json p;
    p["round"] = a.round;
    p["number"] = a.number;
    p["line"] = a.line;
    p["mover"] = std::string(1, letter(a.mover));
    p["played"] = a.playedText;
    p["played_win"] = a.playedWin;
    p["played_points"] = a.playedPoints;
    p["best"] = a.eval.moves.empty() ? "" : a.eval.moves.front().text;
    p["mark"] = ai::name(a.mark);
    p["exact"] = a.eval.exact;
    p["samples"] = a.eval.samples;
    auto& ms = p["moves"] = nlohmann::ordered_json::array();
    for (const auto& e : a.eval.moves)
      ms.push_back(
          {{"move", e.text}, {"win", e.win}, {"points", e.points}, {"exact_share", e.exactShare}, {"tips", e.tips}});
    list.push_back(std::move(p));
  }
  for (int p = 0; p < 2; ++p) {
    const auto& c = marks[static_cast<std::size_t>(p)];
    j["summary"][std::string(1, "AB"[p])] = {
        {"positions", c[0]}, {"inaccuracies", c[1]}, {"mistakes", c[2]}, {"blunders", c[3]}};
  }
  std::cout << j.dump() << "\n";
}

// One analysed position as text: the move played and its mark, then every legal move's figures.
void printPosition(const ai::AnalysedMove& a) {
  std::cout << "\nround " << a.round << ", move " << a.number << " (line " << a.line << "): " << letter(a.mover)
            << " played " << a.playedText << ai::symbol(a.mark);
  if (a.mark != ai::Mark::None) std::cout << "  (" << ai::name(a.mark) << ")";
  std::cout << (a.eval.exact ? "" : "  [estimate]") << "\n";
  for (const auto& e : a.eval.moves) {
    const bool played = e.move.same(a.played);
    // The tips' words after the figures and the mark of the move played, in a column of their own.
    const char* mark = played ? "  <- played" : e.tips.empty() ? "" : "           ";
    std::printf("  %-16s %s %s%s%s%s\n", e.text.c_str(), percent(e.win).c_str(), signedPoints(e.points).c_str(), mark,
                e.tips.empty() ? "" : "  ", e.tips.c_str());
  }
  std::fflush(stdout);
}

// The analysis as text on standard output: the rules and knowledge, each position, the marks' summary.
void printText(const dgn::Record& rec, const std::vector<ai::AnalysedMove>& moves, const std::optional<Player>& side,
               const ai::EvalOptions& opt, const Marks& marks) {
  std::cout << "rules     " << rec.rules.text() << "\n";
  std::cout << "knowledge "
            << (opt.knowledge == ai::Knowledge::All ? "all tiles known (exact solver)"
                                                    : "the mover's (" + std::to_string(opt.samples) +
                                                          " sampled deals, seed " + std::to_string(opt.seed) + ")")
            << ", moves of " << (side ? std::string(1, letter(*side)) : std::string("both players")) << "\n";
  if (moves.empty()) std::cout << "no position with a choice of moves\n";
  for (const auto& a : moves) printPosition(a);
  std::cout << "\nsummary";
  // "1 mistake", "2 mistakes": a count and its noun in the number it takes.
  const auto count = [](int n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
  };
  for (int p = 0; p < 2; ++p) {
    const auto& c = marks[static_cast<std::size_t>(p)];
    if (side && idx(*side) != p) continue;
    std::cout << "  "
              << "AB"[p] << ": " << count(c[0], "position", "positions") << ", "
              << count(c[1], "inaccuracy", "inaccuracies") << ", " << count(c[2], "mistake", "mistakes") << ", "
              << count(c[3], "blunder", "blunders");
  }
  std::cout << "\n";
}

}  // namespace

struct AnalyseCommand::Options {
  std::string file;
  std::string as;
  std::string samples = "200";
  std::string seed = "1";
  std::string maxSize = "16M";
  std::string record;  // empty: the file's only record
  bool json = false;
};

AnalyseCommand::AnalyseCommand(CLI::App& app) : o_(std::make_unique<Options>()) {
  sub_ =
      app.add_subcommand("analyse", "Evaluate every choice of a record: win probability and points of each legal move");
  sub_->add_option("file", o_->file, "DGN record ('-': standard input)")->required();
  sub_->add_option("--as", o_->as,
                   "A or B: that player's moves from its knowledge; all: both players' moves with every tile known "
                   "(default: every move from its mover's knowledge)");
  sub_->add_option("--samples", o_->samples, "hidden deals sampled per position (1 to 100000; default 200)");
  sub_->add_option("--seed", o_->seed, "seed of the sampling (0 to 2^64-1; default 1)");
  sub_->add_option("--max-size", o_->maxSize, "largest record read (bytes, or with K, M, G; default 16M)");
  sub_->add_option("--record", o_->record, "read the K-th record of a file of several (a collection), from 1");
  sub_->add_flag("--json", o_->json, "print one JSON object (docs/analysis.md)");
}

AnalyseCommand::~AnalyseCommand() = default;

bool AnalyseCommand::chosen() const { return sub_->parsed(); }

int AnalyseCommand::run() const {
  auto usage = [](const std::string& msg) {
    std::cerr << "dominoes analyse: " << msg << "\n";
    return 2;
  };
  std::optional<Player> side;
  ai::EvalOptions opt;
  if (o_->as == "A" || o_->as == "a")
    side = Player::A;
  else if (o_->as == "B" || o_->as == "b")
    side = Player::B;
  else if (o_->as == "all")
    opt.knowledge = ai::Knowledge::All;
  else if (!o_->as.empty())
    return usage("--as: '" + files::cut(o_->as) + "' is not A, B or all");
  std::uint64_t samples = 0, maxSize = 0, record = 0;
  try {
    samples = wholeNumber("--samples", o_->samples, 1, 100000);
    opt.seed = wholeNumber("--seed", o_->seed, 0, UINT64_MAX);
    maxSize = wholeNumber("--max-size", o_->maxSize, 1, std::uint64_t{1} << 40, true);
    if (sub_->get_option("--record")->count()) record = wholeNumber("--record", o_->record, 1, std::uint64_t{1} << 32);
  } catch (const UsageError& e) {
    return usage(e.message);
  }
  opt.samples = static_cast<int>(samples);

  auto loaded = dgn::loadFile(o_->file, maxSize, record);
  if (auto* e = std::get_if<dgn::Error>(&loaded)) {
    std::cerr << e->text() << "\n";
    return 1;
  }
  const dgn::Record& rec = std::get<dgn::Loaded>(loaded).record;
  if (::isatty(2))
    opt.progress = [](double f) {
      std::fprintf(stderr, "\ranalysing: %3d%%", static_cast<int>(100.0 * f));
      std::fflush(stderr);
    };
  const auto moves = ai::analyseRecord(rec, side, opt);
  if (opt.progress) std::fprintf(stderr, "\r                \r");

  const Marks marks = countMarks(moves);
  if (o_->json)
    printJson(o_->file, rec, moves, side, opt, marks);
  else
    printText(rec, moves, side, opt, marks);
  return 0;
}

}  // namespace dom::cli
