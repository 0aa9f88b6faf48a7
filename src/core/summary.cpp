// SPDX-License-Identifier: MIT
// Builds dgn.md's JSON summary from a match.
#include "core/summary.h"

#include "core/dgn.h"

namespace dom {

namespace {
nlohmann::ordered_json winnerJson(std::uint8_t w) {
  if (w == 2) return nullptr;
  return std::string(1, "AB"[w]);
}
nlohmann::ordered_json handJson(Mask m) {
  auto arr = nlohmann::ordered_json::array();
  forEachHeaviestFirst(m, [&](Tile t) { arr.push_back(tileText(t)); });
  return arr;
}
}  // namespace

nlohmann::ordered_json summary(const Match& m) {
  nlohmann::ordered_json j;
  const bool started = m.round() > 0;
  const RoundState& s = m.state();
  j["rules"] = m.rules().text();
  j["round"] = m.round();
  if (auto p = m.toMove())
    j["turn"] = std::string(1, letter(*p));
  else
    j["turn"] = nullptr;
  auto line = nlohmann::ordered_json::array();
  for (const LaidTile& lt : m.line()) line.push_back(tileText(lt.left, lt.right));
  j["line"] = line;
  auto ends = nlohmann::ordered_json::array();
  if (started && !s.beforeLead()) {
    ends.push_back(s.ends[0]);
    ends.push_back(s.ends[1]);
  }
  j["ends"] = ends;
  j["hands"] = {{"A", handJson(started ? s.hand[0] : 0)}, {"B", handJson(started ? s.hand[1] : 0)}};
  j["stock"] = started ? s.stockCount() : 0;
  j["scores"] = {{"A", m.scores()[0]}, {"B", m.scores()[1]}};
  if (const auto& r = m.lastResult())
    j["result"] = {{"winner", winnerJson(r->winner)},
                   {"how", r->how == RoundStatus::Domino ? "domino" : "blocked"},
                   {"points", r->points}};
  else
    j["result"] = nullptr;
  if (m.matchOver())
    j["match"] = {{"winner", winnerJson(m.matchWinner())}};
  else
    j["match"] = nullptr;
  auto legal = nlohmann::ordered_json::array();
  for (const Move& mv : m.legalMoves()) legal.push_back(dgn::legalText(m, mv));
  j["legal"] = legal;
  return j;
}

}  // namespace dom
