// SPDX-License-Identifier: MIT
// The puzzle prover: an AND-OR search over information sets. Each node holds the worlds (splits of
// the unseen tiles) that agree with everything the mover has seen; the mover picks one move for all
// of them, the opponent's moves split them by what the mover sees.
#include "ai/puzzle.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <stdexcept>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "ai/solver.h"
#include "core/files.h"
#include "core/reason.h"

namespace dom::ai {

std::vector<Setup> puzzleWorlds(const Setup& setup, Player mover, std::uint64_t limit, std::uint64_t& count) {
  const Player opp = other(mover);
  Mask unseen = setup.hand[idx(opp)];
  for (Tile t : setup.stock) unseen |= bit(t);
  std::vector<Tile> tiles;
  forEachHeaviestFirst(unseen, [&](Tile t) { tiles.push_back(t); });
  const int n = static_cast<int>(tiles.size()), k = dom::count(setup.hand[idx(opp)]);
  // C(n, k), exact (at most C(26, 13), about 10^7): each step is a binomial coefficient itself.
  count = 1;
  for (int i = 1; i <= k; ++i) count = count * static_cast<std::uint64_t>(n - k + i) / static_cast<std::uint64_t>(i);
  std::vector<Setup> worlds;
  if (count > limit) return worlds;
  std::vector<int> pick(static_cast<std::size_t>(k));
  for (int i = 0; i < k; ++i) pick[static_cast<std::size_t>(i)] = i;
  while (true) {
    Setup w = setup;
    w.hand[idx(opp)] = 0;
    for (int i : pick) w.hand[idx(opp)] |= bit(tiles[static_cast<std::size_t>(i)]);
    w.stock.clear();
    for (Tile t : tiles)
      if (!(w.hand[idx(opp)] & bit(t))) w.stock.push_back(t);
    worlds.push_back(std::move(w));
    int i = k - 1;  // the next combination in lexicographic order
    while (i >= 0 && pick[static_cast<std::size_t>(i)] == n - k + i) --i;
    if (i < 0) break;
    ++pick[static_cast<std::size_t>(i)];
    for (int j = i + 1; j < k; ++j) pick[static_cast<std::size_t>(j)] = pick[static_cast<std::size_t>(j - 1)] + 1;
  }
  return worlds;
}

namespace {

// A world: its index among the puzzle's worlds, and its match.
struct World {
  std::uint16_t id = 0;
  Match m;
};

class Prover {
 public:
  // memo: remember the value of each node (under layout=snake, where a round's state is its hands,
  // ends and turn; the free layout's geometry is not in it).
  Prover(Player mover, std::uint64_t budget, bool memo) : mover_(mover), budget_(budget), memo_(memo) {}
  [[nodiscard]] bool out() const { return out_; }
  [[nodiscard]] std::uint64_t nodes() const { return nodes_; }

  // Whether the mover wins in every world of `worlds` (all after the same observed moves).
  bool win(std::vector<World> worlds) {
    nodes_ += worlds.size();  // a position per world
    if (nodes_ > budget_) out_ = true;
    if (out_) return false;
    std::vector<World> live;
    for (World& w : worlds) {
      if (w.m.inRound()) {
        live.push_back(std::move(w));
        continue;
      }
      const auto& r = w.m.lastResult();
      if (!r || r->winner != idx(mover_)) return false;  // a loss or a tie in a world the mover cannot rule out
    }
    if (live.empty()) return true;
    const Player p = *live.front().m.toMove();
    for (const World& w : live)
      if (w.m.toMove() != p) return false;  // cannot happen: every world has seen the same moves
    const std::string k = memo_ ? key(live) : std::string();
    if (memo_)
      if (const auto it = seen_.find(k); it != seen_.end()) return it->second;
    const bool won = p == mover_ ? moverWins(live) : opponentFails(live);
    if (memo_ && !out_ && memoBytes_ + k.size() <= kMaxMemoBytes) {
      memoBytes_ += k.size() + 64;  // the key and the table's own cost, about
      seen_.emplace(k, won);
    }
    return won;
  }

 private:
  static constexpr std::size_t kMaxMemoBytes = std::size_t{64} << 20;  // the memo stops growing here

  // The worlds' ids and the first world's hands, ends and turn: with the same observed moves behind
  // them, every world's state follows (its opponent hand is its own less the tiles seen played).
  static std::string key(const std::vector<World>& live) {
    const RoundState& s = live.front().m.state();
    std::string k;
    for (Mask h : s.hand)
      for (int b = 0; b < 4; ++b) k += static_cast<char>(h >> (8 * b) & 0xFF);
    k += {static_cast<char>(s.ends[0]), static_cast<char>(s.ends[1]), static_cast<char>(s.turn)};
    for (const World& w : live) k += {static_cast<char>(w.id & 0xFF), static_cast<char>(w.id >> 8)};
    return k;
  }

  // The mover sees the same legal moves in every world: one of them must win in all.
  bool moverWins(const std::vector<World>& live) {
    for (const Move& mv : live.front().m.legalMoves()) {
      std::vector<World> next = live;
      for (World& w : next) w.m.apply(mv);
      if (win(std::move(next))) return true;
      if (out_) return false;
    }
    return false;
  }

  // Every move the opponent may make (in the worlds where it is legal) must still lose for it.
  bool opponentFails(const std::vector<World>& live) {
    std::vector<std::pair<Move, std::vector<World>>> groups;
    for (const World& w : live)
      for (const Move& mv : w.m.legalMoves()) {
        auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& x) { return x.first.same(mv); });
        if (g == groups.end()) {
          groups.emplace_back(mv, std::vector<World>{});
          g = std::prev(groups.end());
        }
        g->second.push_back(w);
      }
    for (auto& [mv, ws] : groups) {
      for (World& w : ws) w.m.apply(mv);
      if (!win(std::move(ws))) return false;
    }
    return true;
  }

  Player mover_;
  std::uint64_t budget_, nodes_ = 0;
  bool memo_ = false, out_ = false;
  std::unordered_map<std::string, bool> seen_;
  std::size_t memoBytes_ = 0;
};

std::string tooBig(std::uint64_t worlds) { return "too big to prove (" + std::to_string(worlds) + " worlds)"; }

}  // namespace

PuzzleProof provePuzzle(const Rules& rules, const Setup& setup, std::uint64_t nodeBudget) {
  PuzzleProof proof;
  Match start(rules);
  if (auto e = start.startSetup(setup); !e.empty() || !start.toMove()) {
    proof.error = e.empty() ? "the round is over" : e;
    return proof;
  }
  const Player mover = *start.toMove();
  const auto setups = puzzleWorlds(setup, mover, kMaxPuzzleWorlds, proof.worlds);
  if (setups.empty()) {
    proof.error = tooBig(proof.worlds);
    return proof;
  }
  std::vector<World> worlds;
  for (const Setup& s : setups) {
    worlds.push_back(World{static_cast<std::uint16_t>(worlds.size()), Match(rules)});
    if (auto e = worlds.back().m.startSetup(s); !e.empty()) {
      proof.error = e;
      return proof;
    }
  }
  Prover prover(mover, nodeBudget, rules.layout == LayoutRule::Snake);
  for (const Move& mv : start.legalMoves()) {
    std::vector<World> next = worlds;
    for (World& w : next) w.m.apply(mv);
    proof.legal.push_back(mv);
    proof.wins.push_back(prover.win(std::move(next)));
    proof.nodes = prover.nodes();
    if (prover.out()) {
      proof.error =
          tooBig(proof.worlds) + ": the search passed its budget of " + std::to_string(nodeBudget) + " positions";
      return proof;
    }
  }
  return proof;
}

namespace {

// A split where `mv` loses even to a mover who sees every tile: "B holds 5-0 and 0-0", or empty.
std::string losingSplit(const Rules& rules, const Setup& setup, Player mover, const Move& mv) {
  const auto s = losingWorld(rules, setup, mv);
  if (!s) return {};
  const EnglishWords english;  // a check's message is English, as the file it names
  std::string text = std::string(1, letter(other(mover))) + " holds " + tilesText(s->hand[idx(other(mover))]);
  Mask stock = 0;
  for (Tile t : s->stock) stock |= bit(t);
  if (stock) text += " and the stock " + tilesText(stock);
  return text;
}

}  // namespace

std::optional<Setup> losingWorld(const Rules& rules, const Setup& setup, const Move& mv) {
  Match start(rules);
  if (!start.startSetup(setup).empty() || !start.toMove()) return std::nullopt;
  const Player mover = *start.toMove();
  std::uint64_t count = 0;
  for (const Setup& s : puzzleWorlds(setup, mover, kMaxPuzzleWorlds, count)) {
    Match m(rules);
    if (!m.startSetup(s).empty()) continue;
    m.apply(mv);
    std::vector<World> one{World{0, m}};
    Prover p(mover, 200000, rules.layout == LayoutRule::Snake);
    if (!p.win(std::move(one)) && !p.out()) return s;
  }
  return std::nullopt;
}

std::optional<PuzzleLine> puzzleLine(const Rules& rules, const Setup& setup, const Move& first) {
  Match start(rules);
  if (!start.startSetup(setup).empty() || !start.toMove()) return std::nullopt;
  const Player mover = *start.toMove();
  std::uint64_t count = 0;
  const auto worlds = puzzleWorlds(setup, mover, kMaxPuzzleWorlds, count);
  if (worlds.empty()) return std::nullopt;
  Solver solver(std::size_t{1} << 16, Scoring::PointsThenWin);
  // The mover's points after `first` in a world (the solver's value is for the player to move).
  auto after = [&](const Match& m) {
    if (!m.inRound())
      return m.lastResult() ? m.lastResult()->points * (m.lastResult()->winner == idx(mover) ? 1 : -1) : 0;
    const int v = solver.values(SimState::from(m)).front().value;
    return *m.toMove() == mover ? v : -v;
  };
  std::optional<PuzzleLine> best;
  int bestValue = 0;
  for (const Setup& w : worlds) {
    Match m(rules);
    if (!m.startSetup(w).empty()) continue;
    m.apply(first);
    const int v = after(m);
    if (!best || v < bestValue) {
      best = PuzzleLine{w, {first}, 0};
      bestValue = v;
    }
  }
  if (!best) return std::nullopt;
  Match m(rules);
  (void)m.startSetup(best->world);
  m.apply(first);
  while (m.inRound()) {
    const Move mv = solver.values(SimState::from(m)).front().move;
    best->moves.push_back(mv);
    m.apply(mv);
  }
  const auto& r = m.lastResult();
  best->margin = r ? (r->winner == idx(mover) ? r->points : -r->points) : 0;
  return best;
}

std::optional<dgn::Error> checkPuzzle(const dgn::Record& rec, const std::string& file, std::uint64_t nodeBudget,
                                      std::uint64_t* nodesUsed) {
  if (!rec.puzzle || rec.rounds.size() != 1) return std::nullopt;
  const dgn::Puzzle& pz = *rec.puzzle;
  const Setup& setup = rec.rounds.front();
  auto fail = [&](dgn::LineNo line, const std::string& m) {
    return dgn::Error{file, line, "puzzle " + dgn::quote(files::cut(pz.title)) + ": " + m};
  };
  const PuzzleProof proof = provePuzzle(rec.rules, setup, nodeBudget);
  if (nodesUsed) *nodesUsed = proof.nodes;
  if (!proof.error.empty()) return fail(pz.line, proof.error);
  Match start(rec.rules);
  (void)start.startSetup(setup);
  const Player mover = *start.toMove();
  std::vector<bool> listed(proof.legal.size(), false);
  for (const dgn::Solution& s : pz.solutions)
    for (std::size_t i = 0; i < proof.legal.size(); ++i) {
      if (!proof.legal[i].same(s.move)) continue;
      listed[i] = true;
      if (proof.wins[i]) continue;
      const std::string split = losingSplit(rec.rules, setup, mover, proof.legal[i]);
      return fail(s.line, s.text + " is listed but does not win by force" +
                              (split.empty() ? std::string(" (the mover cannot tell the splits apart)")
                                             : ": it loses when " + split));
    }
  for (std::size_t i = 0; i < proof.legal.size(); ++i)
    if (proof.wins[i] && !listed[i])
      return fail(pz.line, dgn::legalText(start, proof.legal[i]) + " wins by force but is not listed");
  if (std::all_of(proof.wins.begin(), proof.wins.end(), [](bool w) { return w; }))
    return fail(pz.line, "every legal move wins: a puzzle needs at least one that does not");
  return std::nullopt;
}

// ---- The trainer's searches asked as text (the web page's worker) --------------------------------

namespace {
// A record of one round from `setup`, with `moves` played from it.
std::string setupRecord(const Rules& rules, const Setup& setup, const std::vector<Move>& moves = {}) {
  dgn::Record rec;
  rec.rules = rules;
  rec.rulesText = rules.text();
  dgn::RoundRecord round;
  static_cast<Setup&>(round) = setup;
  round.setup = true;
  Match m(rules);
  if (auto err = dgn::startRound(m, round); !err.empty()) throw std::runtime_error(err);
  for (const Move& mv : moves) {
    const auto who = m.toMove();
    if (!who) break;
    dgn::appendMove(round, m, *who, mv);
    (void)m.play(mv);
  }
  rec.rounds.push_back(std::move(round));
  return dgn::write(rec);
}

// The record's one round: its setup and the moves played from it.
std::pair<Setup, std::vector<Move>> readSetupRecord(std::string_view text) {
  auto loaded = dgn::load(text, "answer");
  if (auto* e = std::get_if<dgn::Error>(&loaded)) throw std::runtime_error(e->text());
  const dgn::Record& rec = std::get<dgn::Loaded>(loaded).record;
  if (rec.rounds.size() != 1) throw std::runtime_error("a record of one round is wanted");
  std::vector<Move> moves;
  for (const dgn::Statement& st : rec.rounds.front().statements)
    if (st.kind == dgn::Statement::Kind::Move) moves.push_back(st.move);
  return {static_cast<const Setup&>(rec.rounds.front()), std::move(moves)};
}

// The legal move of `m` the record writes as `text`.
Move moveNamed(const Match& m, std::string_view text) {
  const MoveList legal = m.legalMoves();
  for (int i = 0; i < legal.size; ++i)
    if (dgn::legalText(m, legal.moves[i]) == text) return legal.moves[i];
  throw std::runtime_error("no legal move is " + std::string(text));
}

std::string_view nextLine(std::string_view& rest) {
  const std::size_t nl = rest.find('\n');
  const std::string_view line = rest.substr(0, nl);
  rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
  return line;
}
}  // namespace

std::string verdictRequest(const Rules& rules, const Setup& setup, const Move& tried, const Move& shown, bool solved) {
  Match m(rules);
  dgn::RoundRecord round;
  static_cast<Setup&>(round) = setup;
  round.setup = true;
  if (auto err = dgn::startRound(m, round); !err.empty()) throw std::runtime_error(err);
  return std::string("judge ") + (solved ? "1" : "0") + "\ntried " + dgn::legalText(m, tried) + "\nshown " +
         dgn::legalText(m, shown) + "\n" + setupRecord(rules, setup);
}

std::string verdictAnswer(std::string_view request) {
  try {
    std::string_view rest = request;
    const std::string_view judge = nextLine(rest), tried = nextLine(rest), shown = nextLine(rest);
    if ((judge != "judge 0" && judge != "judge 1") || !tried.starts_with("tried ") || !shown.starts_with("shown "))
      return "error the request does not start 'judge SOLVED', 'tried MOVE', 'shown MOVE'\n";
    auto loaded = dgn::load(rest, "request");
    if (auto* e = std::get_if<dgn::Error>(&loaded)) return "error " + e->text() + "\n";
    const dgn::Record& rec = std::get<dgn::Loaded>(loaded).record;
    if (rec.rounds.size() != 1) return "error a record of one round is wanted\n";
    const Setup& setup = rec.rounds.front();
    Match m(rec.rules);
    if (auto err = dgn::startRound(m, rec.rounds.front()); !err.empty()) return "error " + err + "\n";
    std::string out;
    if (judge == "judge 0")
      if (auto lost = losingWorld(rec.rules, setup, moveNamed(m, tried.substr(6)))) {
        const std::string text = setupRecord(rec.rules, *lost);
        out += "lost " + std::to_string(text.size()) + "\n" + text;
      }
    if (auto line = puzzleLine(rec.rules, setup, moveNamed(m, shown.substr(6)))) {
      const std::string text = setupRecord(rec.rules, line->world, line->moves);
      out += "line " + std::to_string(line->margin) + " " + std::to_string(text.size()) + "\n" + text;
    }
    return out;
  } catch (const std::exception& ex) {
    return std::string("error ") + ex.what() + "\n";
  }
}

Verdict readVerdictAnswer(std::string_view answer) {
  Verdict v;
  for (std::string_view rest = answer; !rest.empty();) {
    const std::string head(nextLine(rest));
    if (head.empty()) continue;
    if (head.starts_with("error ")) throw std::runtime_error(head.substr(6));
    long long margin = 0;
    unsigned long long size = 0;
    const bool lost = std::sscanf(head.c_str(), "lost %llu", &size) == 1;
    if (!lost && std::sscanf(head.c_str(), "line %lld %llu", &margin, &size) != 2)
      throw std::runtime_error("a malformed line: " + head.substr(0, 80));
    if (size > rest.size()) throw std::runtime_error("an answer cut short");
    auto [setup, moves] = readSetupRecord(rest.substr(0, size));
    rest = rest.substr(size);
    if (lost)
      v.lost = setup;
    else
      v.line = PuzzleLine{std::move(setup), std::move(moves), static_cast<int>(margin)};
  }
  return v;
}

}  // namespace dom::ai
