// SPDX-License-Identifier: MIT
// Outside engines (docs/engine-protocol.md): the protocol's words, the host that runs an engine as a
// process and plays it as an ai::Computer ("engine:CMD"), and the seat tracker that turns the host's
// lines back into the Observation an in-process player decides from (`dominoes engine`).
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "ai/observation.h"
#include "ai/players.h"
#include "core/layout.h"

namespace dom::ai {

inline constexpr int kEngineProtocol = 1;
inline constexpr std::size_t kEngineMaxLine = 65536;  // bytes of an engine line, newline excluded

// Why an engine lost its game: decide() of an engine player throws it, with the reason in words
// ("engine 'x' played 3-3 L: 3-3 matches no open end (ends are 5 and 6)").
class EngineFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One option an engine declares in its handshake.
struct EngineOption {
  enum class Type : std::uint8_t { Int, Real, Bool, Choice, Text };
  std::string name;
  Type type = Type::Text;
  std::string value;                // the default as declared
  double min = 0, max = 0;          // Int and Real
  std::vector<std::string> values;  // Choice
};
// What the handshake told.
struct EngineId {
  std::string name, author;
  int version = 0;
  std::vector<EngineOption> options;
};

// Words for the protocol: the message reads as the record's move ("6-4 R", "5-6" for a lead, "draw",
// "draw 5-1" for a draw whose tile is shown, "pass"; under layout=free a heading other than straight
// follows). `ends` are the ends before the move.
[[nodiscard]] std::string engineMoveText(const Rules& rules, const std::array<std::int8_t, 2>& ends, const Move& m);
// "6-4 L, 6-4 R": a list of moves at the observer's position.
[[nodiscard]] std::string engineMoveList(const Observation& o, const MoveList& moves);

// Parsed lines. Every parser returns its value or the error in words.
[[nodiscard]] std::variant<EngineOption, std::string> parseEngineOption(std::string_view rest);
[[nodiscard]] std::string engineOptionLine(const EngineOption& o);  // "option name ... " as an engine writes it
// Whether `value` is one the option takes; "" or why not ("option Noise takes a number from 0 to 1, not '3'").
[[nodiscard]] std::string engineOptionError(const EngineOption& o, std::string_view value);
[[nodiscard]] std::variant<EngineInfo, std::string> parseEngineInfo(std::string_view rest);
[[nodiscard]] std::string engineInfoLine(const EngineInfo& i);  // "info win 0.61 ..." as an engine writes it
// The move an engine's words name among o.legal, or why none (the rules' reason for an illegal one).
[[nodiscard]] std::variant<Move, std::string> engineMoveOf(const Observation& o, std::string_view words);

// The host's side of a spec "engine[ms=N,grace=N,start=N,OPTION=VALUE,...]:CMD".
struct EngineSettings {
  std::string command;
  int budgetMs = 1000, graceMs = 1000, startMs = 10000;
  std::vector<std::pair<std::string, std::string>> options;  // engine options to set, in order
};
// Reads a spec that starts with "engine": "" and `out` filled, or what is wrong with it.
[[nodiscard]] std::string parseEngineSpec(std::string_view spec, EngineSettings& out);
// Whether this build can start engines (not on the web page, which has no processes).
[[nodiscard]] bool enginesSupported();

// A running engine process (engine_process_posix.cpp; the web build's has none).
class EngineProcess {
 public:
  virtual ~EngineProcess() = default;
  // Writes all of `text`; false when the engine no longer reads (its input closed).
  [[nodiscard]] virtual bool write(std::string_view text, int timeoutMs) = 0;
  // Waits up to timeoutMs (-1: without limit, 0: not at all) for output and appends what came to
  // `into`; returns false at the end of the output (the engine closed it or exited).
  [[nodiscard]] virtual bool read(std::string& into, int timeoutMs) = 0;
  // The exit as words once the process has ended within waitMs ("exited with status 0", "was killed by
  // signal 11 (Segmentation fault)"), or "" if it still runs.
  [[nodiscard]] virtual std::string exitText(int waitMs) = 0;
  // Ends the process group (SIGTERM, then SIGKILL after waitMs) and reaps it. Idempotent.
  virtual void kill(int waitMs) = 0;
};
// Starts `/bin/sh -c command` in its own process group with pipes on its standard input and output;
// nullptr and `error` when it cannot.
[[nodiscard]] std::unique_ptr<EngineProcess> startEngineProcess(const std::string& command, std::string& error);

// The host: an engine process played as a Computer. Started at the first handshake() or decide();
// decide() throws EngineFailure when the engine misbehaves (it is then ended, and every later call
// throws the same failure). The destructor sends `quit`, then ends and reaps the process.
class EnginePlayer final : public Computer {
 public:
  EnginePlayer(EngineSettings settings, std::uint64_t seed);
  ~EnginePlayer() override;
  EnginePlayer(const EnginePlayer&) = delete;
  EnginePlayer& operator=(const EnginePlayer&) = delete;
  [[nodiscard]] std::string name() const override;
  [[nodiscard]] Decision decide(const Observation& o) override;
  // Starts the engine if needed and returns what its handshake declared; throws EngineFailure.
  [[nodiscard]] const EngineId& handshake();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The host's words, each block as EnginePlayer sends it: the game (rules, seed, seat), the round's
// start as it was before o.history, the moves of o.history from `from` on, and the go line.
[[nodiscard]] std::string engineGameBlock(const Observation& o, std::uint64_t seed);
[[nodiscard]] std::string engineRoundBlock(const Observation& o);
[[nodiscard]] std::string engineEventLines(const Observation& o, std::size_t from);
[[nodiscard]] std::string engineGoLine(const Observation& o, int budgetMs);
// All a fresh engine must be told to answer at `o`, with no handshake: the game, the round, its
// moves and the go line. The web page sends it to its worker (docs/web.md), which answers with
// engineAnswer().
[[nodiscard]] std::string engineRequest(const Observation& o, std::uint64_t seed, int budgetMs);

// The engine's side of one request (engineRequest's text): the player `spec`, made with the game's
// seed, decides at the go line. The answer is its info lines, then `reason TEXT` when it gave one,
// then `move WORDS`; or one line `error TEXT` (a malformed request, an unknown player, a failure).
[[nodiscard]] std::string engineAnswer(const std::string& spec, std::string_view request,
                                       const std::atomic<bool>* stop = nullptr);
// The Decision an answer of engineAnswer() holds at `o`; throws EngineFailure when it holds an error,
// a malformed line or a move that is not legal at `o`.
[[nodiscard]] Decision readEngineAnswer(const Observation& o, std::string_view answer);

// The engine's side: the host's lines read into the Observation of the engine's seat.
class SeatTracker {
 public:
  // What one host line asked for.
  struct Step {
    enum class Kind : std::uint8_t { None, Hello, Set, Game, Go, Stop, Quit } kind = Kind::None;
    std::string name, value;  // Set: the option and its value
    int ms = 0;               // Go: the budget
  };
  // Reads one host line: the Step, or the error in words (a malformed line, a move that does not fit).
  [[nodiscard]] std::variant<Step, std::string> feed(std::string_view line);
  // The seat's observation as of the last line (valid for a Go: its legal moves set).
  [[nodiscard]] const Observation& observation() const { return o_; }
  [[nodiscard]] std::uint64_t seed() const { return seed_; }
  [[nodiscard]] bool gameReady() const { return rulesSet_ && seatSet_; }

 private:
  [[nodiscard]] std::string game(std::string_view word, std::string_view rest);
  [[nodiscard]] std::string roundLine(std::string_view word, std::string_view rest);
  [[nodiscard]] std::string moveLine(Player who, std::string_view rest);
  [[nodiscard]] std::string goLine(std::string_view rest, Step& step);
  [[nodiscard]] std::string setupLine(std::string_view rest);
  void applyPlay(Player who, const Move& m);
  Observation o_;
  FreeBoard board_;
  std::uint64_t seed_ = 0;
  bool rulesSet_ = false, seatSet_ = false;
};

}  // namespace dom::ai
