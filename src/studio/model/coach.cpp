// SPDX-License-Identifier: MIT
// The coach's model: tracker counts, the round's moves, the analysis of a position and the hint's
// words, read from the timeline. The analysis runs on src/ai (issue 11).
#include "studio/model/coach.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "core/dgn.h"
#include "studio/model/i18n.h"
#include "studio/platform/platform.h"

#include "ai/analysis.h"
#include "ai/expert.h"
#include "ai/inference.h"
#include "ai/observation.h"
#include "core/random.h"

namespace dom::studio {

Player viewerOf(const Match& m, Visibility v) {
  if (v == Visibility::AsA) return Player::A;
  if (v == Visibility::AsB) return Player::B;
  const auto who = m.toMove();
  return who ? *who : Player::A;
}

std::vector<RoundMove> roundMoves(const Timeline& t) {
  std::vector<RoundMove> out;
  int i = t.currentIndex();
  while (i >= 0) {
    const Node& n = t.node(i);
    if (n.roundStart || n.parent < 0) break;
    if (n.move) out.push_back({&t.node(n.parent).match, *n.move, n.by});
    i = n.parent;
  }
  std::reverse(out.begin(), out.end());
  return out;
}

TrackerView trackerCounts(const Match& m, Player viewer) {
  TrackerView v;
  v.viewer = viewer;
  const Mask table = m.state().line;
  const Mask hand = m.round() > 0 ? m.state().hand[static_cast<std::size_t>(idx(viewer))] : 0;
  for (int n = 0; n <= 6; ++n) {
    TrackerRow& r = v.rows[static_cast<std::size_t>(n)];
    r.number = n;
    r.table = count(table & suitMask(n));
    r.hand = count(hand & suitMask(n));
    r.unseen = 7 - r.table - r.hand;
  }
  return v;
}

TrackerView trackerView(const Timeline& t, Visibility vis) {
  const Match& m = t.current().match;
  TrackerView v = trackerCounts(m, viewerOf(m, vis));
  if (m.round() > 0) {
    ai::RoundLog log;
    for (const RoundMove& rm : roundMoves(t)) log.record(*rm.before, rm.move);
    const ai::Observation o = ai::observe(m, v.viewer, log);
    // Nothing is revealed before a move: the forced lead says what the other hand lacks once it is
    // played ("A opened with 5-5..." is said after A opened, not while A is about to).
    if (o.history.empty()) return v;
    v.cannotHold = ai::cannotHold(o);
    const Mask known = m.state().line | m.state().hand[static_cast<std::size_t>(idx(v.viewer))];
    for (const ai::Revelation& r : ai::revelations(o)) {
      // Each line names the tiles it rules out that the viewer cannot see and the other hand still
      // cannot hold now (a later draw may have brought one): "... - 6-6".
      std::string tiles;
      int n = 0;
      forEachHeaviestFirst(r.excluded & v.cannotHold & ~known, [&](Tile x) {
        if (n++ < 8) tiles += (tiles.empty() ? "" : ", ") + tileText(x);
      });
      if (n > 8) tiles += ", ...";
      v.revealed.push_back(tiles.empty() ? r.text : r.text + " \u2014 " + tiles);
    }
  }
  return v;
}

namespace {
ai::RoundLog logOf(const Timeline& t) {
  ai::RoundLog log;
  for (const RoundMove& rm : roundMoves(t)) log.record(*rm.before, rm.move);
  return log;
}

// The analysis' options at a position: the knowledge, the deals and a seed of the position's own.
ai::EvalOptions evalOptions(const Match& m, const ai::RoundLog& log, bool allKnown, int samples) {
  ai::EvalOptions opt;
  opt.knowledge = allKnown ? ai::Knowledge::All : ai::Knowledge::Mover;
  opt.samples = samples;
  const auto number = static_cast<std::uint64_t>(log.events().size() + 1);
  opt.seed = splitmix64(1 ^ splitmix64(static_cast<std::uint64_t>(m.round()) << 16 | number));
  return opt;
}

AnalysisView viewOf(const ai::PositionEval& e, bool allKnown) {
  AnalysisView v;
  v.all = allKnown;
  v.exact = e.exact;
  v.samples = e.samples;
  for (const ai::MoveEval& me : e.moves) v.rows.push_back({me.move, me.text, me.win, me.points, me.tips});
  return v;
}

AnalysisView analyse(const Match& m, const ai::RoundLog& log, bool allKnown, int samples, JobControl* control) {
  if (!m.toMove()) {
    AnalysisView v;
    v.all = allKnown;
    v.error = N_("no round is on");  // English in the state; the panes translate it
    return v;
  }
  ai::EvalOptions opt = evalOptions(m, log, allKnown, samples);
  if (control) {
    opt.cancel = &control->cancel;
    opt.progress = [control](double p) { control->progress = p; };
  }
  return viewOf(ai::evaluate(m, log, opt), allKnown);
}

// The current round up to the timeline's position as a record of one round (its deal or setup with
// the match's score before it, and its moves): what the web page's worker analyses.
dgn::Record roundRecordOf(const Timeline& t) {
  int i = t.currentIndex();
  while (!t.node(i).roundStart && t.node(i).parent >= 0) i = t.node(i).parent;
  const Node& start = t.node(i);
  dgn::Record rec;
  rec.rules = start.match.rules();
  rec.rulesText = rec.rules.text();
  dgn::RoundRecord r = start.roundStart ? *start.roundStart : dealRecord(start.match);
  r.statements.clear();
  r.number = 1;
  r.score = start.match.scores();
  for (const RoundMove& rm : roundMoves(t)) dgn::appendMove(r, *rm.before, rm.by, rm.move);
  rec.rounds.push_back(std::move(r));
  return rec;
}
}  // namespace

bool analysisAvailable() { return true; }

std::string tipsFor(const Timeline& t, const Move& m) {
  const Match& match = t.current().match;
  const auto mover = match.toMove();
  if (!mover) return {};
  return ai::tipsWords(ai::observe(match, *mover, logOf(t)), m);
}

AnalysisView analysePosition(const Timeline& t, bool allKnown, int samples, JobControl* control) {
  return analyse(t.current().match, logOf(t), allKnown, samples, control);
}

std::function<AnalysisView(JobControl&)> analysisJob(const Timeline& t, bool allKnown, int samples) {
  return [m = t.current().match, log = logOf(t), allKnown, samples](JobControl& c) {
    return analyse(m, log, allKnown, samples, &c);
  };
}

void Analyser::want(const Key& key, const Timeline& t) {
  poll();
  if (cache_.count(key)) return;
  if (job_.busy() && running_ == key) return;
  running_ = key;
  const Match& m = t.current().match;
  if (!platform::hasWorker() || !m.toMove()) {
    job_.start(++jobNo_, analysisJob(t, key.all, samples));
    return;
  }
  // The web page's worker analyses (docs/web.md): the round so far goes to it as a record, and its
  // answer is the analysis computed here, the tips made here in the language of the moment.
  ai::RoundLog log = logOf(t);
  const std::string request = ai::analysisRequest(roundRecordOf(t), evalOptions(m, log, key.all, samples));
  job_.ask(++jobNo_, platform::Channel::Analysis, request,
           [m, log = std::move(log), all = key.all](const std::string& answer) {
             try {
               return viewOf(ai::readAnalysisAnswer(m, log, answer), all);
             } catch (const std::exception& e) {
               AnalysisView v;
               v.all = all;
               v.error = e.what();
               return v;
             }
           });
}

const AnalysisView* Analyser::find(const Key& key) const {
  const auto it = cache_.find(key);
  return it == cache_.end() ? nullptr : &it->second;
}

void Analyser::poll() {
  if (!job_.busy()) return;
  if (auto v = job_.take(jobNo_)) cache_[running_] = std::move(*v);
}

void Analyser::wait() {
  job_.wait();
  poll();
}

const RecordPly* RecordAnalysis::at(int node) const {
  for (const RecordPly& p : plies)
    if (p.node == node) return &p;
  return nullptr;
}

namespace {
// The nodes of the branch's moves by (round, number), numbered as Timeline::record() writes them and
// ai::analyseRecord counts them.
std::map<std::pair<int, int>, int> moveNodes(const Timeline& t) {
  std::map<std::pair<int, int>, int> out;
  int round = 0, number = 0;
  for (const int i : t.branchPath()) {
    const Node& n = t.node(i);
    if (n.roundStart) {
      round = n.match.round();
      number = 0;
    } else if (n.move) {
      out[{round, ++number}] = i;
    }
  }
  return out;
}

RecordAnalysis analyseRecordOf(const dgn::Record& rec, const std::map<std::pair<int, int>, int>& nodes,
                               JobControl* control) {
  ai::EvalOptions opt;  // the CLI's defaults: the mover's knowledge, 200 deals, seed 1
  if (control) {
    opt.cancel = &control->cancel;
    opt.progress = [control](double p) { control->progress = p; };
  }
  RecordAnalysis out = pliesOf(ai::analyseRecord(rec, std::nullopt, opt), nodes);
  out.cancelled = control && control->cancel;
  return out;
}
}  // namespace

// The analysed moves as the branch's plies, each tied to the node its move made.
RecordAnalysis pliesOf(const std::vector<ai::AnalysedMove>& moves, const std::map<std::pair<int, int>, int>& nodes) {
  RecordAnalysis out;
  for (const ai::AnalysedMove& a : moves) {
    RecordPly p;
    const auto it = nodes.find({a.round, a.number});
    p.node = it == nodes.end() ? -1 : it->second;
    p.round = a.round;
    p.number = a.number;
    p.mover = a.mover;
    p.mark = a.mark;
    p.played = a.playedText;
    p.playedWin = a.playedWin;
    p.playedPoints = a.playedPoints;
    p.exact = a.eval.exact;
    if (!a.eval.moves.empty()) {
      p.best = a.eval.moves.front().text;
      p.bestWin = a.eval.moves.front().win;
      p.bestPoints = a.eval.moves.front().points;
    }
    out.plies.push_back(std::move(p));
  }
  return out;
}

RecordAnalysis analyseBranch(const Timeline& t, JobControl* control) {
  return analyseRecordOf(t.record(), moveNodes(t), control);
}

std::function<RecordAnalysis(JobControl&)> recordAnalysisJob(const Timeline& t) {
  return [rec = t.record(), nodes = moveNodes(t)](JobControl& c) { return analyseRecordOf(rec, nodes, &c); };
}

std::vector<double> winCurve(const RecordAnalysis& a, const Timeline& t) {
  std::vector<double> out;
  double win = 0.5;
  for (const int i : t.branchPath()) {
    if (const RecordPly* p = a.at(i)) win = p->mover == Player::A ? p->playedWin : 1.0 - p->playedWin;
    out.push_back(win);
  }
  return out;
}

const char* name(MistakeSide s) { return s == MistakeSide::A ? "A" : s == MistakeSide::B ? "B" : "both"; }
const char* sideWord(MistakeSide s) { return s == MistakeSide::Both ? _("both") : name(s); }
const char* markWord(ai::Mark m) {
  switch (m) {
    case ai::Mark::Inaccuracy: return _("inaccuracy");
    case ai::Mark::Mistake: return _("mistake");
    case ai::Mark::Blunder: return _("blunder");
    case ai::Mark::None: break;
  }
  return "";
}

int findMistake(const RecordAnalysis& a, const Timeline& t, int dir, MistakeSide side) {
  const auto& path = t.branchPath();
  const int n = static_cast<int>(path.size());
  // N shows the position before a marked move (its alternatives are the mover's): from a position,
  // the next marked move is one whose position before is later, so the very next move is skipped;
  // the previous one may be the move that led here.
  for (int k = t.pathPos() + (dir > 0 ? 2 : 0); k >= 1 && k<n; k += dir> 0 ? 1 : -1) {
    const RecordPly* p = a.at(path[static_cast<std::size_t>(k)]);
    if (!p || p->mark == ai::Mark::None) continue;
    if (side == MistakeSide::Both || (side == MistakeSide::A) == (p->mover == Player::A))
      return path[static_cast<std::size_t>(k)];
  }
  return -1;
}

std::string percentText(double win) { return std::to_string(static_cast<long>(std::lround(100.0 * win))); }

std::string mistakeNote(const RecordPly& p) {
  const auto pct = [](double w) { return percentText(w) + "%"; };
  return std::to_string(p.number) + " " + ai::symbol(p.mark) + " " + letter(p.mover) + ": " + p.played + " loses " +
         pct(p.bestWin - p.playedWin) + " (best " + p.best + " " + pct(p.bestWin) + ", played " + pct(p.playedWin) +
         ")";
}

void RecordAnalyser::start(const Key& key, const Timeline& t) {
  poll();
  if (!cache_.empty() && cache_.begin()->first.timeline != key.timeline) cache_.clear();  // another record
  if (cache_.count(key) || runs(key)) return;
  running_ = key;
  if (!platform::hasWorker()) {
    job_.start(++jobNo_, recordAnalysisJob(t));
    return;
  }
  // The web page's worker analyses the record (docs/web.md), and says how far it is as it goes.
  job_.ask(++jobNo_, platform::Channel::Record, "analyse-record\n" + dgn::write(t.record()),
           [nodes = moveNodes(t)](const std::string& answer) {
             try {
               return pliesOf(ai::readRecordAnalysisAnswer(answer), nodes);
             } catch (const std::exception&) {
               return RecordAnalysis{};  // an answer it cannot read: no move marked
             }
           });
}

const RecordAnalysis* RecordAnalyser::find(const Key& key) const {
  const auto it = cache_.find(key);
  return it == cache_.end() ? nullptr : &it->second;
}

void RecordAnalyser::poll() {
  if (!job_.busy()) return;
  if (auto v = job_.take(jobNo_); v && !v->cancelled) cache_[running_] = std::move(*v);
}

void RecordAnalyser::wait() {
  job_.wait();
  poll();
}

std::string hintReason(const Match& m, const Move& mv, const TrackerView& known) {
  const auto who = m.toMove();
  if (!who) return {};
  const std::string opp(1, letter(other(*who)));
  if (mv.kind == MoveKind::Draw) return _("draw: none of your tiles can be placed");
  if (mv.kind == MoveKind::Pass) return _("pass: you cannot place a tile, and you cannot draw");
  const Tile t = mv.tile;
  const Mask hand = m.state().hand[static_cast<std::size_t>(idx(*who))] & ~bit(t);
  std::string where;
  int open = -1;  // the number this move leaves on an end
  if (mv.isLead()) {
    where = i18n::format(_("lead {0}"), {tileText(t)});
  } else {
    const int at = m.state().ends[mv.end == End::L ? 0 : 1];
    open = otherHalf(t, at);
    where = i18n::format(_("play {0} on the {1}"), {tileText(t), std::to_string(at)});
  }
  // "Heavy" tells this tile from the others only when no other tile that can be played is as heavy.
  int heaviestOther = -1;
  for (const Move& o : m.legalMoves())
    if (o.kind == MoveKind::Play && o.tile != t) heaviestOther = std::max(heaviestOther, weight(o.tile));
  std::vector<std::string> tips;
  if (isDouble(t))
    tips.emplace_back(_("a double: get rid of doubles early, they fit only one number"));
  else if (weight(t) >= 8 && weight(t) > heaviestOther)
    tips.push_back(i18n::format(_("a heavy tile ({0} pips), played early"), {std::to_string(weight(t))}));
  if (open >= 0) {
    const std::string n = std::to_string(open);
    const int more = count(hand & suitMask(open));
    if (more >= 2)
      tips.push_back(i18n::format(P_("it leaves a {0} open, and you hold {1} more {0}",
                                     "it leaves a {0} open, and you hold {1} more {0}s", more),
                                  {n, std::to_string(more)}));
    // The opponent surely holds none of the unseen tiles of that number.
    const Mask unseen = suitMask(open) & ~m.state().line & ~hand & ~bit(t);
    if (unseen && (unseen & ~known.cannotHold) == 0)
      tips.push_back(i18n::format(_("{0} has no {1}: {0} drew or passed at a {1} before"), {opp, n}));
    else if (!unseen)
      tips.push_back(i18n::format(_("every other {0} is seen: {1} cannot follow it"), {n, opp}));
  }
  if (tips.empty()) {
    // Keep a variety: the numbers still in hand after the move.
    int numbers = 0;
    for (int k = 0; k <= 6; ++k) numbers += (hand & suitMask(k)) ? 1 : 0;
    tips.push_back(i18n::format(
        P_("it keeps {0} different number in your hand", "it keeps {0} different numbers in your hand", numbers),
        {std::to_string(numbers)}));
  }
  std::string all;
  for (std::size_t i = 0; i < tips.size(); ++i) all += (i ? "; " : "") + tips[i];
  return i18n::format(_("{0}: {1}"), {where, all});
}

nlohmann::json analysisState(const AnalysisView* v, bool open, bool all, bool busy) {
  using nlohmann::json;
  json a = {{"open", open}, {"all", all}, {"busy", busy}};
  json rows = json::array();
  if (v) {
    for (const AnalysisRow& r : v->rows)
      rows.push_back({{"move", r.text}, {"win", r.win}, {"points", r.points}, {"tips", r.tips}});
    a["exact"] = v->exact;
    a["samples"] = v->samples;
    a["error"] = v->error;
  }
  a["rows"] = rows;
  return a;
}

nlohmann::json recordAnalysisState(const RecordAnalysis* ra, const RecordAnalyser& analyser, bool running,
                                   std::string_view side) {
  using nlohmann::json;
  json r = {{"busy", analyser.busy()},
            {"running", running},
            {"progress", running ? analyser.progress() : 0.0},
            {"done", ra != nullptr},
            {"side", side}};
  json plies = json::array();
  if (ra)
    for (const RecordPly& p : ra->plies)
      plies.push_back({{"node", p.node},
                       {"round", p.round},
                       {"number", p.number},
                       {"mover", std::string(1, letter(p.mover))},
                       {"mark", ai::name(p.mark)},
                       {"symbol", ai::symbol(p.mark)},
                       {"played", p.played},
                       {"best", p.best},
                       {"played_win", p.playedWin},
                       {"best_win", p.bestWin},
                       {"played_points", p.playedPoints},
                       {"best_points", p.bestPoints}});
  r["plies"] = plies;
  return r;
}

}  // namespace dom::studio
