// The coach's model: tracker counts, the round's moves, the analysis of a position and the hint's
// words, read from the timeline. The analysis runs on src/ai (issue 11).
#include "studio/coach.h"

#include <algorithm>
#include <cstdio>

#include "core/dgn.h"

#include "ai/analysis.h"
#include "ai/inference.h"
#include "ai/observation.h"

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
    v.cannotHold = ai::cannotHold(o);
    for (const ai::Revelation& r : ai::revelations(o)) v.revealed.push_back(r.text);
  }
  return v;
}

namespace {
ai::RoundLog logOf(const Timeline& t) {
  ai::RoundLog log;
  for (const RoundMove& rm : roundMoves(t)) log.record(*rm.before, rm.move);
  return log;
}
// SplitMix64's finaliser: the per-position seed ai::analyseRecord uses, so that the pane shows for a
// position exactly what `dominoes analyse` reports for it.
constexpr std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

AnalysisView analyse(const Match& m, const ai::RoundLog& log, bool allKnown, int samples, JobControl* control) {
  AnalysisView v;
  v.all = allKnown;
  if (!m.toMove()) {
    v.error = "no round is on";
    return v;
  }
  ai::EvalOptions opt;
  opt.knowledge = allKnown ? ai::Knowledge::All : ai::Knowledge::Mover;
  opt.samples = samples;
  const auto number = static_cast<std::uint64_t>(log.events().size() + 1);
  opt.seed = splitmix(1 ^ splitmix(static_cast<std::uint64_t>(m.round()) << 16 | number));
  if (control) {
    opt.cancel = &control->cancel;
    opt.progress = [control](double p) { control->progress = p; };
  }
  const ai::PositionEval e = ai::evaluate(m, log, opt);
  v.exact = e.exact;
  v.samples = e.samples;
  for (const ai::MoveEval& me : e.moves) v.rows.push_back({me.move, me.text, me.win, me.points});
  return v;
}
}  // namespace

bool analysisAvailable() { return true; }

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
  job_.start(++jobNo_, analysisJob(t, key.all, samples));
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

std::string hintReason(const Match& m, const Move& mv, const TrackerView& known) {
  const auto who = m.toMove();
  if (!who) return {};
  const std::string opp(1, letter(other(*who)));
  if (mv.kind == MoveKind::Draw) return "draw: none of your tiles can be placed";
  if (mv.kind == MoveKind::Pass) return "pass: you cannot place a tile, and you cannot draw";
  const Tile t = mv.tile;
  const Mask hand = m.state().hand[static_cast<std::size_t>(idx(*who))] & ~bit(t);
  std::string where;
  int open = -1;  // the number this move leaves on an end
  if (mv.isLead()) {
    where = "lead " + tileText(t);
  } else {
    const int at = m.state().ends[mv.end == End::L ? 0 : 1];
    open = otherHalf(t, at);
    where = "play " + tileText(t) + " on the " + std::to_string(at);
  }
  std::vector<std::string> tips;
  if (isDouble(t))
    tips.push_back("a double: get rid of doubles early, they fit only one number");
  else if (weight(t) >= 8)
    tips.push_back("a heavy tile (" + std::to_string(weight(t)) + " pips), played early");
  if (open >= 0) {
    const std::string n = std::to_string(open);
    const int more = count(hand & suitMask(open));
    if (more >= 2)
      tips.push_back("it leaves a " + n + " open, and you hold " + std::to_string(more) + " more " + n + "s");
    // The opponent surely holds none of the unseen tiles of that number.
    const Mask unseen = suitMask(open) & ~m.state().line & ~hand & ~bit(t);
    if (unseen && (unseen & ~known.cannotHold) == 0)
      tips.push_back(opp + " has no " + n + ": " + opp + " drew or passed at a " + n + " before");
    else if (!unseen)
      tips.push_back("every other " + n + " is seen: " + opp + " cannot follow it");
  }
  if (tips.empty()) {
    // Keep a variety: the numbers still in hand after the move.
    int numbers = 0;
    for (int k = 0; k <= 6; ++k) numbers += (hand & suitMask(k)) ? 1 : 0;
    tips.push_back("it keeps " + std::to_string(numbers) + " different numbers in your hand");
  }
  std::string out = where + ": ";
  for (std::size_t i = 0; i < tips.size(); ++i) out += (i ? "; " : "") + tips[i];
  return out;
}

}  // namespace dom::studio
