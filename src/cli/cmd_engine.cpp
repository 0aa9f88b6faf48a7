// SPDX-License-Identifier: MIT
// `dominoes engine --player SPEC`: our players behind the engine protocol. A reader thread takes the
// host's lines from standard input (a `stop` sets the deciding player's stop flag at once); the main
// thread reads them into the seat's Observation (ai::SeatTracker) and answers each `go` with the
// player's move, made from the game's seed as in process, its reason as an `info text` line.
#include "cli/cmd_engine.h"

#include <CLI/CLI.hpp>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "ai/engine.h"
#include "ai/ladder.h"
#include "ai/players.h"
#include "cli/options.h"
#include "core/files.h"

namespace dom::cli {

namespace {

// The host's lines, read on their own thread so that `stop` reaches a player that is thinking.
class Input {
 public:
  Input() : thread_([this] { loop(); }) { thread_.detach(); }
  // The next line, or nullopt at the end of the input.
  std::optional<std::string> next() {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [&] { return !lines_.empty() || done_; });
    if (lines_.empty()) return std::nullopt;
    std::string l = std::move(lines_.front());
    lines_.pop_front();
    return l;
  }
  // Call once the answer to a `go` is written: later `stop` lines are for later `go`s.
  void answered() {
    ++answered_;
    stop_ = false;
  }
  const std::atomic<bool>* stopFlag() const { return &stop_; }

 private:
  void loop() {
    for (std::string l; std::getline(std::cin, l);) {
      const std::string_view v = l;
      if (v.starts_with("go ")) ++gos_;
      if ((v == "stop" || v == "stop\r") && gos_ > answered_) stop_ = true;
      std::lock_guard lock(mu_);
      lines_.push_back(std::move(l));
      cv_.notify_one();
    }
    std::lock_guard lock(mu_);
    done_ = true;
    cv_.notify_one();
  }
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::string> lines_;
  bool done_ = false;
  std::atomic<long long> gos_{0}, answered_{0};
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

void hello(const std::string& spec) {
  ai::EngineOption player;
  player.name = "Player";
  player.type = ai::EngineOption::Type::Text;
  player.value = spec;
  std::cout << "id name dominoes " << spec << "\nid author Dominoes Studio\n"
            << ai::engineOptionLine(player) << "\nhello ok " << ai::kEngineProtocol << "\n"
            << std::flush;
}

// Answers a `go`: the player's move, its reason first as an info line.
void answer(ai::Computer& player, const ai::Observation& o, const std::atomic<bool>* stop) {
  player.setStop(stop);
  const ai::Decision d = player.decide(o);
  for (const ai::EngineInfo& i : d.info) std::cout << ai::engineInfoLine(i) << "\n";
  if (!d.reason.empty()) {
    ai::EngineInfo i;
    i.text = d.reason;
    std::cout << ai::engineInfoLine(i) << "\n";
  }
  std::cout << "move " << ai::engineMoveText(o.rules, o.ends, d.move) << "\n" << std::flush;
}

}  // namespace

struct EngineCommand::Options {
  std::string player = "expert";
};

EngineCommand::EngineCommand(CLI::App& app) : o_(std::make_unique<Options>()) {
  sub_ = app.add_subcommand("engine",
                            "Speak the engine protocol on standard input and output with one of our players "
                            "(docs/engine-protocol.md), for another host to seat");
  sub_->add_option("--player", o_->player,
                   "the player: a player spec or a level's name (default expert); the host may change it with "
                   "'set Player SPEC'");
}

EngineCommand::~EngineCommand() = default;

bool EngineCommand::chosen() const { return sub_ && sub_->parsed(); }

int EngineCommand::run() const {
  std::string spec = ai::levelSpec(o_->player);
  if (auto err = ai::playerSpecError(spec); !err.empty()) {
    std::cerr << "dominoes engine: --player: " << files::cutWords(err) << "\n";
    return 2;
  }
  Input& in = *new Input;  // never freed: its thread may still wait on standard input at exit
  ai::SeatTracker seat;
  std::unique_ptr<ai::Computer> player;
  long long number = 0;
  while (auto line = in.next()) {
    ++number;
    auto step = seat.feed(*line);
    if (auto* e = std::get_if<std::string>(&step)) {
      std::cerr << "dominoes engine: host line " << number << ": " << files::printable(*e) << "\n";
      return 1;
    }
    const auto& s = std::get<ai::SeatTracker::Step>(step);
    using K = ai::SeatTracker::Step::Kind;
    if (s.kind == K::Hello) hello(spec);
    if (s.kind == K::Quit) return 0;
    if (s.kind == K::Game) player.reset();
    if (s.kind == K::Set && s.name == "Player") {
      const std::string next = ai::levelSpec(s.value);
      if (auto err = ai::playerSpecError(next); !err.empty()) {
        std::cerr << "dominoes engine: set Player: " << files::cutWords(err) << "\n";
        return 1;
      }
      spec = next;
      player.reset();
    }
    if (s.kind != K::Go) continue;
    if (!player) player = ai::makePlayer(spec, seat.seed());
    answer(*player, seat.observation(), in.stopFlag());
    in.answered();
  }
  return 0;
}

}  // namespace dom::cli
