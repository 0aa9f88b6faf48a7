// SPDX-License-Identifier: MIT
// Glicko-2, step by step as in Glickman's paper: to the Glicko-2 scale, the estimated variance and
// improvement, the new volatility by the Illinois algorithm, then back to the Glicko scale.
#include "ai/glicko2.h"

#include <cmath>
#include <numbers>

namespace dom::ai::glicko2 {

namespace {

constexpr double kScale = 173.7178;  // Glicko to Glicko-2: mu = (r - 1500) / kScale, phi = rd / kScale
constexpr double kEpsilon = 0.000001;

double g(double phi) { return 1 / std::sqrt(1 + 3 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

double expected(double mu, double muJ, double phiJ) { return 1 / (1 + std::exp(-g(phiJ) * (mu - muJ))); }

// Step 5: the new volatility, the root of f by the Illinois algorithm (regula falsi).
double newVolatility(double phi, double vol, double v, double delta, double tau) {
  const double a = std::log(vol * vol);
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
  };
  double lo = a, hi = 0;
  if (delta * delta > phi * phi + v) {
    hi = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    hi = a - k * tau;
  }
  double fLo = f(lo), fHi = f(hi);
  for (int i = 0; i < 200 && std::abs(hi - lo) > kEpsilon; ++i) {
    const double c = lo + (lo - hi) * fLo / (fHi - fLo);
    const double fC = f(c);
    if (fC * fHi <= 0) {
      lo = hi;
      fLo = fHi;
    } else {
      fLo /= 2;
    }
    hi = c;
    fHi = fC;
  }
  return std::exp(lo / 2);
}

}  // namespace

Rating update(const Rating& player, const std::vector<Game>& games, double tau) {
  const double mu = (player.r - 1500) / kScale, phi = player.rd / kScale;
  if (games.empty()) return {player.r, kScale * std::sqrt(phi * phi + player.vol * player.vol), player.vol};
  double vInv = 0, sum = 0;  // step 3: 1/v; step 4: the sum of g * (s - E)
  for (const auto& [opp, score] : games) {
    const double muJ = (opp.r - 1500) / kScale, phiJ = opp.rd / kScale;
    const double e = expected(mu, muJ, phiJ);
    vInv += g(phiJ) * g(phiJ) * e * (1 - e);
    sum += g(phiJ) * (score - e);
  }
  const double v = 1 / vInv, delta = v * sum;
  const double vol = newVolatility(phi, player.vol, v, delta, tau);
  const double phiStar = std::sqrt(phi * phi + vol * vol);               // step 6
  const double phiNew = 1 / std::sqrt(1 / (phiStar * phiStar) + 1 / v);  // step 7
  const double muNew = mu + phiNew * phiNew * sum;
  return {1500 + kScale * muNew, kScale * phiNew, vol};  // step 8
}

}  // namespace dom::ai::glicko2
