// SPDX-License-Identifier: MIT
// `dominoes`, the headless command: replay, check, rules, play, bench and layout on core.
#include <CLI/CLI.hpp>

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <span>
#include <sstream>

#include "ai/engine.h"
#include "ai/fast.h"
#include "ai/ladder.h"
#include "ai/players.h"
#include "ai/puzzle.h"
#include "ai/recorder.h"
#include "cli/cmd_analyse.h"
#include "cli/cmd_bench_solver.h"
#include "cli/cmd_docs.h"
#include "cli/cmd_engine.h"
#include "cli/cmd_ladder.h"
#include "cli/cmd_match.h"
#include "cli/cmd_puzzles.h"
#include "cli/cmd_worksheet.h"
#include "cli/options.h"
#include "core/dgn.h"
#include "core/files.h"
#include "core/layout.h"
#include "core/lesson.h"
#include "core/perft.h"
#include "core/summary.h"
#include "dominoes_build_version.h"

namespace fs = std::filesystem;
using namespace dom;

namespace {

using dom::cli::UsageError;

// The command line's numbers, all through the one strict reader (cli/options.h).
std::uint64_t number(const std::string& option, const std::string& text, std::uint64_t lo, std::uint64_t hi,
                     bool size = false) {
  return dom::cli::wholeNumber(option, text, lo, hi, size);
}

// A read failure of FILE as the reader reports it: "FILE:0: reason".
int fileError(const dgn::Error& e) {
  std::cerr << e.text() << "\n";
  return 1;
}

std::string joinHand(Mask m) {
  std::string s;
  forEachHeaviestFirst(m, [&](Tile t) { s += (s.empty() ? "" : " ") + tileText(t); });
  return s.empty() ? "-" : s;
}

void printHuman(const dgn::Record& rec, const Match& m) {
  const auto j = summary(m);
  std::cout << "rules   " << m.rules().text() << "\n";
  // The title is the file's text: printed with its control characters escaped.
  if (!rec.title.empty()) std::cout << "title   " << files::printable(rec.title) << "\n";
  if (m.round() == 0) {
    std::cout << "no round has started\n";
    return;
  }
  const RoundState& s = m.state();
  std::cout << "round   " << m.round() << "\n";
  std::string line;
  for (const auto& t : m.line()) line += (line.empty() ? "" : " ") + tileText(t.left, t.right);
  std::cout << "line    " << (line.empty() ? "(empty)" : line) << "\n";
  if (!s.beforeLead()) std::cout << "ends    L " << int(s.ends[0]) << "  R " << int(s.ends[1]) << "\n";
  for (int p = 0; p < 2; ++p)
    std::cout << "hand "
              << "AB"[p] << "  " << joinHand(s.hand[p]) << "  (" << pips(s.hand[p]) << " pips)\n";
  std::cout << "stock   " << s.stockCount() << " tiles (reserve " << m.rules().reserve << ")\n";
  std::cout << "score   A " << m.scores()[0] << "  B " << m.scores()[1];
  if (m.rules().target) std::cout << "  (target " << m.rules().target << ")";
  std::cout << "\n";
  if (const auto& r = m.lastResult()) {
    if (r->winner == 2)
      std::cout << "result  round " << r->round << " tied (blocked, equal pips)\n";
    else
      std::cout << "result  round " << r->round << ": "
                << "AB"[r->winner] << " wins by " << (r->how == RoundStatus::Domino ? "domino" : "block") << ", +"
                << r->points << "\n";
  }
  if (m.matchOver())
    std::cout << "match   "
              << (m.matchWinner() == 2 ? std::string("tied") : std::string(1, "AB"[m.matchWinner()]) + " wins") << "\n";
  if (auto p = m.toMove()) {
    std::cout << "turn    " << letter(*p) << "\n";
    std::string legal;
    for (const auto& l : j["legal"]) legal += (legal.empty() ? "" : ", ") + l.get<std::string>();
    std::cout << "legal   " << legal << "\n";
  }
}

int cmdReplay(const std::string& file, bool json, std::uint64_t maxSize, std::uint64_t record) {
  auto loaded = dgn::loadFile(file, maxSize, record);
  if (auto* e = std::get_if<dgn::Error>(&loaded)) return fileError(*e);
  const auto& l = std::get<dgn::Loaded>(loaded);
  if (json)
    std::cout << summary(l.match).dump() << "\n";
  else
    printHuman(l.record, l.match);
  return 0;
}

int cmdLayout(const std::string& file, bool json, std::uint64_t maxSize, std::uint64_t record) {
  auto loaded = dgn::loadFile(file, maxSize, record);
  if (auto* e = std::get_if<dgn::Error>(&loaded)) return fileError(*e);
  const auto layout = std::get<dgn::Loaded>(loaded).match.layout();
  std::cout << (json ? layoutJson(layout) : layoutText(layout)) << "\n";
  return 0;
}

// The proofs of a file's puzzles share one budget of positions; once it is spent, the puzzles left are
// counted in `unproved` and refused together with one line (issue 42 #10).
struct ProofBudget {
  std::uint64_t total = ai::kPuzzleFileBudget, left = ai::kPuzzleFileBudget;
  std::uint64_t unproved = 0;
};

// Checks one record (`name` as printed: the file, or FILE#K for the K-th record of a collection).
// A lesson's tasks are validated at their positions (lesson::readChecked).
void checkRecord(const dgn::Part& part, const std::string& file, const std::string& name, ProofBudget& budget,
                 int& passed, int& failed) {
  int tasks = 0;
  auto loaded = lesson::readChecked(part, file, tasks);
  if (auto* e = std::get_if<dgn::Error>(&loaded)) {
    std::cout << "FAIL " << e->text() << "\n";
    ++failed;
    return;
  }
  const dgn::Record& rec = std::get<dgn::Record>(loaded);
  // A puzzle's solutions are proved: exactly the moves that win by force.
  if (rec.puzzle && budget.left == 0) {
    ++budget.unproved;
    return;
  }
  std::uint64_t used = 0;
  const auto wrong = ai::checkPuzzle(rec, file, std::min(ai::kPuzzleNodeBudget, budget.left), &used);
  budget.left -= std::min(used, budget.left);
  if (wrong) {
    std::cout << "FAIL " << wrong->text() << "\n";
    ++failed;
    return;
  }
  int expects = 0;
  for (const auto& r : rec.rounds)
    for (const auto& s : r.statements) expects += s.kind == dgn::Statement::Kind::Expect;
  std::cout << "ok   " << files::printable(name) << " (" << expects << " expects";
  if (rec.puzzle)
    std::cout << ", puzzle proved: " << rec.puzzle->solutions.size()
              << (rec.puzzle->solutions.size() == 1 ? " solution" : " solutions");
  if (tasks) std::cout << ", " << tasks << (tasks == 1 ? " task" : " tasks");
  std::cout << ")\n";
  ++passed;
}

// Checks a file: each record of a collection on its own, counted apart.
void checkFile(const std::string& f, std::uint64_t maxSize, std::uint64_t proofBudget, int& passed, int& failed) {
  auto text = dgn::readFile(f, maxSize);
  if (auto* e = std::get_if<dgn::Error>(&text)) {
    std::cout << "FAIL " << e->text() << "\n";
    ++failed;
    return;
  }
  const std::string& t = std::get<std::string>(text);
  std::uint64_t count = 0;
  dgn::forEachRecord(t, [&](const dgn::Part&) { ++count; });
  std::uint64_t k = 0;
  ProofBudget budget{proofBudget, proofBudget, 0};
  dgn::forEachRecord(t, [&](const dgn::Part& part) {
    ++k;
    checkRecord(part, f, count > 1 ? f + "#" + std::to_string(k) : f, budget, passed, failed);
  });
  if (budget.unproved) {
    std::cout << "FAIL " << files::printable(f) << ": the proofs spent this file's budget of " << budget.total
              << " positions; " << budget.unproved << (budget.unproved == 1 ? " puzzle was" : " puzzles were")
              << " not proved (--proof-budget raises it)\n";
    ++failed;
  }
}

int cmdCheck(const std::vector<std::string>& paths, std::uint64_t maxSize, std::uint64_t proofBudget) {
  std::vector<std::string> files;
  int empty = 0;  // folders holding no record: a check of nothing is not a pass
  for (const auto& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<std::string> found;
      for (auto it = fs::recursive_directory_iterator(p, fs::directory_options::skip_permission_denied, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file(ec) && it->path().extension() == ".dgn") found.push_back(it->path().string());
      std::sort(found.begin(), found.end());
      if (found.empty()) {
        std::cout << "FAIL no .dgn files under " << files::printable(p) << "\n";
        ++empty;
      }
      files.insert(files.end(), found.begin(), found.end());
    } else {
      files.push_back(p);
    }
  }
  int passed = 0, failed = 0;
  for (const auto& f : files) checkFile(f, maxSize, proofBudget, passed, failed);
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed || empty ? 1 : 0;
}

std::string knobHelp(std::string_view knob) {
  if (knob == "hand") return "tiles dealt to each player";
  if (knob == "reserve") return "stock tiles that may never be drawn";
  if (knob == "draw") return "until: draw until a drawn tile plays; none: never draw (block game)";
  if (knob == "lead") return "who opens a round: double, alternate or winner";
  if (knob == "blocked") return "points for a blocked round: difference or loser";
  if (knob == "target") return "0: a single round; N: play rounds until a score reaches N";
  if (knob == "layout") return "snake: the engine lays every tile; free: players choose headings";
  if (knob == "table") return "table size in squares (a tile is 1x2 squares)";
  return {};
}

int cmdRules(const std::vector<std::string>& words) {
  if (words.empty()) {
    for (const auto& n : presetNames()) {
      const Rules r = *preset(n);
      std::cout << n << "  (" << presetOrigin(n) << ")\n  " << r.text() << "\n";
    }
    return 0;
  }
  // The words may come one per argument or quoted together ("en-linea hand=5"), as for --rules.
  std::string text;
  for (const auto& w : words) text += (text.empty() ? "" : " ") + w;
  auto parsed = parseRules(std::string_view(text));
  if (auto* e = std::get_if<std::string>(&parsed)) {
    std::cerr << "dominoes rules: " << files::cutWords(*e) << "\n";
    return 2;
  }
  const Rules r = std::get<Rules>(parsed);
  std::cout << r.text() << "\n\n";
  std::istringstream in(r.text());
  std::string word;
  in >> word;
  std::cout << "preset   " << word << "  (" << presetOrigin(word) << ")\n";
  while (in >> word) {
    const auto eq = word.find('=');
    std::string k = word.substr(0, eq), v = word.substr(eq + 1);
    std::printf("%-8s %-11s %s\n", k.c_str(), v.c_str(), knobHelp(k).c_str());
  }
  return 0;
}

// Plays the round on: "" when it is over, else the forfeit of an outside engine that failed, also
// written into the record as a comment.
std::string playRound(ai::RoundRecorder& rec, std::unique_ptr<ai::Computer> (&players)[2]) {
  const Match& m = rec.match;
  while (m.inRound()) {
    const Player who = m.state().turn;
    try {
      rec.play(players[idx(who)]->choose(rec.observe(who)));
    } catch (const ai::EngineFailure& f) {
      std::string text = std::string("forfeit: ") + letter(who) + " loses the game: " + f.what();
      if (dgn::RoundRecord* r = rec.round()) {
        dgn::Statement c;
        c.kind = dgn::Statement::Kind::Comment;
        c.comment = " " + text;
        r->statements.push_back(c);
      }
      return text;
    }
  }
  return {};
}

int cmdPlay(const std::string& rulesText, const std::string& aText, const std::string& bText, std::uint64_t seed,
            const std::string& out) {
  const std::string a = ai::levelSpec(aText), b = ai::levelSpec(bText);  // a level's name, or a spec
  auto parsed = parseRules(rulesText);
  if (auto* e = std::get_if<std::string>(&parsed)) {
    std::cerr << "dominoes play: --rules: " << files::cutWords(*e) << "\n";
    return 2;
  }
  std::unique_ptr<ai::Computer> players[2] = {ai::makePlayer(a, seed * 2 + 1), ai::makePlayer(b, seed * 2 + 2)};
  for (int i = 0; i < 2; ++i)
    if (!players[i]) {
      std::cerr << "dominoes play: " << files::cutWords(ai::playerSpecError(i ? b : a)) << "\n";
      return 2;
    }
  ai::RoundRecorder rec(std::get<Rules>(parsed));
  rec.record.players = std::array<std::string, 2>{a, b};
  const Match& m = rec.match;
  pcg32 rng(seed, 0xdea1);
  constexpr int kMaxRounds = 1000;
  std::string lost;  // an outside engine's forfeit
  while (!m.matchOver() && m.round() < kMaxRounds) {
    if (auto why = rec.startRound((static_cast<std::uint64_t>(rng()) << 32) | rng()); !why.empty()) {
      std::cerr << "dominoes play: " << why << "\n";
      return 1;
    }
    if (lost = playRound(rec, players); !lost.empty()) break;
  }
  const std::string text = dgn::write(rec.record);
  if (out.empty() || out == "-") {
    std::cout << text;
  } else if (auto err = dgn::saveFile(out, text); !err.empty()) {
    std::cerr << "dominoes play: " << err << "\n";
    return 1;
  }
  if (!lost.empty()) {
    std::cerr << "dominoes play: " << files::printable(lost) << "\n";
    return 0;
  }
  std::cerr << "match over after " << m.round() << " round(s): A " << m.scores()[0] << ", B " << m.scores()[1] << ", "
            << (m.matchWinner() == 2 ? std::string("tied") : std::string(1, "AB"[m.matchWinner()]) + " wins") << "\n";
  return 0;
}

// `bench --what free-layout`: core's FreeBoard alone, on the rules' table: `games` rounds of a lead
// and up to 27 random placements that fit (a double or a non-double at a random end and heading),
// from a fixed xorshift seed, cheap so that the board's cost dominates.
int benchFreeLayout(const Rules& rules, long long games, bool json) {
  std::uint64_t state = 88172645463325252ull;
  auto rng = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  FreeBoard b;
  long long plays = 0;
  std::uint64_t sink = 0;  // read, so that no fit goes unused
  const auto start = std::chrono::steady_clock::now();
  for (long long r = 0; r < games; ++r) {
    b.reset(rules.tableW, rules.tableH);
    b.lead(static_cast<Tile>(rng() % kTiles));
    for (int k = 0; k < 27; ++k) {
      const Fits& f = b.fits();
      const int e = static_cast<int>(rng() & 1);
      const std::uint64_t x = rng();
      if (x & 1) {
        if (!f[e].dbl) continue;
        b.play(static_cast<End>(e), tileOf(3, 3), Heading::Straight);
      } else {
        const unsigned hs = f[e].headings;
        if (!hs) continue;
        int h = static_cast<int>((x >> 8) % 3);
        while (!(hs & (1u << h))) h = (h + 1) % 3;
        b.play(static_cast<End>(e), tileOf(5, 2), static_cast<Heading>(h));
      }
      ++plays;
      sink += f[0].headings;
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double gps = seconds > 0 ? static_cast<double>(games) / seconds : 0.0;
  const double pps = seconds > 0 ? static_cast<double>(plays) / seconds : 0.0;
  if (json) {
    nlohmann::ordered_json j{{"rules", rules.text()},   {"what", "free-layout"}, {"games", games},
                             {"plays", plays},          {"seconds", seconds},    {"games_per_second", gps},
                             {"plays_per_second", pps}, {"checksum", sink}};
    std::cout << j.dump() << "\n";
  } else {
    std::printf(
        "%s\n%lld rounds of free-layout geometry in %.3f s: %.0f rounds/s, %.0f plays/s (%.1f plays per round)\n",
        rules.text().c_str(), games, seconds, gps, pps,
        games ? static_cast<double>(plays) / static_cast<double>(games) : 0.0);
  }
  return 0;
}

int cmdBench(const std::string& rulesText, long long games, bool json, const std::string& pathWord,
             const std::string& what) {
  auto parsed = parseRules(rulesText);
  if (auto* e = std::get_if<std::string>(&parsed)) {
    std::cerr << "dominoes bench: --rules: " << files::cutWords(*e) << "\n";
    return 2;
  }
  const Rules rules = std::get<Rules>(parsed);
  if (what == "free-layout") return benchFreeLayout(rules, games, json);
  ai::fast::Path path = ai::fast::best();
  for (const auto p : {ai::fast::Path::Generic, ai::fast::Path::Popcnt, ai::fast::Path::Bmi2})
    if (pathWord == ai::fast::name(p)) path = p;
  if (!ai::fast::runs(path)) {
    std::cerr << "dominoes bench: the " << ai::fast::name(path) << " path does not run on this build or processor\n";
    return 2;
  }
  ai::PlayoutRng rng(12345);
  const auto start = std::chrono::steady_clock::now();
  const long long moves = ai::fast::randomRounds(path, rules, rng, games);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double gps = seconds > 0 ? static_cast<double>(games) / seconds : 0.0;
  if (json) {
    nlohmann::ordered_json j{{"rules", rules.text()},
                             {"path", ai::fast::name(path)},
                             {"games", games},
                             {"seconds", seconds},
                             {"games_per_second", gps}};
    std::cout << j.dump() << "\n";
  } else {
    const bool slowPdep = pathWord == "auto" && path != ai::fast::Path::Bmi2 && ai::fast::runs(ai::fast::Path::Bmi2);
    std::printf("%s\n%lld rounds in %.3f s: %.0f rounds/s (%.1f moves per round), %s path%s\n", rules.text().c_str(),
                games, seconds, gps, games ? static_cast<double>(moves) / static_cast<double>(games) : 0.0,
                ai::fast::name(path), slowPdep ? " (bmi2 runs here, but this processor's PDEP is slow)" : "");
  }
  return 0;
}

long peakKiB() {
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;  // KiB on Linux
}

// The tiles but 6-6, 6-5 and 0-0, for the stock of a short round.
std::string shortRoundStock() {
  std::string s = "stock";
  for (int a = 6; a >= 0; --a)
    for (int b = a; b >= 0; --b)
      if (!(a == 6 && b == 6) && !(a == 6 && b == 5) && !(a == 0 && b == 0))
        s += " " + std::to_string(a) + "-" + std::to_string(b);
  return s + "\n";
}

// Lines of many words: the statement starting each line of `--what words-KIND`, then " x" or a
// tile word repeated to the size asked for.
struct WordsShape {
  const char* what;
  const char* head;
  const char* word;
};
constexpr WordsShape kWordsShapes[] = {
    {"words", "frob", " x"},
    {"words-hand", "hand A", " 6-6"},
    {"words-stock", "stock", " 6-6"},
    {"words-seed", "seed", " 1"},
    {"words-score", "score", " A"},
    {"words-expect-hand", "expect hand A", " 6-6"},
    {"words-expect-ends", "expect ends", " 1"},
    {"words-move", "A:", " 6-6"},
    {"words-note", "note", " x"},
};

// The body of a generated record of about n bytes (n items for legal), after its header; `put`
// counts the bytes written.
template <class Put>
void benchReadBody(const std::string& what, std::uint64_t n, const std::uint64_t& bytes, Put put) {
  if (what == "rounds") {
    // Short setup rounds: A plays its last tile against B's 0-0, a domino of 0 points, so that
    // the match (target 1000) never ends.
    const std::string stock = shortRoundStock();
    std::uint64_t r = 0;
    while (bytes < n)  // `put` adds what it writes to bytes
      put("round " + std::to_string(++r) + "\nhand A 6-5\nhand B 0-0\n" + stock + "line 6-6*\nturn A\nA: 6-5 R\n");
    return;
  }
  put("round 1\nseed 7\n");
  if (what == "legal") {
    put("expect legal ");
    for (std::uint64_t i = 0; i < n; ++i) put(i ? ",draw" : "draw");
    put("\n");
  } else if (what == "other" || what == "expects") {
    static const char* const kOther[] = {"expect score A 0 B 0\n",
                                         "# a comment on a line of its own\n",
                                         "expect result none  # and one ending a line\n",
                                         "#\n",
                                         "expect error \"malformed tile\"\n",
                                         "A: 9-9 R\n",
                                         "expect match none\n"};
    // Every kind of expect, each holding in the position after `seed 7` (A to lead 6-6).
    static const char* const kExpects[] = {"expect turn A\n",        "expect ends none\n",
                                           "expect legal 6-6\n",     "expect hand A 6-6 6-4 5-3 4-4 5-0 2-1 0-0\n",
                                           "expect stock 14\n",      "expect result none\n",
                                           "expect score A 0 B 0\n", "expect match none\n"};
    const bool other = what == "other";
    const std::span<const char* const> lines = other ? std::span<const char* const>(kOther) : kExpects;
    while (bytes < n)
      for (const char* line : lines) put(line);              // whole cycles: a record a little over n bytes
    if (bytes && n && other) put("expect score A 0 B 0\n");  // never end on an open `expect error`
  } else if (what == "notes") {
    while (bytes < n) put("note \"x\"\n");
  } else {
    for (const auto& shape : kWordsShapes)
      if (what == shape.what) {
        put(shape.head);
        while (bytes < n) put(shape.word);
        put("\n");
      }
  }
}

// Writes a generated record to a temp file piece by piece (never whole in memory, so the peak
// before the read stays low), reads it as `check` does (files::readText, then the reader and the
// replay) and reports time and peak memory: `legal` is one `expect legal` line of N items, `notes`
// is N bytes of `note "x"` lines, `other` N bytes of expects, comments and negative examples,
// `expects` N bytes of every kind of expect, `rounds` N bytes of short setup rounds, `words` and
// `words-KIND` one line of N bytes of words. All must grow linearly, the memory within 4x the file
// (tests/read_memory_test.sh checks it).
int cmdBenchRead(const std::string& what, std::uint64_t n, bool json) {
  const char* tmp = std::getenv("TMPDIR");
  std::string path = std::string(tmp && *tmp ? tmp : "/tmp") + "/dominoes-bench-read-XXXXXX";
  const int fd = ::mkstemp(path.data());
  if (fd < 0) {
    std::cerr << "dominoes bench-read: cannot make a temp file in " << (tmp && *tmp ? tmp : "/tmp") << "\n";
    return 1;
  }
  std::FILE* f = ::fdopen(fd, "w");
  std::uint64_t bytes = 0;
  auto put = [&](std::string_view s) {
    std::fwrite(s.data(), 1, s.size(), f);
    bytes += s.size();
  };
  put(what == "rounds" ? "dgn 1\nrules en-linea target=1000\n" : "dgn 1\nrules en-linea\n");
  benchReadBody(what, n, bytes, put);
  const bool written = std::fclose(f) == 0;
  if (!written) {
    ::unlink(path.c_str());
    std::cerr << "dominoes bench-read: cannot write " << path << "\n";
    return 1;
  }
  const long before = peakKiB();
  const auto start = std::chrono::steady_clock::now();
  const auto loaded = dgn::loadFile(path, UINT64_MAX);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const long after = peakKiB();
  ::unlink(path.c_str());
  const double grown = static_cast<double>(after - before) * 1024.0;
  const double ratio = grown / static_cast<double>(bytes);
  std::size_t statements = 0;
  if (const auto* l = std::get_if<dgn::Loaded>(&loaded))
    for (const auto& r : l->record.rounds) statements += r.statements.size();
  if (json) {
    nlohmann::ordered_json j{{"what", what},
                             {"bytes", bytes},
                             {"seconds", seconds},
                             {"peak_kib", after},
                             {"grown_kib", after - before},
                             {"memory_per_byte", ratio},
                             {"statements", statements},
                             {"valid", std::holds_alternative<dgn::Loaded>(loaded)}};
    std::cout << j.dump() << "\n";
  } else {
    std::printf(
        "%s: %llu bytes read in %.3f s; peak %ld KiB, %.0f KiB more than before the read (%.2fx the file); %zu "
        "statements%s\n",
        what.c_str(), static_cast<unsigned long long>(bytes), seconds, after, grown / 1024.0, ratio, statements,
        std::holds_alternative<dgn::Error>(loaded) ? " (the record is refused, as expected for legal)" : "");
  }
  return 0;
}

// `perft`: the move sequences of exactly `depth` moves from the deal of `seed` (round 1 under the
// rules), split by the first move.
int cmdPerft(const std::string& rulesText, std::uint64_t seed, int depth, bool json) {
  auto parsed = parseRules(rulesText);
  if (auto* e = std::get_if<std::string>(&parsed)) {
    std::cerr << "dominoes perft: --rules: " << files::cutWords(*e) << "\n";
    return 2;
  }
  const Rules rules = std::get<Rules>(parsed);
  Match m(rules);
  m.startRound(dealFromSeed(seed, rules.hand));
  const auto divide = perftDivide(m, depth);
  std::uint64_t total = 0;
  for (const auto& [move, n] : divide) total += n;
  if (json) {
    nlohmann::ordered_json d = nlohmann::ordered_json::array();
    for (const auto& [move, n] : divide) d.push_back({{"move", move}, {"count", n}});
    nlohmann::ordered_json j{
        {"rules", rules.text()}, {"seed", seed}, {"depth", depth}, {"count", total}, {"divide", d}};
    std::cout << j.dump() << "\n";
  } else {
    std::cout << rules.text() << "\n";
    for (const auto& [move, n] : divide) std::cout << move << ": " << n << "\n";
    std::cout << "perft " << depth << " from seed " << seed << ": " << total << "\n";
  }
  return 0;
}

std::vector<std::string> benchReadShapes() {
  std::vector<std::string> v{"legal", "notes", "other", "expects", "rounds"};
  for (const auto& shape : kWordsShapes) v.emplace_back(shape.what);
  return v;
}

// The command line's values and subcommands; one value may serve several subcommands.
struct Args {
  std::string file;
  bool json = false;
  std::string maxSizeText = std::to_string(files::kDefaultMaxSize);
  std::string recordText = "0";  // 0: the file's only record (a collection is refused)
  std::vector<std::string> paths, ruleWords;
  std::string rulesText = "en-linea", playerA = "greedy", playerB = "random", out;
  std::string seedText = "1";
  std::string gamesText = "1000000", benchRules = "en-linea", benchPath = "auto", benchWhat = "playouts";
  std::string readWhat = "legal", readSizeText = "1000000";
  std::string perftRules = "en-linea", depthText = "3";
  std::string proofBudgetText = std::to_string(ai::kPuzzleFileBudget);
  CLI::App *replay = nullptr, *check = nullptr, *rules = nullptr, *play = nullptr;
  CLI::App *bench = nullptr, *layout = nullptr, *benchRead = nullptr, *perft = nullptr;
  std::uint64_t maxSize = 0, seed = 0, games = 0, readSize = 0, depth = 0;  // the numbers, once read
  std::uint64_t record = 0, proofBudget = 0;
};

constexpr const char* kRecordHelp = "read the K-th record of a file of several (a collection), from 1";
constexpr const char* kMaxSizeHelp = "refuse files larger than this many bytes (K, M, G suffixes; default 16M)";

// An existing file or folder, or `-` for standard input.
CLI::Validator existingOrStdin() {
  return CLI::Validator([](std::string& path) { return path == "-" ? std::string() : CLI::ExistingPath(path); },
                        "PATH");
}

// Registers replay, check, rules and play.
void addRecordCommands(CLI::App& app, Args& a) {
  a.replay = app.add_subcommand("replay", "Replay a DGN record and summarise the final position");
  a.replay->add_option("FILE", a.file, "the DGN record ('-': standard input)")->required();
  a.replay->add_option("--max-size", a.maxSizeText, kMaxSizeHelp);
  a.replay->add_option("--record", a.recordText, kRecordHelp);
  a.replay->add_flag("--json", a.json, "print dgn.md's JSON summary");

  a.check = app.add_subcommand("check", "Check DGN files (folders recursively) and their expect lines");
  a.check->add_option("PATH", a.paths, "files or folders ('-': standard input)")->required()->check(existingOrStdin());
  a.check->add_option("--max-size", a.maxSizeText, kMaxSizeHelp);
  a.check->add_option("--proof-budget", a.proofBudgetText,
                      "positions the puzzle proofs of one file may visit in all, 1 to 10^12 (default " +
                          std::to_string(ai::kPuzzleFileBudget) + "); the puzzles past it are refused");

  a.rules = app.add_subcommand("rules", "List the presets, or print a rule set's full knob list");
  a.rules->add_option("RULES", a.ruleWords, "a preset and knob=value overrides");

  a.play = app.add_subcommand("play", "Play one match between computer players and write its DGN");
  a.play->add_option("--rules", a.rulesText, "rule set, e.g. \"dominoes2 target=150\"");
  a.play->add_option("--a", a.playerA, "player A: a player spec (random, greedy, expert...) or a level's name");
  a.play->add_option("--b", a.playerB, "player B: a player spec (random, greedy, expert...) or a level's name");
  a.play->add_option("--seed", a.seedText, "seed for the deals and the random players (0 to 2^64-1)");
  a.play->add_option("--out", a.out, "write the DGN here ('-' or none: standard output)");
}

// Registers bench, layout, bench-read and perft.
void addToolCommands(CLI::App& app, Args& a) {
  a.bench = app.add_subcommand("bench", "Play random rounds on one thread and report rounds per second");
  a.bench->add_option("--rules", a.benchRules, "rule set (default en-linea; dominoes2 with --what free-layout)");
  a.bench->add_option("--games", a.gamesText, "rounds to play (1 to 1000000000)");
  a.bench->add_flag("--json", a.json,
                    "print JSON: rules, path, games, seconds, games_per_second (free-layout: rules, what, games, "
                    "plays, seconds, games_per_second, plays_per_second, checksum)");
  a.bench
      ->add_option("--path", a.benchPath,
                   "playout path: auto (the fastest this processor runs), generic, popcnt or bmi2")
      ->check(CLI::IsMember({"auto", "generic", "popcnt", "bmi2"}));
  a.bench
      ->add_option("--what", a.benchWhat,
                   "playouts (whole random rounds, the default) or free-layout (the free layout's geometry "
                   "alone, core's FreeBoard: a lead and up to 27 random placements a round on the rules' table; "
                   "--path does not apply)")
      ->check(CLI::IsMember({"playouts", "free-layout"}));

  a.layout = app.add_subcommand("layout", "Print the table after a record, as text or JSON");
  a.layout->add_option("FILE", a.file, "the DGN record ('-': standard input)")->required();
  a.layout->add_option("--max-size", a.maxSizeText, kMaxSizeHelp);
  a.layout->add_option("--record", a.recordText, kRecordHelp);

  a.benchRead = app.add_subcommand("bench-read", "Time the reader on a generated record and report its peak memory");
  a.benchRead
      ->add_option("--what", a.readWhat,
                   "legal: one expect legal line of N items; notes: N bytes of note lines; other: N bytes of "
                   "expects, comments and negative examples; expects: N bytes of every kind of expect; rounds: N "
                   "bytes of short setup rounds; words, words-hand, words-stock, words-seed, words-score, "
                   "words-expect-hand, words-expect-ends, words-move, words-note: one line of N bytes of words")
      ->check(CLI::IsMember(benchReadShapes()));
  a.benchRead->add_option("--size", a.readSizeText, "N (items or bytes; K, M, G suffixes)");
  a.benchRead->add_flag("--json", a.json, "print JSON");
  a.layout->add_flag("--json", a.json, "print every tile's rectangle, the ends and the table size");

  a.perft = app.add_subcommand(
      "perft", "Count the move sequences of N moves from a deal (draws and passes are moves), per first move");
  a.perft->add_option("--rules", a.perftRules, "rule set (default en-linea)");
  a.perft->add_option("--seed", a.seedText, "seed of the deal, round 1 (0 to 2^64-1; default 1)");
  a.perft->add_option("--depth", a.depthText, "moves in a sequence, 1 to 12 (default 3)");
  a.perft->add_flag("--json", a.json, "print JSON: rules, seed, depth, count, divide (move and count)");
}

// Reads the numeric options into a (the first bad one a usage error); false after reporting one.
bool readNumbers(const CLI::App& app, Args& a) {
  try {
    a.maxSize = number("--max-size", a.maxSizeText, 1, std::uint64_t{1} << 40, true);
    a.seed = number("--seed", a.seedText, 0, UINT64_MAX);
    a.games = number("--games", a.gamesText, 1, 1000000000);
    a.readSize = number("--size", a.readSizeText, 1, std::uint64_t{1} << 32, true);
    a.depth = number("--depth", a.depthText, 1, 12);
    a.proofBudget = number("--proof-budget", a.proofBudgetText, 1, 1000000000000ULL);
    // Unset, 0 stands for the file's only record; given, it counts from 1.
    const bool recordGiven = (*a.replay && a.replay->get_option("--record")->count()) ||
                             (*a.layout && a.layout->get_option("--record")->count());
    a.record = number("--record", a.recordText, recordGiven ? 1 : 0, std::uint64_t{1} << 32);
  } catch (const UsageError& e) {
    std::cerr << "dominoes " << app.get_subcommands().front()->get_name() << ": " << e.message << "\n";
    return false;
  }
  return true;
}

// Runs the chosen subcommand of a (bench-solver, analyse, match and puzzles have their own classes); its exit code.
int runChosen(Args& a, const dom::cli::BenchSolverCommand& benchSolver, const dom::cli::AnalyseCommand& analyse,
              const dom::cli::MatchCommand& match, const dom::cli::PuzzlesCommand& puzzles,
              const dom::cli::LadderCommand& ladder, const dom::cli::EngineCommand& engine) {
  if (*a.replay) return cmdReplay(a.file, a.json, a.maxSize, a.record);
  if (*a.check) return cmdCheck(a.paths, a.maxSize, a.proofBudget);
  if (*a.rules) return cmdRules(a.ruleWords);
  if (*a.play) return cmdPlay(a.rulesText, a.playerA, a.playerB, a.seed, a.out);
  if (*a.bench) {
    if (a.benchWhat == "free-layout" && !a.bench->get_option("--rules")->count()) a.benchRules = "dominoes2";
    return cmdBench(a.benchRules, static_cast<long long>(a.games), a.json, a.benchPath, a.benchWhat);
  }
  if (*a.layout) return cmdLayout(a.file, a.json, a.maxSize, a.record);
  if (*a.benchRead) return cmdBenchRead(a.readWhat, a.readSize, a.json);
  if (*a.perft) return cmdPerft(a.perftRules, a.seed, static_cast<int>(a.depth), a.json);
  if (benchSolver.chosen()) return benchSolver.run();
  if (analyse.chosen()) return analyse.run();
  if (match.chosen()) return match.run();
  if (puzzles.chosen()) return puzzles.run();
  if (ladder.chosen()) return ladder.run();
  if (engine.chosen()) return engine.run();
  return 2;
}

// Standard input, output or error closed when the program starts: each is opened on /dev/null so that
// no file opened later takes its number (a save would then receive what is printed). Standard output
// is opened read-only, so every write to it fails and is reported at exit (issue 42 #15).
bool gStdoutClosed = false;

void guardStandardStreams() {
  for (int fd = 0; fd <= 2; ++fd) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    if (fd == 1) gStdoutClosed = true;
    const int opened = ::open("/dev/null", fd == 2 ? O_WRONLY : O_RDONLY);
    if (opened >= 0 && opened != fd) {
      ::dup2(opened, fd);
      ::close(opened);
    }
  }
}

// A command's exit code once what it printed is known to have reached standard output: a failed write
// (a full disk, /dev/full, a closed stdout) is an error, said on stderr, with exit 1, as a failed
// `--out FILE` is.
int flushedExit(int code, const std::string& command) {
  errno = 0;
  std::cout.flush();  // with stdio in sync, this is stdout's own fflush: its errno is the one to tell
  int err = errno;
  const bool flushed = std::fflush(stdout) == 0;
  if (!flushed && errno) err = errno;
  if (flushed && !std::ferror(stdout) && std::cout.good()) return code;
  std::cerr << "dominoes " << command << ": cannot write to standard output: "
            << (gStdoutClosed ? "it is closed"
                : err         ? std::strerror(err)
                              : "a write to it failed (is the disk full?)")
            << "\n";
  return code == 0 ? 1 : code;
}

}  // namespace

int main(int argc, char** argv) {
  guardStandardStreams();
  CLI::App app{"dominoes: replay, check, simulate and benchmark two-player double-six dominoes", "dominoes"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("dominoes ") + DOMINOES_VERSION_TEXT);
  Args args;
  addRecordCommands(app, args);
  addToolCommands(app, args);
  const dom::cli::BenchSolverCommand benchSolver(app);
  const dom::cli::AnalyseCommand analyse(app);
  const dom::cli::MatchCommand match(app);
  const dom::cli::PuzzlesCommand puzzles(app);
  const dom::cli::LadderCommand ladder(app);
  const dom::cli::EngineCommand engine(app);
  const dom::cli::DocsCommand docs(app);
  const dom::cli::WorksheetCommand worksheet(app);
  dom::cli::nameTypes(app);
  dom::cli::nameErrors(app, "dominoes");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  if (!readNumbers(app, args)) return 2;
  // An empty value (`--as ''`, `--out ''`) is a usage error, not the option's default (an empty
  // number was refused above, as not a number).
  if (const auto e = dom::cli::emptyValue(*app.get_subcommands().front()); !e.empty()) {
    std::cerr << "dominoes " << app.get_subcommands().front()->get_name() << ": " << files::printable(e) << "\n";
    return 2;
  }
  const std::string command = app.get_subcommands().front()->get_name();
  if (docs.chosen()) return flushedExit(docs.run(), command);
  try {
    if (worksheet.chosen()) return flushedExit(worksheet.run(), command);
    return flushedExit(runChosen(args, benchSolver, analyse, match, puzzles, ladder, engine), command);
  } catch (const std::exception& e) {
    std::cerr << "dominoes: " << files::printable(e.what()) << "\n";
    return flushedExit(1, command);
  }
}
