// SPDX-License-Identifier: MIT
// The engine protocol's words (docs/engine-protocol.md): moves, options, info lines, the spec's
// settings, and the seat tracker that reads the host's lines into an Observation.
#include "ai/engine.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "core/decimal.h"
#include "core/movetext.h"

namespace dom::ai {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

// The first word of s and the rest after it (trimmed).
std::pair<std::string_view, std::string_view> split(std::string_view s) {
  s = trim(s);
  const std::size_t sp = s.find_first_of(" \t");
  if (sp == std::string_view::npos) return {s, {}};
  return {s.substr(0, sp), trim(s.substr(sp))};
}

// parseDecimal (core/decimal.h): the web build's libc++ has no floating-point from_chars.
std::optional<double> number(std::string_view s) {
  const std::optional<double> v = parseDecimal(s);
  if (!v || !std::isfinite(*v)) return std::nullopt;
  return v;
}

std::optional<long long> whole(std::string_view s) {
  long long v = 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

std::string numberText(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

bool validName(std::string_view n) {
  if (n.empty() || n.size() > 64) return false;
  return std::all_of(n.begin(), n.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           c == '.';
  });
}

const char* typeName(EngineOption::Type t) {
  switch (t) {
    case EngineOption::Type::Int: return "int";
    case EngineOption::Type::Real: return "real";
    case EngineOption::Type::Bool: return "bool";
    case EngineOption::Type::Choice: return "choice";
    case EngineOption::Type::Text: return "text";
  }
  return "text";
}

// A move's words (readMove) resolved against a position: a lead keeps its written orientation, a play
// its end and heading, a draw no tile unless `keepTile`.
std::variant<Move, std::string> resolveWords(std::string_view text, bool beforeLead, bool keepTile) {
  auto read = readMove(dom::moveWords(text));
  if (auto* e = std::get_if<std::string>(&read)) return *e;
  const WrittenMove& w = std::get<WrittenMove>(read);
  Move m;
  m.kind = w.move.kind;
  if (m.kind == MoveKind::Draw && keepTile) m.tile = w.move.tile;
  if (m.kind != MoveKind::Play) return m;
  m.tile = w.move.tile;
  if (beforeLead) {
    m.leftPip = w.move.leftPip;
    return m;
  }
  m.end = w.move.end;
  m.heading = w.move.heading;
  return m;
}

}  // namespace

std::string engineMoveText(const Rules& rules, const std::array<std::int8_t, 2>& ends, const Move& m) {
  switch (m.kind) {
    case MoveKind::Draw: return m.tile == kNoTile ? "draw" : "draw " + tileText(m.tile);
    case MoveKind::Pass: return "pass";
    case MoveKind::Play: break;
  }
  if (m.end == End::None) return tileText(m.leftPip, otherHalf(m.tile, m.leftPip));
  const int match = ends[static_cast<int>(m.end)];
  std::string s = tileText(match, otherHalf(m.tile, match)) + ' ' + letter(m.end);
  if (rules.layout == LayoutRule::Free && m.heading != Heading::Straight) s += std::string(" ") + name(m.heading);
  return s;
}

std::string engineMoveList(const Observation& o, const MoveList& moves) {
  std::string s;
  for (const Move& m : moves) s += (s.empty() ? "" : ", ") + engineMoveText(o.rules, o.ends, m);
  return s;
}

std::variant<EngineOption, std::string> parseEngineOption(std::string_view rest) {
  EngineOption o;
  auto [w0, r0] = split(rest);
  auto [nm, r1] = split(r0);
  auto [w2, r2] = split(r1);
  auto [ty, r3] = split(r2);
  auto [w4, r4] = split(r3);
  if (w0 != "name" || w2 != "type" || w4 != "default")
    return std::string("an option is 'option name N type T default D ...'");
  if (!validName(nm)) return "'" + std::string(nm) + "' is no option name (letters, digits, _ - .)";
  o.name = nm;
  const std::string t(ty);
  if (t == "text") {
    o.type = EngineOption::Type::Text;
    o.value = r4;
    return o;
  }
  auto [def, r5] = split(r4);
  o.value = def;
  if (t == "bool") {
    o.type = EngineOption::Type::Bool;
    if ((def != "true" && def != "false") || !r5.empty())
      return std::string("a bool option's default is true or false");
    return o;
  }
  if (t == "choice") {
    o.type = EngineOption::Type::Choice;
    auto [vw, vs] = split(r5);
    if (vw != "values" || vs.empty()) return std::string("a choice option lists its 'values'");
    for (std::string_view v = vs; !v.empty();) {
      auto [x, more] = split(v);
      o.values.emplace_back(x);
      v = more;
    }
    if (std::find(o.values.begin(), o.values.end(), o.value) == o.values.end())
      return "the default '" + o.value + "' is not one of the values";
    return o;
  }
  if (t != "int" && t != "real") return "unknown option type '" + t + "' (int, real, bool, choice, text)";
  o.type = t == "int" ? EngineOption::Type::Int : EngineOption::Type::Real;
  auto [mn, r6] = split(r5);
  auto [lo, r7] = split(r6);
  auto [mx, r8] = split(r7);
  auto [hi, r9] = split(r8);
  const auto l = number(lo), h = number(hi);
  if (mn != "min" || mx != "max" || !l || !h || !r9.empty() || *l > *h)
    return std::string("a number option ends with 'min LO max HI', LO at most HI");
  o.min = *l;
  o.max = *h;
  if (auto e = engineOptionError(o, o.value); !e.empty()) return "its default: " + e;
  return o;
}

std::string engineOptionLine(const EngineOption& o) {
  std::string s = "option name " + o.name + " type " + typeName(o.type) + " default " + o.value;
  if (o.type == EngineOption::Type::Int || o.type == EngineOption::Type::Real)
    s += " min " + numberText(o.min) + " max " + numberText(o.max);
  if (o.type == EngineOption::Type::Choice) {
    s += " values";
    for (const auto& v : o.values) s += " " + v;
  }
  return s;
}

std::string engineOptionError(const EngineOption& o, std::string_view value) {
  const std::string bad = "option " + o.name + " takes ";
  const std::string v(value);
  switch (o.type) {
    case EngineOption::Type::Text: return value.find('\n') == std::string_view::npos ? "" : bad + "one line of text";
    case EngineOption::Type::Bool: return v == "true" || v == "false" ? "" : bad + "true or false, not '" + v + "'";
    case EngineOption::Type::Choice:
      if (std::find(o.values.begin(), o.values.end(), v) != o.values.end()) return {};
      {
        std::string list;
        for (const auto& x : o.values) list += (list.empty() ? "" : ", ") + x;
        return bad + "one of " + list + ", not '" + v + "'";
      }
    case EngineOption::Type::Int:
    case EngineOption::Type::Real: break;
  }
  const bool integral = o.type == EngineOption::Type::Int;
  const auto n = integral ? (whole(value) ? std::optional<double>(static_cast<double>(*whole(value))) : std::nullopt)
                          : number(value);
  if (!n || *n < o.min || *n > o.max)
    return bad + (integral ? "a whole number" : "a number") + " from " + numberText(o.min) + " to " +
           numberText(o.max) + ", not '" + v + "'";
  return {};
}

std::variant<EngineInfo, std::string> parseEngineInfo(std::string_view rest) {
  EngineInfo i;
  bool seen[5] = {};
  static constexpr std::string_view kKeys[5] = {"win", "points", "moves", "nodes", "text"};
  std::string_view r = trim(rest);
  while (!r.empty()) {
    auto [key, after] = split(r);
    const auto k = static_cast<int>(std::find(std::begin(kKeys), std::end(kKeys), key) - std::begin(kKeys));
    if (k == 5) return "unknown field '" + std::string(key) + "' (win, points, moves, nodes, text)";
    if (seen[k]) return "'" + std::string(key) + "' is given twice";
    seen[k] = true;
    if (k == 4) {
      i.text = after;
      break;
    }
    if (k == 2) {  // moves: a list up to the next field's word
      std::string item;
      r = after;
      while (!r.empty()) {
        auto [w, more] = split(r);
        if (std::find(std::begin(kKeys), std::end(kKeys), w) != std::end(kKeys)) break;
        std::string word(w);
        const bool comma = !word.empty() && word.back() == ',';
        if (comma) word.pop_back();
        if (!word.empty()) item += (item.empty() ? "" : " ") + word;
        if (comma && !item.empty()) i.moves.push_back(std::exchange(item, {}));
        r = more;
      }
      if (!item.empty()) i.moves.push_back(item);
      for (const auto& m : i.moves)
        if (auto read = readMove(dom::moveWords(m)); auto* e = std::get_if<std::string>(&read)) return "moves: " + *e;
      if (i.moves.empty()) return std::string("moves lists no move");
      continue;
    }
    auto [value, more] = split(after);
    r = more;
    if (k == 3) {
      const auto n = whole(value);
      if (!n || *n < 0) return "nodes takes a whole number, not '" + std::string(value) + "'";
      i.nodes = *n;
      continue;
    }
    const auto v = number(value);
    if (!v || (k == 0 && (*v < 0 || *v > 1)))
      return std::string(kKeys[k]) + (k == 0 ? " takes a number from 0 to 1" : " takes a number") + ", not '" +
             std::string(value) + "'";
    (k == 0 ? i.win : i.points) = *v;
  }
  return i;
}

std::string engineInfoLine(const EngineInfo& i) {
  std::string s = "info";
  if (i.win) s += " win " + numberText(*i.win);
  if (i.points) s += " points " + numberText(*i.points);
  if (!i.moves.empty()) {
    s += " moves";
    for (std::size_t k = 0; k < i.moves.size(); ++k) s += (k ? ", " : " ") + i.moves[k];
  }
  if (i.nodes) s += " nodes " + std::to_string(*i.nodes);
  if (!i.text.empty()) {
    std::string t = i.text;
    std::replace(t.begin(), t.end(), '\n', ' ');
    s += " text " + t;
  }
  return s;
}

std::variant<Move, std::string> engineMoveOf(const Observation& o, std::string_view words) {
  auto read = resolveWords(words, o.beforeLead(), false);
  if (auto* e = std::get_if<std::string>(&read)) return *e;
  Move w = std::get<Move>(read);
  const Move* found = nullptr;
  int ends = 0;
  for (const Move& m : o.legal) {
    if (m.kind != w.kind) continue;
    if (m.kind != MoveKind::Play) return m;
    if (m.tile != w.tile || (!m.isLead() && m.heading != w.heading)) continue;
    if (m.isLead()) {
      Move lead = m;
      lead.leftPip = w.leftPip;
      return lead;
    }
    if (w.end != End::None && m.end != w.end) continue;
    if (!found || found->end != m.end) ++ends;
    found = &m;
  }
  if (ends == 1) return *found;
  if (ends > 1) return tileText(w.tile) + " fits both ends: name one (L or R)";
  RoundState s;
  s.hand[idx(o.me)] = o.hand;
  s.line = o.line;
  s.ends = o.ends;
  s.turn = o.me;
  s.forcedLead = o.forcedLead;
  s.stockEnd = static_cast<std::uint8_t>(o.stockCount);
  if (auto why = s.illegal(w, o.me, o.rules, o.fits); !why.empty()) return why;
  return "it is not one of the legal moves (" + engineMoveList(o, o.legal) + ")";
}

// "engine[KEY=VALUE,...]:CMD".
std::string parseEngineSpec(std::string_view spec, EngineSettings& out) {
  const std::string bad = "player '" + std::string(spec) + "': ";
  const std::string form = "an engine is engine:CMD or engine[ms=N,grace=N,start=N,OPTION=VALUE,...]:CMD";
  if (!enginesSupported()) return bad + "outside engines run as processes, which this build cannot start";
  std::string_view rest = spec.substr(6);
  if (!rest.empty() && rest.front() == '[') {
    const std::size_t close = rest.find(']');
    if (close == std::string_view::npos) return bad + "the settings' '[' has no ']': " + form;
    std::string_view set = rest.substr(1, close - 1);
    rest = rest.substr(close + 1);
    while (!set.empty()) {
      const std::size_t comma = set.find(',');
      const std::string_view part = trim(set.substr(0, comma));
      set = comma == std::string_view::npos ? std::string_view{} : set.substr(comma + 1);
      const std::size_t eq = part.find('=');
      const std::string key(trim(part.substr(0, eq))),
          value(eq == std::string_view::npos ? "" : trim(part.substr(eq + 1)));
      if (eq == std::string_view::npos || !validName(key))
        return bad + "'" + std::string(part) + "' is no KEY=VALUE setting";
      const bool host = key == "ms" || key == "grace" || key == "start";
      for (const auto& [k, v] : out.options)
        if (k == key) return std::string(bad).append("'").append(key).append("' is given twice");
      if (!host) {
        out.options.emplace_back(key, value);
        continue;
      }
      out.options.emplace_back(key, value);  // remembered for the twice check, removed below
      const auto n = whole(value);
      const long long lo = key == "grace" ? 0 : 1;
      if (!n || *n < lo || *n > 9999999)
        return bad + key + "=N takes a number of milliseconds from " + std::to_string(lo) + " to 9999999";
      (key == "ms" ? out.budgetMs : key == "grace" ? out.graceMs : out.startMs) = static_cast<int>(*n);
    }
    std::erase_if(out.options,
                  [](const auto& kv) { return kv.first == "ms" || kv.first == "grace" || kv.first == "start"; });
  }
  if (rest.empty() || rest.front() != ':') return bad + form;
  out.command = trim(rest.substr(1));
  if (out.command.empty()) return bad + "the engine's command is empty: " + form;
  return {};
}

// ---- The seat tracker ----------------------------------------------------------------------------

std::variant<SeatTracker::Step, std::string> SeatTracker::feed(std::string_view line) {
  Step step;
  auto [word, rest] = split(line);
  if (word.empty()) return step;
  std::string err;
  if (word == "hello") {
    step.kind = Step::Kind::Hello;
    bool one = false;
    for (std::string_view v = rest; !v.empty();) {
      auto [x, more] = split(v);
      one = one || x == "1";
      v = more;
    }
    if (!one) err = "the host speaks no version this engine does (1)";
  } else if (word == "set") {
    auto [n, v] = split(rest);
    step.kind = Step::Kind::Set;
    step.name = n;
    step.value = v;
    if (n.empty()) err = "set takes an option's name and its value";
  } else if (word == "game") {
    step.kind = Step::Kind::Game;
    o_ = Observation{};
    rulesSet_ = seatSet_ = false;
  } else if (word == "rules" || word == "seed" || word == "seat") {
    err = game(word, rest);
  } else if (word == "A:" || word == "B:") {
    err = moveLine(word == "A:" ? Player::A : Player::B, rest);
  } else if (word == "go") {
    step.kind = Step::Kind::Go;
    err = goLine(rest, step);
  } else if (word == "stop" || word == "quit") {
    step.kind = word == "stop" ? Step::Kind::Stop : Step::Kind::Quit;
  } else {
    err = roundLine(word, rest);
  }
  if (!err.empty()) return err;
  return step;
}

std::string SeatTracker::game(std::string_view word, std::string_view rest) {
  if (word == "rules") {
    auto parsed = parseRules(rest);
    if (auto* e = std::get_if<std::string>(&parsed)) return *e;
    o_.rules = std::get<Rules>(parsed);
    rulesSet_ = true;
    return {};
  }
  if (word == "seed") {
    std::uint64_t v = 0;
    const auto [p, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), v);
    if (ec != std::errc() || p != rest.data() + rest.size() || rest.empty())
      return "seed takes a number from 0 to 2^64-1, not '" + std::string(rest) + "'";
    seed_ = v;
    return {};
  }
  if (rest != "A" && rest != "B") return "seat takes A or B, not '" + std::string(rest) + "'";
  o_.me = rest == "A" ? Player::A : Player::B;
  seatSet_ = true;
  return {};
}

namespace {
std::optional<Player> playerOf(std::string_view w) {
  if (w == "A") return Player::A;
  if (w == "B") return Player::B;
  return std::nullopt;
}
}  // namespace

std::string SeatTracker::roundLine(std::string_view word, std::string_view rest) {
  if (word == "round") {
    const auto n = whole(rest);
    if (!gameReady()) return "a round before the game's rules and seat";
    if (!n || *n < 1) return "round takes a number from 1, not '" + std::string(rest) + "'";
    const Observation keep = o_;
    o_ = Observation{};
    o_.rules = keep.rules;
    o_.me = keep.me;
    o_.round = static_cast<int>(*n);
    if (o_.rules.layout == LayoutRule::Free) {
      board_.reset(o_.rules.tableW, o_.rules.tableH);
      o_.fits = board_.fits();
    }
    return {};
  }
  auto [first, more] = split(rest);
  const auto who = playerOf(first);
  if (word == "score") {
    auto [a, r1] = split(more);
    auto [b, r2] = split(r1);
    auto [bs, r3] = split(r2);
    const auto x = whole(a), y = whole(bs);
    if (first != "A" || b != "B" || !x || !y || !r3.empty()) return "score is 'score A N B N'";
    o_.scores = {static_cast<int>(*x), static_cast<int>(*y)};
    return {};
  }
  if (word == "stock") {
    const auto n = whole(rest);
    if (!n || *n < 0 || *n > kMaxStock) return "stock takes a count from 0 to 26";
    o_.stockCount = static_cast<int>(*n);
    return {};
  }
  if (word == "line") return setupLine(rest);
  if (!who) return "unknown message '" + std::string(word) + "'";
  if (word == "hand") {
    if (*who != o_.me) return "hand names the engine's own seat";
    o_.hand = 0;
    for (std::string_view v = more; !v.empty();) {
      auto [t, next] = split(v);
      const auto tile = parseTile(t);
      if (!tile) return malformedTile(t);
      o_.hand |= bit(tile->tile());
      v = next;
    }
    return {};
  }
  if (word == "tiles") {
    const auto n = whole(more);
    if (*who == o_.me || !n || *n < 0 || *n > kTiles) return "tiles is 'tiles OPPONENT N'";
    o_.opponentCount = static_cast<int>(*n);
    return {};
  }
  if (word == "lead") {
    o_.opener = o_.turn = *who;
    o_.forcedLead = kNoTile;
    if (!more.empty()) {
      const auto tile = parseTile(more);
      if (!tile) return malformedTile(more);
      o_.forcedLead = tile->tile();
    }
    return {};
  }
  return "unknown message '" + std::string(word) + "'";
}

std::string SeatTracker::setupLine(std::string_view rest) {
  o_.laid.clear();
  o_.line = 0;
  int lead = -1;
  for (std::string_view v = rest; !v.empty();) {
    auto [w, next] = split(v);
    v = next;
    std::string t(w);
    LaidTile laid;
    if (!t.empty() && t.back() == '*') {
      lead = static_cast<int>(o_.laid.size());
      t.pop_back();
    }
    if (!t.empty() && (t.back() == '^' || t.back() == '<' || t.back() == '>')) {
      laid.heading = t.back() == '^' ? Heading::Straight : t.back() == '<' ? Heading::Left : Heading::Right;
      t.pop_back();
    }
    const auto tile = parseTile(t);
    if (!tile) return malformedTile(w);
    laid.tile = tile->tile();
    laid.left = static_cast<std::uint8_t>(tile->first);
    laid.right = static_cast<std::uint8_t>(tile->second);
    o_.laid.push_back(laid);
    o_.line |= bit(laid.tile);
  }
  if (o_.laid.empty()) return "line lists no tile";
  o_.leadIndex = lead < 0 ? 0 : lead;
  o_.ends = {static_cast<std::int8_t>(o_.laid.front().left), static_cast<std::int8_t>(o_.laid.back().right)};
  o_.fromDeal = false;
  if (o_.rules.layout == LayoutRule::Free) {
    const auto n = static_cast<int>(o_.laid.size());
    board_.lead(o_.laid[static_cast<std::size_t>(o_.leadIndex)].tile);
    for (int i = o_.leadIndex - 1; i >= 0; --i)
      board_.play(End::L, o_.laid[static_cast<std::size_t>(i)].tile, o_.laid[static_cast<std::size_t>(i)].heading);
    for (int i = o_.leadIndex + 1; i < n; ++i)
      board_.play(End::R, o_.laid[static_cast<std::size_t>(i)].tile, o_.laid[static_cast<std::size_t>(i)].heading);
    o_.fits = board_.fits();
  }
  return {};
}

void SeatTracker::applyPlay(Player who, const Move& m) {
  const Tile t = m.tile;
  if (m.end == End::None) {
    const auto far = static_cast<std::uint8_t>(otherHalf(t, m.leftPip));
    o_.laid = {LaidTile{t, m.leftPip, far, Heading::Straight}};
    o_.leadIndex = 0;
    o_.ends = {static_cast<std::int8_t>(m.leftPip), static_cast<std::int8_t>(far)};
    if (o_.rules.layout == LayoutRule::Free) board_.lead(t);
  } else {
    const int e = static_cast<int>(m.end);
    const auto match = static_cast<std::uint8_t>(o_.ends[e]);
    const auto far = static_cast<std::uint8_t>(otherHalf(t, match));
    if (m.end == End::L) {
      o_.laid.insert(o_.laid.begin(), LaidTile{t, far, match, m.heading});
      ++o_.leadIndex;
    } else {
      o_.laid.push_back(LaidTile{t, match, far, m.heading});
    }
    o_.ends[e] = static_cast<std::int8_t>(far);
    if (o_.rules.layout == LayoutRule::Free) board_.play(m.end, t, m.heading);
  }
  if (o_.rules.layout == LayoutRule::Free) o_.fits = board_.fits();
  o_.line |= bit(t);
  if (who == o_.me)
    o_.hand &= ~bit(t);
  else
    --o_.opponentCount;
}

std::string SeatTracker::moveLine(Player who, std::string_view rest) {
  if (o_.round < 1) return "a move before the round";
  auto read = resolveWords(rest, o_.beforeLead(), who == o_.me);
  if (auto* e = std::get_if<std::string>(&read)) return *e;
  Move m = std::get<Move>(read);
  Event e;
  e.who = who;
  e.ends = o_.ends;
  e.placeable = o_.placeable();
  e.number = static_cast<int>(o_.history.size()) + 1;
  e.stockCount = o_.stockCount;
  e.canDraw = o_.canDraw();
  if (m.kind == MoveKind::Play) {
    if (o_.line & bit(m.tile)) return tileText(m.tile) + " is on the table already";
    if (who == o_.me && !(o_.hand & bit(m.tile))) return tileText(m.tile) + " is not in the engine's hand";
    if (!m.isLead()) {
      if (m.end == End::None) return "a play names its end";
      const int end = o_.ends[static_cast<int>(m.end)];
      if (high(m.tile) != end && low(m.tile) != end) return tileText(m.tile) + " does not match that end";
    } else if (m.leftPip != high(m.tile) && m.leftPip != low(m.tile)) {
      m.leftPip = static_cast<std::uint8_t>(high(m.tile));
    }
    applyPlay(who, m);
  } else if (m.kind == MoveKind::Draw) {
    if (o_.stockCount < 1) return std::string("a draw from an empty stock");
    --o_.stockCount;
    if (who == o_.me) {
      if (m.tile == kNoTile) return std::string("the engine's own draw shows its tile");
      if (!(o_.unseen() & bit(m.tile))) return tileText(m.tile) + " cannot be drawn: the engine has seen it";
      o_.hand |= bit(m.tile);
    } else {
      m.tile = kNoTile;
      ++o_.opponentCount;
    }
  }
  e.move = m;
  o_.history.push_back(e);
  o_.turn = m.kind == MoveKind::Draw ? who : other(who);
  return {};
}

std::string SeatTracker::goLine(std::string_view rest, Step& step) {
  auto [ms, r1] = split(rest);
  auto [n, r2] = split(r1);
  auto [lw, list] = split(r2);
  const auto budget = whole(n);
  if (ms != "ms" || !budget || *budget < 0 || lw != "legal") return "go is 'go ms N legal MOVES'";
  if (o_.round < 1) return "go before a round";
  step.ms = static_cast<int>(std::min<long long>(*budget, 1 << 30));
  o_.turn = o_.me;
  o_.legal = MoveList{};
  for (std::string_view v = list; !v.empty();) {
    const std::size_t comma = v.find(',');
    const std::string_view item = v.substr(0, comma);
    v = comma == std::string_view::npos ? std::string_view{} : v.substr(comma + 1);
    auto m = resolveWords(item, o_.beforeLead(), false);
    if (auto* e = std::get_if<std::string>(&m)) return "legal: " + *e;
    if (o_.legal.size >= static_cast<int>(o_.legal.moves.size())) return std::string("legal lists too many moves");
    o_.legal.push(std::get<Move>(m));
  }
  if (o_.legal.empty()) return std::string("go lists no legal move");
  return {};
}

// ---- One request, one answer (the web page's worker) ---------------------------------------------

namespace {
std::string oneLine(std::string s) {
  std::replace(s.begin(), s.end(), '\n', ' ');
  std::replace(s.begin(), s.end(), '\r', ' ');
  return s;
}
}  // namespace

std::string engineAnswer(const std::string& spec, std::string_view request, const std::atomic<bool>* stop) {
  SeatTracker seat;
  int number = 0;
  for (std::string_view rest = request; !rest.empty();) {
    const std::size_t nl = rest.find('\n');
    const std::string_view line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
    ++number;
    auto step = seat.feed(line);
    if (auto* e = std::get_if<std::string>(&step))
      return "error request line " + std::to_string(number) + ": " + oneLine(*e) + "\n";
    if (std::get<SeatTracker::Step>(step).kind != SeatTracker::Step::Kind::Go) continue;
    auto player = makePlayer(spec, seat.seed());
    if (!player) return "error no such player: " + oneLine(spec) + "\n";
    player->setStop(stop);
    try {
      const Observation& o = seat.observation();
      const Decision d = player->decide(o);
      std::string out;
      for (const EngineInfo& i : d.info) out += engineInfoLine(i) + "\n";
      if (!d.reason.empty()) out += "reason " + oneLine(d.reason) + "\n";
      return out + "move " + engineMoveText(o.rules, o.ends, d.move) + "\n";
    } catch (const std::exception& e) {
      return "error " + oneLine(e.what()) + "\n";
    }
  }
  return "error the request has no go line\n";
}

Decision readEngineAnswer(const Observation& o, std::string_view answer) {
  Decision d;
  for (std::string_view rest = answer; !rest.empty();) {
    const std::size_t nl = rest.find('\n');
    const std::string_view line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
    auto [word, more] = split(line);
    if (word.empty()) continue;
    if (word == "error") throw EngineFailure(std::string(more));
    if (word == "reason") {
      d.reason = std::string(more);
    } else if (word == "info") {
      auto i = parseEngineInfo(more);
      if (auto* e = std::get_if<std::string>(&i)) throw EngineFailure("a malformed info: " + *e);
      d.info.push_back(std::get<EngineInfo>(i));
    } else if (word == "move") {
      auto m = engineMoveOf(o, more);
      if (auto* e = std::get_if<std::string>(&m)) throw EngineFailure("the move " + std::string(more) + ": " + *e);
      d.move = std::get<Move>(m);
      return d;
    } else {
      throw EngineFailure("an answer holds '" + std::string(line.substr(0, 80)) + "'");
    }
  }
  throw EngineFailure("an answer holds no move");
}

}  // namespace dom::ai
