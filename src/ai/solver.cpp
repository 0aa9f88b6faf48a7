// SPDX-License-Identifier: MIT
// The exact solver: negamax with alpha-beta (fail-soft), the table's best move tried first, and a
// transposition table keyed on the position (hands, stock position, ends, turn, and the free
// layout's geometry). A draw keeps the turn, so a child is negated only when the turn changes.
#include "ai/solver.h"
#include "core/random.h"

#include <algorithm>

namespace dom::ai {
namespace {

constexpr int kInf = 10000;
// PointsThenWin's scale: points * kWinScale + outcome (-1, 0, +1), within the table's 16 bits.
constexpr int kWinScale = 4;

// The value for the mover of s of playing m: the final points when it ends the round, else the
// child's value from `search(child, alpha, beta)`, negated (with the window) when the turn changes
// (a draw keeps the turn).
template <class Search>
[[nodiscard]] inline int childValue(const SimState& s, const Move& m, int alpha, int beta, int scale, Search&& search) {
  SimState c = s;
  c.apply(m);
  if (c.over()) {
    const Player p = s.state().turn;
    return scale == 1 ? c.pointsFor(p) : c.pointsFor(p) * scale + c.outcomeFor(p);
  }
  if (c.state().turn == s.state().turn) return search(c, alpha, beta);
  return -search(c, -beta, -alpha);
}

}  // namespace

Solver::Solver(std::size_t ttEntries, Scoring scoring)
    : scale_(scoring == Scoring::PointsThenWin ? kWinScale : 1), tt_(ttEntries) {}

void Solver::newSearch() {
  aborted_ = false;
  tt_.newSearch();
}

int Solver::search(const SimState& s, int alpha, int beta) {
  if (visit()) return 0;
  const std::uint64_t k = positionKey(s, StockKnown::Order);
  const RoundState& r = s.state();
  const auto depth = static_cast<std::uint8_t>(count(r.hand[0] | r.hand[1]) + r.stockCount());
  const auto [slot, hit] = tt_.probe(k);
  int first = 0;
  if (hit) {
    const int v = slot->value;
    if (slot->bound == Bound::Exact) return v;
    if (slot->bound == Bound::Lower && v >= beta) return v;
    if (slot->bound == Bound::Upper && v <= alpha) return v;
    first = slot->best;
  }
  const MoveList moves = s.legal();
  if (first >= moves.size) first = 0;
  const int alpha0 = alpha;
  int best = -kInf, bestIdx = 0;
  for (int j = 0; j < moves.size; ++j) {
    const int i = j == 0 ? first : (j <= first ? j - 1 : j);  // the table's move first, then the rest in order
    const int v = childValue(s, moves.moves[i], alpha, beta, scale_,
                             [this](const SimState& c, int a, int b) { return search(c, a, b); });
    if (aborted_) return 0;
    if (v > best) {
      best = v;
      bestIdx = i;
    }
    alpha = std::max(alpha, v);
    if (alpha >= beta) break;
  }
  tt_.store(*slot, k, depth, static_cast<std::int16_t>(best), bestIdx,
            best <= alpha0 ? Bound::Upper
            : best >= beta ? Bound::Lower
                           : Bound::Exact);
  return best;
}

int Solver::value(const SimState& s) {
  if (s.over()) return s.pointsFor(s.state().turn);
  newSearch();
  const int v = search(s, -kInf, kInf);
  return scale_ == 1 ? v : (v - (v > 0) + (v < 0)) / scale_;
}

std::vector<MoveValue> Solver::values(const SimState& s) {
  std::vector<MoveValue> out;
  if (s.over()) return out;
  newSearch();
  const MoveList moves = s.legal();
  std::vector<int> scaled;
  for (const Move& m : moves)
    scaled.push_back(
        childValue(s, m, -kInf, kInf, scale_, [this](const SimState& c, int a, int b) { return search(c, a, b); }));
  // Best first by the scaled value (points, then who wins), then each decoded.
  std::vector<int> order(scaled.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return scaled[a] > scaled[b]; });
  for (const int i : order) {
    const int v = scaled[static_cast<std::size_t>(i)];
    const int win = scale_ == 1 ? 0 : (v > 0) - (v < 0);
    out.push_back({moves.moves[i], (v - win) / scale_, win});
  }
  return out;
}

int minimaxValue(const SimState& s) {
  if (s.over()) return s.pointsFor(s.state().turn);
  int best = -kInf;
  for (const Move& m : s.legal())
    best =
        std::max(best, childValue(s, m, -kInf, kInf, 1, [](const SimState& c, int, int) { return minimaxValue(c); }));
  return best;
}

}  // namespace dom::ai
