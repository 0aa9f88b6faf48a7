// SPDX-License-Identifier: MIT
// Expectiminimax with alpha-beta at the players' nodes (fail-soft, on the rank) and plain averages
// at the chance nodes, whose outcomes are searched with an open window. A draw keeps the turn, so a
// child is negated only when the turn changes. The transposition table is keyed on the hands, the
// tiles on the table (so the stock's set), the ends, the turn, the forced lead and, under
// layout=free, the table's geometry: never on the stock's order, which the search does not know.
#include "ai/chance_solver.h"
#include "core/random.h"

#include <algorithm>
#include <array>
#include <limits>

namespace dom::ai {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

Expectation finalValue(const SimState& over, Player p) {
  // Who won, not the sign of the points: a domino against a hand of 0-0 is a win of 0 points.
  return {static_cast<double>(over.outcomeFor(p)), static_cast<double>(over.pointsFor(p))};
}

ChanceSolver::ChanceSolver(double winWeight, std::size_t ttEntries) : winWeight_(winWeight), tt_(ttEntries) {}

void ChanceSolver::newSearch() {
  aborted_ = false;
  tt_.newSearch();
}

Expectation ChanceSolver::child(const SimState& s, const Move& m, double alpha, double beta) {
  const Player p = s.state().turn;
  if (m.kind == MoveKind::Draw) {
    // A chance node: each tile of the stock is as likely to come. Star1 pruning: every outcome's
    // rank lies within +-hi (the points can be at most the pips of the tiles not on the table), so
    // once the outcomes searched so far settle the mean below alpha or above beta whatever the rest
    // bring, the node returns that bound; each outcome is searched with the window that matters.
    const RoundState& r = s.state();
    const int k = r.stockCount();
    // The outcomes in the order of their tiles, not of the stock: the value is then a function of
    // the stock's set to the last bit (a sum of doubles depends on its order).
    std::array<Tile, 28> tiles{};
    std::copy(r.stock.begin() + r.stockTop, r.stock.begin() + r.stockTop + k, tiles.begin());
    std::sort(tiles.begin(), tiles.begin() + k);
    const double most = pips(kAllTiles & ~s.state().line);
    const Expectation top{1, most};
    const double hi = rank(top);
    Expectation sum;
    double sumRank = 0;
    for (int j = 0; j < k; ++j) {
      const double rest = k - j - 1;
      const double a = k * alpha - sumRank - rest * hi, b = k * beta - sumRank + rest * hi;
      SimState c = s;
      const auto at =
          std::find(r.stock.begin() + r.stockTop, r.stock.begin() + r.stockTop + k, tiles[static_cast<std::size_t>(j)]);
      c.drawNext(static_cast<int>(at - (r.stock.begin() + r.stockTop)));
      c.apply(m);
      const Expectation v = c.over() ? finalValue(c, p) : c.state().turn == p ? search(c, a, b) : -search(c, -b, -a);
      if (aborted_) return {};
      sum.win += v.win;
      sum.points += v.points;
      sumRank += rank(v);
      if (rest > 0 && sumRank + rest * hi <= k * alpha)  // the mean cannot reach alpha
        return {(sum.win + rest * top.win) / k, (sum.points + rest * top.points) / k};
      if (rest > 0 && sumRank - rest * hi >= k * beta)  // the mean stays above beta
        return {(sum.win - rest * top.win) / k, (sum.points - rest * top.points) / k};
    }
    return {sum.win / k, sum.points / k};
  }
  SimState c = s;
  c.apply(m);
  if (c.over()) return finalValue(c, p);
  if (c.state().turn == p) return search(c, alpha, beta);
  return -search(c, -beta, -alpha);
}

Expectation ChanceSolver::search(const SimState& s, double alpha, double beta) {
  if (visit()) return {};
  const std::uint64_t k = positionKey(s, StockKnown::Set);
  const RoundState& r = s.state();
  const auto depth = static_cast<std::uint8_t>(count(r.hand[0] | r.hand[1]) + r.stockCount());
  const auto [slot, hit] = tt_.probe(k);
  int first = 0;
  if (hit) {
    const Expectation v{slot->value.win, slot->value.points};
    const double rv = rank(v);
    if (slot->bound == Bound::Exact) return v;
    if (slot->bound == Bound::Lower && rv >= beta) return v;
    if (slot->bound == Bound::Upper && rv <= alpha) return v;
    first = slot->best;
  }
  const MoveList moves = s.legal();
  if (first >= moves.size) first = 0;
  const double alpha0 = alpha;
  Expectation best{-2, -kInf};
  double bestRank = -kInf;
  int bestIdx = 0;
  for (int j = 0; j < moves.size; ++j) {
    const int i = j == 0 ? first : (j <= first ? j - 1 : j);
    const Expectation v = child(s, moves.moves[i], alpha, beta);
    if (aborted_) return {};
    const double rv = rank(v);
    if (rv > bestRank) {
      bestRank = rv;
      best = v;
      bestIdx = i;
    }
    alpha = std::max(alpha, rv);
    if (alpha >= beta) break;
  }
  tt_.store(*slot, k, depth, Stored{static_cast<float>(best.win), static_cast<float>(best.points)}, bestIdx,
            bestRank <= alpha0 ? Bound::Upper
            : bestRank >= beta ? Bound::Lower
                               : Bound::Exact);
  return best;
}

Expectation ChanceSolver::value(const SimState& s) {
  if (s.over()) return finalValue(s, s.state().turn);
  newSearch();
  return search(s, -kInf, kInf);
}

std::vector<MoveExpectation> ChanceSolver::values(const SimState& s) {
  std::vector<MoveExpectation> out;
  if (s.over()) return out;
  newSearch();
  for (const Move& m : s.legal()) {
    out.push_back({m, child(s, m, -kInf, kInf)});
    if (aborted_) break;
  }
  std::stable_sort(out.begin(), out.end(), [this](const MoveExpectation& a, const MoveExpectation& b) {
    return rank(a.value) > rank(b.value);
  });
  return out;
}

Expectation expectiminimaxValue(const SimState& s, double winWeight) {
  const Player p = s.state().turn;
  if (s.over()) return finalValue(s, p);
  auto childOf = [&](const SimState& c) {
    return c.over()              ? finalValue(c, p)
           : c.state().turn == p ? expectiminimaxValue(c, winWeight)
                                 : -expectiminimaxValue(c, winWeight);
  };
  Expectation best{-2, -kInf};
  double bestRank = -kInf;
  for (const Move& m : s.legal()) {
    Expectation v;
    if (m.kind == MoveKind::Draw) {
      const int k = s.state().stockCount();
      for (int j = 0; j < k; ++j) {
        SimState c = s;
        c.drawNext(j);
        c.apply(m);
        const Expectation o = childOf(c);
        v.win += o.win / k;
        v.points += o.points / k;
      }
    } else {
      SimState c = s;
      c.apply(m);
      v = childOf(c);
    }
    const double rv = v.win * winWeight + v.points;
    if (rv > bestRank) {
      bestRank = rv;
      best = v;
    }
  }
  return best;
}

}  // namespace dom::ai
