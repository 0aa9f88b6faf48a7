// SPDX-License-Identifier: MIT
// The ladder's levels and the Bradley-Terry fit (minorization-maximization, Hunter 2004), with the
// intervals from the inverse of the log-likelihood's Hessian in the log-strengths.
#include "ai/ladder.h"

#include <cmath>
#include <limits>

namespace dom::ai {

// The ratings `make ladder` gave on 2026-12-04 (docs/ladder.md: 1000 en-linea rounds and 200
// dominoes2 matches to 100 a pairing).

const std::vector<Level>& levels() {
  static const std::vector<Level> kLevels{
      {"Beginner", "random", "plays any legal move", 0, 0},
      {"Novice", "strategist:random=0.7", "follows the club player's tips on three moves in ten", 40, 133},
      {"Apprentice", "strategist:random=0.45", "follows the club player's tips on about half of its moves", 94, 234},
      {"Club player", "strategist:random=0.2", "follows the club player's tips on four moves in five", 123, 336},
      {"Skilled", "strategist", "follows the six tips of the Domino en linea page on every move", 149, 429},
      {"Advanced", "flatmc:50", "tries each move on 50 guesses of the hidden tiles", 154, 562},
      {"Candidate master", "expert:ms=5,random=0.05", "the expert on a tenth of its time, one move in twenty at random",
       184, 644},
      {"Master", "expert", "the expert: reads the history, searches, solves the endgame", 191, 745},
  };
  return kLevels;
}

std::string levelSpec(std::string_view text) {
  auto same = [](std::string_view name, std::string_view t) {
    if (name.size() != t.size()) return false;
    for (std::size_t i = 0; i < t.size(); ++i) {
      char c = t[i];
      if (c == '-' || c == '_') c = ' ';
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      char n = name[i];
      if (n >= 'A' && n <= 'Z') n = static_cast<char>(n - 'A' + 'a');
      if (c != n) return false;
    }
    return true;
  };
  for (const Level& l : levels())
    if (same(l.name, text)) return std::string(l.spec);
  return std::string(text);
}

namespace {

constexpr double kEloPerNat = 400.0 / 2.302585092994046;  // 400 / ln 10

// Solves A x = b in place (Gaussian elimination with partial pivoting); false when singular.
bool solve(std::vector<std::vector<double>>& a, std::vector<double>& b) {
  const std::size_t n = b.size();
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t p = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::abs(a[r][c]) > std::abs(a[p][c])) p = r;
    if (std::abs(a[p][c]) < 1e-12) return false;
    std::swap(a[p], a[c]);
    std::swap(b[p], b[c]);
    for (std::size_t r = 0; r < n; ++r) {
      if (r == c) continue;
      const double f = a[r][c] / a[c][c];
      for (std::size_t k = c; k < n; ++k) a[r][k] -= f * a[c][k];
      b[r] -= f * b[c];
    }
  }
  for (std::size_t c = 0; c < n; ++c) b[c] /= a[c][c];
  return true;
}

// The variance of each log-strength, the anchor's fixed: the diagonal of the inverse Hessian.
std::vector<double> variances(int n, const std::vector<PairResult>& results, const std::vector<double>& theta,
                              int anchor) {
  std::vector<int> row(static_cast<std::size_t>(n), -1);
  int m = 0;
  for (int i = 0; i < n; ++i)
    if (i != anchor) row[static_cast<std::size_t>(i)] = m++;
  std::vector<std::vector<double>> info(static_cast<std::size_t>(m), std::vector<double>(static_cast<std::size_t>(m)));
  for (const PairResult& r : results) {
    const double g = static_cast<double>(r.games) + 1;  // the virtual tie counts as a game
    const double p = 1 / (1 + std::exp(theta[static_cast<std::size_t>(r.j)] - theta[static_cast<std::size_t>(r.i)]));
    const double w = g * p * (1 - p);
    const int a = row[static_cast<std::size_t>(r.i)], b = row[static_cast<std::size_t>(r.j)];
    if (a >= 0) info[static_cast<std::size_t>(a)][static_cast<std::size_t>(a)] += w;
    if (b >= 0) info[static_cast<std::size_t>(b)][static_cast<std::size_t>(b)] += w;
    if (a >= 0 && b >= 0) {
      info[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] -= w;
      info[static_cast<std::size_t>(b)][static_cast<std::size_t>(a)] -= w;
    }
  }
  std::vector<double> var(static_cast<std::size_t>(n), std::numeric_limits<double>::quiet_NaN());
  var[static_cast<std::size_t>(anchor)] = 0;
  for (int i = 0; i < n; ++i) {
    if (i == anchor) continue;
    auto copy = info;
    std::vector<double> e(static_cast<std::size_t>(m), 0.0);
    e[static_cast<std::size_t>(row[static_cast<std::size_t>(i)])] = 1;
    if (solve(copy, e))
      var[static_cast<std::size_t>(i)] = e[static_cast<std::size_t>(row[static_cast<std::size_t>(i)])];
  }
  return var;
}

}  // namespace

std::vector<Rated> bradleyTerry(int n, const std::vector<PairResult>& results, int anchor) {
  const auto N = static_cast<std::size_t>(n);
  std::vector<double> wins(N, 0.0), gamma(N, 1.0);
  for (const PairResult& r : results) {
    wins[static_cast<std::size_t>(r.i)] += r.score + 0.5;
    wins[static_cast<std::size_t>(r.j)] += static_cast<double>(r.games) - r.score + 0.5;
  }
  // Minorization-maximization: each strength from the others', until nothing moves.
  for (int iter = 0; iter < 10000; ++iter) {
    std::vector<double> denom(N, 0.0);
    for (const PairResult& r : results) {
      const auto i = static_cast<std::size_t>(r.i), j = static_cast<std::size_t>(r.j);
      const double g = (static_cast<double>(r.games) + 1) / (gamma[i] + gamma[j]);
      denom[i] += g;
      denom[j] += g;
    }
    double change = 0;
    for (std::size_t i = 0; i < N; ++i) {
      if (denom[i] == 0) continue;
      const double next = wins[i] / denom[i];
      change = std::max(change, std::abs(std::log(next / gamma[i])));
      gamma[i] = next;
    }
    const double a = gamma[static_cast<std::size_t>(anchor)];
    for (double& g : gamma) g /= a;
    if (change < 1e-10) break;
  }
  std::vector<double> theta(N);
  for (std::size_t i = 0; i < N; ++i) theta[i] = std::log(gamma[i]);
  const std::vector<double> var = variances(n, results, theta, anchor);
  std::vector<Rated> out(N);
  for (std::size_t i = 0; i < N; ++i) {
    const double se = std::sqrt(var[i]) * kEloPerNat;
    out[i].elo = theta[i] * kEloPerNat;
    out[i].lo = out[i].elo - 1.959963984540054 * se;
    out[i].hi = out[i].elo + 1.959963984540054 * se;
    if (std::isnan(var[i])) out[i] = {var[i], var[i], var[i]};
  }
  return out;
}

}  // namespace dom::ai
