// SPDX-License-Identifier: MIT
// The reinforcement-learning view of the engine for the Python module (docs/python.md, "For
// reinforcement learning"): fixed action ids and the observation and information-state tensors,
// after OpenSpiel's game API. Header-only, used by module.cpp alone.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "ai/observation.h"
#include "core/round.h"
#include "core/rules.h"

namespace dom::rl {

// Action ids: tile t's placements take ids t*K .. t*K+K-1, K = 3 under layout=snake (the lead, end
// L, end R) and 7 under layout=free (the lead, then end L and end R each straight, left, right);
// draw is 28*K and pass 28*K+1. So 86 actions under snake, 198 under free.
inline int perTile(const Rules& r) { return r.layout == LayoutRule::Free ? 7 : 3; }
inline int numActions(const Rules& r) { return kTiles * perTile(r) + 2; }

inline int actionOf(const Move& m, const Rules& r) {
  const int k = perTile(r);
  if (m.kind == MoveKind::Draw) return kTiles * k;
  if (m.kind == MoveKind::Pass) return kTiles * k + 1;
  if (m.end == End::None) return m.tile * k;
  const int e = m.end == End::L ? 0 : 1;
  return m.tile * k + 1 + (k == 3 ? e : e * 3 + static_cast<int>(m.heading));
}

// The move of an action id (a lead's orientation left to the engine); nullopt when out of range.
inline std::optional<Move> moveOf(int a, const Rules& r) {
  const int k = perTile(r);
  if (a < 0 || a >= numActions(r)) return std::nullopt;
  if (a == kTiles * k) return Move{MoveKind::Draw};
  if (a == kTiles * k + 1) return Move{MoveKind::Pass};
  Move m{MoveKind::Play, static_cast<Tile>(a / k)};
  const int s = a % k;
  if (s == 0) return m;
  m.end = (s - 1) / (k == 3 ? 1 : 3) == 0 ? End::L : End::R;
  if (k == 7) m.heading = static_cast<Heading>((s - 1) % 3);
  return m;
}

// The observation tensor: what the player `me` sees now, 105 floats (layout in docs/python.md).
inline constexpr int kObservationSize = 105;
struct Seen {
  Mask hand = 0, line = 0;
  std::array<std::int8_t, 2> ends{-1, -1};
  int opponentCount = 0, stockCount = 0;
  bool toMove = false;
  std::array<int, 2> scores{};  // mine, the opponent's
  int target = 0;
};

inline void writeObservation(const Seen& s, float* out) {
  for (int i = 0; i < kObservationSize; ++i) out[i] = 0.0F;
  for (int t = 0; t < kTiles; ++t) {
    out[t] = (s.hand >> t) & 1U ? 1.0F : 0.0F;
    out[28 + t] = (s.line >> t) & 1U ? 1.0F : 0.0F;
    out[56 + t] = ((s.hand | s.line) >> t) & 1U ? 0.0F : 1.0F;
  }
  for (int e = 0; e < 2; ++e) out[84 + e * 8 + (s.ends[e] < 0 ? 7 : s.ends[e])] = 1.0F;
  out[100] = static_cast<float>(s.opponentCount) / kTiles;
  out[101] = static_cast<float>(s.stockCount) / kTiles;
  out[102] = s.toMove ? 1.0F : 0.0F;
  const float target = s.target > 0 ? static_cast<float>(s.target) : 1.0F;
  out[103] = static_cast<float>(s.scores[0]) / target;
  out[104] = static_cast<float>(s.scores[1]) / target;
}

inline Seen seen(const ai::Observation& o) {
  const int me = idx(o.me);
  return Seen{o.hand,
              o.line,
              o.ends,
              o.opponentCount,
              o.stockCount,
              o.turn == o.me,
              {o.scores[static_cast<std::size_t>(me)], o.scores[static_cast<std::size_t>(1 - me)]},
              o.rules.target};
}

// The information-state tensor: the observation tensor, the hand `me` was dealt (28), then one row of
// 36 per event of the round (at most kMaxEvents): who (me, opponent), kind (play, draw, pass), where
// (lead, L, R), the tile (a play's, or a draw's when `me` drew it).
inline constexpr int kMaxEvents = 112;
inline constexpr int kEventSize = 36;
inline constexpr int kInformationStateSize = kObservationSize + kTiles + kMaxEvents * kEventSize;

inline std::vector<float> informationState(const ai::Observation& o) {
  std::vector<float> out(kInformationStateSize, 0.0F);
  writeObservation(seen(o), out.data());
  Mask played = 0, drawn = 0;  // the dealt hand: what is held or was played, less what was drawn
  for (const ai::Event& e : o.history) {
    if (e.who != o.me || e.move.tile == kNoTile) continue;
    (e.move.kind == MoveKind::Draw ? drawn : played) |= bit(e.move.tile);
  }
  const Mask dealt = (o.hand | played) & ~drawn;
  for (int t = 0; t < kTiles; ++t) out[kObservationSize + t] = (dealt >> t) & 1U ? 1.0F : 0.0F;
  float* row = out.data() + kObservationSize + kTiles;
  for (std::size_t i = 0; i < o.history.size() && i < kMaxEvents; ++i, row += kEventSize) {
    const ai::Event& e = o.history[i];
    row[e.who == o.me ? 0 : 1] = 1.0F;
    row[2 + static_cast<int>(e.move.kind)] = 1.0F;
    if (e.move.kind == MoveKind::Play) row[5 + (e.move.end == End::None ? 0 : e.move.end == End::L ? 1 : 2)] = 1.0F;
    if (e.move.tile != kNoTile) row[8 + e.move.tile] = 1.0F;
  }
  return out;
}

}  // namespace dom::rl
