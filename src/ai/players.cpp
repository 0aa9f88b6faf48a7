// SPDX-License-Identifier: MIT
// The player catalog and the random and greedy players.
#include "ai/players.h"

#include <cmath>
#include <cstdio>

#include "ai/engine.h"
#include "ai/expert.h"
#include "ai/flatmc.h"
#include "ai/strategist.h"
#include "core/reason.h"

namespace dom::ai {

std::string moveWords(const Observation& o, const Move& m) {
  switch (m.kind) {
    case MoveKind::Draw: return W_("draw");
    case MoveKind::Pass: return W_("pass");
    case MoveKind::Play: break;
  }
  if (m.end == End::None) return tileText(m.leftPip, otherHalf(m.tile, m.leftPip));
  const int match = o.ends[static_cast<int>(m.end)];
  const std::string tile = tileText(match, otherHalf(m.tile, match)), end(1, letter(m.end));
  if (o.rules.layout == LayoutRule::Free && m.heading != Heading::Straight)
    return fill(W_("{0} at {1}, {2}"), {tile, end, headingWord(m.heading)});
  return fill(W_("{0} at {1}"), {tile, end});
}

std::string forcedWords(const Observation& o, const Move& m) {
  if (m.kind == MoveKind::Draw) return W_("draw: no tile of mine can be placed");
  if (m.kind == MoveKind::Pass) return W_("pass: no tile of mine can be placed and the stock cannot be drawn from");
  if (m.isLead() && o.forcedLead != kNoTile) return fill(W_("{0}: the rules make me lead it"), {moveWords(o, m)});
  return fill(W_("{0}: my only move"), {moveWords(o, m)});
}

namespace {

class RandomPlayer final : public Computer {
 public:
  explicit RandomPlayer(std::uint64_t seed) : rng_(seed, 0x5eed) {}
  std::string name() const override { return "random"; }
  Decision decide(const Observation& o) override {
    const Move m = randomMove(o, rng_);
    if (o.legal.size <= 1) return {m, forcedWords(o, m)};
    return {m, fill(WP_("{0}: picked at random among {1} legal move", "{0}: picked at random among {1} legal moves",
                        static_cast<long>(o.legal.size)),
                    {moveWords(o, m), std::to_string(o.legal.size)})};
  }

 private:
  pcg32 rng_;
};

class GreedyPlayer final : public Computer {
 public:
  std::string name() const override { return "greedy"; }
  Decision decide(const Observation& o) override {
    const Move m = greedyMove(o);
    if (o.legal.size <= 1) return {m, forcedWords(o, m)};
    return {m, fill(W_("{0}: my heaviest tile that can be placed"), {moveWords(o, m)})};
  }
};

}  // namespace

const std::vector<PlayerInfo>& playerCatalog() {
  static const std::vector<PlayerInfo> catalog{
      {"random", "Random", "plays any legal move, at random"},
      {"greedy", "Greedy", "plays its heaviest tile that can be placed"},
      {"strategist", "Strategist",
       "the tips of a club player: heavy tiles and doubles early, keeps a variety of numbers, reads the "
       "opponent's draws and passes"},
      {"flatmc", "Flat Monte Carlo",
       "flatmc:K: K sampled deals of the hidden tiles per move, played out at random; the best mean wins"},
      {"expert", "Expert",
       "expert[:ms=N]: searches the deals the history allows, exactly when few tiles are unknown (N ms, default 50)"},
  };
  return catalog;
}

const std::vector<std::string>& playerNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& p : playerCatalog()) v.push_back(p.name);
    return v;
  }();
  return names;
}

namespace {

// A positive decimal number of at most 7 digits, or 0.
int specNumber(std::string_view s) {
  if (s.empty() || s.size() > 7) return 0;
  int n = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return 0;
    n = n * 10 + (c - '0');
  }
  return n;
}

std::string flatmcSpecError(std::string_view spec) {
  if (spec.starts_with("flatmc:") && specNumber(spec.substr(7)) >= 1) return {};
  return "player '" + std::string(spec) +
         "': flatmc needs its number of deals per move, flatmc:K with K from 1 to 9999999";
}

// A fraction 0 to 1 written with at most 4 decimals ("0.5", "1", ".25"), or -1.
double specFraction(std::string_view s) {
  if (s.empty() || s.size() > 6) return -1;
  double v = 0, scale = 0;
  for (char c : s) {
    if (c == '.' && scale == 0) {
      scale = 1;
      continue;
    }
    if (c < '0' || c > '9') return -1;
    if (scale == 0) {
      v = v * 10 + (c - '0');
    } else {
      scale /= 10;
      v += (c - '0') * scale;
    }
  }
  return s == "." || v > 1 ? -1 : v;
}

// "expert" with optional KEY=VALUE settings after a colon, comma-separated: ms=N (1 to 9999999),
// exact=T (0 to 28 tiles in play), greedy=G, infer=L, opp=H, tree=C, heavy=P, block=B, oblock=B, policy=T and
// opolicy=T (0 to 1), chance=0|1, match=0|1. An error
// names the bad part.
std::string parseExpert(std::string_view spec, ExpertOptions& opt) {
  const std::string bad = "player '" + std::string(spec) + "': ";
  if (spec == "expert") return {};
  if (!spec.starts_with("expert:"))
    return bad + "expert takes optional settings after a colon, e.g. expert:ms=200 or expert:ms=50,greedy=0.5";
  std::string_view rest = spec.substr(7);
  bool seen[13] = {};
  while (true) {
    const std::size_t comma = rest.find(',');
    const std::string_view part = rest.substr(0, comma);
    const std::size_t eq = part.find('=');
    const std::string_view key = part.substr(0, eq), value = eq == std::string_view::npos ? "" : part.substr(eq + 1);
    const int k = key == "ms"        ? 0
                  : key == "exact"   ? 1
                  : key == "greedy"  ? 2
                  : key == "infer"   ? 3
                  : key == "opp"     ? 4
                  : key == "chance"  ? 5
                  : key == "tree"    ? 6
                  : key == "heavy"   ? 7
                  : key == "block"   ? 8
                  : key == "oblock"  ? 9
                  : key == "policy"  ? 10
                  : key == "opolicy" ? 11
                  : key == "match"   ? 12
                                     : -1;
    if (k < 0 || eq == std::string_view::npos)
      return bad + "unknown setting '" + std::string(part) +
             "' (expert settings: ms=N, exact=T, greedy=G, infer=L, opp=H, chance=0|1, tree=C, heavy=P, block=B, "
             "oblock=B, policy=T, opolicy=T, match=0|1)";
    if (seen[k]) return bad + "'" + std::string(key) + "' is given twice";
    seen[k] = true;
    if (k == 0) {
      if ((opt.ms = specNumber(value)) < 1) return bad + "ms=N takes a time budget N from 1 to 9999999";
    } else if (k == 5) {
      if (value != "0" && value != "1")
        return bad + "chance=0|1 takes 1 (draws are chance nodes in the exact endgame) or 0 (the stock's order known)";
      opt.chance = value == "1";
    } else if (k == 12) {
      if (value != "0" && value != "1")
        return bad + "match=0|1 takes 1 (a match's moves ranked by the chance to win the match) or 0 (by points)";
      opt.match = value == "1";
    } else if (k == 1) {
      const int t = value == "0" ? 0 : specNumber(value);
      if ((t < 1 && value != "0") || t > 28) return bad + "exact=T takes a number of tiles in play T from 0 to 28";
      opt.exactTiles = t;
    } else {
      const double f = specFraction(value);
      const char* name = k == 2 ? "G" : k == 3 ? "L" : k == 4 ? "H" : k == 6 ? "C" : k >= 10 ? "T" : k >= 8 ? "B" : "P";
      if (f < 0) return bad + std::string(key) + "=" + name + " takes a fraction " + name + " from 0 to 1";
      (k == 2    ? opt.greedy
       : k == 3  ? opt.likelihood
       : k == 4  ? opt.opponent
       : k == 6  ? opt.tree
       : k == 8  ? opt.block
       : k == 9  ? opt.opponentBlock
       : k == 10 ? opt.policy
       : k == 11 ? opt.opponentPolicy
                 : opt.heavy) = f;
    }
    if (comma == std::string_view::npos) return {};
    rest = rest.substr(comma + 1);
  }
}

// A spec split from its `random=P` setting (any player's: "strategist:random=0.3",
// "flatmc:200,random=0.1", "expert:ms=5,random=0.2"): the rest of the spec and P, or an error.
struct Slip {
  std::string inner;
  double share = 0;
  bool given = false;
  std::string error;
};

Slip splitSlip(std::string_view spec) {
  Slip s;
  const std::size_t colon = spec.find(':');
  if (colon == std::string_view::npos) {
    s.inner = spec;
    return s;
  }
  s.inner = spec.substr(0, colon);
  std::string kept;
  std::string_view rest = spec.substr(colon + 1);
  while (true) {
    const std::size_t comma = rest.find(',');
    const std::string_view part = rest.substr(0, comma);
    if (part.starts_with("random=")) {
      if (s.given) s.error = "player '" + std::string(spec) + "': 'random' is given twice";
      s.given = true;
      s.share = specFraction(part.substr(7));
      if (s.share < 0) s.error = "player '" + std::string(spec) + "': random=P takes a fraction P from 0 to 1";
    } else {
      if (part.empty() && s.error.empty()) s.error = "player '" + std::string(spec) + "': an empty setting";
      kept += (kept.empty() ? "" : ",") + std::string(part);
    }
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  if (!s.given) {
    s.error.clear();  // untouched: its own parser judges it ("expert:" stays an error)
    s.inner = spec;
  } else if (!kept.empty()) {
    s.inner += ":" + kept;
  }
  return s;
}

// The share written back as the spec reads it: at most four decimals, no trailing zeros ("0.25").
std::string shareText(double share) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.4f", share);
  std::string t = buf;
  while (t.back() == '0') t.pop_back();
  if (t.back() == '.') t.pop_back();
  return t;
}

// "SPEC:random=P": a move chosen uniformly at random with chance P wherever there is a choice, the
// player of SPEC's otherwise (the ladder's levels between two players: docs/players.md, Levels).
class SlipPlayer final : public Computer {
 public:
  SlipPlayer(std::unique_ptr<Computer> inner, double share, std::uint64_t seed)
      : inner_(std::move(inner)), share_(share), rng_(seed, 0x511b) {
    const std::string n = inner_->name();
    name_ = n + (n.find(':') == std::string::npos ? ":" : ",") + "random=" + shareText(share);
  }
  std::string name() const override { return name_; }
  Decision decide(const Observation& o) override {
    // Drawn at every choice of more than one move, from its own generator: the inner player's
    // decisions never change which choices slip.
    const bool slip = o.legal.size > 1 && std::ldexp(static_cast<double>(rng_()), -32) < share_;
    if (!slip) {
      inner_->setStop(stopFlag());
      return inner_->decide(o);
    }
    const Move m = randomMove(o, rng_);
    return {m, fill(W_("{0}: chosen at random, as this level does on {1} in 100 of its moves"),
                    {moveWords(o, m), std::to_string(static_cast<int>(std::lround(share_ * 100)))})};
  }

 private:
  std::unique_ptr<Computer> inner_;
  double share_;
  pcg32 rng_;
  std::string name_;
};

std::string baseSpecError(std::string_view spec) {
  if (spec == "random" || spec == "greedy" || spec == "strategist") return {};
  if (spec.starts_with("flatmc")) return flatmcSpecError(spec);
  if (spec.starts_with("expert")) {
    ExpertOptions opt;
    return parseExpert(spec, opt);
  }
  std::string names;
  for (const auto& p : playerCatalog()) names += (names.empty() ? "" : ", ") + p.name;
  return "unknown player '" + std::string(spec) + "' (players: " + names + ", or an outside engine, engine:CMD)";
}

std::unique_ptr<Computer> makeBase(std::string_view spec, std::uint64_t seed) {
  if (spec == "random") return std::make_unique<RandomPlayer>(seed);
  if (spec == "greedy") return std::make_unique<GreedyPlayer>();
  if (spec == "strategist") return makeStrategist(seed);
  if (spec.starts_with("flatmc:")) return makeFlatMC(specNumber(spec.substr(7)), seed);
  if (spec.starts_with("expert")) {
    ExpertOptions opt;
    (void)parseExpert(spec, opt);
    return makeExpert(opt, seed);
  }
  return nullptr;
}

}  // namespace

// "engine:CMD" and "engine[SETTINGS]:CMD": an outside engine (docs/engine-protocol.md).
bool isEngineSpec(std::string_view spec) { return spec.starts_with("engine:") || spec.starts_with("engine["); }

std::string playerSpecError(std::string_view spec) {
  if (spec == "engine" || isEngineSpec(spec)) {
    EngineSettings settings;
    return parseEngineSpec(spec, settings);
  }
  const Slip s = splitSlip(spec);
  if (!s.error.empty()) return s.error;
  if (s.given && s.inner == "random")
    return "player '" + std::string(spec) + "': random=P needs a player other than random";
  const std::string e = baseSpecError(s.inner);
  return e.empty() || !s.given ? e : e + " (in '" + std::string(spec) + "')";
}

std::unique_ptr<Computer> makePlayer(std::string_view spec, std::uint64_t seed) {
  if (!playerSpecError(spec).empty()) return nullptr;
  if (isEngineSpec(spec)) {
    EngineSettings settings;
    (void)parseEngineSpec(spec, settings);
    return std::make_unique<EnginePlayer>(std::move(settings), seed);
  }
  const Slip s = splitSlip(spec);
  auto inner = makeBase(s.inner, seed);
  if (!s.given || !inner) return inner;
  return std::make_unique<SlipPlayer>(std::move(inner), s.share, seed);
}

}  // namespace dom::ai
