// SPDX-License-Identifier: MIT
// `dominoes ladder`: a round robin of the levels. Each level plays its neighbour above and the two
// anchors (the two weakest levels), seats swapped on paired deals; the results are fitted with a
// Bradley-Terry model to Elo ratings, random at 0. Single rounds for rules without a target, matches
// to the target otherwise. The same seed gives the same ratings with any --threads.
#include "cli/cmd_ladder.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <set>
#include <sstream>
#include <variant>
#include <vector>

#include "ai/ladder.h"
#include "ai/players.h"
#include "cli/cmd_match.h"
#include "cli/options.h"
#include "core/files.h"
#include "core/rules.h"

namespace dom::cli {

namespace {

struct Entrant {
  std::string name, spec;
  TimeHistogram ms;  // its decision CPU times over every game it played
};

// The pairings: each level with the next, and each with the two anchors (levels 0 and 1), once each.
std::vector<std::pair<int, int>> pairings(int n) {
  std::set<std::pair<int, int>> set;
  for (int i = 0; i + 1 < n; ++i) set.insert({i, i + 1});
  for (int a = 0; a < std::min(2, n); ++a)
    for (int i = 0; i < n; ++i)
      if (i != a) set.insert({std::min(a, i), std::max(a, i)});
  return {set.begin(), set.end()};
}

std::string fixed(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return buf;
}

// rating against median decision time, one point per level with its interval, drawn by gnuplot. The
// data, the script and the picture go to a private temporary folder (never next to the user's file,
// whose names gnuplot never sees), and the picture is then saved over `path` as every writer saves.
std::string plot(const std::string& path, const std::string& rules, const std::vector<Entrant>& e,
                 const std::vector<ai::Rated>& r) {
  std::error_code ec;
  std::string pattern = (std::filesystem::temp_directory_path(ec) / "dominoes-ladder.XXXXXX").string();
  if (ec) pattern = "/tmp/dominoes-ladder.XXXXXX";
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  if (!::mkdtemp(name.data())) return "cannot save " + path + ": cannot make a temporary folder for gnuplot";
  const std::string dir = name.data(), data = dir + "/ladder.dat", script = dir + "/ladder.gp",
                    png = dir + "/ladder.png";
  std::string text;
  for (std::size_t i = 0; i < e.size(); ++i)
    text += fixed(std::max(e[i].ms.stats().median, 1e-4), 6) + " " + fixed(r[i].elo, 1) + " " + fixed(r[i].lo, 1) +
            " " + fixed(r[i].hi, 1) + " \"" + e[i].name + "\"\n";
  const std::string gp = "set terminal pngcairo size 900,600\nset output '" + png +
                         "'\nset logscale x\nset xlabel 'median decision time (ms of CPU)'\nset ylabel 'Elo (random "
                         "= 0)'\nset title 'The ladder: " +
                         rules + "'\nset key off\nset grid\nplot '" + data +
                         "' using 1:2:3:4 with yerrorbars pt 7, '' using 1:2:5 with labels offset 1,1 left\n";
  std::string err = files::writeAtomic(data, text);
  if (err.empty()) err = files::writeAtomic(script, gp);
  if (err.empty() && std::system(("gnuplot '" + script + "' </dev/null").c_str()) != 0)
    err = "gnuplot failed to draw " + path + " (is gnuplot installed? make deps)";
  if (err.empty()) {
    auto picture = files::readText(png, std::uint64_t{64} << 20);
    if (auto* bad = std::get_if<files::ReadError>(&picture))
      err = "gnuplot drew no picture for " + path + ": " + bad->message;
    else
      err = files::writeAtomic(path, std::get<std::string>(picture));
  }
  std::filesystem::remove_all(dir, ec);
  return err;
}

// What the options ask for, checked.
struct Plan {
  Rules rules;
  long long games = 0, threads = 1;
  std::uint64_t seed = 0;
  std::vector<Entrant> entrants;
};

// --levels split at its commas, but not at one inside brackets or quotes (an outside engine's
// settings and command: "random,engine[ms=50,grace=200]:python3 bot.py,expert").
std::vector<std::string> splitLevels(const std::string& levels) {
  std::vector<std::string> out(1);
  int depth = 0;
  char quote = 0;
  for (char c : levels) {
    if (quote) {
      quote = c == quote ? 0 : quote;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '[') {
      ++depth;
    } else if (c == ']') {
      depth = std::max(0, depth - 1);
    } else if (c == ',' && depth == 0) {
      out.emplace_back();
      continue;
    }
    out.back() += c;
  }
  return out;
}

// The entrants of --levels (level names or specs), or the eight levels; throws a UsageError.
std::vector<Entrant> entrantsOf(const std::string& levels) {
  std::vector<Entrant> out;
  if (levels.empty()) {
    for (const ai::Level& l : ai::levels()) out.push_back({std::string(l.name), std::string(l.spec), {}});
    return out;
  }
  for (const std::string& w : splitLevels(levels)) {
    const std::string spec = ai::levelSpec(w);
    if (auto err = ai::playerSpecError(spec); !err.empty()) throw UsageError{"--levels: " + files::cutWords(err)};
    out.push_back({w, spec, {}});
  }
  if (out.size() < 2) throw UsageError{"--levels: a ladder needs at least two entrants"};
  return out;
}

// Plays every pairing into `results` (each entrant's decision times gathered); the error, or empty.
std::string playAll(Plan& plan, std::vector<ai::PairResult>& results) {
  const bool matches = plan.rules.target > 0;
  const auto pairs = pairings(static_cast<int>(plan.entrants.size()));
  for (std::size_t k = 0; k < pairs.size(); ++k) {
    const auto [i, j] = pairs[k];
    Entrant &a = plan.entrants[static_cast<std::size_t>(i)], &b = plan.entrants[static_cast<std::size_t>(j)];
    if (::isatty(STDERR_FILENO))
      std::fprintf(stderr, "pairing %zu of %zu: %s against %s\n", k + 1, pairs.size(), a.name.c_str(), b.name.c_str());
    const Pairing p = playPairing(plan.rules.text(), a.spec, b.spec, gameSeed(plan.seed, k, 7), plan.games, matches,
                                  static_cast<int>(plan.threads));
    if (!p.error.empty()) return a.name + " against " + b.name + ": " + p.error;
    for (int side = 0; side < 2; ++side)
      if (p.forfeits[side])
        std::cerr << "dominoes ladder: " << files::printable(side ? b.name : a.name) << " forfeited "
                  << p.forfeits[side] << " of " << plan.games << " games against "
                  << files::printable(side ? a.name : b.name) << "; the first, "
                  << files::printable(p.forfeitReason[side]) << "\n";
    results.push_back(
        {i, j, static_cast<double>(p.tally.wins) + 0.5 * static_cast<double>(p.tally.ties), p.tally.games});
    a.ms.merge(p.ms[0]);
    b.ms.merge(p.ms[1]);
  }
  return {};
}

// The ratings, weakest first: as one JSON object, or a line per level.
void print(const Plan& plan, const std::vector<ai::Rated>& rated, bool json) {
  std::vector<std::size_t> order(plan.entrants.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t x, std::size_t y) { return rated[x].elo < rated[y].elo; });
  if (json) {
    nlohmann::ordered_json j{
        {"rules", plan.rules.text()}, {"games_per_pairing", plan.games}, {"levels", nlohmann::json::array()}};
    for (std::size_t i : order) {
      const TimeStats t = plan.entrants[i].ms.stats();
      j["levels"].push_back(nlohmann::ordered_json{{"name", plan.entrants[i].name},
                                                   {"spec", plan.entrants[i].spec},
                                                   {"elo", rated[i].elo},
                                                   {"ci95", {rated[i].lo, rated[i].hi}},
                                                   {"decision_ms", {{"median", t.median}, {"p95", t.p95}}}});
    }
    std::cout << j.dump() << "\n";
    return;
  }
  std::cout << plan.rules.text() << ": " << pairings(static_cast<int>(plan.entrants.size())).size() << " pairings of "
            << plan.games << (plan.rules.target > 0 ? " matches" : " rounds") << ", seed " << plan.seed << "\n";
  for (std::size_t i : order)
    std::cout << files::printable(plan.entrants[i].name) << " (" << files::printable(plan.entrants[i].spec)
              << "): " << fixed(rated[i].elo, 0) << " [" << fixed(rated[i].lo, 0) << ", " << fixed(rated[i].hi, 0)
              << "], median decision " << fixed(plan.entrants[i].ms.stats().median, 3) << " ms\n";
}

}  // namespace

struct LadderCommand::Options {
  std::string rules = "en-linea", games = "200", seed = "1", threads = "1", plot, levels;
  bool json = false;
};

LadderCommand::LadderCommand(CLI::App& app) : o_(std::make_unique<Options>()) {
  sub_ = app.add_subcommand("ladder", "Rate the levels on one Elo scale from games between them (Bradley-Terry)");
  sub_->add_option("--rules", o_->rules, "rule set (default en-linea); a target means matches, else single rounds");
  sub_->add_option("--games", o_->games, "games per pairing, an even number from 2 to 1000000 (default 200)");
  sub_->add_option("--seed", o_->seed, "seed of the deals and the players, 0 to 2^64-1 (default 1)");
  sub_->add_option("--threads", o_->threads, "worker threads, 1 to 256 (default 1); the results do not change");
  sub_->add_option("--levels", o_->levels,
                   "the entrants, comma-separated level names or player specs, weakest first (default: the eight "
                   "levels)");
  sub_->add_flag("--json", o_->json, "print one JSON object");
  sub_->add_option("--plot", o_->plot, "draw rating against decision time into this PNG (gnuplot)");
}

LadderCommand::~LadderCommand() = default;

bool LadderCommand::chosen() const { return sub_ && sub_->parsed(); }

int LadderCommand::run() const {
  Plan plan;
  try {
    auto parsed = parseRules(std::string_view(o_->rules));
    if (auto* e = std::get_if<std::string>(&parsed)) throw UsageError{"--rules: " + files::cutWords(*e)};
    plan.rules = std::get<Rules>(parsed);
    plan.games = static_cast<long long>(wholeNumber("--games", o_->games, 2, 1000000));
    if (plan.games % 2) throw UsageError{"--games: " + o_->games + " is odd: each deal is played from both seats"};
    plan.seed = wholeNumber("--seed", o_->seed, 0, UINT64_MAX);
    plan.threads = static_cast<long long>(wholeNumber("--threads", o_->threads, 1, 256));
    plan.entrants = entrantsOf(o_->levels);
  } catch (const UsageError& u) {
    std::cerr << "dominoes ladder: " << u.message << "\n";
    return 2;
  }
  // The plot's target is refused before the games, as every writer refuses it (a folder, FIFO or device).
  if (!o_->plot.empty())
    if (auto err = files::canSave(o_->plot); !err.empty()) {
      std::cerr << "dominoes ladder: --plot: " << files::printable(err) << "\n";
      return 1;
    }
  std::vector<ai::PairResult> results;
  if (auto err = playAll(plan, results); !err.empty()) {
    std::cerr << "dominoes ladder: " << err << "\n";
    return 1;
  }
  const auto rated = ai::bradleyTerry(static_cast<int>(plan.entrants.size()), results, 0);
  print(plan, rated, o_->json);
  if (!o_->plot.empty())
    if (auto err = plot(o_->plot, plan.rules.text(), plan.entrants, rated); !err.empty()) {
      std::cerr << "dominoes ladder: " << err << "\n";
      return 1;
    }
  return 0;
}

}  // namespace dom::cli
