// SPDX-License-Identifier: MIT
// `dominoes match`: two computer players, given observations only, over many games on worker
// threads; the report counts from --a's side (see docs/engine.md, "Matches between players").
#include "cli/cmd_match.h"

#include "cli/options.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

#include "ai/engine.h"
#include "ai/inference.h"
#include "ai/ladder.h"
#include "ai/observation.h"
#include "ai/players.h"
#include "ai/playout.h"
#include "ai/recorder.h"
#include "core/dgn.h"
#include "core/files.h"

namespace fs = std::filesystem;

namespace dom::cli {

namespace {

// The longest match with --matches (a target the players never reach ends there, scores compared).
constexpr int kMaxRounds = 1000;
constexpr long long kMaxGames = 1000000000;
constexpr long long kMaxThreads = 256;

using Usage = UsageError;

// Everything a worker needs, read-only while the games run.
struct Job {
  Rules rules;
  std::string spec[2];  // --a, --b
  std::uint64_t seed = 0;
  long long games = 0;
  bool matches = false;
  bool cpuTime = false;     // time decisions by the deciding thread's CPU time instead of the wall clock
  std::string out;          // folder for the records, or empty
  int width = 1;            // digits of the game numbers in the file names
  bool policyData = false;  // gather --a's choices for --policy-data
};

// What one worker gathered: sums over its games (order does not matter), every decision time.
struct Gathered {
  Tally tally;
  TimeHistogram ms[2];       // decision times of --a and --b where a choice existed, summarised as they come
  long long errorGame = -1;  // the first failed game this worker saw, and why
  std::string error;
  std::vector<std::pair<long long, std::string>> policy;  // per game: --policy-data's lines
  long long forfeits[2] = {};                             // games --a and --b lost by an outside engine's failure
  std::string forfeitReason[2];                           // the first of them, "game N: reason"
  long long forfeitGame[2] = {-1, -1};
};

// --policy-data's line for a choice among placements at the ends (ai::policyChoice: none before the
// lead, a tile's headings at an end one choice): the index of the placement chosen, then for each its
// tips' policy features (ai::PolicyFeatures: pips, double, mine next, blocks, unseen new, distinct,
// mine new, dead new, stuck, unseen both, double new), "|"-separated. Empty when the choice is not
// one the playouts' policy makes.
std::string policyLine(const ai::Observation& o, const Move& chosen) {
  const ai::PolicyChoice c = ai::policyChoice(o, chosen);
  if (c.chosen < 0) return {};
  std::string line = std::to_string(c.chosen);
  for (const ai::PolicyFeatures& f : c.options)
    line += "|" + std::to_string(f.pips) + "," + std::to_string(f.isDouble) + "," + std::to_string(f.mineNext) + "," +
            std::to_string(f.blocks) + "," + std::to_string(f.unseenNew) + "," + std::to_string(f.distinct) + "," +
            std::to_string(f.mineNew) + "," + std::to_string(f.deadNew) + "," + std::to_string(f.stuck) + "," +
            std::to_string(f.unseenBoth) + "," + std::to_string(f.doubleNew);
  return line + "\n";
}

// Now, in milliseconds: the wall clock, or the calling thread's CPU time.
double nowMs(bool cpu) {
  if (cpu) {
    timespec ts{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
  }
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::string resultText(const RoundResult& r) {
  if (r.winner == 2) return "result tie";
  return std::string("result ") + "AB"[r.winner] + (r.how == RoundStatus::Domino ? " domino " : " blocked ") +
         std::to_string(r.points);
}

dgn::Statement expectStatement(std::string text) {
  dgn::Statement s;
  s.kind = dgn::Statement::Kind::Expect;
  s.expectText = std::move(text);
  return s;
}

// The seats' players of one game: seat s holds player s ^ swapped (0: --a, 1: --b).
struct Seats {
  std::unique_ptr<ai::Computer> seat[2];
  int swapped = 0;
};

// A seat that lost its game by an engine's failure: the seat, and why.
struct Forfeit {
  int seat = 0;
  std::string reason;
};

// Plays the rounds of one game on rec until the match (or the single round) is over, or an engine
// fails (its Forfeit). Adds decision times and --policy-data lines to g and policy; points: seat A's
// minus seat B's.
std::optional<Forfeit> playRounds(const Job& job, Seats& seats, ai::RoundRecorder& rec, std::uint64_t pair, Gathered& g,
                                  std::string& policy, long long& points) {
  const Match& m = rec.match;
  const int swapped = seats.swapped;
  pcg32 deals(gameSeed(job.seed, pair, 0), 0xdea1);
  const int maxRounds = job.matches ? kMaxRounds : 1;
  while (!m.matchOver() && m.round() < maxRounds) {
    const std::uint64_t dealSeed = (static_cast<std::uint64_t>(deals()) << 32) | deals();
    if (auto why = rec.startRound(dealSeed); !why.empty()) throw std::runtime_error(why);
    while (m.inRound()) {
      const Player who = m.state().turn;
      const int s = idx(who);
      const ai::Observation o = rec.observe(who);
      const double start = nowMs(job.cpuTime);
      ai::Decision d;
      try {
        d = seats.seat[s]->decide(o);
      } catch (const ai::EngineFailure& f) {
        return Forfeit{s, f.what()};
      }
      const double ms = nowMs(job.cpuTime) - start;
      if (o.legal.size > 1) g.ms[s ^ swapped].add(ms);
      if (job.policyData && (s ^ swapped) == 0 && o.legal.size > 1) policy += policyLine(o, d.move);
      if (auto why = m.illegal(d.move, who); !why.empty())
        throw std::runtime_error(job.spec[s ^ swapped] + " (seat " + letter(who) + ", round " +
                                 std::to_string(m.round()) + ") chose an illegal move: " + why);
      rec.play(d.move);
      if (dgn::RoundRecord* r = rec.round(); r && !d.reason.empty()) {
        dgn::Statement note;
        note.kind = dgn::Statement::Kind::Note;
        note.note = d.reason;
        r->statements.push_back(note);
      }
    }
    const RoundResult& res = *m.lastResult();
    points += res.winner == 0 ? res.points : res.winner == 1 ? -res.points : 0;
    if (rec.recording) rec.record.rounds.back().statements.push_back(expectStatement(resultText(res)));
  }
  return std::nullopt;
}

// The winning seat of a game that was played out (0 A, 1 B, 2 tie).
int seatWinnerOf(const Job& job, const Match& m) {
  if (!job.matches) return m.lastResult()->winner;
  if (m.matchOver()) return m.matchWinner();
  // no one reached the target in kMaxRounds rounds: the higher score wins
  return m.scores()[0] > m.scores()[1] ? 0 : m.scores()[0] < m.scores()[1] ? 1 : 2;
}

// Plays game `index` (0-based): --a holds seat A in even games and seat B in odd ones; games 2k and
// 2k+1 are dealt the same tiles. Adds the game to `g`; throws on a player's illegal move. An outside
// engine that fails loses the game (a forfeit, counted in g and written in the record as a comment).
void playGame(const Job& job, long long index, Gathered& g) {
  Seats seats;
  seats.swapped = static_cast<int>(index % 2);
  const int swapped = seats.swapped;
  const auto pair = static_cast<std::uint64_t>(index / 2);
  for (int s = 0; s < 2; ++s) {
    seats.seat[s] = ai::makePlayer(job.spec[s ^ swapped], gameSeed(job.seed, static_cast<std::uint64_t>(index), 1 + s));
    if (!seats.seat[s]) throw std::runtime_error("unknown player '" + job.spec[s ^ swapped] + "'");
  }
  const bool record = !job.out.empty();
  ai::RoundRecorder rec(job.rules, record);
  if (record) {
    rec.record.players = std::array<std::string, 2>{job.spec[swapped], job.spec[1 ^ swapped]};
    rec.record.title = "dominoes match, seed " + std::to_string(job.seed) + ", game " + std::to_string(index + 1) +
                       " of " + std::to_string(job.games);
  }
  const Match& m = rec.match;
  std::string policy;    // --policy-data's lines of this game
  long long points = 0;  // seat A's points minus seat B's
  const auto forfeit = playRounds(job, seats, rec, pair, g, policy, points);
  int seatWinner = forfeit ? 1 - forfeit->seat : seatWinnerOf(job, m);
  if (forfeit) {
    const std::string text = std::string(" forfeit: ") + "AB"[forfeit->seat] + " loses the game: " + forfeit->reason;
    if (record && !rec.record.rounds.empty()) {
      dgn::Statement c;
      c.kind = dgn::Statement::Kind::Comment;
      c.comment = text;
      rec.record.rounds.back().statements.push_back(c);
    }
    const int player = forfeit->seat ^ swapped;
    if (g.forfeits[player]++ == 0) {
      g.forfeitGame[player] = index;
      g.forfeitReason[player] = "game " + std::to_string(index + 1) + ": " + forfeit->reason;
    }
  } else if (record && job.matches && m.matchOver()) {
    rec.record.rounds.back().statements.push_back(
        expectStatement(seatWinner == 2 ? "match tie" : std::string("match ") + "AB"[seatWinner]));
  }
  g.tally.add(seatWinner == 2 ? 2 : seatWinner ^ swapped, std::max(1, m.round()), swapped ? -points : points);
  if (job.policyData) g.policy.emplace_back(index, std::move(policy));
  if (record) {
    std::string name = std::to_string(index + 1);
    name.insert(0, static_cast<std::size_t>(std::max(0, job.width - static_cast<int>(name.size()))), '0');
    const std::string path = (fs::path(job.out) / ("game-" + name + ".dgn")).string();
    if (auto err = dgn::saveFile(path, dgn::write(rec.record)); !err.empty()) throw std::runtime_error(err);
  }
}

std::string fixed(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return buf;
}

// Milliseconds with 4 decimals below 1 ms (a greedy player's time is a fraction of a microsecond).
std::string msText(double ms) { return fixed(ms, ms < 1 ? 4 : 2); }

// "[#########...........]  412/1000 games" on standard error, redrawn in place.
void drawProgress(long long done, long long total) {
  constexpr int kWidth = 30;
  const int filled = total ? static_cast<int>(kWidth * done / total) : kWidth;
  std::string bar(static_cast<std::size_t>(filled), '#');
  bar.append(static_cast<std::size_t>(kWidth - filled), '.');
  std::fprintf(stderr, "\r[%s] %lld/%lld games", bar.c_str(), done, total);
  std::fflush(stderr);
}

// Plays the job's games on `workers` threads, each gathering into its own entry of gathered, with the
// progress on a terminal's standard error; returns the seconds it took.
double runGames(const Job& job, int workers, std::vector<Gathered>& gathered) {
  std::atomic<long long> next{0}, done{0};
  std::atomic<bool> failed{false};
  std::mutex mu;
  std::condition_variable cv;
  const auto started = std::chrono::steady_clock::now();
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(workers));
  for (int w = 0; w < workers; ++w)
    pool.emplace_back([&, w] {
      Gathered& g = gathered[static_cast<std::size_t>(w)];
      for (long long i = next++; i < job.games && !failed; i = next++) {
        try {
          playGame(job, i, g);
        } catch (const std::exception& e) {
          g.errorGame = i;
          g.error = e.what();
          failed = true;
        }
        ++done;
        if (i + 1 == job.games || failed) cv.notify_all();
      }
      std::lock_guard lock(mu);
      cv.notify_all();
    });
  if (::isatty(STDERR_FILENO)) {
    std::unique_lock lock(mu);
    while (done < job.games && !failed) {
      drawProgress(done, job.games);
      cv.wait_for(lock, std::chrono::milliseconds(200));
    }
    drawProgress(done, job.games);
    std::fprintf(stderr, "\n");
  }
  for (auto& t : pool) t.join();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
}

// The first failure in game order, or nullptr.
const Gathered* firstError(const std::vector<Gathered>& gathered) {
  const Gathered* first = nullptr;
  for (const auto& g : gathered)
    if (g.errorGame >= 0 && (!first || g.errorGame < first->errorGame)) first = &g;
  return first;
}

// The workers' sums, and their decision times of --a and --b merged into ms.
Tally sumUp(const std::vector<Gathered>& gathered, TimeHistogram (&ms)[2]) {
  Tally t;
  for (const auto& g : gathered) {
    t.games += g.tally.games;
    t.wins += g.tally.wins;
    t.losses += g.tally.losses;
    t.ties += g.tally.ties;
    t.rounds += g.tally.rounds;
    t.points += g.tally.points;
    for (int p = 0; p < 2; ++p) ms[p].merge(g.ms[p]);
  }
  return t;
}

// The games each of --a and --b forfeited, and the first forfeit's reason in game order.
void sumForfeits(const std::vector<Gathered>& gathered, long long (&n)[2], std::string (&first)[2]) {
  for (int p = 0; p < 2; ++p) {
    long long firstGame = -1;
    n[p] = 0;
    for (const auto& g : gathered) {
      n[p] += g.forfeits[p];
      if (g.forfeitGame[p] >= 0 && (firstGame < 0 || g.forfeitGame[p] < firstGame)) {
        firstGame = g.forfeitGame[p];
        first[p] = g.forfeitReason[p];
      }
    }
  }
}

// Writes --policy-data's lines to path in game order, whatever the threads; the error, or empty.
std::string writePolicy(const std::string& path, const std::vector<Gathered>& gathered) {
  std::vector<std::pair<long long, std::string>> games;
  for (const auto& g : gathered) games.insert(games.end(), g.policy.begin(), g.policy.end());
  std::sort(games.begin(), games.end());
  std::string text;
  for (const auto& game : games) text += game.second;
  return dgn::saveFile(path, text);
}

// The report as one JSON object on standard output.
void printJson(const Job& job, const Tally& t, const TimeStats (&time)[2], const long long (&forfeits)[2]) {
  const Interval ci = t.ci95();
  auto times = [](const TimeStats& s) {
    return nlohmann::ordered_json{{"mean", s.mean}, {"median", s.median}, {"p95", s.p95}};
  };
  const nlohmann::ordered_json j{{"rules", job.rules.text()},
                                 {"a", job.spec[0]},
                                 {"b", job.spec[1]},
                                 {"games", t.games},
                                 {"wins", t.wins},
                                 {"losses", t.losses},
                                 {"ties", t.ties},
                                 {"win_rate", t.winRate()},
                                 {"ci95", {ci.lo, ci.hi}},
                                 {"points_per_round", t.pointsPerRound()},
                                 {"decision_ms", {{"a", times(time[0])}, {"b", times(time[1])}}},
                                 {"forfeits", {{"a", forfeits[0]}, {"b", forfeits[1]}}}};
  std::cout << j.dump() << "\n";
}

// The report as text on standard output.
void printText(const Job& job, const Tally& t, const TimeStats (&time)[2], int workers, double seconds) {
  const Interval ci = t.ci95();
  std::cout << job.rules.text() << "\n";
  std::cout << "A " << files::printable(job.spec[0]) << "  vs  B " << files::printable(job.spec[1]) << ": " << t.games
            << (job.matches ? (t.games == 1 ? " match (" : " matches (") + std::to_string(t.rounds) +
                                  (t.rounds == 1 ? " round)" : " rounds)")
                            : std::string(t.games == 1 ? " single round" : " single rounds"))
            << ", seed " << job.seed << ", " << workers << (workers == 1 ? " thread" : " threads") << ", "
            << fixed(seconds, 1) << " s\n";
  std::cout << "A won " << t.wins << ", lost " << t.losses << ", tied " << t.ties << ": win rate "
            << fixed(100 * t.winRate(), 2) << "% (ties count half), 95% CI " << fixed(100 * ci.lo, 2) << "% to "
            << fixed(100 * ci.hi, 2) << "% (Wilson)\n";
  std::cout << "points per round, A's side: " << (t.pointsPerRound() >= 0 ? "+" : "") << fixed(t.pointsPerRound(), 3)
            << "\n";
  for (int p = 0; p < 2; ++p)
    std::cout << (job.cpuTime ? "decision CPU time " : "decision time ") << "AB"[p] << " ("
              << files::printable(job.spec[p]) << "): mean " << msText(time[p].mean) << " ms, median "
              << msText(time[p].median) << " ms, p95 " << msText(time[p].p95) << " ms over " << time[p].count
              << " choices\n";
}

}  // namespace

Pairing playPairing(const std::string& rulesText, const std::string& a, const std::string& b, std::uint64_t seed,
                    long long games, bool matches, int threads) {
  Pairing out;
  Job job;
  auto parsed = parseRules(std::string_view(rulesText));
  if (auto* e = std::get_if<std::string>(&parsed)) {
    out.error = *e;
    return out;
  }
  job.rules = std::get<Rules>(parsed);
  job.spec[0] = a;
  job.spec[1] = b;
  job.seed = seed;
  job.games = games;
  job.matches = matches;
  job.cpuTime = true;
  const auto workers = static_cast<int>(std::min<long long>(threads, games));
  std::vector<Gathered> gathered(static_cast<std::size_t>(workers));
  (void)runGames(job, workers, gathered);
  if (const Gathered* e = firstError(gathered)) {
    out.error = "game " + std::to_string(e->errorGame + 1) + ": " + e->error;
    return out;
  }
  out.tally = sumUp(gathered, out.ms);
  sumForfeits(gathered, out.forfeits, out.forfeitReason);
  return out;
}

struct MatchCommand::Options {
  std::string a, b, rules = "en-linea", games = "1000", seed = "1", threads = "1", out, policyData;
  bool json = false, matches = false, cpuTime = false;
};

MatchCommand::MatchCommand(CLI::App& app) : o_(std::make_unique<Options>()) {
  sub_ = app.add_subcommand("match", "Play two computer players against each other and report the win rate");
  sub_->add_option(
          "--a", o_->a,
          "player A (random, greedy, strategist, flatmc:K, expert, expert:ms=N, expert:KEY=VALUE,... with ms, "
          "exact, greedy, infer, opp, chance, tree, heavy, block, oblock, policy, opolicy, match; any but random "
          "also :random=P or ,random=P: a share P of its moves at random), or a level of the ladder by its name "
          "(Beginner, Novice, Apprentice, Club-player, Skilled, Advanced, Candidate-master, Master)")
      ->required();
  sub_->add_option("--b", o_->b, "player B")->required();
  sub_->add_option("--rules", o_->rules, "rule set (default en-linea)");
  sub_->add_option("--games", o_->games, "games to play, 1 to 1000000000 (default 1000)");
  sub_->add_option("--seed", o_->seed, "seed of the deals and the players, 0 to 2^64-1 (default 1)");
  sub_->add_option("--threads", o_->threads, "worker threads, 1 to 256 (default 1); the results do not change");
  sub_->add_flag("--matches", o_->matches, "play full matches to the rules' target instead of single rounds");
  sub_->add_option("--out", o_->out, "write every game as DGN into this folder (made if missing)");
  sub_->add_flag("--json", o_->json, "print one JSON object");
  sub_->add_option(
      "--policy-data", o_->policyData,
      "write A's choices among placements with the tips' policy features of every legal move to this file, "
      "one line a choice (the data to fit the expert's playout policy again)");
  sub_->add_flag("--cpu-time", o_->cpuTime,
                 "time decisions by the deciding thread's CPU time, not the wall clock (on a loaded machine)");
}

MatchCommand::~MatchCommand() = default;

bool MatchCommand::chosen() const { return sub_ && sub_->parsed(); }

int MatchCommand::run() const {
  Job job;
  long long threads = 1;
  try {
    for (int i = 0; i < 2; ++i) {
      const std::string spec = ai::levelSpec(i ? o_->b : o_->a);  // a level's name, or a spec
      if (auto err = ai::playerSpecError(spec); !err.empty())
        throw Usage{std::string(i ? "--b" : "--a") + ": " + files::cutWords(err)};
      job.spec[i] = spec;
    }
    auto parsed = parseRules(std::string_view(o_->rules));
    if (auto* e = std::get_if<std::string>(&parsed)) throw Usage{"--rules: " + files::cutWords(*e)};
    job.rules = std::get<Rules>(parsed);
    job.games = static_cast<long long>(wholeNumber("--games", o_->games, 1, kMaxGames));
    job.seed = wholeNumber("--seed", o_->seed, 0, UINT64_MAX);
    threads = static_cast<long long>(wholeNumber("--threads", o_->threads, 1, kMaxThreads));
    job.matches = o_->matches;
    job.cpuTime = o_->cpuTime;
    job.out = o_->out;
    job.policyData = !o_->policyData.empty();
    if (job.policyData) {
      std::error_code ec;
      const fs::path parent = fs::path(o_->policyData).parent_path();
      if (!parent.empty() && !fs::is_directory(parent, ec))
        throw Usage{"--policy-data: the folder '" + files::cut(parent.string()) + "' does not exist"};
    }
    if (!job.out.empty()) {
      std::error_code ec;
      if (fs::exists(job.out, ec) && !fs::is_directory(job.out, ec))
        throw Usage{"--out: '" + files::cut(job.out) + "' exists and is not a folder"};
    }
  } catch (const Usage& u) {
    std::cerr << "dominoes match: " << u.message << "\n";
    return 2;
  }
  if (!job.out.empty()) {
    std::error_code ec;
    fs::create_directories(job.out, ec);
    if (ec) {
      std::cerr << "dominoes match: cannot make the folder " << files::cut(job.out) << ": " << ec.message() << "\n";
      return 1;
    }
  }
  job.width = static_cast<int>(std::to_string(job.games).size());

  const auto workers = static_cast<int>(std::min(threads, job.games));
  std::vector<Gathered> gathered(static_cast<std::size_t>(workers));
  const double seconds = runGames(job, workers, gathered);

  // The first failure in game order, then the sums.
  if (const Gathered* e = firstError(gathered)) {
    std::cerr << "dominoes match: game " << e->errorGame + 1 << ": " << e->error << "\n";
    return 1;
  }
  TimeHistogram ms[2];
  const Tally t = sumUp(gathered, ms);
  const TimeStats time[2] = {ms[0].stats(), ms[1].stats()};
  long long forfeits[2] = {};
  std::string forfeitReason[2];
  sumForfeits(gathered, forfeits, forfeitReason);
  for (int p = 0; p < 2; ++p)
    if (forfeits[p])
      std::cerr << "dominoes match: "
                << "AB"[p] << " (" << files::printable(job.spec[p]) << ") forfeited " << forfeits[p]
                << (forfeits[p] == 1 ? " game" : " games") << "; the first, " << files::printable(forfeitReason[p])
                << "\n";
  if (job.policyData) {
    if (auto err = writePolicy(o_->policyData, gathered); !err.empty()) {
      std::cerr << "dominoes match: " << err << "\n";
      return 1;
    }
  }
  if (o_->json)
    printJson(job, t, time, forfeits);
  else
    printText(job, t, time, workers, seconds);
  return 0;
}

}  // namespace dom::cli
