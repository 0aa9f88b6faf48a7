// SPDX-License-Identifier: MIT
// Position evaluation for `dominoes analyse` and the studio. Knowledge::All solves the true position
// exactly. Knowledge::Mover samples hidden deals uniformly (Sampler) and, on each, solves every legal
// move exactly when the exact solver finishes within a node budget, else estimates it by playouts
// (mostly-greedy moves for both players). With draws still to come the exact solver of a deal is the
// ChanceSolver, which never looks at the stock's order (the mover does not know it); with none, the
// plain Solver. docs/analysis.md gives the reasons and the figures.
#include "ai/analysis.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <pcg_random.hpp>
#include <stdexcept>

#include "ai/chance_solver.h"
#include "ai/expert.h"
#include "ai/inference.h"
#include "ai/sim.h"
#include "ai/solver.h"
#include "core/random.h"

namespace dom::ai {
namespace {

[[nodiscard]] bool sameMove(const Move& a, const Move& b) {
  return a.kind == b.kind && a.tile == b.tile && a.end == b.end && a.heading == b.heading && a.leftPip == b.leftPip;
}

// The share of the round won for an outcome (+1 a win, 0 a tie, -1 a loss): who won, never the sign
// of the points (a domino against a hand of 0-0 is a win of 0 points).
[[nodiscard]] double winOf(int outcome) { return outcome > 0 ? 1.0 : outcome == 0 ? 0.5 : 0.0; }

// How a round ended for a player: its points and who won.
struct Outcome {
  int points = 0;
  int win = 0;  // +1, 0 (a tie), -1
};

// Sums over the deals for one move.
struct Acc {
  double win = 0, points = 0;
  int n = 0, exact = 0;
};

// The value for `p` at the end of the round, both players choosing the first legal move (the
// heaviest tile, core's order) three times in four and any legal move otherwise.
Outcome rollout(SimState s, Player p, pcg32& rng) {
  while (!s.over()) {
    const MoveList l = s.legal();
    const std::uint32_t r = rng();
    const int i = (r & 3) != 0 || l.size == 1 ? 0 : static_cast<int>(bounded(rng, static_cast<std::uint32_t>(l.size)));
    s.apply(l.moves[i]);
  }
  return {s.pointsFor(p), s.outcomeFor(p)};
}

// Adds one exact result to the accumulator of the legal move it is about.
void addExact(const MoveList& legal, const Move& m, double win, double points, std::vector<Acc>& acc) {
  for (int i = 0; i < legal.size; ++i)
    if (sameMove(m, legal.moves[i])) {
      Acc& a = acc[static_cast<std::size_t>(i)];
      a.win += win;
      a.points += points;
      ++a.n;
      ++a.exact;
    }
}

// The exact solvers of one evaluation. `chance`, when set, solves deals with draws to come with the
// stock's order unknown.
struct Solvers {
  Solver plain{std::size_t{1} << 18, Scoring::PointsThenWin};  // values() tells a 0-point win from a tie
  ChanceSolver* chance = nullptr;
};

// Whether a draw can still come in d: the chance solver's business.
[[nodiscard]] bool drawsToCome(const SimState& d) {
  const RoundState& r = d.state();
  return d.rules().draw == DrawRule::Until && r.stockCount() > d.rules().reserve;
}

// Evaluates every legal move of `d` for its mover into acc (indexed as `legal`). Exact when the
// solver finishes within `limit` nodes (0: no limit; below 0: do not try); returns whether it did.
bool evalDeal(const SimState& d, const MoveList& legal, Solvers& solvers, long long limit, int rollouts, pcg32& rng,
              std::vector<Acc>& acc) {
  const Player mover = d.state().turn;
  if (limit >= 0 && solvers.chance && drawsToCome(d)) {
    ChanceSolver& solver = *solvers.chance;
    solver.setNodeLimit(limit);
    const auto vals = solver.values(d);
    if (!solver.aborted()) {
      // win is P(win) - P(loss); the share of rounds won, a tie counting half, is (win + 1) / 2.
      for (const MoveExpectation& v : vals) addExact(legal, v.move, (v.value.win + 1) / 2, v.value.points, acc);
      return true;
    }
  } else if (limit >= 0) {
    Solver& solver = solvers.plain;
    solver.setNodeLimit(limit);
    const auto vals = solver.values(d);
    if (!solver.aborted()) {
      for (const MoveValue& v : vals) addExact(legal, v.move, winOf(v.win), v.value, acc);
      return true;
    }
  }
  for (int i = 0; i < legal.size; ++i) {
    SimState c = d;
    c.apply(legal.moves[i]);
    double w = 0, pts = 0;
    for (int k = 0; k < rollouts; ++k) {
      const Outcome v = rollout(c, mover, rng);
      w += winOf(v.win);
      pts += v.points;
    }
    Acc& a = acc[static_cast<std::size_t>(i)];
    a.win += w / rollouts;
    a.points += pts / rollouts;
    ++a.n;
  }
  return false;
}

// Nodes the exact solver may spend on the true position under Knowledge::All (a few seconds)
// before the estimate is used instead.
constexpr long long kAllNodeLimit = 4'000'000;

// Whether the caller has asked the evaluation to stop.
[[nodiscard]] bool cancelled(const EvalOptions& opt) {
  return opt.cancel && opt.cancel->load(std::memory_order_relaxed);
}

// Evaluates `legal` over deals sampled from what the mover knows (o) into acc, counting them in
// out.samples (out.cancelled if stopped); returns whether every deal was solved exactly.
bool evalSampled(const SimState& base, const Observation& o, const MoveList& legal, const EvalOptions& opt,
                 Solvers& solvers, int rollouts, pcg32& rng, std::vector<Acc>& acc, PositionEval& out) {
  const Player mover = base.state().turn;
  bool allExact = true;
  Sampler sampler(o);
  // The mover does not know the stock's order: deals with draws to come are solved with chance
  // nodes at the draws, single rounds ranked by the chance to win (as the table sorts the moves).
  ChanceSolver chance(1000, std::size_t{1} << 18);
  chance.setCancel(opt.cancel);
  solvers.chance = &chance;
  const int want = std::max(1, opt.samples);
  int tries = 0, exactFails = 0;
  bool tryExact = true;
  while (out.samples < want && tries < 4 * want) {
    if (cancelled(opt)) {
      out.cancelled = true;
      break;
    }
    ++tries;
    const Hidden h = sampler.sample(rng);
    if (count(h.opponentHand) != o.opponentCount || static_cast<int>(h.stock.size()) != o.stockCount) continue;
    SimState d = base;
    d.setHidden(mover, h.opponentHand, h.stock.data(), static_cast<int>(h.stock.size()));
    std::vector<Acc> one(acc.size());
    const bool exact = evalDeal(d, legal, solvers, tryExact ? opt.nodeLimit : -1, rollouts, rng, one);
    if (cancelled(opt)) {  // this deal may be half done: leave it out
      out.cancelled = true;
      break;
    }
    for (std::size_t i = 0; i < acc.size(); ++i) {
      acc[i].win += one[i].win;
      acc[i].points += one[i].points;
      acc[i].n += one[i].n;
      acc[i].exact += one[i].exact;
    }
    allExact = allExact && exact;
    // The first four deals show whether the position is small enough; after four failures in a row
    // no more time goes into the solver for this position.
    if (!exact && ++exactFails >= 4 && out.samples < 4) tryExact = false;
    ++out.samples;
    if (opt.progress) opt.progress(static_cast<double>(out.samples) / want);
  }
  solvers.chance = nullptr;  // `chance` ends here
  return allExact;
}

// Appends each legal move's averages to out.moves, best first (by the chance to win, then the points).
void rankMoves(const Match& m, const Observation& o, const MoveList& legal, const std::vector<Acc>& acc,
               PositionEval& out) {
  for (int i = 0; i < legal.size; ++i) {
    const Acc& a = acc[static_cast<std::size_t>(i)];
    MoveEval e;
    e.move = legal.moves[i];
    e.text = dgn::legalText(m, e.move);
    e.tips = tipsWords(o, e.move);
    if (a.n) {
      e.win = a.win / a.n;
      e.points = a.points / a.n;
      e.exactShare = static_cast<double>(a.exact) / a.n;
    } else {
      e.exactShare = 0;
    }
    out.moves.push_back(std::move(e));
  }
  std::stable_sort(out.moves.begin(), out.moves.end(), [](const MoveEval& a, const MoveEval& b) {
    if (a.win != b.win) return a.win > b.win;
    return a.points > b.points;
  });
}

}  // namespace

PositionEval evaluate(const Match& m, const RoundLog& log, const EvalOptions& opt) {
  PositionEval out;
  if (!m.inRound()) return out;
  const MoveList legal = m.legalMoves();
  const Player mover = m.state().turn;
  const Observation o = observe(m, mover, log);  // what the mover knows (the sampler's, and the tips')
  const SimState base = SimState::from(m);
  std::vector<Acc> acc(static_cast<std::size_t>(legal.size));
  Solvers solvers;
  solvers.plain.setCancel(opt.cancel);
  pcg32 rng(splitmix64(opt.seed));
  const int rollouts = std::max(1, opt.rollouts);
  bool allExact = true;
  if (legal.size == 1 && opt.knowledge == Knowledge::All) {
    // No choice: nothing to compare; the one move gets the position's value when it is cheap. From the
    // mover's knowledge the value comes from sampled deals like any other (the true deal is hidden).
    (void)evalDeal(base, legal, solvers, kAllNodeLimit, rollouts, rng, acc);
    out.samples = 1;
    allExact = acc[0].exact == 1;
  } else if (opt.knowledge == Knowledge::All) {
    allExact = evalDeal(base, legal, solvers, kAllNodeLimit, 8 * rollouts, rng, acc);
    if (cancelled(opt)) out.cancelled = true;
    out.samples = 1;
  } else {
    allExact = evalSampled(base, o, legal, opt, solvers, rollouts, rng, acc, out);
  }
  out.exact = allExact && out.samples > 0 && !out.cancelled;
  rankMoves(m, o, legal, acc, out);
  if (opt.progress && opt.knowledge == Knowledge::All) opt.progress(1.0);
  return out;
}

std::vector<MoveEval> solveDealAsMover(const SimState& deal, long long nodeLimit) {
  std::vector<MoveEval> out;
  if (deal.over()) return out;
  const MoveList legal = deal.legal();
  std::vector<Acc> acc(static_cast<std::size_t>(legal.size));
  Solvers solvers;
  ChanceSolver chance(1000, std::size_t{1} << 16);
  solvers.chance = &chance;
  pcg32 rng;
  if (!evalDeal(deal, legal, solvers, nodeLimit, 1, rng, acc)) return out;
  for (int i = 0; i < legal.size; ++i) {
    const Acc& a = acc[static_cast<std::size_t>(i)];
    MoveEval e;
    e.move = legal.moves[i];
    e.win = a.n ? a.win / a.n : 0;
    e.points = a.n ? a.points / a.n : 0;
    e.exactShare = a.n ? static_cast<double>(a.exact) / a.n : 0;
    out.push_back(std::move(e));
  }
  return out;
}

Mark classify(double bestWin, double playedWin) {
  const double loss = bestWin - playedWin + 1e-9;  // 5, 10 and 20 points of win% exactly count
  if (loss >= 0.20) return Mark::Blunder;
  if (loss >= 0.10) return Mark::Mistake;
  if (loss >= 0.05) return Mark::Inaccuracy;
  return Mark::None;
}

const char* symbol(Mark m) {
  switch (m) {
    case Mark::None: return "";
    case Mark::Inaccuracy: return "?!";
    case Mark::Mistake: return "?";
    case Mark::Blunder: return "??";
  }
  return "";
}

const char* name(Mark m) {
  switch (m) {
    case Mark::None: return "";
    case Mark::Inaccuracy: return "inaccuracy";
    case Mark::Mistake: return "mistake";
    case Mark::Blunder: return "blunder";
  }
  return "";
}

std::vector<AnalysedMove> analyseRecord(const dgn::Record& rec, std::optional<Player> side, const EvalOptions& opt) {
  std::vector<AnalysedMove> out;
  // Walks the record's moves; `f(match, log, round, number, statement)` sees each position with a choice
  // before its move is applied, and returns false to stop.
  auto walk = [&](auto&& f) {
    Match m(rec.rules);
    RoundLog log;
    for (const dgn::RoundRecord& r : rec.rounds) {
      if (!dgn::startRound(m, r).empty()) return;
      log.clear();
      int number = 0;
      for (const dgn::Statement& st : r.statements) {
        if (st.kind != dgn::Statement::Kind::Move || st.rejected) continue;
        if (!m.inRound()) break;
        ++number;
        if (m.legalMoves().size > 1 && (!side || *side == st.player) && !f(m, log, r.number, number, st)) return;
        log.apply(m, st.move);
      }
    }
  };
  int total = 0;
  walk([&](const Match&, const RoundLog&, int, int, const dgn::Statement&) {
    ++total;
    return true;
  });
  int done = 0;
  walk([&](const Match& m, const RoundLog& log, int round, int number, const dgn::Statement& st) {
    EvalOptions o = opt;
    o.seed =
        splitmix64(opt.seed ^ splitmix64(static_cast<std::uint64_t>(round) << 16 | static_cast<std::uint64_t>(number)));
    if (opt.progress) o.progress = [&](double f) { opt.progress((done + f) / std::max(total, 1)); };
    AnalysedMove a;
    a.round = round;
    a.number = number;
    a.line = st.line;
    a.mover = st.player;
    a.played = m.resolve(st.move);
    a.playedText = dgn::legalText(m, a.played);
    a.eval = evaluate(m, log, o);
    if (a.eval.cancelled) return false;
    for (const MoveEval& e : a.eval.moves)
      if (e.move.same(a.played)) {
        a.playedWin = e.win;
        a.playedPoints = e.points;
      }
    if (!a.eval.moves.empty()) a.mark = classify(a.eval.moves.front().win, a.playedWin);
    out.push_back(std::move(a));
    ++done;
    if (opt.progress) opt.progress(static_cast<double>(done) / std::max(total, 1));
    return true;
  });
  return out;
}

// ---- Asked as text (the web page's worker) -------------------------------------------------------

std::string analysisRequest(const dgn::Record& record, const EvalOptions& opt) {
  return std::string("analyse ") + (opt.knowledge == Knowledge::All ? "all " : "mover ") + std::to_string(opt.samples) +
         " " + std::to_string(opt.seed) + "\n" + dgn::write(record);
}

namespace {
// The match and log at the end of a record's last round.
std::string replayLast(const dgn::Record& rec, Match& m, RoundLog& log) {
  for (const dgn::RoundRecord& r : rec.rounds) {
    if (auto err = dgn::startRound(m, r); !err.empty()) return err;
    log.clear();
    for (const dgn::Statement& st : r.statements)
      if (st.kind == dgn::Statement::Kind::Move && !st.rejected) log.apply(m, st.move);
  }
  return {};
}

std::string numberText(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}
}  // namespace

std::string analysisAnswer(std::string_view request, const std::atomic<bool>* cancel,
                           const std::function<void(double)>& progress) {
  const std::size_t nl = request.find('\n');
  EvalOptions opt;
  char knowledge[8] = {};
  unsigned long long seed = 0;
  const std::string head(request.substr(0, nl));
  if (nl == std::string_view::npos ||
      std::sscanf(head.c_str(), "analyse %7s %d %llu", knowledge, &opt.samples, &seed) != 3 ||
      (std::string_view(knowledge) != "mover" && std::string_view(knowledge) != "all") || opt.samples < 1)
    return "error the request's first line is not 'analyse mover|all SAMPLES SEED'\n";
  opt.knowledge = std::string_view(knowledge) == "all" ? Knowledge::All : Knowledge::Mover;
  opt.seed = seed;
  opt.cancel = cancel;
  opt.progress = progress;
  try {
    auto loaded = dgn::load(request.substr(nl + 1), "request");
    if (auto* e = std::get_if<dgn::Error>(&loaded)) return "error " + e->text() + "\n";
    const dgn::Record& rec = std::get<dgn::Loaded>(loaded).record;
    Match m(rec.rules);
    RoundLog log;
    if (auto err = replayLast(rec, m, log); !err.empty()) return "error " + err + "\n";
    if (!m.toMove()) return "error no round is on\n";
    const PositionEval e = evaluate(m, log, opt);
    std::string out = std::string("exact ") + (e.exact ? "1" : "0") + "\nsamples " + std::to_string(e.samples) + "\n";
    for (const MoveEval& me : e.moves)
      out += "move " + numberText(me.win) + " " + numberText(me.points) + " " + numberText(me.exactShare) + " " +
             me.text + "\n";
    return out;
  } catch (const std::exception& ex) {
    return std::string("error ") + ex.what() + "\n";
  }
}

PositionEval readAnalysisAnswer(const Match& m, const RoundLog& log, std::string_view answer) {
  PositionEval e;
  const auto mover = m.toMove();
  if (!mover) throw std::runtime_error("no round is on");
  const Observation o = observe(m, *mover, log);
  const MoveList legal = m.legalMoves();
  for (std::string_view rest = answer; !rest.empty();) {
    const std::size_t nl = rest.find('\n');
    const std::string line(rest.substr(0, nl));
    rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
    if (line.starts_with("error ")) throw std::runtime_error(line.substr(6));
    int flag = 0;
    if (std::sscanf(line.c_str(), "exact %d", &flag) == 1) {
      e.exact = flag != 0;
    } else if (std::sscanf(line.c_str(), "samples %d", &e.samples) == 1) {
    } else if (line.starts_with("move ")) {
      MoveEval me;
      int used = 0;
      if (std::sscanf(line.c_str(), "move %lf %lf %lf %n", &me.win, &me.points, &me.exactShare, &used) != 3 ||
          used == 0)
        throw std::runtime_error("a malformed line: " + line);
      me.text = line.substr(static_cast<std::size_t>(used));
      int i = 0;
      while (i < legal.size && dgn::legalText(m, legal.moves[i]) != me.text) ++i;
      if (i == legal.size) throw std::runtime_error("no legal move is " + me.text);
      me.move = legal.moves[i];
      me.tips = tipsWords(o, me.move);
      e.moves.push_back(std::move(me));
    } else if (!line.empty()) {
      throw std::runtime_error("a malformed line: " + line);
    }
  }
  if (static_cast<int>(e.moves.size()) != legal.size)
    throw std::runtime_error("the answer does not rate every legal move");
  return e;
}

namespace {
std::vector<std::string_view> fields(std::string_view line) {
  std::vector<std::string_view> out;
  for (std::size_t at = 0;;) {
    const std::size_t tab = line.find('\t', at);
    out.push_back(line.substr(at, tab - at));
    if (tab == std::string_view::npos) return out;
    at = tab + 1;
  }
}
double numberOf(std::string_view s) {
  const std::string t(s);
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);
  if (t.empty() || end != t.c_str() + t.size()) throw std::runtime_error("not a number: " + t);
  return v;
}
}  // namespace

std::string recordAnalysisAnswer(std::string_view request, const std::atomic<bool>* cancel,
                                 const std::function<void(double)>& progress) {
  const std::size_t nl = request.find('\n');
  if (nl == std::string_view::npos || request.substr(0, nl) != "analyse-record")
    return "error the request's first line is not 'analyse-record'\n";
  try {
    auto loaded = dgn::load(request.substr(nl + 1), "request");
    if (auto* e = std::get_if<dgn::Error>(&loaded)) return "error " + e->text() + "\n";
    EvalOptions opt;  // the CLI's defaults: the mover's knowledge, 200 deals, seed 1
    opt.cancel = cancel;
    opt.progress = progress;
    std::string out;
    for (const AnalysedMove& a : analyseRecord(std::get<dgn::Loaded>(loaded).record, std::nullopt, opt)) {
      const MoveEval best = a.eval.moves.empty() ? MoveEval{} : a.eval.moves.front();
      out += "ply\t" + std::to_string(a.round) + "\t" + std::to_string(a.number) + "\t" + letter(a.mover) + "\t" +
             std::to_string(static_cast<int>(a.mark)) + "\t" + (a.eval.exact ? "1" : "0") + "\t" +
             numberText(a.playedWin) + "\t" + numberText(a.playedPoints) + "\t" + numberText(best.win) + "\t" +
             numberText(best.points) + "\t" + a.playedText + "\t" + best.text + "\n";
    }
    return out;
  } catch (const std::exception& ex) {
    return std::string("error ") + ex.what() + "\n";
  }
}

std::vector<AnalysedMove> readRecordAnalysisAnswer(std::string_view answer) {
  std::vector<AnalysedMove> out;
  for (std::string_view rest = answer; !rest.empty();) {
    const std::size_t nl = rest.find('\n');
    const std::string_view line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
    if (line.empty()) continue;
    if (line.starts_with("error ")) throw std::runtime_error(std::string(line.substr(6)));
    const auto f = fields(line);
    if (f.size() != 12 || f[0] != "ply" || (f[3] != "A" && f[3] != "B"))
      throw std::runtime_error("a malformed line: " + std::string(line.substr(0, 80)));
    AnalysedMove a;
    a.round = static_cast<int>(numberOf(f[1]));
    a.number = static_cast<int>(numberOf(f[2]));
    a.mover = f[3] == "A" ? Player::A : Player::B;
    a.mark = static_cast<Mark>(std::clamp(static_cast<int>(numberOf(f[4])), 0, 3));
    a.eval.exact = f[5] == "1";
    a.playedWin = numberOf(f[6]);
    a.playedPoints = numberOf(f[7]);
    MoveEval best;
    best.win = numberOf(f[8]);
    best.points = numberOf(f[9]);
    a.playedText = std::string(f[10]);
    best.text = std::string(f[11]);
    if (!best.text.empty()) a.eval.moves.push_back(std::move(best));
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace dom::ai
