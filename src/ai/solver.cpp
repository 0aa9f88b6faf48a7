// The exact solver: negamax with alpha-beta (fail-soft), the table's best move tried first, and a
// transposition table keyed on the position (hands, stock position, ends, turn, and the free
// layout's geometry). A draw keeps the turn, so a child is negated only when the turn changes.
#include "ai/solver.h"

#include <algorithm>
#include <bit>

namespace dom::ai {
namespace {

constexpr int kInf = 10000;

[[nodiscard]] constexpr std::uint64_t mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

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

Solver::Solver(std::size_t ttEntries) {
  const std::size_t n = std::bit_ceil(std::max<std::size_t>(ttEntries, 1024));
  tt_.assign(n, Entry{});
  mask_ = n - 1;
}

std::uint64_t Solver::key(const SimState& s) {
  const RoundState& r = s.state();
  const std::uint64_t a = static_cast<std::uint64_t>(r.hand[0]) | static_cast<std::uint64_t>(r.hand[1]) << 28 |
                          static_cast<std::uint64_t>(idx(r.turn)) << 56 | static_cast<std::uint64_t>(r.stockTop) << 57;
  const std::uint64_t b = static_cast<std::uint64_t>(static_cast<std::uint8_t>(r.ends[0])) |
                          static_cast<std::uint64_t>(static_cast<std::uint8_t>(r.ends[1])) << 8 |
                          static_cast<std::uint64_t>(r.forcedLead) << 16;
  std::uint64_t k = mix(a) ^ mix(b ^ 0x51ED270B27D3A7C5ull);
  if (s.freeLayout()) k ^= s.board().hash();
  return k | 1;  // never 0
}

void Solver::newSearch() {
  aborted_ = false;
  if (++gen_ == 0) {  // wrapped: old entries could pass for new ones
    std::fill(tt_.begin(), tt_.end(), Entry{});
    gen_ = 1;
  }
}

int Solver::search(const SimState& s, int alpha, int beta) {
  ++nodes_;
  if (limit_ && nodes_ >= limit_) aborted_ = true;
  if (cancel_ && (nodes_ & 1023) == 0 && cancel_->load(std::memory_order_relaxed)) aborted_ = true;
  if (aborted_) return 0;
  // Two slots per key (a pair of neighbours): the one holding this position, else the one to replace.
  const std::uint64_t k = key(s);
  const RoundState& r = s.state();
  const auto depth = static_cast<std::uint8_t>(count(r.hand[0] | r.hand[1]) + r.stockCount());
  Entry* slot = &tt_[k & mask_];
  Entry* other = &tt_[(k & mask_) ^ 1];
  if (!(slot->gen == gen_ && slot->key == k) && other->gen == gen_ && other->key == k) std::swap(slot, other);
  int first = 0;
  if (slot->gen == gen_ && slot->key == k) {
    const int v = slot->value;
    if (slot->flag == 1) return v;
    if (slot->flag == 2 && v >= beta) return v;
    if (slot->flag == 3 && v <= alpha) return v;
    first = slot->best;
  } else if (other->gen != gen_ || (slot->gen == gen_ && other->depth < slot->depth)) {
    slot = other;  // replace an old or a smaller entry, keep the bigger one
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
  Entry& e = *slot;
  e.key = k;
  e.gen = gen_;
  e.depth = depth;
  e.value = static_cast<std::int16_t>(best);
  e.best = static_cast<std::uint8_t>(bestIdx);
  e.flag = best <= alpha0 ? 3 : best >= beta ? 2 : 1;
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
