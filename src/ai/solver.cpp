// The exact solver: negamax with alpha-beta (fail-soft), the table's best move tried first, and a
// transposition table keyed on the position (hands, stock position, ends, turn, and the free
// layout's geometry). A draw keeps the turn, so a child is negated only when the turn changes.
#include "ai/solver.h"
#include "core/random.h"

#include <algorithm>

namespace dom::ai {
namespace {

constexpr int kInf = 10000;

// The value for the mover of s of playing m: the final points when it ends the round, else the
// child's value from `search(child, alpha, beta)`, negated (with the window) when the turn changes
// (a draw keeps the turn).
template <class Search>
[[nodiscard]] inline int childValue(const SimState& s, const Move& m, int alpha, int beta, Search&& search) {
  SimState c = s;
  c.apply(m);
  if (c.over()) return c.pointsFor(s.state().turn);
  if (c.state().turn == s.state().turn) return search(c, alpha, beta);
  return -search(c, -beta, -alpha);
}

}  // namespace

Solver::Solver(std::size_t ttEntries) : tt_(ttEntries) {}

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
    const int v =
        childValue(s, moves.moves[i], alpha, beta, [this](const SimState& c, int a, int b) { return search(c, a, b); });
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
  return search(s, -kInf, kInf);
}

std::vector<MoveValue> Solver::values(const SimState& s) {
  std::vector<MoveValue> out;
  if (s.over()) return out;
  newSearch();
  const MoveList moves = s.legal();
  for (const Move& m : moves)
    out.push_back(
        {m, childValue(s, m, -kInf, kInf, [this](const SimState& c, int a, int b) { return search(c, a, b); })});
  std::stable_sort(out.begin(), out.end(), [](const MoveValue& a, const MoveValue& b) { return a.value > b.value; });
  return out;
}

int minimaxValue(const SimState& s) {
  if (s.over()) return s.pointsFor(s.state().turn);
  int best = -kInf;
  for (const Move& m : s.legal())
    best = std::max(best, childValue(s, m, -kInf, kInf, [](const SimState& c, int, int) { return minimaxValue(c); }));
  return best;
}

}  // namespace dom::ai
