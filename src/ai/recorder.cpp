// SPDX-License-Identifier: MIT
// The round recorder (recorder.h).
#include "ai/recorder.h"

#include <utility>

namespace dom::ai {

RoundRecorder::RoundRecorder(const Rules& rules, bool recording) : match(rules), recording(recording) {
  record.rules = rules;
  record.rulesText = rules.text();  // canonical, never as typed (a newline in it would break the record)
}

std::string RoundRecorder::startRound(std::uint64_t seed) {
  if (auto why = match.canStartRound(); !why.empty()) return why;
  dgn::RoundRecord r;
  r.number = match.round() + 1;
  const Deal d = dealFromSeed(seed, match.rules().hand);
  r.hand = d.hand;
  r.stock.assign(d.stock.begin(), d.stock.begin() + d.stockSize);
  if (auto why = dgn::startRound(match, r); !why.empty()) return why;
  log.clear();
  if (recording) record.rounds.push_back(std::move(r));
  return {};
}

Observation RoundRecorder::observe(Player viewer) const { return ai::observe(match, viewer, log); }

dgn::RoundRecord* RoundRecorder::round() {
  if (!recording || record.rounds.empty() || record.rounds.back().number != match.round()) return nullptr;
  return &record.rounds.back();
}

Move RoundRecorder::play(const Move& m) {
  const Player who = match.state().turn;
  const Move mv = match.resolve(m);
  dgn::RoundRecord* r = round();
  if (mv.kind == MoveKind::Play) {
    if (r) dgn::appendMove(*r, match, who, mv);
    return log.apply(match, mv);
  }
  const Move applied = log.apply(match, mv);
  if (r) dgn::appendMove(*r, match, who, applied);
  return applied;
}

}  // namespace dom::ai
