// SPDX-License-Identifier: MIT
// SimState and its fixed-size free-layout board. The geometry follows core/layout.cpp (docs/layout.md):
// units are half-squares, a tile is 4 x 2 units, the lead lies at the table's centre.
#include "ai/sim.h"
#include "core/free_geometry.h"
#include "core/random.h"

#include <deque>
#include <mutex>

namespace dom::ai {
namespace {

// Rules live for the whole program: a SimState points at one interned copy per distinct rule set.
const Rules* intern(const Rules& r) {
  static std::mutex mu;
  static std::deque<Rules> all;
  const std::lock_guard<std::mutex> lock(mu);
  for (const Rules& x : all)
    if (x == r) return &x;
  return &all.emplace_back(r);
}

}  // namespace

void SimBoard::reset(int tableW, int tableH) {
  *this = SimBoard{};
  w_ = static_cast<std::int16_t>(2 * std::max(tableW, 0));
  h_ = static_cast<std::int16_t>(2 * std::max(tableH, 0));
}

void SimBoard::add(int x, int y, int w, int h) {
  boxes_[count_++] = {static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y), static_cast<std::uint8_t>(w),
                      static_cast<std::uint8_t>(h)};
  boxHash_ ^= splitmix64(static_cast<std::uint64_t>(x) | static_cast<std::uint64_t>(y) << 8 |
                         static_cast<std::uint64_t>(w) << 16 | static_cast<std::uint64_t>(h) << 24);
}

std::uint64_t SimBoard::endHash() const {
  std::uint64_t k = 0;
  for (const EndGeo& g : ends_)
    k = k << 32 | (static_cast<std::uint64_t>(static_cast<std::uint16_t>(g.x)) |
                   static_cast<std::uint64_t>(static_cast<std::uint16_t>(g.y)) << 12 |
                   static_cast<std::uint64_t>(g.dir) << 24 | static_cast<std::uint64_t>(g.onDouble) << 26);
  return splitmix64(k ^ 0x5bd1e995ull);
}

void SimBoard::lead(Tile t) {
  const int cx = w_ / 2, cy = h_ / 2;
  const bool dbl = isDouble(t);
  const geo::LeadPlacement& p = geo::kLead[dbl];
  add(cx + p.rx, cy + p.ry, p.rw, p.rh());
  for (std::size_t e = 0; e < 2; ++e)
    ends_[e] = EndGeo{static_cast<std::int16_t>(cx + p.endX[e]), static_cast<std::int16_t>(cy),
                      static_cast<std::uint8_t>(geo::kLeadDir[e]), dbl};
  fits_ = {fitAt(ends_[0]), fitAt(ends_[1])};
  hash_ = boxHash_ ^ endHash();
}

void SimBoard::play(End e, Tile t, Heading h) {
  if (e == End::None) return;
  EndGeo& g = ends_[static_cast<std::size_t>(e)];
  const geo::Placement& p =
      geo::kPlace[g.dir][static_cast<std::size_t>(geo::placementKind(isDouble(t), h, g.onDouble))];
  add(g.x + p.rx, g.y + p.ry, p.rw, p.rh());
  g = {static_cast<std::int16_t>(g.x + p.nx), static_cast<std::int16_t>(g.y + p.ny), p.dir, p.onDouble};
  fits_ = {fitAt(ends_[0]), fitAt(ends_[1])};
  hash_ = boxHash_ ^ endHash();
}

EndFit SimBoard::fitAt(const EndGeo& g) const {
  const int k = g.dir;
  const int cx = g.x + geo::kDx[k], cy = g.y + geo::kDy[k];
  // Every placement lies within the 6 x 6 units around the front square's centre: the boxes that
  // touch that patch, as one 36-bit mask (bit 6j+i = unit (cx-3+i, cy-3+j)); off the table is taken.
  const int x0 = cx - 3, y0 = cy - 3;
  std::uint64_t p = 0;
  for (int j = 0; j < 6; ++j)
    for (int i = 0; i < 6; ++i) {
      const int x = x0 + i, y = y0 + j;
      if (x < 0 || y < 0 || x >= w_ || y >= h_) p |= std::uint64_t{1} << (6 * j + i);
    }
  for (int b = 0; b < count_; ++b) {
    const Box& r = boxes_[b];
    const int bx0 = std::max<int>(r.x, x0), bx1 = std::min<int>(r.x + r.w, x0 + 6);
    const int by0 = std::max<int>(r.y, y0), by1 = std::min<int>(r.y + r.h, y0 + 6);
    if (bx0 >= bx1 || by0 >= by1) continue;
    const std::uint64_t row = ((std::uint64_t{1} << (bx1 - bx0)) - 1) << (bx0 - x0);
    for (int y = by0; y < by1; ++y) p |= row << (6 * (y - y0));
  }
  return geo::patchFit(p, k, g.onDouble);
}

SimState SimState::from(const Match& m) {
  SimState s;
  s.s_ = m.state();
  s.rules_ = intern(m.rules());
  s.free_ = m.rules().layout == LayoutRule::Free;
  if (s.free_) {
    s.board_.reset(m.rules().tableW, m.rules().tableH);
    const auto line = m.line();
    const int n = static_cast<int>(line.size());
    if (n) {
      const int lead = m.leadIndex();
      s.board_.lead(line[static_cast<std::size_t>(lead)].tile);
      for (int i = lead - 1; i >= 0; --i)
        s.board_.play(End::L, line[static_cast<std::size_t>(i)].tile, line[static_cast<std::size_t>(i)].heading);
      for (int i = lead + 1; i < n; ++i)
        s.board_.play(End::R, line[static_cast<std::size_t>(i)].tile, line[static_cast<std::size_t>(i)].heading);
    }
  }
  return s;
}

void SimState::apply(const Move& m) {
  switch (m.kind) {
    case MoveKind::Draw: s_.draw(); break;
    case MoveKind::Pass: s_.pass(); break;
    case MoveKind::Play:
      if (free_) {
        if (m.end == End::None)
          board_.lead(m.tile);
        else
          board_.play(m.end, m.tile, m.heading);
      }
      s_.play(m);
      break;
  }
  s_.settle(*rules_, fits());
}

void SimState::setHidden(Player viewer, Mask opponentHand, const Tile* stockTopFirst, int stockCount) {
  s_.hand[idx(other(viewer))] = opponentHand;
  s_.stockTop = 0;
  s_.stockEnd = static_cast<std::uint8_t>(stockCount);
  for (int i = 0; i < stockCount; ++i) s_.stock[static_cast<std::size_t>(i)] = stockTopFirst[i];
}

}  // namespace dom::ai
