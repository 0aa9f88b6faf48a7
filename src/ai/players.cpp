// The random and greedy players, and the random playout used by benchmarks.
#include "ai/players.h"

#include <bit>

namespace dom::ai {
namespace {

class RandomPlayer final : public Computer {
 public:
  explicit RandomPlayer(std::uint64_t seed) : rng_(seed, 0x5eed) {}
  std::string name() const override { return "random"; }
  Move choose(const Match& m) override {
    const MoveList moves = m.legalMoves();
    return moves.moves[bounded(rng_, static_cast<std::uint32_t>(moves.size))];
  }

 private:
  pcg32 rng_;
};

class GreedyPlayer final : public Computer {
 public:
  std::string name() const override { return "greedy"; }
  Move choose(const Match& m) override { return m.legalMoves().moves[0]; }
};

Tile nthTile(Mask m, std::uint32_t n) {
  for (; n; --n) m &= m - 1;
  return static_cast<Tile>(std::countr_zero(m));
}

// A fresh deal straight into a round state (same Fisher-Yates as dealFromSeed, faster bounds).
RoundState randomDeal(const Rules& rules, pcg32& rng) {
  std::array<Tile, kTiles> t{};
  for (int i = 0; i < kTiles; ++i) t[i] = static_cast<Tile>(i);
  for (int i = kTiles - 1; i > 0; --i) std::swap(t[i], t[bounded(rng, static_cast<std::uint32_t>(i + 1))]);
  Deal d;
  for (int i = 0; i < rules.hand; ++i) d.hand[0] |= bit(t[i]);
  for (int i = rules.hand; i < 2 * rules.hand; ++i) d.hand[1] |= bit(t[i]);
  for (int i = 2 * rules.hand; i < kTiles; ++i) d.stock[d.stockSize++] = t[i];
  return startRound(d);
}

// Picks a random legal play at the ends with the given fits; n counts (tile, end, heading) choices.
template <bool kFree>
void randomPlay(RoundState& s, const Fits& fits, pcg32& rng, FreeBoard* board) {
  const Player p = s.turn;
  if (s.beforeLead()) {
    const Mask m = s.playable(p, fits);
    const Tile t = nthTile(m, bounded(rng, static_cast<std::uint32_t>(count(m))));
    if constexpr (kFree) board->lead(t);
    s.play({MoveKind::Play, t, End::None, Heading::Straight, static_cast<std::uint8_t>(high(t))});
    return;
  }
  const Mask at[2] = {s.playableAt(p, End::L, fits), s.playableAt(p, End::R, fits)};
  std::uint32_t dbl[2], non[2], mult[2];
  std::uint32_t total = 0;
  for (int e = 0; e < 2; ++e) {
    dbl[e] = static_cast<std::uint32_t>(count(at[e] & doublesMask()));
    non[e] = static_cast<std::uint32_t>(count(at[e] & ~doublesMask()));
    mult[e] = kFree ? static_cast<std::uint32_t>(std::popcount(fits[e].headings)) : 1;
    total += dbl[e] + non[e] * mult[e];
  }
  std::uint32_t r = bounded(rng, total);
  for (int e = 0; e < 2; ++e) {
    const End end = static_cast<End>(e);
    if (r < dbl[e]) {
      const Tile t = nthTile(at[e] & doublesMask(), r);
      if constexpr (kFree) board->play(end, t, Heading::Straight);
      s.play({MoveKind::Play, t, end, Heading::Straight, 0});
      return;
    }
    r -= dbl[e];
    if (r < non[e] * mult[e]) {
      const Tile t = nthTile(at[e] & ~doublesMask(), r / mult[e]);
      Heading h = Heading::Straight;
      if constexpr (kFree) {
        std::uint32_t k = r % mult[e];
        std::uint32_t hs = fits[e].headings;
        for (; k; --k) hs &= hs - 1;
        h = static_cast<Heading>(std::countr_zero(hs));
        board->play(end, t, h);
      }
      s.play({MoveKind::Play, t, end, h, 0});
      return;
    }
    r -= non[e] * mult[e];
  }
}

template <bool kFree>
int playout(const Rules& rules, pcg32& rng, RoundState& s, FreeBoard* board) {
  int moves = 0;
  while (!s.over()) {
    const Fits& fits = kFree ? board->fits() : kSnakeFits;
    if (s.playable(s.turn, fits)) randomPlay<kFree>(s, fits, rng, board);
    else if (s.canDraw(rules)) s.draw();
    else s.pass();
    s.settle(rules, kFree ? board->fits() : kSnakeFits);
    ++moves;
  }
  return moves;
}

}  // namespace

std::unique_ptr<Computer> makePlayer(std::string_view name, std::uint64_t seed) {
  if (name == "random") return std::make_unique<RandomPlayer>(seed);
  if (name == "greedy") return std::make_unique<GreedyPlayer>();
  return nullptr;
}

const std::vector<std::string>& playerNames() {
  static const std::vector<std::string> names{"random", "greedy"};
  return names;
}

int randomRound(const Rules& rules, pcg32& rng, RoundState* out) {
  RoundState s = randomDeal(rules, rng);
  int moves = 0;
  if (rules.layout == LayoutRule::Free) {
    static thread_local FreeBoard board;
    board.reset(rules.tableW, rules.tableH);
    moves = playout<true>(rules, rng, s, &board);
  } else {
    moves = playout<false>(rules, rng, s, nullptr);
  }
  if (out) *out = s;
  return moves;
}

}  // namespace dom::ai
