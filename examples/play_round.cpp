// SPDX-License-Identifier: MIT
// A program built on libdominoes (docs/library.md): one round of a rule set, dealt from a seed and
// played by two computer players, printed as a DGN record, then its result.
// usage: play_round [RULES [SEED [PLAYER_A [PLAYER_B]]]]   e.g. play_round "dominoes2 target=150" 7 expert greedy
#include <dominoes/ai/game.h>
#include <dominoes/ai/players.h>
#include <dominoes/core/dgn.h>
#include <dominoes/core/rules.h>
#include <iostream>
#include <memory>
#include <string>
#include <variant>

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

  // The game owns the match, the round's history (what each player observes) and the record.
  dom::ai::Game game(std::get<dom::Rules>(parsed));
  if (const std::string why = game.startRound(seed); !why.empty()) {
    std::cerr << "play_round: " << why << "\n";
    return 1;
  }
  while (game.match().inRound()) game.play(*players[dom::idx(*game.match().toMove())]);

  dom::dgn::Record record = game.record();
  record.players = std::array<std::string, 2>{specs[0], specs[1]};
  std::cout << dom::dgn::write(record);

  const dom::RoundResult& result = *game.match().lastResult();
  std::cout << "# " << (result.winner == 2 ? std::string("tie") : std::string(1, "AB"[result.winner]) + " wins")
            << (result.how == dom::RoundStatus::Domino ? " by domino" : " a blocked round") << ", " << result.points
            << " points\n";
  return 0;
}
