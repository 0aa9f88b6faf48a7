// The puzzle prover: an AND-OR search over information sets. Each node holds the worlds (splits of
// the unseen tiles) that agree with everything the mover has seen; the mover picks one move for all
// of them, the opponent's moves split them by what the mover sees.
#include "ai/puzzle.h"

#include <algorithm>
#include <bit>
#include <utility>

namespace dom::ai {

std::vector<Setup> puzzleWorlds(const Setup& setup, Player mover, std::uint64_t limit, std::uint64_t& count) {
  const Player opp = other(mover);
  Mask unseen = setup.hand[idx(opp)];
  for (Tile t : setup.stock) unseen |= bit(t);
  std::vector<Tile> tiles;
  forEachHeaviestFirst(unseen, [&](Tile t) { tiles.push_back(t); });
  const int n = static_cast<int>(tiles.size()), k = dom::count(setup.hand[idx(opp)]);
  // C(n, k), saturated at limit + 1.
  count = 1;
  for (int i = 1; i <= k && count <= limit; ++i) count = count * static_cast<std::uint64_t>(n - k + i) / i;
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

class Prover {
 public:
  Prover(Player mover, std::uint64_t budget) : mover_(mover), budget_(budget) {}
  [[nodiscard]] bool out() const { return out_; }

  // Whether the mover wins in every world of `worlds` (all after the same observed moves).
  bool win(std::vector<Match> worlds) {
    nodes_ += worlds.size();  // a position per world
    if (nodes_ > budget_) out_ = true;
    if (out_) return false;
    std::vector<Match> live;
    for (Match& m : worlds) {
      if (m.inRound()) {
        live.push_back(std::move(m));
        continue;
      }
      const auto& r = m.lastResult();
      if (!r || r->winner != idx(mover_)) return false;  // a loss or a tie in a world the mover cannot rule out
    }
    if (live.empty()) return true;
    const Player p = *live.front().toMove();
    for (const Match& m : live)
      if (m.toMove() != p) return false;  // cannot happen: every world has seen the same moves
    return p == mover_ ? moverWins(live) : opponentFails(live);
  }

  // The mover sees the same legal moves in every world: one of them must win in all.
  bool moverWins(const std::vector<Match>& live) {
    for (const Move& mv : live.front().legalMoves()) {
      std::vector<Match> next = live;
      for (Match& m : next) m.apply(mv);
      if (win(std::move(next))) return true;
      if (out_) return false;
    }
    return false;
  }

  // Every move the opponent may make (in the worlds where it is legal) must still lose for it.
  bool opponentFails(const std::vector<Match>& live) {
    std::vector<std::pair<Move, std::vector<Match>>> groups;
    for (const Match& m : live)
      for (const Move& mv : m.legalMoves()) {
        auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& x) { return x.first.same(mv); });
        if (g == groups.end()) {
          groups.emplace_back(mv, std::vector<Match>{});
          g = std::prev(groups.end());
        }
        g->second.push_back(m);
      }
    for (auto& [mv, ws] : groups) {
      for (Match& m : ws) m.apply(mv);
      if (!win(std::move(ws))) return false;
    }
    return true;
  }

 private:
  Player mover_;
  std::uint64_t budget_, nodes_ = 0;
  bool out_ = false;
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
  std::vector<Match> worlds;
  for (const Setup& s : setups) {
    worlds.emplace_back(rules);
    if (auto e = worlds.back().startSetup(s); !e.empty()) {
      proof.error = e;
      return proof;
    }
  }
  Prover prover(mover, nodeBudget);
  for (const Move& mv : start.legalMoves()) {
    std::vector<Match> next = worlds;
    for (Match& m : next) m.apply(mv);
    proof.legal.push_back(mv);
    proof.wins.push_back(prover.win(std::move(next)));
    if (prover.out()) {
      proof.error =
          tooBig(proof.worlds) + ": the search passed its budget of " + std::to_string(nodeBudget) + " positions";
      return proof;
    }
  }
  return proof;
}

namespace {

std::string tilesText(Mask m) {
  std::vector<std::string> words;
  forEachHeaviestFirst(m, [&](Tile t) { words.push_back(tileText(t)); });
  std::string s;
  for (std::size_t i = 0; i < words.size(); ++i) s += (i == 0 ? "" : i + 1 == words.size() ? " and " : ", ") + words[i];
  return s.empty() ? "nothing" : s;
}

// A split where `mv` loses even to a mover who sees every tile: "B holds 5-0 and 0-0", or empty.
std::string losingSplit(const Rules& rules, const Setup& setup, Player mover, const Move& mv) {
  std::uint64_t count = 0;
  for (const Setup& s : puzzleWorlds(setup, mover, kMaxPuzzleWorlds, count)) {
    Match m(rules);
    if (!m.startSetup(s).empty()) continue;
    m.apply(mv);
    std::vector<Match> one{m};
    Prover p(mover, 200000);
    if (!p.win(std::move(one)) && !p.out()) {
      std::string text = std::string(1, letter(other(mover))) + " holds " + tilesText(s.hand[idx(other(mover))]);
      Mask stock = 0;
      for (Tile t : s.stock) stock |= bit(t);
      if (stock) text += " and the stock " + tilesText(stock);
      return text;
    }
  }
  return {};
}

}  // namespace

std::optional<dgn::Error> checkPuzzle(const dgn::Record& rec, const std::string& file, std::uint64_t nodeBudget) {
  if (!rec.puzzle || rec.rounds.size() != 1) return std::nullopt;
  const dgn::Puzzle& pz = *rec.puzzle;
  const Setup& setup = rec.rounds.front();
  auto fail = [&](dgn::LineNo line, const std::string& m) {
    return dgn::Error{file, line, "puzzle " + dgn::quote(pz.title) + ": " + m};
  };
  const PuzzleProof proof = provePuzzle(rec.rules, setup, nodeBudget);
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

}  // namespace dom::ai
