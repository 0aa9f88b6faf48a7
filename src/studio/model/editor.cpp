// SPDX-License-Identifier: MIT
// Position editor: edits as snapshots on an undo stack, checked by core's startSetup.
#include "studio/model/editor.h"
#include "studio/model/i18n.h"

#include <algorithm>

namespace dom::studio {

const char* name(Zone z) {
  // English: the script's words; the Position editor shows them through _().
  static const char* const names[] = {N_("A's hand"),     N_("B's hand"),     N_("stock"),
                                      N_("line (end L)"), N_("line (end R)"), N_("box (out of play)")};
  return names[static_cast<int>(z)];
}

void Editor::load(const Match& m) {
  pos_ = {};
  rules_ = m.rules();
  const RoundState& s = m.state();
  pos_.hand = s.hand;
  for (int i = s.stockTop; i < s.stockEnd; ++i) pos_.stock.push_back(s.stock[static_cast<std::size_t>(i)]);
  pos_.line = m.line();
  pos_.leadIndex = pos_.line.empty() ? 0 : m.leadIndex();
  pos_.turn = s.turn;
  pos_.score = m.scores();
  if (m.round() == 0) {
    // Nothing dealt: everything starts in the stock.
    for (Tile t = 0; t < kTiles; ++t) pos_.stock.push_back(t);
  }
  undo_.clear();
  redo_.clear();
  check();
}

Zone Editor::zoneOf(Tile t) const {
  if (pos_.hand[0] & bit(t)) return Zone::HandA;
  if (pos_.hand[1] & bit(t)) return Zone::HandB;
  if (std::find(pos_.stock.begin(), pos_.stock.end(), t) != pos_.stock.end()) return Zone::Stock;
  for (std::size_t i = 0; i < pos_.line.size(); ++i)
    if (pos_.line[i].tile == t) return static_cast<int>(i) < pos_.leadIndex ? Zone::LineL : Zone::LineR;
  return Zone::Box;
}

void Editor::edit(const EditPosition& next) {
  if (next == pos_) return;
  undo_.push_back(pos_);
  redo_.clear();
  pos_ = next;
  check();
}

void Editor::moveTile(Tile t, Zone to) {
  EditPosition p = pos_;
  p.hand[0] &= ~bit(t);
  p.hand[1] &= ~bit(t);
  p.stock.erase(std::remove(p.stock.begin(), p.stock.end(), t), p.stock.end());
  for (std::size_t i = 0; i < p.line.size(); ++i)
    if (p.line[i].tile == t) {
      p.line.erase(p.line.begin() + static_cast<std::ptrdiff_t>(i));
      if (static_cast<int>(i) < p.leadIndex) --p.leadIndex;
      break;
    }
  p.leadIndex = std::clamp(p.leadIndex, 0, std::max(0, static_cast<int>(p.line.size()) - 1));
  auto laid = [&](int match) {
    LaidTile lt{t, static_cast<std::uint8_t>(high(t)), static_cast<std::uint8_t>(low(t)), Heading::Straight};
    if (match >= 0 && (high(t) == match || low(t) == match)) {
      lt.left = static_cast<std::uint8_t>(match);
      lt.right = static_cast<std::uint8_t>(otherHalf(t, match));
    }
    return lt;
  };
  switch (to) {
    case Zone::HandA: p.hand[0] |= bit(t); break;
    case Zone::HandB: p.hand[1] |= bit(t); break;
    case Zone::Stock: p.stock.push_back(t); break;
    case Zone::LineL: {
      LaidTile lt = laid(p.line.empty() ? -1 : p.line.front().left);
      std::swap(lt.left, lt.right);
      if (p.line.empty()) std::swap(lt.left, lt.right);
      p.line.insert(p.line.begin(), lt);
      if (p.line.size() > 1) ++p.leadIndex;
      break;
    }
    case Zone::LineR: p.line.push_back(laid(p.line.empty() ? -1 : p.line.back().right)); break;
    case Zone::Box: break;
  }
  edit(p);
}

void Editor::setTurn(Player pl) {
  EditPosition p = pos_;
  p.turn = pl;
  edit(p);
}

void Editor::setScore(std::array<int, 2> s) {
  EditPosition p = pos_;
  p.score = std::array<int, 2>{std::clamp(s[0], 0, 9999), std::clamp(s[1], 0, 9999)};
  edit(p);
}

void Editor::moveInStock(Tile t, int delta) {
  EditPosition p = pos_;
  auto it = std::find(p.stock.begin(), p.stock.end(), t);
  if (it == p.stock.end()) return;
  const auto i = it - p.stock.begin();
  const auto j = i + delta;
  if (j < 0 || j >= static_cast<std::ptrdiff_t>(p.stock.size())) return;
  std::swap(p.stock[static_cast<std::size_t>(i)], p.stock[static_cast<std::size_t>(j)]);
  edit(p);
}

bool Editor::undo() {
  if (undo_.empty()) return false;
  redo_.push_back(pos_);
  pos_ = undo_.back();
  undo_.pop_back();
  check();
  return true;
}

bool Editor::redo() {
  if (redo_.empty()) return false;
  undo_.push_back(pos_);
  pos_ = redo_.back();
  redo_.pop_back();
  check();
  return true;
}

void Editor::check() {
  Match m(rules_);
  error_ = m.startSetup(pos_);
}

std::optional<std::pair<Match, dgn::RoundRecord>> Editor::start() const {
  Match m(rules_);
  if (!m.startSetup(pos_).empty()) return std::nullopt;
  dgn::RoundRecord r;
  static_cast<Setup&>(r) = pos_;
  r.number = 1;
  r.setup = true;
  if (r.score == std::array<int, 2>{}) r.score.reset();  // a score of 0 0 is the default, not written
  return std::make_pair(std::move(m), std::move(r));
}

}  // namespace dom::studio
