// SPDX-License-Identifier: MIT
// The session's coach: the hint, the position analysis and the record analysis (jobs.h), asked
// for by intents and collected each frame by pollJobs().
#include <spdlog/spdlog.h>

#include "studio/model/disclosure.h"
#include "studio/model/i18n.h"
#include "studio/model/session.h"

namespace dom::studio {

Analyser::Key Session::analysisKey() const {
  return {timelineId_, timeline_.currentIndex(), analysisAll_, i18n::generation()};
}

RecordAnalyser::Key Session::recordKey() const { return {timelineId_, timeline_.branchPath().back()}; }

std::optional<Move> Session::hintMove() const {
  const CoachHint& h = coachHint_;
  if (h.shown && h.rank >= 0 && h.timeline == timelineId_ && h.node == timeline_.currentIndex() && !h.moveText.empty())
    return h.move;
  return std::nullopt;
}

bool Session::applyCoach(const Intent& in) {
  if (const auto* m = std::get_if<intent::SetMistakeSide>(&in)) {
    mistakeSide_ = m->side;
    return true;
  }
  if (const auto* all = std::get_if<intent::SetAnalysisAll>(&in)) {
    analysisAll_ = all->all;
    return true;
  }
  using intent::Cmd;
  const auto c = commandOf(in);
  if (!c) return false;
  switch (*c) {
    case Cmd::Hint: askHint(); return true;
    case Cmd::AnalyseRecord: analyseRecord(); return true;
    case Cmd::NextMistake: jumpMistake(1); return true;
    case Cmd::PrevMistake: jumpMistake(-1); return true;
    case Cmd::AnalysisNotes: analysisNotes(); return true;
    case Cmd::StopRecordAnalysis: jobs_->record.cancel(); return true;
    default: return false;
  }
}

void Session::askHint() {
  if (!disclosure(*this).freeHint) return lessonHint();  // a lesson's task waits: its own hint, for a star
  if (!match().toMove() || editing()) {
    status(_("no move to hint: no round is on"));
    return;
  }
  CoachHint& h = coachHint_;
  if (h.timeline == timelineId_ && h.node == timeline_.currentIndex() && h.rank >= 0) {
    ++h.rank;  // the next best
  } else {
    h = CoachHint{};
    h.timeline = timelineId_;
    h.node = timeline_.currentIndex();
    h.rank = 0;
  }
  h.shown = false;
}

void Session::analyseRecord() {
  if (editing()) {
    status(_("leave edit mode to analyse the record"));
    return;
  }
  jobs_->record.start(recordKey(), timeline_);
  recordToAnnounce_ = recordKey();
}

// N (dir 1) / Shift+N (dir -1): the position before the next / previous marked move of the side,
// so that the Analysis pane lists the mover's alternatives; the status line names the mistake.
void Session::jumpMistake(int dir) {
  const RecordAnalysis* ra = recordAnalysis();
  if (!ra) {
    status(_("no analysis of the record yet: Game > Analyse the record"));
    return;
  }
  const int node = findMistake(*ra, timeline_, dir, mistakeSide_);
  if (node < 0) {
    status(i18n::format(dir > 0 ? _("no later mistake of {0}") : _("no earlier mistake of {0}"),
                        {sideWord(mistakeSide_)}));
    return;
  }
  apply(jumpIntent(timeline_.node(node).parent));
  if (const RecordPly* p = ra->at(node)) status(i18n::format(_("next move: {0}"), {mistakeNote(*p)}));
}

// The marked moves as notes after their moves (saving the record writes them).
void Session::analysisNotes() {
  const RecordAnalysis* ra = recordAnalysis();
  if (!ra) return;
  intent::AddNotes in;
  for (const RecordPly& p : ra->plies)
    if (p.mark != ai::Mark::None && p.node >= 0) in.notes.emplace_back(p.node, mistakeNote(p));
  apply(std::move(in));
}

Intents showIntents(const Match& m, const Move& mv) {
  if (mv.kind != MoveKind::Play) return {selectIntent(kNoTile)};
  Intents out{selectIntent(mv.tile)};
  const auto placements = movesOfTile(m, mv.tile);
  for (std::size_t i = 0; i < placements.size(); ++i)
    if (placements[i].same(mv) && placements[i].end == mv.end && placements[i].heading == mv.heading) {
      out.push_back(intent::ChooseGhost{static_cast<int>(i)});
    }
  return out;
}

void Session::showMove(const Move& mv) {
  for (const Intent& in : showIntents(match(), mv)) apply(in);
}

// The hint's analysis came: its move on the table and its words in the status line.
void Session::showHint() {
  CoachHint& h = coachHint_;
  const Analyser::Key key{timelineId_, timeline_.currentIndex(), false, i18n::generation()};
  jobs_->analyser.want(key, timeline_);
  const AnalysisView* v = jobs_->analyser.find(key);
  if (!v) return;
  h.shown = true;
  if (v->rows.empty()) {
    h.text = v->error.empty() ? _("no move to hint") : _(v->error.c_str());
    return;
  }
  const auto k = static_cast<std::size_t>(h.rank) % v->rows.size();
  const AnalysisRow& r = v->rows[k];
  h.move = r.move;
  h.moveText = r.text;
  const TrackerView known = trackerView(timeline_, match().toMove() == Player::B ? Visibility::AsB : Visibility::AsA);
  h.text = i18n::format(_("Hint {0} of {1} (wins {2}%): "),
                        {std::to_string(k + 1), std::to_string(v->rows.size()), percentText(r.win)}) +
           hintReason(match(), r.move, known);
  showMove(r.move);
}

void Session::pollJobs() {
  Jobs& j = *jobs_;
  if (trainer_.judging || j.judge.busy()) collectVerdict();
  j.analyser.poll();
  j.record.poll();
  // A record analysis of a timeline that was replaced (another record, a new game) is not wanted.
  if (j.record.busy() && j.record.running().timeline != timelineId_) j.record.cancel();
  // Another record, or a move added to the branch since: that analysis is not the one shown.
  if (recordToAnnounce_ && *recordToAnnounce_ != recordKey()) recordToAnnounce_.reset();
  if (recordToAnnounce_)
    if (const RecordAnalysis* ra = j.record.find(*recordToAnnounce_)) {
      int n[4] = {};
      for (const RecordPly& p : ra->plies) ++n[static_cast<int>(p.mark)];
      status(i18n::format(_("record analysed: ?! inaccuracy: {0}, ? mistake: {1}, ?? blunder: {2}; N: the next"),
                          {std::to_string(n[1]), std::to_string(n[2]), std::to_string(n[3])}));
      bump();
      recordToAnnounce_.reset();
    }
  CoachHint& h = coachHint_;
  const bool hintHere = h.rank >= 0 && h.timeline == timelineId_ && h.node == timeline_.currentIndex();
  if (!hintHere && h.rank >= 0) h = CoachHint{};
  if (hintHere && !h.shown) {
    showHint();
    return;
  }
  // While a lesson's task waits the Analysis pane is empty (disclosure.h): nothing is searched for it.
  if (settings_.isOpen(Pane::Analysis) && match().toMove() && !editing() && disclosure(*this).analysis)
    j.analyser.want(analysisKey(), timeline_);
}

}  // namespace dom::studio
