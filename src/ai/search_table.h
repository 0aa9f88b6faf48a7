// SPDX-License-Identifier: MIT
// What the two exact solvers (Solver, ChanceSolver) share: the node budget with its abort and
// cancel, the position key, and the transposition table (two slots per key, the bigger subtree
// kept, generations instead of clearing between searches), over the value type each one stores.
#pragma once
#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstring>
#include <new>
#include <utility>

#include "ai/sim.h"
#include "core/random.h"

namespace dom::ai {

// The node count of a search and when it must stop.
class SearchBudget {
 public:
  // Nodes searched since construction (a node: one position visited).
  [[nodiscard]] long long nodes() const { return nodes_; }
  // Stop searching after this many more nodes (0: no limit). When the budget runs out the search
  // returns what it has and aborted() is true; the numbers are then meaningless.
  void setNodeLimit(long long limit) { limit_ = limit ? nodes_ + limit : 0; }
  [[nodiscard]] bool aborted() const { return aborted_; }
  // Also abort when *cancel becomes true (checked every 1024 nodes); nullptr: never.
  void setCancel(const std::atomic<bool>* cancel) { cancel_ = cancel; }

 protected:
  // Counts a node; true when the search must stop.
  bool visit() {
    ++nodes_;
    if (limit_ && nodes_ >= limit_) aborted_ = true;
    if (cancel_ && (nodes_ & 1023) == 0 && cancel_->load(std::memory_order_relaxed)) aborted_ = true;
    return aborted_;
  }
  bool aborted_ = false;

 private:
  long long nodes_ = 0, limit_ = 0;
  const std::atomic<bool>* cancel_ = nullptr;
};

// What a solver knows of the stock, and so tells positions apart by: Solver its order (the next draw
// is known: the key holds where the stock stands), ChanceSolver only its set (the key holds the
// tiles on the table, never the order, which that search does not know).
enum class StockKnown : std::uint8_t { Order, Set };

// The transposition key of a position (never 0): the hands and the turn, the ends, the forced lead,
// the stock as the solver knows it and, under layout=free, the table's geometry.
[[nodiscard]] inline std::uint64_t positionKey(const SimState& s, StockKnown stock) {
  const RoundState& r = s.state();
  const auto u = [](auto v) { return static_cast<std::uint64_t>(v); };
  const auto end = [](std::int8_t pip) { return static_cast<std::uint64_t>(static_cast<std::uint8_t>(pip)); };
  std::uint64_t a = u(r.hand[0]) | u(r.hand[1]) << 28 | u(idx(r.turn)) << 56;
  std::uint64_t b = 0;
  if (stock == StockKnown::Order) {
    a |= u(r.stockTop) << 57;
    b = end(r.ends[0]) | end(r.ends[1]) << 8 | u(r.forcedLead) << 16;
  } else {
    b = u(r.line) | end(r.ends[0]) << 28 | end(r.ends[1]) << 36 | u(r.forcedLead) << 44;
  }
  std::uint64_t k = splitmix64(a) ^ splitmix64(b ^ 0x51ED270B27D3A7C5ull);
  if (s.freeLayout()) k ^= s.board().hash();
  return k | 1;
}

enum class Bound : std::uint8_t { Empty, Exact, Lower, Upper };

// A transposition table of Value (as the solver stores it) per position key (never 0).
template <class Value>
class SearchTable {
 public:
  struct Entry {
    std::uint64_t key = 0;
    Value value{};
    Bound bound = Bound::Empty;
    std::uint8_t best = 0;   // index of the best move in the legal order
    std::uint16_t gen = 0;   // the search that wrote it
    std::uint8_t depth = 0;  // tiles left in the hands and the stock: how big the subtree was
  };
  // Where a search stands for a key: the entry holding the position (hit), else the one to replace.
  struct Probe {
    Entry* slot;
    bool hit;
  };

  // entries: rounded up to a power of two (at least 1024). The entries are the system's zero pages
  // (mmap): an entry of zero bytes is empty, and a table costs nothing until a search touches it.
  // (Filling them took 92% of `analyse` on a record of 100,000 trivial positions, two tables each.)
  explicit SearchTable(std::size_t entries) : n_(std::bit_ceil(std::max<std::size_t>(entries, 1024))) {
    tt_ = map(n_);
    mask_ = n_ - 1;
  }
  SearchTable(const SearchTable& o) : tt_(map(o.n_)), n_(o.n_), mask_(o.mask_), gen_(o.gen_) {
    std::memcpy(static_cast<void*>(tt_), o.tt_, n_ * sizeof(Entry));
  }
  SearchTable& operator=(const SearchTable& o) {
    if (this != &o) {
      SearchTable copy(o);
      swap(copy);
    }
    return *this;
  }
  SearchTable(SearchTable&& o) noexcept { swap(o); }
  SearchTable& operator=(SearchTable&& o) noexcept {
    swap(o);
    return *this;
  }
  ~SearchTable() {
    if (tt_) ::munmap(tt_, n_ * sizeof(Entry));
  }
  // A new search: the entries of earlier searches no longer count.
  void newSearch() {
    if (++gen_ == 0) {  // wrapped: old entries could pass for new ones
      std::fill(tt_, tt_ + n_, Entry{});
      gen_ = 1;
    }
  }
  // The next search clears the table (its entries were on another ranking).
  void clearAtNextSearch() { gen_ = 0xFFFF; }

  // Two slots per key (a pair of neighbours): the one holding this position, else the one to replace
  // (an old entry, or the smaller of two current ones).
  [[nodiscard]] Probe probe(std::uint64_t k) {
    Entry* slot = &tt_[k & mask_];
    Entry* other = &tt_[(k & mask_) ^ 1];
    if (!holds(*slot, k) && holds(*other, k)) std::swap(slot, other);
    if (holds(*slot, k)) return {slot, true};
    if (other->gen != gen_ || (slot->gen == gen_ && other->depth < slot->depth)) slot = other;
    return {slot, false};
  }
  // Writes a search's result into the slot probe() gave.
  void store(Entry& e, std::uint64_t k, std::uint8_t depth, const Value& v, int best, Bound bound) const {
    e.key = k;
    e.gen = gen_;
    e.depth = depth;
    e.value = v;
    e.best = static_cast<std::uint8_t>(best);
    e.bound = bound;
  }

 private:
  [[nodiscard]] bool holds(const Entry& e, std::uint64_t k) const { return e.gen == gen_ && e.key == k; }
  // n zeroed entries: zero bytes are an empty entry (key 0, Bound::Empty, generation 0).
  static Entry* map(std::size_t n) {
    void* p = ::mmap(nullptr, n * sizeof(Entry), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    return static_cast<Entry*>(p);
  }
  void swap(SearchTable& o) noexcept {
    std::swap(tt_, o.tt_);
    std::swap(n_, o.n_);
    std::swap(mask_, o.mask_);
    std::swap(gen_, o.gen_);
  }
  Entry* tt_ = nullptr;
  std::size_t n_ = 0;
  std::size_t mask_ = 0;
  std::uint16_t gen_ = 0;
};

}  // namespace dom::ai
