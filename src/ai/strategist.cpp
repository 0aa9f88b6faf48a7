// SPDX-License-Identifier: MIT
// The strategist: each legal move scored by the seed's tips, the best one played, its reason in words.
#include "ai/strategist.h"

#include <algorithm>
#include <bit>

#include "ai/inference.h"
#include "core/layout.h"
#include "core/reason.h"

namespace dom::ai {
namespace {

int distinctNumbers(Mask hand) {
  int n = 0;
  for (int v = 0; v <= 6; ++v) n += (hand & suitMask(v)) != 0;
  return n;
}

// The table under layout=free, rebuilt from the line as laid (as Match::startSetup does).
FreeBoard boardOf(const Observation& o) {
  FreeBoard b(o.rules.tableW, o.rules.tableH);
  if (o.laid.empty()) return b;
  b.lead(o.laid[o.leadIndex].tile);
  for (int i = o.leadIndex - 1; i >= 0; --i) b.play(End::L, o.laid[i].tile, o.laid[i].heading);
  for (int i = o.leadIndex + 1; i < static_cast<int>(o.laid.size()); ++i)
    b.play(End::R, o.laid[i].tile, o.laid[i].heading);
  return b;
}

// What each tip adds to a move's score; the reason compares a move's tips with the other moves'.
enum Tip : int { Weight, Variety, Mine, Block, Lacked, Scarce, Room, Stuck, kTips };
struct Term {
  double value = 0;
  std::string words;
  Tip tip = Weight;
};

class Strategist final : public Computer {
 public:
  explicit Strategist(const StrategistWeights& w) : w_(w) {}
  std::string name() const override { return "strategist"; }

  Decision decide(const Observation& o) override {
    if (o.legal.size <= 1) {
      const Move m = o.legal.empty() ? Move{MoveKind::Pass} : o.legal.moves[0];
      return {m, forcedWords(o, m)};
    }
    const Mask no = cannotHold(o);
    const std::array<bool, 7> lacked = lackedNumbers(o);
    const bool free = o.rules.layout == LayoutRule::Free;
    FreeBoard board;
    if (free) board = boardOf(o);

    int best = -1;
    double bestScore = 0;
    std::vector<Term> bestTerms;
    std::array<double, kTips> mean{};  // each tip's mean value over the legal moves
    for (int i = 0; i < o.legal.size; ++i) {
      std::vector<Term> terms = termsOf(o, o.legal.moves[i], no, lacked, free, board);
      double score = 0;
      for (const Term& x : terms) {
        score += x.value;
        mean[x.tip] += x.value / o.legal.size;
      }
      if (best < 0 || score > bestScore + 1e-9) {
        best = i;
        bestScore = score;
        bestTerms = std::move(terms);
      }
    }
    const Move m = o.legal.moves[best];
    return {m, fill(W_("{0}: {1}"), {moveWords(o, m), reasonWords(bestTerms, mean)})};
  }

 private:
  // The table's ends and fits after a move.
  struct After {
    std::array<int, 2> ends{};
    Fits fits = kSnakeFits;
  };

  // The numbers the opponent lacked at their last draw or pass (they may have drawn one since).
  static std::array<bool, 7> lackedNumbers(const Observation& o) {
    std::array<bool, 7> lacked{};
    for (auto it = o.history.rbegin(); it != o.history.rend(); ++it) {
      if (it->who != o.opponent() || it->move.kind == MoveKind::Play || it->ends[0] < 0) continue;
      for (int v = 0; v <= 6; ++v) lacked[v] = (it->placeable & suitMask(v)) != 0;
      break;
    }
    return lacked;
  }

  // The ends and fits after m; board is the table now under layout=free.
  static After afterMove(const Observation& o, const Move& m, bool free, const FreeBoard& board) {
    After a;
    const Tile t = m.tile;
    if (m.isLead()) {
      a.ends = {m.leftPip, otherHalf(t, m.leftPip)};
      if (free) {
        FreeBoard b(o.rules.tableW, o.rules.tableH);
        b.lead(t);
        a.fits = b.fits();
      }
    } else {
      a.ends = {o.ends[0], o.ends[1]};
      const int e = static_cast<int>(m.end);
      a.ends[e] = otherHalf(t, o.ends[e]);
      if (free) {
        FreeBoard b = board;
        b.play(m.end, t, m.heading);
        a.fits = b.fits();
      } else {
        a.fits = o.fits;
      }
    }
    return a;
  }

  // Every tip's term for move m: its tile, the ends it leaves, the chance the opponent is stuck.
  std::vector<Term> termsOf(const Observation& o, const Move& m, Mask no, const std::array<bool, 7>& lacked, bool free,
                            const FreeBoard& board) const {
    std::vector<Term> terms;
    const Tile t = m.tile;
    const Mask after = o.hand & ~bit(t);
    const After a = afterMove(o, m, free, board);
    const Mask unseenMaybe = o.unseen() & ~bit(t) & ~no;
    tileTerms(t, after, terms);
    endTerms(o, t, after, unseenMaybe, lacked, a, terms);
    terms.push_back(stuckTerm(o, unseenMaybe, a));
    return terms;
  }

  // The tile's weight, and the numbers the hand keeps without it (after).
  void tileTerms(Tile t, Mask after, std::vector<Term>& terms) const {
    const bool heavy = weight(t) >= 8;
    if (isDouble(t))
      terms.push_back({w_.heavy * weight(t) + w_.dbl,
                       heavy ? W_("a heavy double, played early") : W_("a double, gone while it still plays"), Weight});
    else
      terms.push_back({w_.heavy * weight(t), heavy ? W_("a heavy tile, played early") : "", Weight});
    const int variety = distinctNumbers(after);
    terms.push_back(
        {w_.variety * variety,
         fill(WP_("keeps {0} different numbers in my hand", "keeps {0} different numbers in my hand", variety),
              {std::to_string(variety)}),
         Variety});
  }

  // Each distinct end after the move: room at it, my tiles of its number, the opponent's.
  void endTerms(const Observation& o, Tile t, Mask after, Mask unseenMaybe, const std::array<bool, 7>& lacked,
                const After& a, std::vector<Term>& terms) const {
    const bool same = a.ends[0] == a.ends[1];
    for (int e = 0; e < (same ? 1 : 2); ++e) {
      const int v = a.ends[e];
      Mask fitHere = a.fits[e].tiles();
      if (same) fitHere |= a.fits[1].tiles();
      if (!fitHere) {
        terms.push_back({-w_.room, "", Room});
        continue;
      }
      const Mask suit = suitMask(v) & fitHere;
      const int mine = count(after & suit);
      if (mine)
        terms.push_back({w_.mine * std::min(mine, 3),
                         fill(WP_("leaves {0} on the ends, which I hold once",
                                  "leaves {0} on the ends, which I hold {1} times", mine),
                              {std::to_string(v), std::to_string(mine)}),
                         Mine});
      const int out = count(unseenMaybe & suit);
      const std::string opp(1, letter(o.opponent()));
      if (out == 0 && (o.unseen() & suitMask(v) & ~bit(t)) != 0)
        terms.push_back({w_.block,
                         fill(W_("leaves {0} at an end: {1} cannot have a {0} (it drew or passed at it)"),
                              {std::to_string(v), opp}),
                         Block});
      else if (out == 0)
        terms.push_back({w_.block,
                         fill(W_("leaves {0} at an end: every {0} is on the table or mine"), {std::to_string(v)}),
                         Block});
      else if (lacked[v])
        terms.push_back(
            {w_.lacked,
             fill(W_("leaves {0} at an end: {1} had no {0} when it last drew or passed"), {std::to_string(v), opp}),
             Lacked});
      terms.push_back({-w_.scarce * out, "", Scarce});
    }
  }

  // The chance that no tile of the opponent's matches either new end: their hand is a uniform
  // draw of opponentCount tiles among the unseen ones they may hold.
  Term stuckTerm(const Observation& o, Mask unseenMaybe, const After& a) const {
    Mask matching = 0;
    for (int e = 0; e < 2; ++e) matching |= suitMask(a.ends[e]) & a.fits[e].tiles();
    const int pool = count(unseenMaybe), hits = count(unseenMaybe & matching), k = o.opponentCount;
    double none = 1;
    for (int j = 0; j < k; ++j) none *= pool - hits - j > 0 ? double(pool - hits - j) / double(pool - j) : 0.0;
    if (k > pool) none = 0;
    return {w_.stuck * none,
            none > 0.5
                ? fill(W_("{0} most likely holds nothing for these ends"), {std::string(1, letter(o.opponent()))})
                : "",
            Stuck};
  }

  // The reason: the two tips that speak most for the move (its terms) against the average legal move.
  static std::string reasonWords(const std::vector<Term>& bestTerms, const std::array<double, kTips>& mean) {
    std::array<double, kTips> mine{};
    std::array<std::string, kTips> words;
    for (const Term& x : bestTerms) {
      mine[x.tip] += x.value;
      if (words[x.tip].empty() && x.value > 0) words[x.tip] = x.words;
    }
    std::array<int, kTips> order{};
    for (int k = 0; k < kTips; ++k) order[k] = k;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return mine[a] - mean[a] > mine[b] - mean[b]; });
    std::string why;
    int said = 0;
    for (int k : order) {
      if (words[k].empty() || mine[k] - mean[k] <= 1e-9 || said == 2) continue;
      why = said ? fill(W_("{0}, and {1}"), {why, words[k]}) : words[k];
      ++said;
    }
    if (why.empty()) why = W_("the best balance of the tips");
    return why;
  }

  StrategistWeights w_;
};

}  // namespace

std::unique_ptr<Computer> makeStrategist(std::uint64_t, const StrategistWeights& w) {
  return std::make_unique<Strategist>(w);
}

}  // namespace dom::ai
