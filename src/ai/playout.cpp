// SPDX-License-Identifier: MIT
// The generic (any CPU) path of the random playout: the bench's rounds and the playouts from any
// position (playout.h). The loop itself is playout_impl.h's.
#include "ai/playout.h"

#include "ai/inference.h"
#include "ai/playout_impl.h"

namespace dom::ai {

void PlayoutTable::reset(const Rules& r) { tableReset(*this, r); }
void PlayoutTable::lead(Tile t) { tableLead(*this, t); }
void PlayoutTable::play(End e, Tile t, Heading h) {
  if (free && e != End::None) tablePlay(*this, static_cast<int>(e), t, h);
}

PlayoutPosition PlayoutPosition::from(const Rules& r, const RoundState& s, std::span<const LaidTile> line,
                                      int leadIndex) {
  PlayoutPosition p{s, {}};
  p.table.reset(r);
  if (!p.table.free || line.empty()) return p;
  const int n = static_cast<int>(line.size());
  p.table.lead(line[static_cast<std::size_t>(leadIndex)].tile);
  for (int i = leadIndex - 1; i >= 0; --i)
    p.table.play(End::L, line[static_cast<std::size_t>(i)].tile, line[static_cast<std::size_t>(i)].heading);
  for (int i = leadIndex + 1; i < n; ++i)
    p.table.play(End::R, line[static_cast<std::size_t>(i)].tile, line[static_cast<std::size_t>(i)].heading);
  return p;
}

void PlayoutPosition::apply(const Rules& r, const Move& m) {
  if (m.kind != MoveKind::Play && !s.beforeLead())  // the mover lacks both ends' pips (playoutMixed's block)
    lacks[static_cast<std::size_t>(idx(s.turn))] = static_cast<std::uint8_t>(1 << s.ends[0] | 1 << s.ends[1]);
  switch (m.kind) {
    case MoveKind::Draw: s.draw(); break;
    case MoveKind::Pass: s.pass(); break;
    case MoveKind::Play:
      if (m.end == End::None)
        table.lead(m.tile);
      else
        table.play(m.end, m.tile, m.heading);
      s.play(m);
      break;
  }
  s.settle(r, table.fits);
}

int playout(SimState s, Player p, PlayoutRng& rng) {
  if (!s.freeLayout()) {
    RoundState r = s.state();
    positionPlayout(s.rules(), r, SnakeTable{}, rng);
    return pointsFor(r, p);
  }
  while (!s.over()) {
    const MoveList legal = s.legal();
    if (legal.empty()) break;
    s.apply(legal.moves[bounded(rng, static_cast<std::uint32_t>(legal.size))]);
  }
  return s.pointsFor(p);
}

int playout(const Rules& rules, PlayoutPosition& pos, PlayoutRng& rng) {
  if (!pos.table.free) return positionPlayout(rules, pos.s, SnakeTable{}, rng);
  return positionPlayout(rules, pos.s, FastTable{pos.table}, rng);
}

int playoutMixed(const Rules& rules, PlayoutPosition& pos, PlayoutRng& rng, std::uint32_t greedy) {
  return playoutMixed(rules, pos, rng, PlayoutModel{.greedy = {greedy, greedy}});
}

int playoutMixed(const Rules& rules, PlayoutPosition& pos, PlayoutRng& rng, const PlayoutModel& model) {
  if (!pos.table.free) return positionPlayout<true>(rules, pos.s, SnakeTable{}, rng, model, pos.lacks);
  return positionPlayout<true>(rules, pos.s, FastTable{pos.table}, rng, model, pos.lacks);
}

long long randomRounds(const Rules& rules, PlayoutRng& rng, long long rounds, const RoundSink& each) {
  return randomRoundsImpl(rules, rng, rounds, each);
}

int randomRound(const Rules& rules, PlayoutRng& rng, RoundState* out) {
  int moves = 0;
  randomRounds(rules, rng, 1, [&](const RoundState& s, int n) {
    if (out) *out = s;
    moves = n;
  });
  return moves;
}

PolicyFeatures policyFeatures(Mask hand, std::array<int, 2> ends, Mask unseen, unsigned lacks, Tile tile, int e) {
  const auto i = static_cast<std::size_t>(e);
  return PolicyView(hand, unseen, lacks).features(tile, ends[i], ends[1 - i]);
}

double policyScore(const PolicyFeatures& f) { return policyWeight(f); }

std::pair<Tile, int> policyPick(Mask hand, std::array<int, 2> ends, Mask unseen, unsigned lacks, Mask m0, Mask m1,
                                PlayoutRng& rng) {
  const PolicyPick p = pickPolicy(PolicyView(hand, unseen, lacks), ends, m0, m1, rng);
  return {p.tile, p.end};
}

PolicyChoice policyChoice(const Observation& o, const Move& chosen) {
  PolicyChoice c;
  if (o.beforeLead()) return c;
  const PolicyView view(o.hand, o.unseen(), lackedPips(o));
  std::array<Mask, 2> listed{};  // the tiles listed at each end
  for (int i = 0; i < o.legal.size; ++i) {
    const Move& m = o.legal.moves[i];
    if (m.kind != MoveKind::Play || m.end == End::None) return {};
    const auto e = static_cast<std::size_t>(m.end);
    if ((listed[e] & bit(m.tile)) != 0) continue;  // another heading of a placement listed already
    listed[e] |= bit(m.tile);
    if (c.chosen < 0 && m.tile == chosen.tile && m.end == chosen.end) c.chosen = static_cast<int>(c.options.size());
    c.options.push_back(view.features(m.tile, o.ends[e], o.ends[e ^ 1]));
  }
  if (c.chosen < 0) c.options.clear();
  return c;
}

}  // namespace dom::ai
