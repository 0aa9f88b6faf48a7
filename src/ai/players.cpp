// The random and greedy players.
#include "ai/players.h"

namespace dom::ai {
namespace {

class RandomPlayer final : public Computer {
 public:
  explicit RandomPlayer(std::uint64_t seed) : rng_(seed, 0x5eed) {}
  std::string name() const override { return "random"; }
  Move choose(const Match& m) override { return randomMove(m, rng_); }

 private:
  pcg32 rng_;
};

class GreedyPlayer final : public Computer {
 public:
  std::string name() const override { return "greedy"; }
  Move choose(const Match& m) override { return greedyMove(m); }
};

}  // namespace

std::unique_ptr<Computer> makePlayer(std::string_view name, std::uint64_t seed) {
  if (name == "random") return std::make_unique<RandomPlayer>(seed);
  if (name == "greedy") return std::make_unique<GreedyPlayer>();
  return nullptr;
}

const std::vector<std::string>& playerNames() {
  static const std::vector<std::string> names{"random", "greedy"};
  return names;
}

}  // namespace dom::ai
