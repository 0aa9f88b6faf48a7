// SPDX-License-Identifier: MIT
// The host of an outside engine: EnginePlayer runs the engine's process (EngineProcess), speaks the
// protocol (docs/engine-protocol.md) and turns every misbehaviour into an EngineFailure.
#include <chrono>

#include "ai/engine.h"
#include "core/movetext.h"

namespace dom::ai {

namespace {

using Clock = std::chrono::steady_clock;

int msLeft(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return static_cast<int>(std::max<long long>(0, left));
}

std::string quoted(std::string_view line) {
  std::string s(line.substr(0, 80));
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20) c = '?';
  return "'" + s + (line.size() > 80 ? "...'" : "'");
}

bool blank(std::string_view s) { return s.find_first_not_of(" \t\r\n") == std::string_view::npos; }

}  // namespace

struct EnginePlayer::Impl {
  EngineSettings s;
  std::uint64_t seed = 0;
  std::unique_ptr<EngineProcess> proc;
  EngineId id;
  bool started = false;
  std::string failure;  // set once the engine has lost
  std::string buf;      // output read but not yet taken
  bool eof = false;     // the output has ended
  bool gameSent = false;
  std::string rulesSent;
  Player seatSent = Player::A;
  int roundSent = -1;
  std::size_t eventsSent = 0;
  std::vector<Event> told;  // the round's moves as told, eventsSent of them

  [[nodiscard]] std::string who() const { return "engine '" + (id.name.empty() ? s.command : id.name) + "'"; }

  [[noreturn]] void fail(const std::string& reason) {
    failure = reason;
    if (proc) proc->kill(200);
    throw EngineFailure(reason);
  }
  // The engine's output ended (or its input closed): how it ended, as the reason.
  [[noreturn]] void ended(const std::string& when) {
    const std::string how = proc ? proc->exitText(std::max(s.graceMs, 100)) : std::string();
    fail(who() + " " + (how.empty() ? "closed its output" : how) + " " + when);
  }
  void send(const std::string& text, const std::string& when) {
    if (!proc->write(text, std::max(s.graceMs, 100))) {
      const std::string how = proc->exitText(std::max(s.graceMs, 100));
      fail(who() + (how.empty() ? " closed its input" : " " + how) + " " + when);
    }
  }
  // The next line within the deadline, or nullopt when the deadline passed. `stop`: sends `stop`
  // once the flag is set, and then waits the grace at most.
  std::optional<std::string> line(Clock::time_point& deadline, const std::atomic<bool>* stop, bool& stopSent,
                                  const std::string& when) {
    while (true) {
      const std::size_t nl = buf.find('\n');
      if ((nl == std::string::npos ? buf.size() : nl) > kEngineMaxLine)
        fail(who() + " wrote a line longer than " + std::to_string(kEngineMaxLine) + " bytes");
      if (nl != std::string::npos) {
        std::string l = buf.substr(0, nl);
        buf.erase(0, nl + 1);
        if (!l.empty() && l.back() == '\r') l.pop_back();
        if (blank(l)) continue;
        return l;
      }
      if (stop && !stopSent && stop->load(std::memory_order_relaxed)) {
        stopSent = true;
        send("stop\n", when);
        deadline = std::min(deadline, Clock::now() + std::chrono::milliseconds(s.graceMs));
      }
      const int left = msLeft(deadline);
      if (left == 0) return std::nullopt;
      if (!proc->read(buf, stop && !stopSent ? std::min(left, 10) : left)) {
        if (eof || blank(buf)) ended(when);
        eof = true;  // a last line without its newline is still read
        buf += '\n';
      }
    }
  }
  void start();
  void setOptions();
  void checkQuiet();
  std::string news(const Observation& o);
  [[nodiscard]] bool sameStart(const std::vector<Event>& history) const;
  Decision await(const Observation& o, const std::function<void(const EngineInfo&)>& progress,
                 const std::atomic<bool>* stop);
};

void EnginePlayer::Impl::start() {
  started = true;
  std::string err;
  proc = startEngineProcess(s.command, err);
  if (!proc) fail(who() + " could not be started: " + err);
  send("hello " + std::to_string(kEngineProtocol) + "\n", "before the handshake");
  auto deadline = Clock::now() + std::chrono::milliseconds(s.startMs);
  bool stopSent = false;
  while (true) {
    auto l = line(deadline, nullptr, stopSent, "before the handshake");
    if (!l) fail(who() + " did not finish the handshake within " + std::to_string(s.startMs) + " ms");
    const std::string_view v = *l;
    if (v.starts_with("id name ")) {
      id.name = v.substr(8);
    } else if (v.starts_with("id author ")) {
      id.author = v.substr(10);
    } else if (v.starts_with("option ")) {
      auto o = parseEngineOption(v.substr(7));
      if (auto* e = std::get_if<std::string>(&o)) fail(who() + " declared a malformed option: " + *e);
      id.options.push_back(std::get<EngineOption>(o));
    } else if (v.starts_with("hello ok ")) {
      id.version = std::atoi(std::string(v.substr(9)).c_str());
      if (id.version != kEngineProtocol)
        fail(who() + " speaks protocol version " + std::string(v.substr(9)) + "; the host speaks 1");
      break;
    } else {
      fail(who() + " wrote " + quoted(v) + ", which is no message of the protocol in the handshake");
    }
  }
  setOptions();
}

void EnginePlayer::Impl::setOptions() {
  std::string text;
  for (const auto& [name, value] : s.options) {
    const EngineOption* found = nullptr;
    for (const auto& o : id.options)
      if (o.name == name) found = &o;
    if (!found) {
      std::string list;
      for (const auto& o : id.options) list += (list.empty() ? "" : ", ") + o.name;
      fail(who() + " has no option '" + name + "' (its options: " + (list.empty() ? "none" : list) + ")");
    }
    if (auto e = engineOptionError(*found, value); !e.empty()) fail(who() + ": " + e);
    text.append("set ").append(name).append(" ").append(value).append("\n");
  }
  if (!text.empty()) send(text, "while its options were set");
}

// Any line when no `go` is pending is out of turn (an answer given twice, a stray line).
void EnginePlayer::Impl::checkQuiet() {
  if (!proc->read(buf, 0) && blank(buf)) ended("while waiting for its turn");
  if (!blank(buf)) {
    const std::size_t first = buf.find_first_not_of(" \t\r\n");
    fail(who() + " spoke out of turn: " + quoted(std::string_view(buf).substr(first, buf.find('\n', first) - first)));
  }
  buf.clear();
}

// The round block at the round's start, from what the observation says now and its history.
std::string engineRoundBlock(const Observation& o) {
  Mask hand = o.hand;
  int stock = o.stockCount, opp = o.opponentCount;
  std::vector<LaidTile> laid = o.laid;
  int lead = o.leadIndex;
  for (auto it = o.history.rbegin(); it != o.history.rend(); ++it) {
    const Event& e = *it;
    const bool mine = e.who == o.me;
    if (e.move.kind == MoveKind::Draw) {
      ++stock;
      mine ? void(hand &= ~bit(e.move.tile)) : void(--opp);
    } else if (e.move.kind == MoveKind::Play) {
      mine ? void(hand |= bit(e.move.tile)) : void(++opp);
      if (e.move.end == End::L) {
        laid.erase(laid.begin());
        --lead;
      } else if (e.move.end == End::R) {
        laid.pop_back();
      } else {
        laid.clear();
      }
    }
  }
  const char me = letter(o.me), them = letter(o.opponent());
  std::string t = "round " + std::to_string(o.round) + "\nscore A " + std::to_string(o.scores[0]) + " B " +
                  std::to_string(o.scores[1]) + "\nhand " + me;
  forEachHeaviestFirst(hand, [&](Tile x) { t += " " + tileText(x); });
  t += std::string("\ntiles ") + them + " " + std::to_string(opp) + "\nstock " + std::to_string(stock) + "\n";
  if (!laid.empty()) {
    t += "line";
    for (std::size_t i = 0; i < laid.size(); ++i) {
      t += " " + tileText(laid[i].left, laid[i].right);
      if (static_cast<int>(i) == lead)
        t += "*";
      else if (o.rules.layout == LayoutRule::Free)
        t += laid[i].heading == Heading::Straight ? "^" : laid[i].heading == Heading::Left ? "<" : ">";
    }
    t += "\n";
  }
  t += std::string("lead ") + letter(o.opener);
  if (o.forcedLead != kNoTile && o.fromDeal) t += " " + tileText(o.forcedLead);
  return t + "\n";
}

// What the engine has not been told yet: the game, the round, the moves since its last turn.
std::string EnginePlayer::Impl::news(const Observation& o) {
  std::string t;
  const std::string rules = o.rules.text();
  if (!gameSent || rules != rulesSent || o.me != seatSent) {
    t += engineGameBlock(o, seed);
    gameSent = true;
    rulesSent = rules;
    seatSent = o.me;
    roundSent = -1;
  }
  // A host that went back, or to another branch of its record (the studio's timeline), tells the
  // round again from its start: the moves told are no longer those that led here.
  if (o.round != roundSent || !sameStart(o.history)) {
    t += engineRoundBlock(o);
    roundSent = o.round;
    eventsSent = 0;
  }
  t += engineEventLines(o, eventsSent);
  eventsSent = o.history.size();
  told.assign(o.history.begin(), o.history.end());
  return t;
}

bool EnginePlayer::Impl::sameStart(const std::vector<Event>& history) const {
  if (history.size() < eventsSent) return false;
  for (std::size_t i = 0; i < eventsSent; ++i) {
    const Event &a = history[i], &b = told[i];
    if (a.who != b.who || a.move.kind != b.move.kind || a.move.tile != b.move.tile || a.move.end != b.move.end ||
        a.move.heading != b.move.heading)
      return false;
  }
  return true;
}

std::string engineGameBlock(const Observation& o, std::uint64_t seed) {
  return "game\nrules " + o.rules.text() + "\nseed " + std::to_string(seed) + "\nseat " + letter(o.me) + "\n";
}

std::string engineEventLines(const Observation& o, std::size_t from) {
  std::string t;
  for (std::size_t i = from; i < o.history.size(); ++i) {
    const Event& e = o.history[i];
    t += std::string(1, letter(e.who)) + ": " + engineMoveText(o.rules, e.ends, e.move) + "\n";
  }
  return t;
}

std::string engineGoLine(const Observation& o, int budgetMs) {
  return "go ms " + std::to_string(budgetMs) + " legal " + engineMoveList(o, o.legal) + "\n";
}

std::string engineRequest(const Observation& o, std::uint64_t seed, int budgetMs) {
  return engineGameBlock(o, seed) + engineRoundBlock(o) + engineEventLines(o, 0) + engineGoLine(o, budgetMs);
}

Decision EnginePlayer::Impl::await(const Observation& o, const std::function<void(const EngineInfo&)>& progress,
                                   const std::atomic<bool>* stop) {
  Decision d;
  auto deadline = Clock::now() + std::chrono::milliseconds(s.budgetMs + s.graceMs);
  bool stopSent = false;
  while (true) {
    auto l = line(deadline, stop, stopSent, "while thinking");
    if (!l)
      fail(who() + " did not answer within " +
           (stopSent ? std::to_string(s.graceMs) + " ms of grace after stop"
                     : std::to_string(s.budgetMs) + " ms and " + std::to_string(s.graceMs) + " ms of grace"));
    const std::string_view v = *l;
    if (v.starts_with("info ") || v == "info") {
      auto i = parseEngineInfo(v.substr(4));
      if (auto* e = std::get_if<std::string>(&i)) fail(who() + " wrote a malformed info: " + *e);
      d.info.push_back(std::get<EngineInfo>(i));
      if (progress) progress(d.info.back());
      if (!d.info.back().text.empty()) d.reason = d.info.back().text;
      continue;
    }
    if (!v.starts_with("move ")) fail(who() + " wrote " + quoted(v) + ", which is no message of the protocol here");
    const std::string words(v.substr(5));
    if (auto read = readMove(dom::moveWords(words)); auto* e = std::get_if<std::string>(&read))
      fail(who() + " wrote a malformed move " + quoted(v) + ": " + *e);
    auto m = engineMoveOf(o, words);
    if (auto* e = std::get_if<std::string>(&m)) fail(who() + " played " + words + ": " + *e);
    d.move = std::get<Move>(m);
    if (!blank(buf)) checkQuiet();
    buf.clear();
    return d;
  }
}

EnginePlayer::EnginePlayer(EngineSettings settings, std::uint64_t seed) : impl_(std::make_unique<Impl>()) {
  impl_->s = std::move(settings);
  impl_->seed = seed;
}

EnginePlayer::~EnginePlayer() {
  if (!impl_->proc) return;
  if (impl_->failure.empty()) {
    (void)impl_->proc->write("quit\n", 100);
    (void)impl_->proc->exitText(500);
  }
  impl_->proc->kill(200);
}

std::string EnginePlayer::name() const { return "engine:" + impl_->s.command; }

const EngineId& EnginePlayer::handshake() {
  if (!impl_->failure.empty()) throw EngineFailure(impl_->failure);
  if (!impl_->started) impl_->start();
  return impl_->id;
}

Decision EnginePlayer::decide(const Observation& o) {
  (void)handshake();
  impl_->checkQuiet();
  const std::string text = impl_->news(o) + engineGoLine(o, impl_->s.budgetMs);
  impl_->send(text, "while it was told the position");
  return impl_->await(o, progressCallback(), stopFlag());
}

}  // namespace dom::ai
