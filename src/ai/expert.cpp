// SPDX-License-Identifier: MIT
// The expert: determinized search on sampled deals, exact when the unknown tiles are few.
#include "ai/expert.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <mutex>
#include <numeric>
#include <string>
#include <utility>

#include "ai/chance_solver.h"
#include "ai/flatmc.h"
#include "ai/inference.h"
#include "ai/solver.h"
#include "core/match.h"
#include "core/random.h"
#include "core/reason.h"

namespace dom::ai {

// Sized on this project's build machine (a Zen 2 EPYC core): a median decision of about 34 ms at
// ms=50 on en-linea (docs/research/players-log.md, Time and determinism).
long long expertPlayouts(int ms) { return 1250LL * std::max(ms, 1); }
long long expertNodes(int ms) { return 2500LL * std::max(ms, 1); }
long long expertDeals(int ms) { return std::clamp(50LL * ms, 16LL, 100000LL); }

namespace {

// The playouts of the search before the endgame: under layout=free a playout also steps the table's
// geometry, so fewer of them (6 in 10: a median of about 24 ms at ms=50 on dominoes2).
long long searchPlayouts(const Rules& rules, int ms) {
  return rules.layout == LayoutRule::Free ? expertPlayouts(ms) * 6 / 10 : expertPlayouts(ms);
}

std::string countWord(int n) {
  // The counts the tips say (two to six more tiles of a number) in words.
  const char* const words[] = {W_("no"),   W_("one"),  W_("two"), W_("three"),
                               W_("four"), W_("five"), W_("six"), W_("seven")};
  return n >= 0 && n < 8 ? words[n] : std::to_string(n);
}

// A tip of `kind` about the number `pip` (its other fields set by the caller).
Tip tipOf(TipKind kind, int pip = 0, int count = 0) {
  Tip t;
  t.kind = kind;
  t.pip = pip;
  t.count = count;
  return t;
}

}  // namespace

std::vector<Tip> tips(const Observation& o, const Move& m) {
  if (m.kind != MoveKind::Play) return {};
  std::vector<Tip> out;
  const Tile t = m.tile;
  if (isDouble(t))
    out.push_back(tipOf(weight(t) >= 8 ? TipKind::HeavyDoubleGone : TipKind::DoubleGone));
  else if (weight(t) >= 9)
    out.push_back(tipOf(TipKind::HeavyTileGone));
  const Mask rest = o.hand & ~bit(t);
  std::array<int, 2> newEnds{o.ends[0], o.ends[1]};
  if (m.end == End::None) {
    newEnds = {m.leftPip, otherHalf(t, m.leftPip)};
  } else {
    const int e = static_cast<int>(m.end);
    newEnds[static_cast<std::size_t>(e)] = otherHalf(t, o.ends[static_cast<std::size_t>(e)]);
  }
  const int pip = m.end == End::None ? newEnds[1] : newEnds[static_cast<std::size_t>(static_cast<int>(m.end))];
  for (Tip& tip : out) tip.pip = pip;
  if (const int mine = count(rest & suitMask(pip)); mine >= 2) out.push_back(tipOf(TipKind::Keep, pip, mine));
  // The double of the new end's number, kept: a sure follow that leaves the number on the end.
  const Tile dbl = tileOf(pip, pip);
  if (t != dbl && (rest & bit(dbl)) != 0) {
    out.push_back(tipOf(TipKind::DoubleFollows, pip));
    out.back().tile = dbl;
  }
  // The opponent's revealed lacks: the newest revelation that excludes every unseen tile of `pip`.
  const Mask unseenPip = o.unseen() & suitMask(pip);
  if (unseenPip == 0) {
    out.push_back(tipOf(TipKind::NumberOut, pip));
    out.back().opponent = o.opponent();
  } else {
    const auto revs = revelations(o);
    // The latest revelation that covers every unseen tile of the number.
    const auto latest = std::find_if(revs.rbegin(), revs.rend(),
                                     [&](const Revelation& r) { return (r.excluded & unseenPip) == unseenPip; });
    if (latest != revs.rend()) {
      out.push_back(tipOf(TipKind::Revealed, pip));
      out.back().revealed = latest->text;
    }
  }
  // Counting the tiles: few unseen tiles left that match either end, so the opponent may soon be
  // stuck (said when the new end itself still has unseen tiles).
  const int fitting = count(o.unseen() & (suitMask(newEnds[0]) | suitMask(newEnds[1])));
  if (unseenPip != 0 && fitting <= 3) {
    out.push_back(tipOf(TipKind::FewMatch, pip, fitting));
    out.back().ends = newEnds;
  }
  return out;
}

std::string tipText(const Tip& t) {
  const std::string pip = std::to_string(t.pip);
  switch (t.kind) {
    case TipKind::HeavyDoubleGone: return W_("a heavy double gone early");
    case TipKind::DoubleGone: return W_("a double gone");
    case TipKind::HeavyTileGone: return W_("a heavy tile gone early");
    case TipKind::Keep:
      return fill(t.pip == 0 ? WP_("I keep {0} more blank for that end", "I keep {0} more blanks for that end", t.count)
                             : WP_("I keep {0} more {1} for that end", "I keep {0} more {1}s for that end", t.count),
                  {countWord(t.count), pip});
    case TipKind::DoubleFollows: return fill(W_("my {0} can follow it"), {tileText(t.tile)});
    case TipKind::NumberOut: {
      const std::string opp(1, letter(t.opponent));
      return t.pip == 0 ? fill(W_("every other blank is out: {0} cannot follow it"), {opp})
                        : fill(W_("every other {1} is out: {0} cannot follow it"), {opp, pip});
    }
    case TipKind::Revealed: return t.revealed;
    case TipKind::FewMatch:
      return t.ends[0] == t.ends[1] ? fill(WP_("only {0} unseen tile matches {1}, the number on both ends",
                                               "only {0} unseen tiles match {1}, the number on both ends", t.count),
                                           {countWord(t.count), pip})
                                    : fill(WP_("only {0} unseen tile matches the ends {1} and {2}",
                                               "only {0} unseen tiles match the ends {1} and {2}", t.count),
                                           {countWord(t.count), std::to_string(t.ends[0]), std::to_string(t.ends[1])});
  }
  return {};
}

std::string tipsWords(const Observation& o, const Move& m) {
  std::string s;
  for (const Tip& t : tips(o, m)) s = s.empty() ? tipText(t) : fill(W_("{0}; {1}"), {s, tipText(t)});
  return s;
}

namespace {

// How likely the opponent's plays this round are if they held the deal `h` and played like the
// playouts' model: their heaviest placeable tile with probability g, else any placeable tile. The
// sampler is uniform over the deals the draws and passes allow; this weighs them by the plays.
double likelihoodOfPlays(const Observation& o, const Hidden& h, double g) {
  const Player opp = o.opponent();
  Mask hand = h.opponentStart;
  std::size_t next = 0;
  double p = 1;
  for (const Event& e : o.history) {
    if (e.who != opp) continue;
    if (e.move.kind == MoveKind::Draw) {
      if (next < h.opponentDraws.size()) hand |= bit(h.opponentDraws[next++]);
      continue;
    }
    if (e.move.kind != MoveKind::Play) continue;
    const Mask can = hand & e.placeable;
    if (const int n = count(can); n > 1) p *= (1 - g) / n + (e.move.tile == heaviest(can) ? g : 0);
    hand &= ~bit(e.move.tile);
  }
  return p;
}

// The posterior of a heavy-first opponent from the deals' sums: zg the deals that explain every play
// as heavy-first, zm their likelihoods under the other kind's model (heavyFirstPosterior).
double posterior(double prior, double zg, double zm) {
  if (!(prior > 0) || !(zg > 0)) return 0;
  return prior * zg / (prior * zg + (1 - prior) * zm);
}

// The table of matchEquity for one rule set: e[x * (target + 1) + y] for x, y in 1..target.
std::vector<double> equityTable(const Rules& r) {
  const int t = r.target;
  // The points of a round won, from rounds played out from fresh deals with the playouts' model of
  // a decent player on both sides (heaviest-first half of the time, the block share and the tips'
  // policy; a fixed seed: the same table on every machine).
  constexpr int kRounds = 20000, kMaxPoints = 200;
  std::vector<double> f(kMaxPoints + 1, 0.0);
  PlayoutRng rng(0x6d61746368ull);
  PlayoutModel model;
  const std::uint32_t half = 0x80000000u;
  model.greedy = {half, half};
  model.block = {half, half};
  model.policy = {0xffffffffu, 0xffffffffu};
  int won = 0;
  const bool fast = PlayoutTable::supports(r);
  for (int i = 0; i < kRounds; ++i) {
    RoundState s;
    if (fast) {
      Match m(r);
      m.startRound(dealFromSeed(0x6571756974ull + static_cast<std::uint64_t>(i), r.hand));
      PlayoutPosition p = PlayoutPosition::from(m);
      (void)playoutMixed(r, p, rng, model);
      s = p.s;
    } else {
      (void)randomRound(r, rng, &s);
    }
    if (s.winner > 1 || s.points == 0) continue;
    ++f[static_cast<std::size_t>(std::min<int>(s.points, kMaxPoints))];
    ++won;
  }
  for (double& v : f) v /= std::max(won, 1);
  const auto at = [t](int x, int y) { return static_cast<std::size_t>(x * (t + 1) + y); };
  std::vector<double> e(static_cast<std::size_t>((t + 1) * (t + 1)), 0.0);
  for (int x = 1; x <= t; ++x)
    for (int y = 1; y <= t; ++y) {
      double v = 0;
      for (int k = 1; k <= kMaxPoints; ++k) {
        const double p = f[static_cast<std::size_t>(k)];
        if (p == 0) continue;
        v += 0.5 * p * (x - k <= 0 ? 1.0 : e[at(x - k, y)]);
        v += 0.5 * p * (y - k <= 0 ? 0.0 : e[at(x, y - k)]);
      }
      e[at(x, y)] = v;
    }
  return e;
}

// The table for r, made on first use; the reference stays valid (a map's nodes do not move).
const std::vector<double>& equityTableFor(const Rules& r) {
  static std::mutex mutex;
  static std::map<std::string, std::vector<double>> tables;
  const std::lock_guard lock(mutex);
  const std::string key = r.text();
  auto it = tables.find(key);
  if (it == tables.end()) it = tables.emplace(key, equityTable(r)).first;
  return it->second;
}

double equityIn(const std::vector<double>& e, int target, int x, int y) {
  if (x <= 0) return 1;
  if (y <= 0) return 0;
  return e[static_cast<std::size_t>(std::min(x, target) * (target + 1) + std::min(y, target))];
}

class Expert final : public Computer {
 public:
  Expert(const ExpertOptions& opt, std::uint64_t seed)
      : opt_(opt),
        greedy_(share(opt.greedy)),
        opponentGreedy_(opt.opponent < 0 ? greedy_ : share(opt.opponent)),
        block_(share(opt.block)),
        opponentBlock_(share(opt.opponentBlock)),
        policy_(share(opt.policy)),
        opponentPolicy_(share(opt.opponentPolicy)),
        rng_(seed, 0xe4be),
        prng_(seed ^ 0x2545f4914f6cdd1dull),
        solver_(std::size_t{1} << 18),
        chance_(0, std::size_t{1} << 18) {}
  // The spec that makes this player again: "expert", "expert:ms=200", "expert:greedy=0.8,infer=0.9".
  std::string name() const override {
    const ExpertOptions d;
    std::string s;
    auto add = [&](const char* key, const std::string& v) {
      s += (s.empty() ? ":" : ",") + std::string(key) + "=" + v;
    };
    auto fraction = [](double f) {
      char b[16];
      std::snprintf(b, sizeof b, "%g", f);
      return std::string(b);
    };
    if (opt_.ms != d.ms) add("ms", std::to_string(opt_.ms));
    if (opt_.exactTiles != d.exactTiles) add("exact", std::to_string(opt_.exactTiles));
    if (opt_.greedy != d.greedy) add("greedy", fraction(opt_.greedy));
    if (opt_.likelihood != d.likelihood) add("infer", fraction(opt_.likelihood));
    if (opt_.opponent >= 0) add("opp", fraction(opt_.opponent));
    if (opt_.chance != d.chance) add("chance", opt_.chance ? "1" : "0");
    if (opt_.tree != d.tree) add("tree", fraction(opt_.tree));
    if (opt_.heavy != d.heavy) add("heavy", fraction(opt_.heavy));
    if (opt_.block != d.block) add("block", fraction(opt_.block));
    if (opt_.opponentBlock != d.opponentBlock) add("oblock", fraction(opt_.opponentBlock));
    if (opt_.policy != d.policy) add("policy", fraction(opt_.policy));
    if (opt_.opponentPolicy != d.opponentPolicy) add("opolicy", fraction(opt_.opponentPolicy));
    if (opt_.match != d.match) add("match", opt_.match ? "1" : "0");
    return "expert" + s;
  }

  Decision decide(const Observation& o) override {
    if (o.legal.size <= 1) {
      const Move m = o.legal.empty() ? Move{MoveKind::Pass} : o.legal.moves[0];
      return {m, forcedWords(o, m)};
    }
    Determinized d(o);
    const auto n = static_cast<std::size_t>(o.legal.size);
    std::vector<MoveScore> score(n);
    std::string how;
    bool byVisits = false;
    if (!exact(o, d, score, how)) {
      if (opt_.tree > 0 && d.fast()) {
        treeSearch(o, d, score, how);
        byVisits = true;
      } else {
        monteCarlo(o, d, score, how);
      }
    }
    std::size_t best = 0;
    for (std::size_t i = 1; i < n; ++i)
      if (byVisits ? score[i].n > score[best].n || (score[i].n == score[best].n && better(o, score[i], score[best]))
                   : better(o, score[i], score[best]))
        best = i;
    std::size_t second = best == 0 ? 1 : 0;
    for (std::size_t i = 0; i < n; ++i)
      if (i != best && score[i].n && better(o, score[i], score[second])) second = i;
    const Move m = o.legal.moves[best];
    const std::string tips = tipsWords(o, m);
    char won[32], mean[32];
    std::snprintf(won, sizeof won, "%.0f", 100 * score[best].winRate());
    std::snprintf(mean, sizeof mean, "%+.1f", score[best].mean());
    /* xgettext:no-c-format */
    const std::string stats = fill(W_("{0}% of rounds won, {1} points on average ({2})"), {won, mean, how});
    std::string why = tips.empty() ? fill(W_("{0}: {1}"), {moveWords(o, m), stats})
                                   : fill(W_("{0}: {1}. {2}"), {moveWords(o, m), tips, stats});
    if (score[second].n) {
      std::snprintf(won, sizeof won, "%.0f", 100 * score[second].winRate());
      std::snprintf(mean, sizeof mean, "%+.1f", score[second].mean());
      /* xgettext:no-c-format */
      why += fill(W_("; next best {0}: {1}%, {2}"), {moveWords(o, o.legal.moves[second]), won, mean});
    }
    return {m, why};
  }

 private:
  // Single rounds (no target): the higher chance to win the round, then mean points. A match to a
  // target: mean points, then the chance to win.
  // With the setting `match` in a match to a target: the chance to win the match first (only the
  // Monte Carlo stage scores it; the exact and tree stages leave it 0 for every move).
  // Whether this decision ranks by matchEquity: the setting `match` in a match to a target.
  [[nodiscard]] bool byEquity(const Observation& o) const { return opt_.match && o.rules.target > 0; }
  bool better(const Observation& o, const MoveScore& a, const MoveScore& b) const {
    if (a.n == 0) return false;
    if (b.n == 0) return true;
    if (byEquity(o) && a.equityMean() != b.equityMean()) return a.equityMean() > b.equityMean();
    const bool rounds = o.rules.target == 0;
    const double x = rounds ? a.winRate() : a.mean(), y = rounds ? b.winRate() : b.mean();
    if (x != y) return x > y;
    return rounds ? a.mean() > b.mean() : a.winRate() > b.winRate();
  }

  // Determinized alpha-beta: the exact value of every move on each of a few sampled deals, when the
  // tiles still in play are few enough for the node budget. False (scores untouched) when a deal
  // needed more nodes than its share.
  bool exact(const Observation& o, Determinized& d, std::vector<MoveScore>& score, std::string& how) {
    const int inPlay = count(o.hand) + o.opponentCount + o.stockCount;
    // Draws still to come: chance nodes (the stock's order unknown), unless told otherwise.
    const bool chance = opt_.chance && o.rules.draw == DrawRule::Until && o.stockCount > o.rules.reserve;
    if (inPlay > opt_.exactTiles - (chance ? 2 : 0)) return false;
    // Deals until the node budget is spent (at most maxDeals); each deal may take up to a quarter
    // of the budget. A deal over its share ends the sampling; fewer than minDeals solved: give up.
    const long long budget = expertNodes(opt_.ms);
    const int maxDeals = std::clamp(2 * opt_.ms, 8, 256), minDeals = std::clamp(opt_.ms / 4, 4, 16);
    std::vector<MoveScore> s(score.size());
    long long used = 0;
    int deals = 0;
    chance_.setWinWeight(o.rules.target == 0 ? 1000 : 0);
    // The deals one at a time (sampling stops with the budget), or all at once under the two kinds of
    // opponent (their mixture needs them all).
    const Deals mixed = opt_.heavy > 0 ? sampleDeals(o, d, static_cast<std::size_t>(maxDeals)) : Deals{};
    solver_.setCancel(stopFlag());
    chance_.setCancel(stopFlag());
    while (deals < maxDeals && used < budget && !stopped()) {
      double w = 1;
      if (opt_.heavy > 0) {
        if (deals >= static_cast<int>(mixed.deals.size())) break;
        d.use(mixed.deals[static_cast<std::size_t>(deals)]);
        w = mixed.weights[static_cast<std::size_t>(deals)];
      } else {
        d.sample(rng_);
        w = likelihood(o, d.hidden());
      }
      const long long limit = std::min(budget / 4, budget - used) + 1;
      auto credit = [&](const Move& m, auto&& add) {
        for (std::size_t i = 0; i < s.size(); ++i)
          if (o.legal.moves[i].same(m)) {
            add(s[i]);
            break;
          }
      };
      if (chance) {
        const long long before = chance_.nodes();
        chance_.setNodeLimit(limit);
        const std::vector<MoveExpectation> values = chance_.values(d.sim());
        used += chance_.nodes() - before;
        if (chance_.aborted()) break;
        for (const MoveExpectation& v : values)
          credit(v.move, [&](MoveScore& ms) { ms.addExpected(v.value.points, (v.value.win + 1) / 2, w); });
      } else {
        const long long before = solver_.nodes();
        solver_.setNodeLimit(limit);
        const std::vector<MoveValue> values = solver_.values(d.sim());
        used += solver_.nodes() - before;
        if (solver_.aborted()) break;
        for (const MoveValue& v : values) credit(v.move, [&](MoveScore& ms) { ms.add(v.value, w); });
      }
      ++deals;
    }
    if (deals < minDeals) return false;
    score = s;
    how = fill(WP_("exact play on {0} sampled deal of the hidden tiles",
                   "exact play on {0} sampled deals of the hidden tiles", deals),
               {std::to_string(deals)});
    return true;
  }

  // Monte Carlo with successive halving over a set of sampled deals (sampling a deal costs more
  // than a playout, so each deal serves several playouts): every surviving move is played out on
  // the same deals; after each stage the worse half drops out.
  void monteCarlo(const Observation& o, Determinized& d, std::vector<MoveScore>& score, std::string& how) {
    const bool equity = byEquity(o);
    if (equity) equity_ = &equityTableFor(o.rules);
    const long long budget = searchPlayouts(o.rules, opt_.ms);
    const auto [deals, weights, heavyFirst] = sampleDeals(o, d, static_cast<std::size_t>(expertDeals(opt_.ms)));
    const PlayoutModel model = playoutModel(o);
    std::vector<std::size_t> alive(score.size());
    std::iota(alive.begin(), alive.end(), 0);
    int stages = 0;
    for (std::size_t k = alive.size(); k > 1; k = (k + 1) / 2) ++stages;
    std::size_t next = 0;
    for (int stage = 0; stage < stages; ++stage) {
      const long long perMove = std::max<long long>(1, budget / (stages * static_cast<long long>(alive.size())));
      for (long long k = 0; k < perMove && !stopped(); ++k) {
        d.use(deals[next]);
        const double w = weights[next];
        next = (next + 1) % deals.size();
        for (std::size_t i : alive) {
          const int pts = d.playoutAfter(o.legal.moves[i], prng_, model);
          score[i].add(pts, w);
          if (equity) score[i].equity += w * equityAfter(o, pts);
        }
      }
      std::stable_sort(alive.begin(), alive.end(),
                       [&](std::size_t a, std::size_t b) { return better(o, score[a], score[b]); });
      alive.resize((alive.size() + 1) / 2);
    }
    how = playedOutWords(o, deals.size());
  }

  // Information-set Monte Carlo tree search (single observer): one tree over the moves as the
  // observer sees them (the opponent's draws are one edge, whatever they bring). Each iteration
  // takes a sampled deal (in proportion to its weight), walks the tree from the root choosing among
  // the moves legal in that deal by UCB1 with availability counts (a child's exploration term counts
  // the iterations in which it was legal, not its parent's visits), adds one node, plays out with
  // the playouts' greedy shares and backs the result up, each node valued for the player whose move
  // it is. The move played is the root's most visited child.
  struct TreeNode {
    Move move;
    std::uint8_t mover = 0;       // idx of the player who made `move`
    double reward = 0;            // the mover's rewards (win 1, tie 0.5, loss 0), summed
    double points = 0, wins = 0;  // the observer's, summed (for the reason)
    double visits = 0, avail = 0;
    std::vector<std::uint32_t> children;
  };
  void treeSearch(const Observation& o, Determinized& d, std::vector<MoveScore>& score, std::string& how) {
    const long long iterations = std::max<long long>(64, searchPlayouts(o.rules, opt_.ms) / 3);
    const auto [deals, weights, heavyFirst] = sampleDeals(o, d, static_cast<std::size_t>(expertDeals(opt_.ms)));
    double total = 0;
    const std::vector<double> cumulative = cumulativeWeights(weights, deals.size(), total);
    const bool rounds = o.rules.target == 0;
    const std::size_t me = static_cast<std::size_t>(idx(o.me));
    const PlayoutModel model = playoutModel(o);
    // The tree grows by a node an iteration, up to a million nodes (about 80 MB; a budget of
    // ms=50 makes 25,000): past that, iterations play out from the leaf they reach.
    const std::size_t cap = static_cast<std::size_t>(std::min<long long>(iterations + 1, 1 << 20));
    std::vector<TreeNode> tree(1);
    tree.reserve(cap);
    std::vector<std::uint32_t> path;
    for (long long it = 0; it < iterations && !stopped(); ++it) {
      const double x = std::ldexp(static_cast<double>(rng_()), -32) * total;
      const auto k =
          static_cast<std::size_t>(std::upper_bound(cumulative.begin(), cumulative.end(), x) - cumulative.begin());
      d.use(deals[std::min(k, deals.size() - 1)]);
      PlayoutPosition p = d.position();
      descend(o, tree, cap, p, path);
      if (!p.s.over()) (void)playoutMixed(o.rules, p, prng_, model);
      const int pts = pointsFor(p.s, o.me);
      const double mine = rounds ? (pts > 0 ? 1.0 : pts == 0 ? 0.5 : 0.0) : std::clamp(0.5 + pts / 100.0, 0.0, 1.0);
      backUp(tree, path, pts, mine, me);
    }
    rootScores(o, tree, score);
    how = playedOutWords(o, deals.size());
  }

  // The running sums of the n deals' weights (total: the last), for picking a deal in proportion to
  // its weight; all alike when no deal explains the plays under the model.
  static std::vector<double> cumulativeWeights(const std::vector<double>& weights, std::size_t n, double& total) {
    std::vector<double> cumulative(n);
    total = 0;
    for (std::size_t k = 0; k < n; ++k) cumulative[k] = total += weights[k];
    if (!(total > 0)) {  // no deal explains the plays under the model: weigh them all alike
      for (std::size_t k = 0; k < n; ++k) cumulative[k] = static_cast<double>(k + 1);
      total = static_cast<double>(n);
    }
    return cumulative;
  }

  // One iteration's walk from the root in the deal p: UCB1 among the known moves while every legal
  // move has a node, then one new node (below cap) for an untried move. p ends at the leaf reached;
  // path holds the nodes walked.
  void descend(const Observation& o, std::vector<TreeNode>& tree, std::size_t cap, PlayoutPosition& p,
               std::vector<std::uint32_t>& path) {
    std::uint32_t node = 0;
    path.clear();
    while (!p.s.over()) {
      const MoveList legal = p.s.legalMoves(o.rules, p.table.fits);
      std::array<int, 64> untried{};
      int nu = 0;
      const std::uint32_t pick = ucbChild(tree, node, legal, untried, nu);
      if (nu > 0) {
        const Move m = legal.moves[untried[static_cast<std::size_t>(rng_(static_cast<std::uint32_t>(nu)))]];
        if (tree.size() >= cap) {  // full: play the move out without a node
          p.apply(o.rules, m);
          break;
        }
        TreeNode child;
        child.move = m;
        child.mover = static_cast<std::uint8_t>(idx(p.s.turn));
        child.avail = 1;
        tree.push_back(std::move(child));
        const auto id = static_cast<std::uint32_t>(tree.size() - 1);
        tree[node].children.push_back(id);
        p.apply(o.rules, m);
        path.push_back(id);
        break;
      }
      p.apply(o.rules, tree[pick].move);
      path.push_back(pick);
      node = pick;
    }
  }

  // Among node's children legal in this deal (their availability counted): the best by UCB1. The
  // legal moves without a child are listed in untried[0..nu).
  std::uint32_t ucbChild(std::vector<TreeNode>& tree, std::uint32_t node, const MoveList& legal,
                         std::array<int, 64>& untried, int& nu) const {
    std::uint32_t pick = 0;
    double bestU = -1;
    for (int j = 0; j < legal.size; ++j) {
      std::uint32_t found = 0;
      for (std::uint32_t c : tree[node].children)
        if (tree[c].move.same(legal.moves[j])) {
          found = c;
          break;
        }
      if (!found) {
        untried[static_cast<std::size_t>(nu++)] = j;
        continue;
      }
      TreeNode& c = tree[found];
      c.avail += 1;
      const double u = c.reward / c.visits + opt_.tree * std::sqrt(std::log(c.avail) / c.visits);
      if (u > bestU) {
        bestU = u;
        pick = found;
      }
    }
    return pick;
  }

  // Backs a playout's result up the nodes walked: mine is the observer's reward, pts their points.
  static void backUp(std::vector<TreeNode>& tree, const std::vector<std::uint32_t>& path, int pts, double mine,
                     std::size_t me) {
    for (std::uint32_t c : path) {
      TreeNode& t = tree[c];
      t.visits += 1;
      t.reward += t.mover == me ? mine : 1 - mine;
      t.points += pts;
      t.wins += pts > 0 ? 1 : pts == 0 ? 0.5 : 0;
    }
  }

  // The root's children's sums, as the scores of the legal moves they are.
  static void rootScores(const Observation& o, const std::vector<TreeNode>& tree, std::vector<MoveScore>& score) {
    for (std::uint32_t c : tree[0].children)
      for (std::size_t i = 0; i < score.size(); ++i)
        if (o.legal.moves[i].same(tree[c].move)) {
          MoveScore& ms = score[i];
          ms.points = tree[c].points;
          ms.wins = tree[c].wins;
          ms.weight = tree[c].visits;
          ms.n = static_cast<long long>(tree[c].visits);
          break;
        }
  }

  // The deals of a search and their weights. Without the heavy-first model: n deals uniform over
  // what the draws and passes allow, each weighed by its likelihood under the playouts' model. With
  // it (opt_.heavy > 0): those deals tell the posterior q that the opponent plays heavy-first
  // (heavyFirstPosterior), and the weights become the mixture of the two kinds of opponent: the
  // heavy-first deals among them, with more from the HeavyFirst sampler up to q * n of them, share
  // q equally; all n share 1 - q by their likelihood. In a random order, so that a search that
  // stops early keeps the mixture.
  struct Deals {
    std::vector<Hidden> deals;
    std::vector<double> weights;
    double heavyFirst = -1;  // the posterior q (below 0: the model was not used)
  };
  Deals sampleDeals(const Observation& o, Determinized& d, std::size_t n) {
    Deals out;
    out.deals.reserve(n);
    out.weights.reserve(n);
    for (std::size_t k = 0; k < n; ++k) {
      if (k > 0 && stopped()) {  // no longer wanted: the deals so far (at least one) will do
        n = k;
        break;
      }
      out.deals.push_back(d.draw(rng_));
      out.weights.push_back(likelihood(o, out.deals.back()));
    }
    if (!(opt_.heavy > 0) || !d.uniform()) return out;
    std::vector<char> heavy(n);
    std::size_t have = 0;
    double sum = 0;
    for (std::size_t k = 0; k < n; ++k) {
      heavy[k] = likelihoodOfPlays(o, out.deals[k], 1.0) > 0;
      have += heavy[k] ? 1 : 0;
      out.weights[k] = likelihoodOfPlays(o, out.deals[k], opt_.likelihood);  // the other kind's model
      sum += out.weights[k];
    }
    const double q = posterior(opt_.heavy, static_cast<double>(have), sum);
    out.heavyFirst = q;
    const auto want = static_cast<std::size_t>(std::lround(q * static_cast<double>(n)));
    std::size_t extra = 0;
    for (; have + extra < want && d.heavyFirstUniform(); ++extra) {
      Hidden h = d.drawHeavyFirst(rng_);
      if (!d.heavyFirstUniform()) break;  // no uniform heavy-first deal: the sample's own only
      out.deals.push_back(std::move(h));
    }
    out.deals.resize(n + extra);
    if (have + extra == 0) return out;
    const double each = q / static_cast<double>(have + extra);
    for (std::size_t k = 0; k < n; ++k) out.weights[k] = (1 - q) * out.weights[k] / sum + (heavy[k] ? each : 0);
    out.weights.resize(n + extra, each);
    for (std::size_t i = out.deals.size(); i > 1; --i) {
      const std::size_t j = bounded(rng_, static_cast<std::uint32_t>(i));
      std::swap(out.deals[i - 1], out.deals[j]);
      std::swap(out.weights[i - 1], out.weights[j]);
    }
    return out;
  }
  // "2500 sampled deals of the hidden tiles, played out with 50% of B's placements heaviest-first and
  // 100% of mine by the tips' policy, 50% of mine first blocking B where I know B cannot follow"
  // (with policy=0: "... played out with 50% of the placements heaviest-first, 50% of mine ...").
  std::string playedOutWords(const Observation& o, std::size_t deals) const {
    const auto n = static_cast<long>(deals);
    const auto pattern =
        /* xgettext:no-c-format */
        WP_("{0} sampled deal of the hidden tiles, played out with {1}% of the placements heaviest-first",
            "{0} sampled deals of the hidden tiles, played out with {1}% of the placements heaviest-first", n);
    auto percent = [](double f) { return std::to_string(std::lround(std::clamp(f, 0.0, 1.0) * 100)); };
    const std::string opp(1, letter(o.opponent()));
    std::string s = fill(pattern, {std::to_string(deals), percent(opt_.greedy)});
    if (opt_.policy > 0) {
      const auto withPolicy =
          /* xgettext:no-c-format */
          WP_("{0} sampled deal of the hidden tiles, played out with {1}% of {2}'s placements heaviest-first and "
              "{3}% of mine by the tips' policy",
              "{0} sampled deals of the hidden tiles, played out with {1}% of {2}'s placements heaviest-first and "
              "{3}% of mine by the tips' policy",
              n);
      s = fill(withPolicy, {std::to_string(deals), percent(opt_.opponent < 0 ? opt_.greedy : opt_.opponent), opp,
                            percent(opt_.policy)});
    }
    if (opt_.block > 0) /* xgettext:no-c-format */
      s = fill(W_("{0}, {1}% of mine first blocking {2} where I know {2} cannot follow"),
               {s, percent(opt_.block), opp});
    return s;
  }

  // The playouts' model, per player index: mine and the opponent's.
  PlayoutModel playoutModel(const Observation& o) const {
    const std::size_t me = static_cast<std::size_t>(idx(o.me));
    PlayoutModel m;
    m.greedy[me] = greedy_;
    m.greedy[1 - me] = opponentGreedy_;
    m.block[me] = block_;
    m.block[1 - me] = opponentBlock_;
    m.policy[me] = policy_;
    m.policy[1 - me] = opponentPolicy_;
    return m;
  }

  // The chance to win the match after a round that ends with pts for me.
  double equityAfter(const Observation& o, int pts) const {
    const int x = o.rules.target - o.scores[static_cast<std::size_t>(idx(o.me))];
    const int y = o.rules.target - o.scores[static_cast<std::size_t>(idx(o.opponent()))];
    return pts > 0 ? equityIn(*equity_, o.rules.target, x - pts, y) : equityIn(*equity_, o.rules.target, x, y + pts);
  }

  double likelihood(const Observation& o, const Hidden& h) const {
    return opt_.likelihood > 0 ? likelihoodOfPlays(o, h, opt_.likelihood) : 1.0;
  }
  static std::uint32_t share(double f) { return static_cast<std::uint32_t>(std::clamp(f, 0.0, 1.0) * 4294967295.0); }
  ExpertOptions opt_;
  std::uint32_t greedy_, opponentGreedy_, block_, opponentBlock_, policy_, opponentPolicy_;
  const std::vector<double>* equity_ = nullptr;  // the rules' matchEquity table (byEquity)
  pcg32 rng_;
  PlayoutRng prng_;
  Solver solver_;
  ChanceSolver chance_;
};

}  // namespace

double matchEquity(const Rules& r, int x, int y) {
  if (x <= 0 || y <= 0 || r.target <= 0) return x <= 0 ? 1 : y <= 0 ? 0 : 0.5;
  return equityIn(equityTableFor(r), r.target, x, y);
}

double playLikelihood(const Observation& o, const Hidden& h, double g) { return likelihoodOfPlays(o, h, g); }

double heavyFirstPosterior(const Observation& o, const std::vector<Hidden>& deals, double prior, double g) {
  double zg = 0, zm = 0;
  for (const Hidden& h : deals) {
    zg += likelihoodOfPlays(o, h, 1.0) > 0 ? 1 : 0;
    zm += likelihoodOfPlays(o, h, g);
  }
  return posterior(prior, zg, zm);
}

std::unique_ptr<Computer> makeExpert(const ExpertOptions& opt, std::uint64_t seed) {
  return std::make_unique<Expert>(opt, seed);
}

}  // namespace dom::ai
