// A program built on libdominoes (docs/library.md): one round of a rule set, dealt from a seed and
// played by two computer players, printed as a DGN record, then its result.
// usage: play_round [RULES [SEED [PLAYER_A [PLAYER_B]]]]   e.g. play_round "dominoes2 target=150" 7 expert greedy
#include <array>
#include <cstdint>
#include <iostream>
#include <memory>
#include <string>
#include <variant>

#include "ai/observation.h"
#include "ai/players.h"
#include "core/dgn.h"
#include "core/match.h"
#include "core/rules.h"

int main(int argc, char** argv) {
  const std::string rulesText = argc > 1 ? argv[1] : "en-linea";
  const std::uint64_t seed = argc > 2 ? std::stoull(argv[2]) : 1;
  const std::string specs[2] = {argc > 3 ? argv[3] : "expert:ms=20", argc > 4 ? argv[4] : "greedy"};

  auto parsed = dom::parseRules(rulesText);
  if (const auto* error = std::get_if<std::string>(&parsed)) {
    std::cerr << "play_round: " << *error << "\n";
    return 2;
  }
  std::unique_ptr<dom::ai::Computer> players[2];
  for (int i = 0; i < 2; ++i)
    if (!(players[i] = dom::ai::makePlayer(specs[i], seed + i))) {
      std::cerr << "play_round: " << dom::ai::playerSpecError(specs[i]) << "\n";
      return 2;
    }

  // The record: the rule set, the players, and round 1 with its deal.
  dom::dgn::Record record;
  record.rules = std::get<dom::Rules>(parsed);
  record.rulesText = record.rules.text();
  record.players = std::array<std::string, 2>{specs[0], specs[1]};
  dom::dgn::RoundRecord round;
  const dom::Deal deal = dom::dealFromSeed(seed, record.rules.hand);
  round.hand = deal.hand;
  round.stock.assign(deal.stock.begin(), deal.stock.begin() + deal.stockSize);

  dom::Match match(record.rules);
  if (const std::string why = dom::dgn::startRound(match, round); !why.empty()) {
    std::cerr << "play_round: " << why << "\n";
    return 1;
  }
  dom::ai::RoundLog log;  // the public history, from which each player's observation is drawn
  while (match.inRound()) {
    const dom::Player who = match.state().turn;
    const dom::Move move = match.resolve(players[dom::idx(who)]->choose(dom::ai::observe(match, who, log)));
    const dom::Match before = match;
    const dom::Move applied = log.apply(match, move);  // a draw's tile is filled in
    dom::dgn::appendMove(round, before, who, applied);
  }
  record.rounds.push_back(std::move(round));
  std::cout << dom::dgn::write(record);

  const dom::RoundResult& result = *match.lastResult();
  std::cout << "# " << (result.winner == 2 ? std::string("tie") : std::string(1, "AB"[result.winner]) + " wins")
            << (result.how == dom::RoundStatus::Domino ? " by domino" : " a blocked round") << ", " << result.points
            << " points\n";
  return 0;
}
