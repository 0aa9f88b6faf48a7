// SPDX-License-Identifier: MIT
// The puzzle generator: games of the expert against the levels below it, every decision closed to
// chance with a choice proved, and the positions where some moves win by force and others do not
// kept as puzzles (docs/puzzles.md).
#include "ai/puzzle_gen.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <utility>

#include "ai/expert.h"
#include "ai/ladder.h"
#include "ai/players.h"
#include "ai/recorder.h"
#include "core/random.h"
#include "core/reason.h"

namespace dom::ai {

namespace {

// The titles and the note's sentences: the one table of the generator's English (docs/puzzles.md
// lists it; tools/scenario_strings.py carries the texts of puzzles/ to po/scenarios). The order is
// the main theme's priority: the first of a puzzle's themes here names it.
constexpr std::array<ThemeText, 7> kThemeTexts{{
    {"block", "Block the line", "The right move makes an end your opponent cannot follow, so that end stays yours."},
    {"read", "Read your opponent's hand",
     "Your opponent's draws and passes earlier in the round showed which numbers they lack: leave them one of "
     "those."},
    {"strongest", "Play to your strongest number",
     "Make the end a number you hold several more of, so that you can keep following it."},
    {"variety", "Keep a tile to follow",
     "Keep a tile that can follow the new end, so that you are not left without a play."},
    {"doubles", "Get rid of a double",
     "A double matches only its own number: play it while it still fits, before it is stranded in your hand."},
    {"heavy", "Heavy tiles first",
     "Get rid of a heavy tile while you can: if the line blocks, the fewer pips in your hand the better."},
    {"count", "Count the tiles",
     "Count the tiles you cannot see: the right move wins against every hand your opponent may hold."},
}};

// The expert of the games, and the levels it plays against in turn.
constexpr std::string_view kGameExpert = "expert:ms=5";
constexpr std::array<std::string_view, 4> kGameOpponents{"random", "greedy", "strategist", "flatmc:200"};

// Two numbers into a seed, with core/random.h's SplitMix64 finaliser (the project's one).
std::uint64_t mix(std::uint64_t a, std::uint64_t b) { return splitmix64(splitmix64(a) ^ (b * 0x2545f4914f6cdd1dULL)); }

int themeIndex(std::string_view theme) {
  const auto it = std::find(dgn::kPuzzleThemes.begin(), dgn::kPuzzleThemes.end(), theme);
  return it == dgn::kPuzzleThemes.end() ? -1 : static_cast<int>(it - dgn::kPuzzleThemes.begin());
}

// The themes a tip teaches (docs/puzzles.md, Themes): its indices set in `has`.
void tagTip(const Tip& tip, std::array<bool, 7>& has) {
  auto set = [&](std::string_view t) { has[static_cast<std::size_t>(themeIndex(t))] = true; };
  switch (tip.kind) {
    case TipKind::HeavyDoubleGone:
      set("heavy");
      set("doubles");
      break;
    case TipKind::DoubleGone: set("doubles"); break;
    case TipKind::HeavyTileGone: set("heavy"); break;
    case TipKind::Keep: set("strongest"); break;
    case TipKind::DoubleFollows: set("variety"); break;
    case TipKind::NumberOut: set("block"); break;
    case TipKind::Revealed: set("read"); break;
    case TipKind::FewMatch: set("count"); break;
  }
}

// Whether the opponent, after `move` in `setup`, has nothing to play (a pass).
bool leavesNothing(const Match& setup, const Move& move) {
  Match after = setup;
  after.apply(move);
  if (!after.inRound()) return false;
  const MoveList legal = after.legalMoves();
  return std::all_of(legal.begin(), legal.end(), [](const Move& m) { return m.kind == MoveKind::Pass; });
}

// The main theme: the first of `themes` in kThemeTexts' order.
const ThemeText& mainTheme(const std::vector<std::string>& themes) {
  for (const ThemeText& t : kThemeTexts)
    if (std::find(themes.begin(), themes.end(), t.theme) != themes.end()) return t;
  return kThemeTexts.back();
}

}  // namespace

const std::array<ThemeText, 7>& puzzleThemeTexts() { return kThemeTexts; }
std::vector<PuzzleLevel> puzzleLevels(const Rules& rules) {
  (void)rules;  // one scale for every book: the ladder's dominoes2 ratings (puzzle_gen.h)
  std::vector<PuzzleLevel> v;
  for (const Level& l : levels()) v.push_back({l.spec, l.eloDominoes2, 4});
  return v;
}

double ladderMiddle(const Rules& rules) {
  const std::vector<PuzzleLevel> lv = puzzleLevels(rules);
  double mid = 0;
  for (const PuzzleLevel& l : lv) mid += l.rating / static_cast<double>(lv.size());
  return mid;
}

std::vector<std::string> solutionThemes(const Observation& o, const Match& setup, const Move& move) {
  std::array<bool, 7> has{};
  for (const Tip& tip : tips(o, move)) tagTip(tip, has);
  if (leavesNothing(setup, move)) has[static_cast<std::size_t>(themeIndex("block"))] = true;
  if (std::none_of(has.begin(), has.end(), [](bool b) { return b; }))
    has[static_cast<std::size_t>(themeIndex("count"))] = true;
  std::vector<std::string> themes;
  for (std::size_t i = 0; i < has.size(); ++i)
    if (has[i]) themes.emplace_back(dgn::kPuzzleThemes[i]);
  return themes;
}

std::string puzzleTitle(const Rules& rules, const std::vector<std::string>& themes, Player mover) {
  std::string title(mainTheme(themes).title);
  title += std::string(": ") + letter(mover) + " to move";
  return rules.preset == "dominoes2" ? std::string(kDominoes2TitlePrefix) + title : title;
}

std::string puzzleNote(const std::vector<std::string>& themes) {
  const ThemeText& main = mainTheme(themes);
  std::string note(main.sentence);
  for (const ThemeText& t : kThemeTexts)
    if (&t != &main && std::find(themes.begin(), themes.end(), t.theme) != themes.end())
      note += std::string(" ") + std::string(t.sentence);
  return note;
}

int puzzleRating(const Match& setup, const PuzzleProof& proof, std::uint64_t seed) {
  const Player mover = *setup.toMove();
  const RoundLog none;  // the setup as the mover sees it: no history
  const Observation o = observe(setup, mover, none);
  const std::vector<PuzzleLevel> lv = puzzleLevels(setup.rules());
  std::vector<glicko2::Game> games;
  for (std::size_t k = 0; k < lv.size(); ++k)
    for (int t = 0; t < lv[k].tries; ++t) {
      const auto player = makePlayer(lv[k].spec, mix(seed, k * 16 + static_cast<std::size_t>(t)));
      const Move mv = setup.resolve(player->choose(o));
      bool found = false;
      for (std::size_t i = 0; i < proof.legal.size(); ++i) found = found || (proof.wins[i] && proof.legal[i].same(mv));
      games.emplace_back(glicko2::Rating{lv[k].rating, kLevelDeviation, 0.06}, found ? 0.0 : 1.0);
    }
  const glicko2::Rating r = glicko2::update(glicko2::Rating{ladderMiddle(setup.rules()), 350, 0.06}, games);
  return static_cast<int>(std::clamp(std::lround(r.r), 0L, static_cast<long>(dgn::kMaxRating)));
}

namespace {

// A puzzle found in a game, with its position's key (the setup as written) for the duplicates.
struct Found {
  std::string key;
  dgn::Record record;
};

// What one game gave: its counts and its puzzles, in the order met.
struct GameOut {
  PuzzleGenStats stats;
  std::vector<Found> found;
  std::exception_ptr error;
};

Setup setupOf(const Match& m) {
  Setup s;
  const RoundState& st = m.state();
  s.hand = st.hand;
  for (int i = st.stockTop; i < st.stockEnd; ++i) s.stock.push_back(st.stock[static_cast<std::size_t>(i)]);
  s.line = m.line();
  s.leadIndex = m.leadIndex();
  s.turn = st.turn;
  return s;
}

dgn::RoundRecord roundOf(const Setup& s) {
  dgn::RoundRecord r;
  static_cast<Setup&>(r) = s;
  r.setup = true;
  r.number = 1;
  return r;
}

// The puzzle's record: header, setup, solutions and note.
dgn::Record puzzleRecord(const std::string& rulesText, const Match& start, const Setup& s, const PuzzleProof& proof,
                         const std::vector<std::string>& themes, int rating) {
  dgn::Record rec;
  rec.rulesText = rulesText;
  rec.rules = start.rules();
  dgn::Puzzle pz;
  pz.title = puzzleTitle(start.rules(), themes, *start.toMove());
  pz.themes = themes;
  pz.rating = rating;
  for (std::size_t i = 0; i < proof.legal.size(); ++i)
    if (proof.wins[i])
      pz.solutions.push_back(dgn::Solution{0, proof.legal[i], dgn::legalText(start, proof.legal[i]), {}});
  rec.puzzle = std::move(pz);
  dgn::RoundRecord r = roundOf(s);
  dgn::Statement note;
  note.kind = dgn::Statement::Kind::Note;
  note.note = puzzleNote(themes);
  r.statements.push_back(note);
  rec.rounds.push_back(std::move(r));
  return rec;
}

struct Context {
  const PuzzleGenOptions& opt;
  std::string rulesText;
};

bool wanted(const PuzzleGenOptions& opt, const std::vector<std::string>& themes) {
  if (opt.themes.empty()) return true;
  return std::any_of(themes.begin(), themes.end(), [&](const std::string& t) {
    return std::find(opt.themes.begin(), opt.themes.end(), t) != opt.themes.end();
  });
}

// The decision of `o` in the game `m`: a puzzle added to out when it is one.
void examine(const Context& ctx, const Match& m, const Observation& o, std::uint64_t seed, GameOut& out) {
  const Setup s = setupOf(m);
  Match start(ctx.opt.rules);
  if (!start.startSetup(s).empty() || !start.toMove()) return;
  const PuzzleProof proof = provePuzzle(ctx.opt.rules, s, ctx.opt.nodeBudget);
  if (!proof.error.empty()) return;
  ++out.stats.proved;
  const auto wins = std::count(proof.wins.begin(), proof.wins.end(), true);
  // Some moves win and more do not: a position where most moves win teaches little.
  if (wins == 0 || 2 * wins > static_cast<long>(proof.wins.size())) return;
  ++out.stats.puzzles;
  const std::size_t first =
      static_cast<std::size_t>(std::find(proof.wins.begin(), proof.wins.end(), true) - proof.wins.begin());
  const auto themes = solutionThemes(o, start, proof.legal[first]);
  if (!wanted(ctx.opt, themes)) return;
  dgn::Record bare;
  bare.rulesText = ctx.rulesText;
  bare.rounds.push_back(roundOf(s));
  out.found.push_back(
      Found{dgn::write(bare), puzzleRecord(ctx.rulesText, start, s, proof, themes, puzzleRating(start, proof, seed))});
}

bool closedToChance(const Match& m) {
  return m.rules().draw == DrawRule::None || m.state().stockCount() <= m.rules().reserve;
}

// Game `index`: the expert (seat A in even games) against kGameOpponents in turn, one round.
GameOut playGame(const Context& ctx, std::uint64_t index) {
  GameOut out;
  const std::uint64_t s = mix(ctx.opt.seed, index);
  const int expertSeat = static_cast<int>(index % 2);
  std::unique_ptr<Computer> seat[2];
  seat[expertSeat] = makePlayer(kGameExpert, mix(s, 1));
  seat[1 - expertSeat] = makePlayer(kGameOpponents[(index / 2) % kGameOpponents.size()], mix(s, 2));
  RoundRecorder game(ctx.opt.rules, false);  // the game's moves are not kept: a puzzle is its position
  if (!game.startRound(mix(s, 0)).empty()) return out;
  const Match& m = game.match;
  std::uint64_t quietUntil = 0;  // a puzzle found: the next two decisions are skipped (the same endgame)
  while (m.inRound()) {
    const Player who = m.state().turn;
    const Observation o = game.observe(who);
    ++out.stats.positions;
    if (closedToChance(m)) {
      ++out.stats.closed;
      const bool room = out.found.size() < static_cast<std::size_t>(ctx.opt.perGame);
      if (o.legal.size > 1) ++out.stats.choices;
      if (o.legal.size > 1 && room && out.stats.positions > quietUntil) {
        const std::size_t before = out.found.size();
        examine(ctx, m, o, mix(s, 3 + out.stats.positions), out);
        if (out.found.size() > before) quietUntil = out.stats.positions + 2;
      }
    }
    game.play(seat[idx(who)]->decide(o).move);
  }
  return out;
}

void addStats(PuzzleGenStats& to, const PuzzleGenStats& from) {
  to.positions += from.positions;
  to.closed += from.closed;
  to.choices += from.choices;
  to.proved += from.proved;
  to.puzzles += from.puzzles;
}

// The games played on worker threads, handed out in game order.
class Pool {
 public:
  Pool(const Context& ctx, int threads) : ctx_(ctx), window_(static_cast<std::uint64_t>(2 * threads + 2)) {
    for (int i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
  }
  ~Pool() {
    {
      const std::lock_guard lock(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    for (auto& t : workers_) t.join();
  }
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  // The next game in order (waits for it).
  GameOut next() {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [&] { return done_.contains(taken_); });
    GameOut g = std::move(done_.at(taken_));
    done_.erase(taken_++);
    cv_.notify_all();
    return g;
  }

 private:
  void work() {
    while (true) {
      std::uint64_t i = 0;
      {
        std::unique_lock lock(mu_);
        cv_.wait(lock, [&] { return stop_ || next_ < taken_ + window_; });
        if (stop_) return;
        i = next_++;
      }
      GameOut g;
      try {
        g = playGame(ctx_, i);
      } catch (...) {
        g.error = std::current_exception();
      }
      const std::lock_guard lock(mu_);
      done_.emplace(i, std::move(g));
      cv_.notify_all();
    }
  }
  const Context& ctx_;
  std::uint64_t window_, next_ = 0, taken_ = 0;
  bool stop_ = false;
  std::map<std::uint64_t, GameOut> done_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::thread> workers_;
};

}  // namespace

PuzzleGenResult generatePuzzles(const PuzzleGenOptions& opt) {
  const auto started = std::chrono::steady_clock::now();
  const auto base = preset(opt.rules.preset);
  const Context ctx{opt, base && *base == opt.rules ? opt.rules.preset : opt.rules.text()};
  PuzzleGenResult res;
  std::set<std::string> seen;
  Pool pool(ctx, std::max(1, opt.threads));
  if (opt.progress) opt.progress(0, opt.count);
  while (res.stats.kept < opt.count && res.stats.games < opt.maxGames) {
    GameOut g = pool.next();
    if (g.error) std::rethrow_exception(g.error);
    ++res.stats.games;
    addStats(res.stats, g.stats);
    int taken = 0;
    for (Found& f : g.found) {
      if (res.stats.kept >= opt.count || taken >= opt.perGame || !seen.insert(f.key).second) continue;
      for (const auto& t : f.record.puzzle->themes) ++res.stats.themes[t];
      res.puzzles.push_back(std::move(f.record));
      ++res.stats.kept;
      ++taken;
    }
    if (opt.progress && taken) opt.progress(res.stats.kept, opt.count);
  }
  res.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return res;
}

std::string puzzlesText(const std::vector<dgn::Record>& puzzles, const std::string& header) {
  std::string text = header;
  for (const dgn::Record& rec : puzzles) text += (text.empty() ? "" : "\n") + dgn::write(rec);
  return text;
}

}  // namespace dom::ai
