// dominoes.Batch's engine (batch.h). The step loop is the hot path of vectorized self-play: per slot
// one move found by its index in Match::legalMoves's order, applied to the RoundState, the slot
// dealt again when its round ends, and the next legal count written back.
#include "batch.h"

#include <algorithm>
#include <bit>

namespace dom::python {
namespace {

// The number of set bits. A generic x86-64 build has no POPCNT instruction, and std::popcount
// becomes a call into libgcc there: a few shifts and one multiply instead.
inline int bits(std::uint32_t x) {
  x -= (x >> 1) & 0x55555555u;
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0F0F0F0Fu;
  return static_cast<int>((x * 0x01010101u) >> 24);
}

inline int bits64(std::uint64_t x) {
  x -= (x >> 1) & 0x5555555555555555ull;
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((x * 0x0101010101010101ull) >> 56);
}

// The legal moves' order as bits: a tile's placement at end L is bit 2r, at end R bit 2r + 1, r its
// rank heaviest first (heaviestFirstOrder, the order legalMoves pushes them in). Under layout=snake
// a play has one heading, so the k-th legal play is the k-th set bit of spread(L) | spread(R) << 1.
struct Order {
  std::array<Tile, kTiles> tile{};  // heaviest first
  std::array<std::array<std::uint64_t, 256>, 4> spread{};
  Order() : tile(heaviestFirstOrder()) {
    std::array<int, kTiles> rank{};
    for (int r = 0; r < kTiles; ++r) rank[tile[static_cast<std::size_t>(r)]] = r;
    for (int j = 0; j < 4; ++j)
      for (int b = 0; b < 256; ++b)
        for (int i = 0; i < 8; ++i) {
          const int t = 8 * j + i;
          if (t < kTiles && (b >> i & 1))
            spread[static_cast<std::size_t>(j)][static_cast<std::size_t>(b)] |= std::uint64_t{1} << (2 * rank[t]);
        }
  }
  [[nodiscard]] std::uint64_t operator()(Mask m) const {
    return spread[0][m & 0xFF] | spread[1][m >> 8 & 0xFF] | spread[2][m >> 16 & 0xFF] | spread[3][m >> 24 & 0xFF];
  }
};

const Order& order() {
  static const Order o;
  return o;
}

// kSelect[r][b]: the position of the r-th (from 0) set bit of byte b (0 when there is none).
constexpr auto kSelect = [] {
  std::array<std::array<std::uint8_t, 256>, 8> t{};
  for (int b = 0; b < 256; ++b)
    for (int i = 0, r = 0; i < 8; ++i)
      if (b >> i & 1) t[static_cast<std::size_t>(r++)][static_cast<std::size_t>(b)] = static_cast<std::uint8_t>(i);
  return t;
}();

// The position of the k-th (from 0) set bit of w (k below its count), without a branch: the
// random k would make a loop's exit unpredictable. The bytes' running counts give the byte, a
// table the bit within it.
inline int select(std::uint64_t w, std::uint32_t k) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
  std::uint64_t c = w - ((w >> 1) & 0x5555555555555555ull);
  c = (c & 0x3333333333333333ull) + ((c >> 2) & 0x3333333333333333ull);
  c = (c + (c >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  const std::uint64_t upTo = c * kOnes;  // byte i: the set bits of bytes 0..i
  // The bytes whose running count is at most k come before the one that holds the bit.
  const std::uint64_t before = ((k * kOnes | kHigh) - upTo) & kHigh;
  const auto byte = static_cast<unsigned>(((before >> 7) * kOnes) >> 56);
  const auto skipped = static_cast<std::uint32_t>(((upTo << 8) >> (8 * byte)) & 0xFF);
  const auto inByte = static_cast<std::uint8_t>(w >> (8 * byte));
  return static_cast<int>(8 * byte + kSelect[k - skipped][inByte]);
}

// A legal move, as Match::apply makes it on the state (settle is the caller's).
void applyTo(RoundState& s, const Move& m) {
  switch (m.kind) {
    case MoveKind::Draw: s.draw(); break;
    case MoveKind::Pass: s.pass(); break;
    case MoveKind::Play: s.play(m); break;
  }
}

// Plays the k-th legal move under layout=snake (RoundState::legalMoves(r, kSnakeFits).moves[k]) and
// settles, as Match::apply does, without a branch on which kind of move it is: a play, a draw and
// a pass come at random, and a mispredicted branch costs more than doing the work of all three.
// drawAbove: the stock count above which the mover may draw (the rules' reserve; kTiles if never),
// kept out of the Rules so that the loop holds it in a register.
[[gnu::always_inline]] inline void playSnake(RoundState& s, int k, const Rules& r, int drawAbove, const Order& ord) {
  if (s.beforeLead()) [[unlikely]] {
    const Tile t = s.forcedLead;  // a deal's, by the double rule: in the opener's hand
    if (t != kNoTile && (s.hand[idx(s.turn)] & bit(t)))
      s.play({MoveKind::Play, t, End::None, Heading::Straight, static_cast<std::uint8_t>(high(t))});
    else
      applyTo(s, s.legalMoves(r, kSnakeFits).moves[static_cast<std::size_t>(k)]);
    s.settle(r, kSnakeFits);
    return;
  }
  const int p = idx(s.turn);
  const Mask hand = s.hand[static_cast<std::size_t>(p)];
  const Mask at0 = hand & suitMask(s.ends[0]), at1 = hand & suitMask(s.ends[1]);
  const bool play = (at0 | at1) != 0, draw = !play && s.stockCount() > drawAbove;
  // A draw or a pass selects the first bit of a stand-in (k is 0 then) and lays nothing.
  const int pos = select(play ? ord(at0) | ord(at1) << 1 : 1, static_cast<std::uint32_t>(k));
  const Tile t = ord.tile[static_cast<std::size_t>(pos >> 1)];
  const auto e = static_cast<std::size_t>(pos & 1);
  const Mask laid = play ? bit(t) : 0;
  const Mask drawn = draw ? bit(s.stock[std::min<std::size_t>(s.stockTop, kMaxStock - 1)]) : 0;
  s.hand[static_cast<std::size_t>(p)] = (hand & ~laid) | drawn;
  s.line |= laid;
  const std::int8_t pip = s.ends[e];
  s.ends[e] = play ? static_cast<std::int8_t>(otherHalf(t, pip)) : pip;
  s.stockTop = static_cast<std::uint8_t>(s.stockTop + (draw ? 1 : 0));
  if (!s.hand[static_cast<std::size_t>(p)]) [[unlikely]] {  // a domino (RoundState::play)
    s.status = RoundStatus::Domino;
    s.winner = static_cast<std::uint8_t>(p);
    s.points = static_cast<std::uint16_t>(pips(s.hand[static_cast<std::size_t>(1 - p)]));
    return;
  }
  s.turn = draw ? s.turn : other(s.turn);
  // RoundState::settle: blocked when neither player can place at either end and the mover cannot draw.
  const Mask showing = suitMask(s.ends[0]) | suitMask(s.ends[1]);
  if (!((s.hand[0] | s.hand[1]) & showing) && s.stockCount() <= drawAbove) [[unlikely]]
    s.block(r);
}

// RoundState::legalMoves(fits).size, without the list.
template <bool Free>
[[gnu::always_inline]] inline int legalCount(const RoundState& s, const Fits& f) {
  const Player p = s.turn;
  const Mask hand = s.hand[idx(p)];
  if (s.beforeLead()) return s.forcedLead == kNoTile ? bits(hand) : 1;  // else draw or pass: 1 too
  int c = 0;
  if constexpr (Free) {
    for (int e = 0; e < 2; ++e) {
      const Mask at = s.playableAt(p, static_cast<End>(e), f);
      c += bits(at & doublesMask()) + bits(at & ~doublesMask()) * bits(f[static_cast<std::size_t>(e)].headings);
    }
  } else {
    const std::uint64_t both = (hand & suitMask(s.ends[0])) | std::uint64_t{hand & suitMask(s.ends[1])} << 32;
    c = bits64(both);
  }
  return c ? c : 1;
}

}  // namespace

Batch::Batch(const Rules& rules, int n, std::uint64_t seed)
    : rules_(rules),
      n_(n),
      seed_(seed),
      free_(rules.layout == LayoutRule::Free),
      slots_(static_cast<std::size_t>(n)),
      boards_(free_ ? static_cast<std::size_t>(n) : 0),
      history_(static_cast<std::size_t>(n) * kMaxMoves),
      indices_(static_cast<std::size_t>(n)),
      counts_(static_cast<std::size_t>(n)),
      points_(static_cast<std::size_t>(n)),
      winners_(static_cast<std::size_t>(n), -1) {
  (void)order();
  for (int i = 0; i < n_; ++i) {
    deal(i);
    counts_[static_cast<std::size_t>(i)] =
        free_ ? legalCount<true>(state(i), fits(i)) : legalCount<false>(state(i), {});
  }
}

std::uint64_t Batch::roundSeed(int slot) const {
  return seed_ + static_cast<std::uint64_t>(slot) +
         static_cast<std::uint64_t>(slots_[static_cast<std::size_t>(slot)].round) * static_cast<std::uint64_t>(n_);
}

std::span<const std::uint8_t> Batch::history(int slot) const {
  const auto& sl = slots_[static_cast<std::size_t>(slot)];
  return {history_.data() + static_cast<std::size_t>(slot) * kMaxMoves, std::min<std::size_t>(sl.played, kMaxMoves)};
}

void Batch::deal(int slot) {
  Slot& sl = slots_[static_cast<std::size_t>(slot)];
  sl.s = startRound(dealFromSeed(roundSeed(slot), rules_.hand));
  sl.played = 0;
  if (free_) boards_[static_cast<std::size_t>(slot)].reset(rules_.tableW, rules_.tableH);
}

void Batch::finish(int slot) {
  Slot& sl = slots_[static_cast<std::size_t>(slot)];
  const RoundState& s = sl.s;
  winners_[static_cast<std::size_t>(slot)] = static_cast<std::int8_t>(s.winner);
  points_[static_cast<std::size_t>(slot)] = s.points;
  ++wins_[s.winner];
  if (s.winner < 2) won_[s.winner] += s.points;
  ++rounds_;
  ++sl.round;
  deal(slot);
}

int Batch::load(const std::int32_t* indices) {
  std::copy(indices, indices + n_, indices_.begin());
  for (int i = 0; i < n_; ++i)
    if (static_cast<std::uint32_t>(indices_[static_cast<std::size_t>(i)]) >=
        static_cast<std::uint32_t>(counts_[static_cast<std::size_t>(i)])) {
      loaded_ = false;
      return i;
    }
  loaded_ = true;
  return -1;
}

void Batch::step() {
  if (!loaded_) return;
  loaded_ = false;
  if (free_)
    stepFree();
  else
    stepSnake();
  moves_ += n_;
}

// The loop holds the buffers in locals: a store through a byte pointer (the history, the winners)
// may alias any member, and would make the compiler reload them at every slot.
void Batch::stepSnake() {
  const Order& ord = order();
  const int drawAbove = rules_.draw == DrawRule::Until ? rules_.reserve : kTiles;
  Slot* const slots = slots_.data();
  const std::int32_t* const indices = indices_.data();
  std::int32_t* const counts = counts_.data();
  std::int32_t* const points = points_.data();
  std::int8_t* const winners = winners_.data();
  std::uint8_t* const history = history_.data();
  const int n = n_;
  for (int i = 0; i < n; ++i) {
    Slot& sl = slots[i];
    RoundState& s = sl.s;
    const int k = indices[i];
    if (sl.played < kMaxMoves)
      history[static_cast<std::size_t>(i) * kMaxMoves + sl.played] = static_cast<std::uint8_t>(k);
    ++sl.played;
    playSnake(s, k, rules_, drawAbove, ord);
    winners[i] = -1;
    points[i] = 0;
    if (s.over()) [[unlikely]]
      finish(i);
    counts[i] = legalCount<false>(s, kSnakeFits);
  }
}

void Batch::stepFree() {
  for (int i = 0; i < n_; ++i) {
    const auto u = static_cast<std::size_t>(i);
    Slot& sl = slots_[u];
    RoundState& s = sl.s;
    const int k = indices_[u];
    if (sl.played < kMaxMoves) history_[u * kMaxMoves + sl.played] = static_cast<std::uint8_t>(k);
    ++sl.played;
    ai::SimBoard& b = boards_[u];
    const Move m = s.legalMoves(rules_, b.fits()).moves[static_cast<std::size_t>(k)];
    if (m.kind == MoveKind::Play) {
      if (m.end == End::None)
        b.lead(m.tile);
      else
        b.play(m.end, m.tile, m.heading);
    }
    applyTo(s, m);
    s.settle(rules_, b.fits());
    winners_[u] = -1;
    points_[u] = 0;
    if (s.over()) finish(i);
    counts_[u] = legalCount<true>(s, b.fits());
  }
}

}  // namespace dom::python
