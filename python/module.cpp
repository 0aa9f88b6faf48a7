// SPDX-License-Identifier: MIT
// `import dominoes`: the engine of Dominoes Studio for Python (docs/python.md). A thin layer on the
// C++ library (docs/library.md): tiles are ints 0..27, hands lists of tiles (heaviest first), moves
// Move values; a Match keeps the public history of its round (for observations) and the DGN record
// of what was played (for `dgn()`).
#include <pybind11/eval.h>
#include <pybind11/numpy.h>
#include <pybind11/operators.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <utility>
#include <variant>
#include <vector>

#include "ai/analysis.h"
#include "ai/batch.h"
#include "ai/ladder.h"
#include "ai/observation.h"
#include "ai/players.h"
#include "ai/recorder.h"
#include "core/dgn.h"
#include "core/layout.h"
#include "core/match.h"
#include "core/movetext.h"
#include "core/rules.h"
#include "rl.h"

namespace py = pybind11;

namespace {

using namespace dom;

// dominoes.Tile: an int 0..27 that prints as its pips ("6-4"), made in Python at import (kTileClass).
py::handle& tileType() {
  static py::handle type;  // owned by the module's dict; never released
  return type;
}

py::object tileObject(Tile t) { return tileType()(static_cast<int>(t)); }

// A move's tile: a Tile, or NO_TILE (a plain int) for none.
py::object tileOrNone(Tile t) { return t == kNoTile ? py::object(py::int_(static_cast<int>(kNoTile))) : tileObject(t); }

py::list tiles(Mask m) {
  py::list out;
  forEachHeaviestFirst(m, [&](Tile t) { out.append(tileObject(t)); });
  return out;
}

constexpr const char* kTileClass = R"(
import operator as _operator
class Tile(int):
    """A tile: an int 0..27 (it indexes as one and equals its number) that prints as its pips, "6-4".

    Tile(22), Tile(6, 4) or Tile("6-4"); .high, .low and .pips give its halves."""
    __slots__ = ()
    def __new__(cls, a, b=None):
        if b is None and isinstance(a, str):
            high, sep, low = a.partition("-")
            if not sep or not high.strip().isdigit() or not low.strip().isdigit():
                raise ValueError(f"a tile is written like 6-4, not {a!r}")
            return int.__new__(cls, _tile_number(int(high), int(low)))
        if b is not None:
            return int.__new__(cls, _tile_number(_operator.index(a), _operator.index(b)))
        value = _operator.index(a)
        if not 0 <= value < 28:
            raise ValueError(f"a tile is 0..27, not {value}")
        return int.__new__(cls, value)
    @property
    def pips(self):
        """(high, low)."""
        return tile_pips(int(self))
    @property
    def high(self):
        """The higher half."""
        return self.pips[0]
    @property
    def low(self):
        """The lower half."""
        return self.pips[1]
    def __repr__(self):
        return tile_text(int(self))
    __str__ = __repr__
    def __reduce__(self):
        return (Tile, (int(self),))
class IllegalMove(ValueError):
    """A move the rules refuse; the message is their reason ("B cannot draw while able to play")."""
class DgnError(ValueError):
    """A DGN record that does not read: str() is "FILE:LINE: message"; .file, .line, .message."""
    file = None
    line = None
    message = None
)";

std::vector<Move> moves(const MoveList& l) { return {l.begin(), l.end()}; }

// Every value that enters from Python is checked where it enters (docs/python.md): a tile number,
// an enum made from an int (End(7)), a player, a rule set's knob.
Tile checkTile(int t) {
  if (t < 0 || t >= kTiles) throw py::value_error("a tile is 0..27, not " + std::to_string(t));
  return static_cast<Tile>(t);
}

template <class E>
E checkEnum(E v, int count, const char* what) {
  const auto i = static_cast<int>(v);
  if (i < 0 || i >= count)
    throw py::value_error(std::string(what) + " is 0.." + std::to_string(count - 1) + ", not " + std::to_string(i));
  return v;
}

Player checkPlayer(Player p) { return checkEnum(p, 2, "a player"); }

// A Move's fields: a play names a tile 0..27 (a draw may name none), its enums are in range and a
// lead's left pip is 0..6 (Move() itself is a play of no tile: refused where it is played).
Move checkMove(const Move& m) {
  (void)checkEnum(m.kind, 3, "a move's kind");
  (void)checkEnum(m.end, 3, "a move's end");
  (void)checkEnum(m.heading, 3, "a move's heading");
  if (m.tile != kNoTile) (void)checkTile(m.tile);
  if (m.leftPip > 6) throw py::value_error("a move's left pip is 0..6, not " + std::to_string(m.leftPip));
  return m;
}

Move checkPlay(const Move& m) {
  if (checkMove(m).kind == MoveKind::Play && m.tile == kNoTile) throw py::value_error("a play names a tile 0..27");
  return m;
}

Rules parse(const std::string& text) {
  auto parsed = parseRules(std::string_view(text));
  if (auto* e = std::get_if<std::string>(&parsed)) throw py::value_error(*e);
  return std::get<Rules>(parsed);
}

std::optional<Player> winnerOf(std::uint8_t w) {
  return w == 2 ? std::nullopt : std::optional<Player>(static_cast<Player>(w));
}

std::string moveRepr(const Move& m) {
  if (m.kind == MoveKind::Draw) return m.tile == kNoTile ? "Move(draw)" : "Move(draw " + tileText(m.tile) + ")";
  if (m.kind == MoveKind::Pass) return "Move(pass)";
  std::string s = "Move(" + tileText(m.tile);
  if (m.end != End::None) s += std::string(" ") + letter(m.end);
  if (m.heading != Heading::Straight) s += std::string(" ") + name(m.heading);
  return s + ")";
}

// dominoes.IllegalMove (a ValueError: the rules' reason) and dominoes.DgnError (a ValueError carrying
// .file and .line), made at import (bindErrors).
py::handle& illegalMoveType() {
  static py::handle type;
  return type;
}
py::handle& dgnErrorType() {
  static py::handle type;
  return type;
}

[[noreturn]] void raiseIllegal(const std::string& why) {
  PyErr_SetString(illegalMoveType().ptr(), why.c_str());
  throw py::error_already_set();
}

[[noreturn]] void raiseDgn(const dgn::Error& e) {
  py::object err = dgnErrorType()(e.text());
  err.attr("file") = e.file;
  err.attr("line") = static_cast<long long>(e.line);
  err.attr("message") = e.message;
  PyErr_SetObject(dgnErrorType().ptr(), err.ptr());
  throw py::error_already_set();
}

std::string endsText(const std::array<std::int8_t, 2>& ends) {
  return ends[0] < 0 ? "no tile laid" : "ends " + std::to_string(ends[0]) + "|" + std::to_string(ends[1]);
}

std::string resultText(const RoundResult& r) {
  const std::string how = r.how == RoundStatus::Domino ? "domino" : "blocked";
  if (r.winner > 1) return "round " + std::to_string(r.round) + " tied, " + how;
  return "round " + std::to_string(r.round) + ", " + letter(static_cast<Player>(r.winner)) + " wins " +
         std::to_string(r.points) + ", " + how;
}

// A match with the public history of its round and the record of what was played (the engine's
// round recorder), and what Python's Match adds: its errors as ValueError, moves found by words.
struct Game : ai::RoundRecorder {
  explicit Game(const Rules& rules) : RoundRecorder(rules) {}

  void startRound(std::uint64_t seed) {
    if (auto why = RoundRecorder::startRound(seed); !why.empty()) throw py::value_error(why);
  }

  [[nodiscard]] Player mover() const {
    if (!match.inRound()) throw py::value_error("no round is on: start_round first");
    return match.state().turn;
  }

  // The legal move `given` names (a lead's orientation as given), or why not: the rules' reason, or
  // never an empty one. A lead names no end: one that does (as the words "6-6 L" may) is the lead.
  [[nodiscard]] std::variant<Move, std::string> find(const Move& given) const {
    const Player who = mover();
    Move m = checkPlay(given);
    if (m.kind == MoveKind::Play && match.state().beforeLead()) m.end = End::None;
    for (const Move& l : match.legalMoves())
      if (l.same(m)) return m.isLead() ? m : l;
    if (m.kind == MoveKind::Play && m.end == End::None && !match.state().beforeLead()) {
      const FoundMove found = findMove(match, who, moveWords(tileText(m.tile)));
      if (found.move) return *found.move;
      return found.error.empty() ? std::string("no legal move plays ") + tileText(m.tile) : found.error;
    }
    std::string why = match.illegal(m, who);
    return why.empty() ? "the move " + moveRepr(given) + " is not one of the legal moves" : why;
  }

  [[nodiscard]] Move legal(const Move& m) const {
    auto found = find(m);
    if (auto* why = std::get_if<std::string>(&found)) raiseIllegal(*why);
    return std::get<Move>(found);
  }

  [[nodiscard]] std::string illegal(const Move& m) const {
    auto found = find(m);
    auto* why = std::get_if<std::string>(&found);
    return why ? *why : std::string();
  }

  [[nodiscard]] Move parseMove(const std::string& text) const {
    const FoundMove found = findMove(match, mover(), moveWords(text));
    if (!found.move) raiseIllegal(found.error);
    return *found.move;
  }

  // Applies a legal move; returns it as applied (a draw's tile filled in).
  Move play(const Move& m) { return RoundRecorder::play(legal(m)); }

  [[nodiscard]] ai::Observation observe(std::optional<Player> viewer) const {
    return RoundRecorder::observe(viewer ? checkPlayer(*viewer) : mover());
  }
};

// A record read back as a Game: its final position, the history of its last round rebuilt from
// the reader's visit so that observations see it.
Game readGame(const std::string& text, const std::string& file) {
  std::optional<Match> last;
  ai::RoundLog log;
  const dgn::Visit visit = [&](const dgn::RoundRecord&, const dgn::Statement* s, const Match& m) {
    if (!s) {
      log.clear();
    } else if (s->kind == dgn::Statement::Kind::Move && !s->rejected && last) {
      log.record(*last, s->move);
    }
    last = m;
  };
  auto read = dgn::read(text, file, visit);
  if (auto* e = std::get_if<dgn::Error>(&read)) raiseDgn(*e);
  auto& rec = std::get<dgn::Record>(read);
  Game g(rec.rules);
  if (last) g.match = *last;
  g.log = std::move(log);
  g.record = std::move(rec);
  return g;
}

py::object layoutData(const Match& m) { return py::module_::import("json").attr("loads")(layoutJson(m.layout())); }

py::dict evalDict(const ai::MoveEval& e) {
  py::dict d;
  d["move"] = e.move;
  d["text"] = e.text;
  d["win"] = e.win;
  d["points"] = e.points;
  d["exact_share"] = e.exactShare;
  d["tips"] = e.tips;
  return d;
}

ai::EvalOptions evalOptions(int samples, std::uint64_t seed, const std::string& knowledge) {
  ai::EvalOptions opt;
  if (knowledge != "mover" && knowledge != "all") throw py::value_error("knowledge is 'mover' or 'all'");
  opt.knowledge = knowledge == "all" ? ai::Knowledge::All : ai::Knowledge::Mover;
  opt.samples = samples;
  opt.seed = seed;
  return opt;
}

py::list analyse(const Game& g, int samples, std::uint64_t seed, const std::string& knowledge) {
  (void)g.mover();
  const ai::EvalOptions opt = evalOptions(samples, seed, knowledge);
  ai::PositionEval eval;
  {
    // Copies: another thread may play in g while the GIL is released (issue 42 #3).
    const Match match = g.match;
    const ai::RoundLog log = g.log;
    py::gil_scoped_release release;
    eval = ai::evaluate(match, log, opt);
  }
  py::list out;
  for (const auto& e : eval.moves) out.append(evalDict(e));
  return out;
}

py::list analyseRecord(const Game& g, std::optional<Player> side, int samples, std::uint64_t seed) {
  const ai::EvalOptions opt = evalOptions(samples, seed, "mover");
  if (side) (void)checkPlayer(*side);
  std::vector<ai::AnalysedMove> moves;
  {
    // A copy: another thread may play in g, which grows its record, while the GIL is released.
    const dgn::Record record = g.record;
    py::gil_scoped_release release;
    moves = ai::analyseRecord(record, side, opt);
  }
  py::list out;
  for (const auto& a : moves) {
    py::dict d;
    d["round"] = a.round;
    d["number"] = a.number;
    d["line"] = a.line;
    d["mover"] = a.mover;
    d["played"] = a.playedText;
    d["win"] = a.playedWin;
    d["points"] = a.playedPoints;
    d["mark"] = std::string(ai::name(a.mark));
    py::list evals;
    for (const auto& e : a.eval.moves) evals.append(evalDict(e));
    d["moves"] = evals;
    out.append(d);
  }
  return out;
}

// The batch call of the benchmark: `rounds` random rounds played inside C++ (ai::randomRounds, the
// generic path of `dominoes bench`); returns the number of moves. No Python runs per move.
long long randomRounds(const Rules& given, long long rounds, std::uint64_t seed) {
  const Rules rules = given;  // a copy: another thread may set a knob while the GIL is released
  py::gil_scoped_release release;
  ai::PlayoutRng rng(seed);
  return ai::randomRounds(rules, rng, rounds);
}

// pybind11's enum casts any int (End(7)); this constructor, tried first, refuses one out of range.
// Each enum's doc, and its constructor's and the name and value properties' (pybind11's have none).
template <class E>
py::enum_<E>& checkedInit(py::enum_<E>& e, int count, const char* what) {
  const std::string doc = "The member of that number (" + std::string(e.attr("__name__").template cast<std::string>()) +
                          "(0)); ValueError outside 0.." + std::to_string(count - 1) + ".";
  e.def(py::init([count, what](int v) { return checkEnum(static_cast<E>(v), count, what); }), py::arg("value"),
        py::prepend(), doc.c_str());
  e.attr("name").attr("__doc__") = "The member's name, as written in Python (\"A\", \"PLAY\").";
  e.attr("value").attr("__doc__") = "The member's number (what int() gives).";
  return e;
}

template <class E>
py::enum_<E> enumOf(py::module_& m, const char* name, const char* doc, int count, const char* what) {
  py::enum_<E> e(m, name, doc);
  checkedInit(e, count, what);
  return e;
}

void bindEnums(py::module_& m) {
  enumOf<Player>(m, "Player", "A player: A or B (also dominoes.A and dominoes.B).", 2, "a player")
      .value("A", Player::A)
      .value("B", Player::B)
      .export_values();
  enumOf<End>(m, "End", "An end of the line: L (left), R (right), or NONE (a lead, which names no end).", 3, "an end")
      .value("L", End::L)
      .value("R", End::R)
      .value("NONE", End::None);
  enumOf<Heading>(m, "Heading", "Where a tile turns under layout=free: STRAIGHT on, or LEFT or RIGHT (docs/layout.md).",
                  3, "a heading")
      .value("STRAIGHT", Heading::Straight)
      .value("LEFT", Heading::Left)
      .value("RIGHT", Heading::Right);
  enumOf<MoveKind>(m, "MoveKind", "What a move does: PLAY a tile, DRAW from the stock, or PASS.", 3, "a move's kind")
      .value("PLAY", MoveKind::Play)
      .value("DRAW", MoveKind::Draw)
      .value("PASS", MoveKind::Pass);
  enumOf<RoundStatus>(
      m, "RoundStatus",
      "Where a round stands: PLAYING, or over by DOMINO (a hand emptied) or BLOCKED (neither can move).", 3,
      "a round's status")
      .value("PLAYING", RoundStatus::Playing)
      .value("DOMINO", RoundStatus::Domino)
      .value("BLOCKED", RoundStatus::Blocked);
  enumOf<DrawRule>(m, "DrawRule",
                   "The rule set's draw knob: UNTIL (draw until able to play, while the stock lasts) or NONE (pass).",
                   2, "draw")
      .value("UNTIL", DrawRule::Until)
      .value("NONE", DrawRule::None);
  enumOf<LeadRule>(m, "LeadRule",
                   "Who opens a round from round 2 on: DOUBLE (the highest double's holder, as in round 1), ALTERNATE, "
                   "or WINNER (the last round's winner).",
                   3, "lead")
      .value("DOUBLE", LeadRule::Double)
      .value("ALTERNATE", LeadRule::Alternate)
      .value("WINNER", LeadRule::Winner);
  enumOf<BlockedRule>(
      m, "BlockedRule",
      "What a blocked round scores: the DIFFERENCE of the pips held, or the LOSER's total (docs/rules.md).", 2,
      "blocked")
      .value("DIFFERENCE", BlockedRule::Difference)
      .value("LOSER", BlockedRule::Loser);
  enumOf<LayoutRule>(m, "LayoutRule",
                     "How the line lies: SNAKE (the engine turns it at the table's edge) or FREE (the player "
                     "chooses each tile's heading; a tile that fits no end cannot be played).",
                     2, "layout")
      .value("SNAKE", LayoutRule::Snake)
      .value("FREE", LayoutRule::Free);
}

void bindTiles(py::module_& m) {
  m.attr("NO_TILE") = static_cast<int>(kNoTile);
  m.def(
      "tile",
      [](int a, int b) {
        if (a < 0 || a > 6 || b < 0 || b > 6) throw py::value_error("a tile's halves are 0..6");
        return tileObject(tileOf(a, b));
      },
      py::arg("a"), py::arg("b"),
      "The tile of halves a and b (0..6 each, either order): a Tile (an int 0..27). ValueError out of range.");
  m.def(
      "_tile_number",
      [](int a, int b) {
        if (a < 0 || a > 6 || b < 0 || b > 6) throw py::value_error("a tile's halves are 0..6");
        return static_cast<int>(tileOf(a, b));
      },
      py::arg("a"), py::arg("b"), "The number of the tile a-b (Tile's constructor).");
  m.def(
      "tile_text", [](int t) { return tileText(checkTile(t)); }, py::arg("tile"),
      "A tile's text, high half first: tile_text(Tile(6, 4)) is \"6-4\". ValueError outside 0..27.");
  m.def(
      "tile_pips", [](int t) { return std::pair<int, int>(high(checkTile(t)), low(checkTile(t))); }, py::arg("tile"),
      "A tile's halves as (high, low): tile_pips(Tile(6, 4)) is (6, 4). ValueError outside 0..27.");
}

// A knob checked when it is set (issue 42 #1): the rule set it makes must be one parse_rules gives,
// or ValueError with parse_rules' message and the knob unchanged.
template <class T>
void knob(py::class_<Rules>& c, const char* name, T Rules::*field, const char* doc) {
  c.def_property(
      name, [field](const Rules& r) { return r.*field; },
      [field](Rules& r, const T& v) {
        Rules next = r;
        next.*field = v;
        if (auto why = rulesError(next); !why.empty()) throw py::value_error(why);
        r = std::move(next);
      },
      doc);
}

void bindRules(py::module_& m) {
  py::class_<Rules> c(m, "Rules", "A rule set (docs/rules.md): Rules(\"dominoes2 target=150\") or Rules() (en-linea).");
  c.def(py::init(&parse), py::arg("text") = "en-linea",
        "The rule set of a text, \"preset knob=value...\" (docs/rules.md); ValueError with the reason if invalid.");
  knob(c, "preset", &Rules::preset, "The preset's name (\"en-linea\", \"dominoes2\", ...); the knobs are set apart.");
  knob(c, "hand", &Rules::hand, "Tiles dealt to each player, 1..14.");
  knob(c, "reserve", &Rules::reserve, "Stock tiles that may never be drawn, 0..28.");
  knob(c, "draw", &Rules::draw, "Whether a player who cannot play draws (DrawRule.UNTIL) or passes (NONE).");
  knob(c, "lead", &Rules::lead, "Who opens a round from round 2 on (a LeadRule).");
  knob(c, "blocked", &Rules::blocked, "What a blocked round scores (a BlockedRule).");
  knob(c, "target", &Rules::target, "The score that wins the match, 1..1000; 0: the match is a single round.");
  knob(c, "layout", &Rules::layout, "How the line lies on the table (a LayoutRule).");
  knob(c, "table_w", &Rules::tableW, "The table's width in squares, 4..64 (at least 50 under layout=snake).");
  knob(c, "table_h", &Rules::tableH, "The table's height in squares, 4..64 (at least 24 under layout=snake).");
  c.def("text", &Rules::text,
        "The rule set as text, the preset then every knob (\"en-linea hand=7 reserve=0 ...\"): what Rules(text) reads.")
      .def("__str__", &Rules::text)
      .def("__repr__", [](const Rules& r) { return "Rules(\"" + r.text() + "\")"; })
      .def(py::self == py::self)
      .def(py::pickle([](const Rules& r) { return r.text(); }, [](const std::string& text) { return parse(text); }));
  m.def("presets", &presetNames, "The presets' names, a list of str (\"dominoes2\", \"en-linea\", ...).");
  m.def("parse_rules", &parse, py::arg("text"), "A rule set from \"preset knob=value...\"; ValueError if invalid.");
}

// pickle and copy of the engine's plain values (issue 45 #6): each as a tuple of ints and strs, read
// back with every field checked (a tuple of another shape, or a value out of range, is a ValueError
// naming what is wrong). The format is this module's own, not promised across versions.
[[noreturn]] void badState(const char* what, const std::string& why) {
  throw py::value_error(std::string("a pickled ") + what + " " + why);
}

py::tuple stateTuple(const py::handle& h, std::size_t size, const char* what) {
  if (!py::isinstance<py::tuple>(h)) badState(what, "is a tuple");
  auto t = py::reinterpret_borrow<py::tuple>(h);
  if (t.size() != size) badState(what, "is " + std::to_string(size) + " fields, not " + std::to_string(t.size()));
  return t;
}

int stateInt(const py::handle& h, int lo, int hi, const char* what, const char* field) {
  const auto v = h.cast<long long>();
  if (v < lo || v > hi)
    badState(what, std::string("has ") + field + " " + std::to_string(v) + ", not " + std::to_string(lo) + ".." +
                       std::to_string(hi));
  return static_cast<int>(v);
}

Mask stateMask(const py::handle& h, const char* what, const char* field) {
  const auto v = h.cast<long long>();
  if (v < 0 || v > static_cast<long long>(kAllTiles)) badState(what, std::string("has ") + field + " not a tile mask");
  return static_cast<Mask>(v);
}

Tile stateTile(const py::handle& h, const char* what, bool orNone) {
  const int t = stateInt(h, 0, kNoTile, what, "tile");
  if (t >= kTiles && !(orNone && t == kNoTile)) badState(what, "has tile " + std::to_string(t) + ", not 0..27");
  return static_cast<Tile>(t);
}

py::tuple moveState(const Move& m) {
  return py::make_tuple(static_cast<int>(m.kind), static_cast<int>(m.tile), static_cast<int>(m.end),
                        static_cast<int>(m.heading), static_cast<int>(m.leftPip));
}

Move moveFrom(const py::handle& h) {
  const py::tuple t = stateTuple(h, 5, "Move");
  return checkMove(Move{static_cast<MoveKind>(stateInt(t[0], 0, 2, "Move", "kind")), stateTile(t[1], "Move", true),
                        static_cast<End>(stateInt(t[2], 0, 2, "Move", "end")),
                        static_cast<Heading>(stateInt(t[3], 0, 2, "Move", "heading")),
                        static_cast<std::uint8_t>(stateInt(t[4], 0, 6, "Move", "left pip"))});
}

py::tuple laidState(const LaidTile& l) {
  return py::make_tuple(static_cast<int>(l.tile), static_cast<int>(l.left), static_cast<int>(l.right),
                        static_cast<int>(l.heading));
}

LaidTile laidFrom(const py::handle& h) {
  const py::tuple t = stateTuple(h, 4, "LaidTile");
  return LaidTile{stateTile(t[0], "LaidTile", false),
                  static_cast<std::uint8_t>(stateInt(t[1], 0, 6, "LaidTile", "left")),
                  static_cast<std::uint8_t>(stateInt(t[2], 0, 6, "LaidTile", "right")),
                  static_cast<Heading>(stateInt(t[3], 0, 2, "LaidTile", "heading"))};
}

py::tuple resultState(const RoundResult& r) {
  return py::make_tuple(r.round, static_cast<int>(r.winner), static_cast<int>(r.how), r.points);
}

RoundResult resultFrom(const py::handle& h) {
  const py::tuple t = stateTuple(h, 4, "RoundResult");
  return RoundResult{stateInt(t[0], 0, 1 << 30, "RoundResult", "round"),
                     static_cast<std::uint8_t>(stateInt(t[1], 0, 2, "RoundResult", "winner")),
                     static_cast<RoundStatus>(stateInt(t[2], 0, 2, "RoundResult", "how")),
                     stateInt(t[3], 0, 1 << 30, "RoundResult", "points")};
}

py::tuple eventState(const ai::Event& e) {
  return py::make_tuple(static_cast<int>(e.who), moveState(e.move), static_cast<int>(e.ends[0]),
                        static_cast<int>(e.ends[1]), e.placeable, e.number, e.stockCount, e.canDraw);
}

ai::Event eventFrom(const py::handle& h) {
  const py::tuple t = stateTuple(h, 8, "Event");
  ai::Event e;
  e.who = static_cast<Player>(stateInt(t[0], 0, 1, "Event", "who"));
  e.move = moveFrom(t[1]);
  e.ends = {static_cast<std::int8_t>(stateInt(t[2], -1, 6, "Event", "end L")),
            static_cast<std::int8_t>(stateInt(t[3], -1, 6, "Event", "end R"))};
  e.placeable = stateMask(t[4], "Event", "placeable");
  e.number = stateInt(t[5], 0, 1 << 30, "Event", "number");
  e.stockCount = stateInt(t[6], 0, kTiles, "Event", "stock count");
  e.canDraw = t[7].cast<bool>();
  return e;
}

template <class T, class F>
py::list stateList(const T& items, F f) {
  py::list out;
  for (const auto& x : items) out.append(f(x));
  return out;
}

py::tuple observationState(const ai::Observation& o) {
  py::list fits;
  for (const EndFit& f : o.fits) fits.append(py::make_tuple(f.dbl, static_cast<int>(f.headings)));
  return py::make_tuple(o.rules.text(),
                        py::make_tuple(static_cast<int>(o.me), static_cast<int>(o.turn), static_cast<int>(o.opener),
                                       o.round, o.scores[0], o.scores[1]),
                        py::make_tuple(o.hand, o.line, static_cast<int>(o.forcedLead)), stateList(o.laid, laidState),
                        o.leadIndex, py::make_tuple(static_cast<int>(o.ends[0]), static_cast<int>(o.ends[1])), fits,
                        py::make_tuple(o.stockCount, o.opponentCount), stateList(o.history, eventState),
                        stateList(o.legal, moveState), o.fromDeal);
}

ai::Observation observationFrom(const py::handle& h) {
  const char* what = "Observation";
  const py::tuple t = stateTuple(h, 11, what);
  ai::Observation o;
  o.rules = parse(t[0].cast<std::string>());
  const py::tuple who = stateTuple(t[1], 6, what);
  o.me = static_cast<Player>(stateInt(who[0], 0, 1, what, "me"));
  o.turn = static_cast<Player>(stateInt(who[1], 0, 1, what, "turn"));
  o.opener = static_cast<Player>(stateInt(who[2], 0, 1, what, "opener"));
  o.round = stateInt(who[3], 0, 1 << 30, what, "round");
  o.scores = {stateInt(who[4], 0, 1 << 30, what, "score"), stateInt(who[5], 0, 1 << 30, what, "score")};
  const py::tuple tiles = stateTuple(t[2], 3, what);
  o.hand = stateMask(tiles[0], what, "hand");
  o.line = stateMask(tiles[1], what, "line");
  o.forcedLead = stateTile(tiles[2], what, true);
  for (const auto& l : t[3].cast<py::list>()) o.laid.push_back(laidFrom(l));
  o.leadIndex = stateInt(t[4], 0, kTiles, what, "lead index");
  const py::tuple ends = stateTuple(t[5], 2, what);
  o.ends = {static_cast<std::int8_t>(stateInt(ends[0], -1, 6, what, "end L")),
            static_cast<std::int8_t>(stateInt(ends[1], -1, 6, what, "end R"))};
  const auto fits = t[6].cast<py::list>();
  if (fits.size() != 2) badState(what, "has two ends' fits");
  for (std::size_t e = 0; e < 2; ++e) {
    const py::tuple f = stateTuple(fits[e], 2, what);
    o.fits[e] = EndFit{f[0].cast<bool>(), static_cast<std::uint8_t>(stateInt(f[1], 0, 7, what, "headings"))};
  }
  const py::tuple counts = stateTuple(t[7], 2, what);
  o.stockCount = stateInt(counts[0], 0, kTiles, what, "stock count");
  o.opponentCount = stateInt(counts[1], 0, kTiles, what, "opponent count");
  for (const auto& e : t[8].cast<py::list>()) o.history.push_back(eventFrom(e));
  const auto legal = t[9].cast<py::list>();
  if (legal.size() > o.legal.moves.size()) badState(what, "has too many legal moves");
  for (const auto& m : legal) o.legal.push(moveFrom(m));
  o.fromDeal = t[10].cast<bool>();
  return o;
}

// __eq__ by the pickled state: every field compared.
template <class T>
void stateEquality(py::class_<T>& c, py::tuple (*state)(const T&)) {
  c.def(
      "__eq__", [state](const T& a, const T& b) { return state(a).equal(state(b)); }, py::arg("other"),
      "Equal when every field is (what pickle keeps).");
}

// Pickle and copy: copy.copy and copy.deepcopy go through pickle's state (the values hold no references).
template <class T>
void pickled(py::class_<T>& c, py::tuple (*state)(const T&), T (*from)(const py::handle&)) {
  c.def(py::pickle([state](const T& v) { return state(v); }, [from](const py::tuple& t) { return from(t); }));
}

void bindMoves(py::module_& m) {
  py::class_<Move>(m, "Move",
                   "A move: a play of a tile (at an end, with a heading under layout=free), a draw or a pass. "
                   "Equal when the rules see the same move.")
      .def(py::init([](MoveKind kind, int tile, End end, Heading heading, int leftPip) {
             if (tile != kNoTile) (void)checkTile(tile);
             if (leftPip < 0 || leftPip > 6) throw py::value_error("a move's left pip is 0..6");
             return checkMove(Move{kind, static_cast<Tile>(tile), end, heading, static_cast<std::uint8_t>(leftPip)});
           }),
           py::arg("kind") = MoveKind::Play, py::arg("tile") = static_cast<int>(kNoTile), py::arg("end") = End::None,
           py::arg("heading") = Heading::Straight, py::arg("left_pip") = 0,
           "A move of its fields: Move(tile=Tile(6, 4), end=End.L) plays 6-4 at end L, Move(MoveKind.DRAW) draws. "
           "left_pip is a lead's half laid on the L side (one the tile lacks: its high half). ValueError for a field "
           "out "
           "of range.")
      .def_property(
          "kind", [](const Move& mv) { return mv.kind; },
          [](Move& mv, MoveKind k) { mv.kind = checkEnum(k, 3, "a move's kind"); }, "PLAY, DRAW or PASS (a MoveKind).")
      .def_property(
          "tile", [](const Move& mv) { return tileOrNone(mv.tile); },
          [](Move& mv, int t) { mv.tile = t == kNoTile ? kNoTile : checkTile(t); },
          "The tile played, or drawn once known: a Tile, or NO_TILE (an int) for none. ValueError outside 0..27.")
      .def_property(
          "end", [](const Move& mv) { return mv.end; }, [](Move& mv, End e) { mv.end = checkEnum(e, 3, "an end"); },
          "The end a play goes to (End.L or End.R); End.NONE for a lead, a draw or a pass.")
      .def_property(
          "heading", [](const Move& mv) { return mv.heading; },
          [](Move& mv, Heading h) { mv.heading = checkEnum(h, 3, "a heading"); },
          "Where the tile turns under layout=free (a Heading); STRAIGHT under layout=snake.")
      .def_property(
          "left_pip", [](const Move& mv) { return static_cast<int>(mv.leftPip); },
          [](Move& mv, int p) {
            if (p < 0 || p > 6) throw py::value_error("a move's left pip is 0..6");
            mv.leftPip = static_cast<std::uint8_t>(p);
          },
          "A lead's half laid on the L side, 0..6 (play fills it in); unused by other moves.")
      .def_property_readonly("is_lead", &Move::isLead, "Whether the move is a play that names no end: a lead.")
      .def(
          "same", [](const Move& a, const Move& b) { return checkMove(a).same(checkMove(b)); }, py::arg("other"),
          "Whether other is the same move in the rules' sense (a draw's tile and a lead's orientation aside): a bool.")
      .def("__eq__", [](const Move& a, const Move& b) { return checkMove(a).same(checkMove(b)); })
      .def("__repr__", [](const Move& mv) { return moveRepr(checkMove(mv)); })
      .def(py::pickle(
          [](const Move& mv) {
            return py::make_tuple(mv.kind, static_cast<int>(mv.tile), mv.end, mv.heading, static_cast<int>(mv.leftPip));
          },
          [](const py::tuple& t) {
            if (t.size() != 5) throw py::value_error("a pickled Move is 5 fields");
            Move mv{t[0].cast<MoveKind>(), static_cast<Tile>(t[1].cast<int>()), t[2].cast<End>(), t[3].cast<Heading>(),
                    static_cast<std::uint8_t>(t[4].cast<int>())};
            return checkMove(mv);
          }));
  m.attr("DRAW") = Move{MoveKind::Draw};
  m.attr("PASS") = Move{MoveKind::Pass};
  py::class_<LaidTile> laid(m, "LaidTile", "A tile on the table, as laid in the line from end L to end R (read-only).");
  laid.def_property_readonly(
          "tile", [](const LaidTile& l) { return tileObject(l.tile); }, "The tile (a Tile).")
      .def_property_readonly(
          "left", [](const LaidTile& l) { return static_cast<int>(l.left); }, "The half towards end L, 0..6.")
      .def_property_readonly(
          "right", [](const LaidTile& l) { return static_cast<int>(l.right); }, "The half towards end R, 0..6.")
      .def_readonly("heading", &LaidTile::heading, "Where it turned when laid (a Heading; STRAIGHT under snake).")
      .def("__repr__", [](const LaidTile& l) { return "LaidTile(" + tileText(l.left, l.right) + ")"; })
      .def(py::self == py::self);
  pickled(laid, laidState, laidFrom);
  py::class_<RoundResult> result(m, "RoundResult",
                                 "How a round ended: its number, winner, how and points (read-only).");
  result.def_readonly("round", &RoundResult::round, "The round's number, from 1.")
      .def_property_readonly(
          "winner", [](const RoundResult& r) { return winnerOf(r.winner); },
          "The winner (a Player), or None for a tie.")
      .def_readonly("how", &RoundResult::how, "RoundStatus.DOMINO or RoundStatus.BLOCKED.")
      .def_readonly("points", &RoundResult::points, "The points the winner scored (0 for a tie).")
      .def("__repr__", [](const RoundResult& r) { return "RoundResult(" + resultText(r) + ")"; })
      .def(py::self == py::self);
  pickled(result, resultState, resultFrom);
}

void bindObservation(py::module_& m) {
  py::class_<ai::Event> event(m, "Event",
                              "One move of the round as an observer saw it (read-only): Observation.history.");
  event.def_readonly("who", &ai::Event::who, "The player who moved.")
      .def_readonly("move", &ai::Event::move,
                    "The move as applied (a Move); an opponent's draw shows no tile (NO_TILE) to the observer.")
      .def_property_readonly(
          "ends", [](const ai::Event& e) { return std::pair<int, int>(e.ends[0], e.ends[1]); },
          "The pips at ends L and R just before the move, (-1, -1) before the lead.")
      .def_readonly("number", &ai::Event::number, "The move's number in the round, from 1.")
      .def_readonly("stock_count", &ai::Event::stockCount, "The tiles in the stock just before the move.")
      .def_readonly("can_draw", &ai::Event::canDraw, "Whether the mover could draw just before the move.")
      .def("__repr__", [](const ai::Event& e) {
        const std::string mv = moveRepr(e.move);
        return "Event(" + std::to_string(e.number) + ": " + letter(e.who) + " " + mv.substr(5, mv.size() - 6) + ")";
      });
  stateEquality(event, eventState);
  pickled(event, eventState, eventFrom);
  // Read-only, and every attribute a copy (issue 42 #2): a player trusts what it decides from, and
  // a view into it (o.rules.table_w = 0, o.history[0].move.tile = 5) would let Python change it.
  using O = ai::Observation;
  py::class_<O> obs(m, "Observation", "What one player knows of the round: nothing hidden from them (read-only).");
  obs.def_property_readonly(
         "rules", [](const O& o) { return o.rules; }, "The rule set (a copy).")
      .def_property_readonly(
          "me", [](const O& o) { return o.me; }, "The observer: the player whose view this is.")
      .def_property_readonly(
          "turn", [](const O& o) { return o.turn; }, "The player to move.")
      .def_property_readonly(
          "opener", [](const O& o) { return o.opener; }, "The player who opened (led) the round.")
      .def_property_readonly(
          "round", [](const O& o) { return o.round; }, "The round's number, from 1.")
      .def_property_readonly(
          "scores", [](const O& o) { return o.scores; }, "The match's scores, [A, B].")
      .def_property_readonly(
          "hand", [](const O& o) { return tiles(o.hand); }, "The observer's hand: a list of Tile, heaviest first.")
      .def_property_readonly(
          "line", [](const O& o) { return tiles(o.line); },
          "The tiles on the table: a list of Tile, heaviest first (laid gives their order).")
      .def_property_readonly(
          "laid", [](const O& o) { return o.laid; }, "The line from end L to end R as laid: a list of LaidTile.")
      .def_property_readonly(
          "lead_index", [](const O& o) { return o.leadIndex; }, "Where the lead lies in laid (an index).")
      .def_property_readonly(
          "ends", [](const O& o) { return std::pair<int, int>(o.ends[0], o.ends[1]); },
          "The pips at ends L and R, (-1, -1) before the lead.")
      .def_property_readonly(
          "stock_count", [](const O& o) { return o.stockCount; }, "The tiles left in the stock.")
      .def_property_readonly(
          "opponent_count", [](const O& o) { return o.opponentCount; }, "The tiles in the opponent's hand.")
      .def_property_readonly(
          "history", [](const O& o) { return o.history; },
          "The round's moves so far: a list of Event (the opponent's draws without their tiles).")
      .def_property_readonly(
          "legal", [](const O& o) { return moves(o.legal); },
          "The observer's legal moves (a list of Move) when it is to move, else [].")
      .def_property_readonly(
          "from_deal", [](const O& o) { return o.fromDeal; },
          "Whether history starts at the round's deal (False: the round began from a set-up position).")
      .def_property_readonly(
          "unseen", [](const O& o) { return tiles(o.unseen()); },
          "The tiles the observer has not seen (the opponent's hand and the stock): a list of Tile.")
      .def_property_readonly("can_draw", &O::canDraw,
                             "Whether the rules let a player draw now (draw=until and more than reserve in the stock).")
      .def("__repr__", [](const O& o) {
        std::string hand;
        forEachHeaviestFirst(o.hand, [&](Tile t) { hand += (hand.empty() ? "" : " ") + tileText(t); });
        return "Observation(" + std::string(1, letter(o.me)) + " sees " + o.rules.preset + ", round " +
               std::to_string(o.round) + ", " + letter(o.turn) + " to move, hand " + hand + ", " + endsText(o.ends) +
               ", stock " + std::to_string(o.stockCount) + ")";
      });
  stateEquality(obs, observationState);
  pickled(obs, observationState, observationFrom);
}

void bindMatchState(py::class_<Game>& c) {
  c.def_property_readonly(
       "rules", [](const Game& g) { return g.match.rules(); }, "The rule set (a copy).")
      .def_property_readonly(
          "round", [](const Game& g) { return g.match.round(); },
          "The number of the round in play or last played; 0 before the first deal.")
      .def_property_readonly(
          "in_round", [](const Game& g) { return g.match.inRound(); }, "Whether a round is on (dealt and not over).")
      .def_property_readonly(
          "match_over", [](const Game& g) { return g.match.matchOver(); },
          "Whether the match is decided (see Rules.target).")
      .def_property_readonly(
          "match_winner", [](const Game& g) { return winnerOf(g.match.matchWinner()); },
          "The match's winner (a Player), or None while it is on or when tied.")
      .def_property_readonly(
          "scores", [](const Game& g) { return g.match.scores(); }, "The match's scores, [A, B].")
      .def_property_readonly(
          "to_move", [](const Game& g) { return g.match.toMove(); }, "The player to move, or None when no round is on.")
      .def_property_readonly(
          "status", [](const Game& g) { return g.match.state().status; },
          "The round's RoundStatus: PLAYING, DOMINO or BLOCKED.")
      .def_property_readonly(
          "last_result", [](const Game& g) { return g.match.lastResult(); },
          "The last finished round's RoundResult, or None.")
      .def_property_readonly(
          "results", [](const Game& g) { return g.match.results(); }, "Every finished round's RoundResult, in order.")
      .def(
          "hand", [](const Game& g, Player p) { return tiles(g.match.state().hand[idx(checkPlayer(p))]); },
          py::arg("player"), "A player's hand: a list of Tile, heaviest first. ValueError for a player not A or B.")
      .def_property_readonly(
          "stock_count", [](const Game& g) { return g.match.state().stockCount(); }, "The tiles left in the stock.")
      .def_property_readonly(
          "ends", [](const Game& g) { return std::pair<int, int>(g.match.state().ends[0], g.match.state().ends[1]); },
          "The pips at ends L and R, (-1, -1) before the lead.")
      .def_property_readonly(
          "line", [](const Game& g) { return g.match.line(); },
          "The line from end L to end R as laid: a list of LaidTile.")
      .def_property_readonly(
          "lead_index", [](const Game& g) { return g.match.leadIndex(); }, "Where the lead lies in line (an index).")
      .def(
          "layout", [](const Game& g) { return layoutData(g.match); }, "The table as data (docs/layout.md's JSON).")
      .def(
          "layout_text", [](const Game& g) { return layoutText(g.match.layout()); },
          "The table as the terminal's picture (a str, as dominoes layout prints it).");
}

// The reinforcement-learning view of a Match (python/rl.h, docs/python.md): fixed action ids, masks,
// tensors, rewards.
template <class T>
py::array_t<T> toArray(const std::vector<T>& v) {
  py::array_t<T> a(static_cast<py::ssize_t>(v.size()));
  std::copy(v.begin(), v.end(), a.mutable_data());
  return a;
}

Move actionMove(const Rules& r, int a) {
  auto m = rl::moveOf(a, r);
  if (!m)
    throw py::value_error("an action is 0.." + std::to_string(rl::numActions(r) - 1) + ", not " + std::to_string(a));
  return *m;
}

std::vector<int> legalActions(const Game& g) {
  std::vector<int> out;
  if (!g.match.inRound()) return out;
  for (const Move& m : g.match.legalMoves()) out.push_back(rl::actionOf(m, g.match.rules()));
  std::sort(out.begin(), out.end());
  return out;
}

std::array<int, 2> roundReturns(const Game& g) {
  if (g.match.inRound() || g.match.results().empty()) return {0, 0};
  const RoundResult& r = *g.match.lastResult();
  if (r.winner > 1) return {0, 0};
  const int w = r.winner;
  std::array<int, 2> out{};
  out[static_cast<std::size_t>(w)] = r.points;
  out[static_cast<std::size_t>(1 - w)] = -r.points;
  return out;
}

// Chance nodes (OpenSpiel's): a draw is one, its outcome the tile drawn. The engine draws the stock's
// top, dealt from the round's seed by a uniform shuffle, so given the stock's tiles each is drawn with
// the same probability; a player who does not see the stock gives each tile unseen by them the same.
bool chanceNode(const Game& g) {
  if (!g.match.inRound()) return false;
  const MoveList l = g.match.legalMoves();
  return l.size == 1 && l.moves[0].kind == MoveKind::Draw;
}

py::list chanceOutcomes(const Game& g, std::optional<Player> viewer) {
  if (!chanceNode(g)) {
    const std::string who = g.match.inRound() ? std::string(1, letter(g.match.state().turn)) + " is not to draw"
                                              : std::string("no round is on");
    throw py::value_error("no chance node: " + who + " (chance outcomes are a draw's; is_chance_node() says when)");
  }
  const Mask tiles = viewer ? g.observe(viewer).unseen() : g.match.state().stockMask();
  const double p = 1.0 / count(tiles);
  py::list out;
  forEachHeaviestFirst(tiles, [&](Tile t) { out.append(py::make_tuple(tileObject(t), p)); });
  return out;
}

std::string informationStateString(const ai::Observation& o) {
  std::string s = o.rules.text() + "; round " + std::to_string(o.round) + "; " + letter(o.me) + " holds";
  forEachHeaviestFirst(o.hand, [&](Tile t) { s += " " + tileText(t); });
  s += "; moves:";
  for (const ai::Event& e : o.history) {
    s += std::string(" ") + letter(e.who) + " ";
    if (e.move.kind == MoveKind::Pass) s += "pass";
    if (e.move.kind == MoveKind::Draw) s += e.move.tile == kNoTile ? "draw" : "draw " + tileText(e.move.tile);
    if (e.move.kind == MoveKind::Play) s += moveRepr(e.move).substr(5, moveRepr(e.move).size() - 6);
    s += ",";
  }
  if (!o.history.empty()) s.pop_back();
  return s;
}

void bindMatchRl(py::class_<Game>& c) {
  c.def_property_readonly(
       "num_distinct_actions", [](const Game& g) { return rl::numActions(g.match.rules()); },
       "The number of action ids under this rule set: 86 under layout=snake, 198 under layout=free.")
      .def("legal_actions", &legalActions, "The legal moves of the player to move as action ids, ascending.")
      .def(
          "legal_actions_mask",
          [](const Game& g) {
            std::vector<std::uint8_t> mask(static_cast<std::size_t>(rl::numActions(g.match.rules())), 0);
            for (const int a : legalActions(g)) mask[static_cast<std::size_t>(a)] = 1;
            return toArray(mask);
          },
          "A uint8 array of num_distinct_actions: 1 where the action is legal.")
      .def(
          "action_to_move", [](const Game& g, int a) { return actionMove(g.match.rules(), a); }, py::arg("action"),
          "The Move an action id names (ValueError out of range).")
      .def(
          "move_to_action", [](const Game& g, const Move& m) { return rl::actionOf(checkMove(m), g.match.rules()); },
          py::arg("move"), "The action id of a Move.")
      .def(
          "apply_action", [](Game& g, int a) { return g.play(actionMove(g.match.rules(), a)); }, py::arg("action"),
          "Plays the move of an action id; returns the move as applied. ValueError if illegal.")
      .def(
          "observation_tensor",
          [](const Game& g, std::optional<Player> p) {
            std::vector<float> v(rl::kObservationSize);
            rl::writeObservation(rl::seen(g.observe(p)), v.data());
            return toArray(v);
          },
          py::arg("player") = py::none(), "What a player sees now, as 105 float32 (layout: docs/python.md).")
      .def(
          "information_state_tensor",
          [](const Game& g, std::optional<Player> p) { return toArray(rl::informationState(g.observe(p))); },
          py::arg("player") = py::none(),
          "What a player knows of the round, as 4165 float32: the observation, the hand dealt, the moves "
          "(docs/python.md).")
      .def(
          "information_state_string",
          [](const Game& g, std::optional<Player> p) { return informationStateString(g.observe(p)); },
          py::arg("player") = py::none(), "What a player knows of the round, as text: rules, hand, the moves seen.")
      .def("returns", &roundReturns,
           "The round's outcome per player (A, B): the winner's points and their negative; zeros while it is on or on "
           "a tie.")
      .def("rewards", &roundReturns,
           "The reward of the last move per player (A, B): the round's returns once it ended, else zeros.")
      .def("is_chance_node", &chanceNode,
           "Whether the next move is chance's: the player to move must draw (a draw is their only legal move).")
      .def("chance_outcomes", &chanceOutcomes, py::arg("player") = py::none(),
           "At a chance node, the tiles the draw may bring with their probabilities, [(Tile, p), ...] heaviest "
           "first, summing to 1: with player None the stock's tiles, each 1/stock_count (OpenSpiel's "
           "chance_outcomes, from the full state); with a player, the tiles unseen by them, each equally likely (what "
           "they know of the stock, the opponent's draws and passes aside). ValueError if no draw is due.");
}

void bindMatch(py::module_& m) {
  py::class_<Game> c(m, "Match", "A match under one rule set: rounds, moves, scores, and its DGN record.");
  c.def(py::init([](const Rules& r) { return Game(r); }), py::arg("rules"),
        "A match under a rule set, no round dealt yet: start_round deals one.")
      .def(py::init([](const std::string& text) { return Game(parse(text)); }), py::arg("rules") = "en-linea",
           "A match under the rule set of a text (\"dominoes2 target=150\"); ValueError if invalid.")
      .def("start_round", &Game::startRound, py::arg("seed"),
           "Deals the next round from a seed (the same seed, the same deal); ValueError if a round is on or the "
           "match is over.");
  bindMatchState(c);
  c.def(
       "legal_moves", [](const Game& g) { return moves(g.match.legalMoves()); },
       "The legal moves of the player to move, a list of Move: heaviest tile first, end L before R, straight first "
       "([] when no round is on).")
      .def(
          "legal_count", [](const Game& g) { return g.match.legalMoves().size; },
          "len(legal_moves()) without making the list.")
      .def("play", &Game::play, py::arg("move"),
           "Plays a legal move for the player to move; returns it as applied (a draw's tile filled in). IllegalMove (a "
           "ValueError) with the rules' reason if illegal.")
      .def(
          "play", [](Game& g, const std::string& text) { return g.play(g.parseMove(text)); }, py::arg("move"),
          "Plays a move given in words (\"6-4 L\", \"draw\", \"pass\"); returns it as applied. IllegalMove if illegal.")
      .def(
          "play_index",
          [](Game& g, int i) {
            const MoveList l = g.match.legalMoves();
            if (i < 0 || i >= l.size) throw py::index_error("no legal move of that index");
            return g.play(l.moves[i]);
          },
          py::arg("index"), "Plays legal_moves()[index]; returns it as applied. IndexError out of range.")
      .def(
          "draw", [](Game& g) { return g.play(Move{MoveKind::Draw}); },
          "Draws the stock's top tile for the player to move; returns the draw with its tile. IllegalMove if not "
          "legal.")
      .def(
          "pass_", [](Game& g) { return g.play(Move{MoveKind::Pass}); },
          "Passes for the player to move; returns the pass. IllegalMove if the player can play or draw.")
      .def(
          "move_text", [](const Game& g, const Move& mv) { return dgn::legalText(g.match, g.legal(mv)); },
          py::arg("move"), "A legal move's words (\"6-4 L\"); ValueError, as play's, if illegal.")
      .def("illegal", &Game::illegal, py::arg("move"),
           "Why play(move) would refuse the move, in the rules' words (\"\" if legal).")
      .def("observation", &Game::observe, py::arg("player") = py::none(),
           "What a player (default: the one to move) knows, as an Observation. ValueError when no round is on.")
      .def(
          "dgn", [](const Game& g) { return dgn::write(g.record); }, "The match as a DGN record (a str, docs/dgn.md).")
      .def(
          "copy", [](const Game& g) { return Game(g); },
          "An independent copy of the match (its record and history too).")
      .def("__copy__", [](const Game& g) { return Game(g); })
      .def(
          "__deepcopy__", [](const Game& g, const py::object&) { return Game(g); }, py::arg("memo"))
      .def(py::pickle([](const Game& g) { return dgn::write(g.record); },
                      [](const std::string& text) { return readGame(text, "<pickle>"); }))
      .def("__repr__", [](const Game& g) {
        const Match& mt = g.match;
        std::string s = "Match(" + mt.rules().preset + ", ";
        if (mt.inRound()) {
          s += "round " + std::to_string(mt.round()) + ", " + letter(mt.state().turn) + " to move, " +
               endsText(mt.state().ends);
        } else if (mt.lastResult()) {
          s += resultText(*mt.lastResult());
        } else {
          s += "no round dealt";
        }
        if (mt.scores()[0] == 0 && mt.scores()[1] == 0) return s + ")";
        return s + ", score " + std::to_string(mt.scores()[0]) + "-" + std::to_string(mt.scores()[1]) + ")";
      });
  bindMatchRl(c);
}

// A player deciding with the GIL released, marked busy meanwhile: its state (random generator,
// caches) is its own, so a second thread that asks it gets RuntimeError, as a Batch's does. The set
// is read and written with the GIL held (the guard outlives the gil_scoped_release inside it).
class Deciding {
 public:
  explicit Deciding(const ai::Computer& p) : p_(&p) {
    if (!busy().insert(p_).second) throw std::runtime_error("the player is deciding on another thread");
  }
  ~Deciding() { busy().erase(p_); }
  Deciding(const Deciding&) = delete;
  Deciding& operator=(const Deciding&) = delete;

 private:
  static std::unordered_set<const ai::Computer*>& busy() {
    static std::unordered_set<const ai::Computer*> set;
    return set;
  }
  const ai::Computer* p_;
};

// A player with what made it: make_player's spec and seed, which pickle and copy keep (a copy is the
// player as make_player(spec, seed) gives it: what it learnt while deciding is not carried).
struct PyPlayer {
  std::unique_ptr<ai::Computer> p;
  std::string spec;
  std::uint64_t seed = 1;

  static PyPlayer make(const std::string& text, std::uint64_t seed) {
    const std::string spec = ai::levelSpec(text);
    auto p = ai::makePlayer(spec, seed);
    if (!p) throw py::value_error(ai::playerSpecError(spec));
    return PyPlayer{std::move(p), spec, seed};
  }
};

void bindPlayers(py::module_& m) {
  py::class_<PyPlayer>(m, "Computer",
                       "A computer player: it decides from an Observation only. pickle and copy give the player as "
                       "make_player(spec, seed) made it.")
      .def_property_readonly(
          "name", [](const PyPlayer& p) { return p.p->name(); }, "The player's spec, as make_player took it.")
      .def_property_readonly(
          "seed", [](const PyPlayer& p) { return p.seed; }, "The seed make_player took.")
      .def("__repr__", [](const PyPlayer& p) { return "Computer(" + p.p->name() + ")"; })
      .def(py::pickle([](const PyPlayer& p) { return py::make_tuple(p.spec, p.seed); },
                      [](const py::tuple& t) {
                        if (t.size() != 2) throw py::value_error("a pickled Computer is (spec, seed)");
                        return PyPlayer::make(t[0].cast<std::string>(), t[1].cast<std::uint64_t>());
                      }))
      .def(
          "decide",
          [](PyPlayer& p, const ai::Observation& given) {
            if (given.turn != given.me || given.legal.empty()) throw py::value_error("the observer is not to move");
            const Deciding deciding(*p.p);
            const ai::Observation o = given;  // the copy it owns while the GIL is released
            py::gil_scoped_release release;
            const ai::Decision d = p.p->decide(o);
            return std::pair<Move, std::string>(d.move, d.reason);
          },
          py::arg("observation"),
          "The player's move for the observer, who must be to move: (move, reason), the reason in words. "
          "ValueError if the observer is not to move; RuntimeError if the player is deciding on another thread.")
      .def(
          "play",
          [](PyPlayer& p, Game& g) {
            const ai::Observation o = g.observe(std::nullopt);
            Move mv;
            {
              const Deciding deciding(*p.p);
              py::gil_scoped_release release;
              mv = p.p->choose(o);
            }
            return g.play(mv);
          },
          py::arg("match"),
          "Decides for the player to move from their observation and plays it; returns the move as applied.");
  m.def("make_player", &PyPlayer::make, py::arg("spec"), py::arg("seed") = 1,
        "A Computer from a spec: \"random\", \"greedy\", \"strategist\", \"flatmc:K\", \"expert[:ms=N]\"..., or a "
        "level's name (\"Club player\", \"master\"); seed drives its random choices. ValueError for an unknown spec.");
  m.def("player_names", &ai::playerNames, "The players' names make_player knows (a list of str).");
  m.def(
      "levels",
      [] {
        py::list out;
        for (const ai::Level& l : ai::levels()) {
          py::dict d;
          d["name"] = std::string(l.name);
          d["spec"] = std::string(l.spec);
          d["about"] = std::string(l.about);
          d["elo"] = py::dict(py::arg("en-linea") = l.eloEnLinea, py::arg("dominoes2") = l.eloDominoes2);
          out.append(d);
        }
        return out;
      },
      "The ladder's eight levels, weakest first: dicts of name, spec, about and elo (per preset, "
      "docs/ladder.md).");
}

void bindDgn(py::module_& m) {
  m.def("read_dgn", &readGame, py::arg("text"), py::arg("file") = "<string>",
        "Reads and replays a DGN record (file names it in errors); its final position as a Match, its round's "
        "history included. DgnError (\"FILE:LINE: message\") if it does not read.");
  m.def(
      "load_dgn",
      [](const std::string& path) {
        auto text = dgn::readFile(path);
        if (auto* e = std::get_if<dgn::Error>(&text)) raiseDgn(*e);
        return readGame(std::get<std::string>(text), path);
      },
      py::arg("path"),
      "Reads and replays the DGN file at path; its final position as a Match. DgnError (\"FILE:LINE: message\") if "
      "it does not read.");
  m.def("analyse", &analyse, py::arg("match"), py::arg("samples") = 200, py::arg("seed") = 1,
        py::arg("knowledge") = "mover", "Every legal move of the player to move, best first (docs/analysis.md).");
  m.def("analyse_record", &analyseRecord, py::arg("match"), py::arg("side") = py::none(), py::arg("samples") = 200,
        py::arg("seed") = 1, "Every choice of the match's record, evaluated (dominoes analyse).");
  m.def("random_rounds", &randomRounds, py::arg("rules"), py::arg("rounds"), py::arg("seed") = 1,
        "Plays random rounds inside C++ (no Python per move); returns the number of moves.");
}

// dominoes.Batch: ai::Batch, stepped by one thread at a time (the GIL is released while it steps).
struct PyBatch {
  ai::Batch batch;
  bool busy = false;

  PyBatch(const Rules& rules, int n, std::uint64_t seed, bool fast) : batch(rules, checkSize(n), seed, fast) {}
  static int checkSize(int n) {
    if (n < 1 || n > (1 << 24)) throw py::value_error("a batch holds 1 to 16777216 games");
    return n;
  }
  [[nodiscard]] const ai::Batch& idle() const {
    if (busy) throw std::runtime_error("the batch is being stepped by another thread");
    return batch;
  }
  [[nodiscard]] int slot(int i) const {
    const int n = idle().size();
    if (i < 0) i += n;
    if (i < 0 || i >= n) throw py::index_error("no slot " + std::to_string(i) + " in a batch of " + std::to_string(n));
    return i;
  }
};

// A read-only array over the batch's own buffer, which keeps the batch alive.
template <class T>
py::array view(const py::object& self, const T* data, py::ssize_t n) {
  py::array_t<T> a({n}, {static_cast<py::ssize_t>(sizeof(T))}, data, self);
  a.attr("flags").attr("writeable") = false;
  return a;
}

py::array counts(const py::object& self) {
  const auto& b = self.cast<const PyBatch&>().idle();
  return view(self, b.counts(), b.size());
}

// An integer array of one value per slot (any of NumPy's integer types), as int64; TypeError for
// another dtype (floats are not taken), ValueError for another length.
py::array_t<std::int64_t, py::array::c_style> intArray(const py::array& given, int n, const char* what) {
  const char kind = given.dtype().kind();
  if (kind != 'i' && kind != 'u')
    throw py::type_error(std::string(what) + " takes an integer array, not one of dtype " +
                         py::str(given.dtype()).cast<std::string>());
  if (given.ndim() != 1 || given.shape(0) != n)
    throw py::value_error(std::string(what) + " takes one value per slot: an integer array of length " +
                          std::to_string(n));
  return py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(given);
}

py::array stepBatch(const py::object& self, const py::array& given) {
  auto& p = self.cast<PyBatch&>();
  ai::Batch& b = p.batch;
  (void)p.idle();
  py::array_t<std::int32_t, py::array::c_style> indices;
  if (given.dtype().is(py::dtype::of<std::int32_t>()) && given.ndim() == 1 && (given.flags() & py::array::c_style)) {
    indices = py::reinterpret_borrow<py::array_t<std::int32_t, py::array::c_style>>(given);
  } else {
    const auto wide = intArray(given, b.size(), "step");
    indices = py::array_t<std::int32_t, py::array::c_style>(b.size());
    for (int i = 0; i < b.size(); ++i) {
      const std::int64_t v = wide.data()[i];
      if (v < 0 || v >= b.counts()[i])
        throw py::value_error("slot " + std::to_string(i) + ": no legal move " + std::to_string(v) +
                              " (the player to move has " + std::to_string(b.counts()[i]) + ")");
      indices.mutable_data()[i] = static_cast<std::int32_t>(v);
    }
  }
  if (indices.ndim() != 1 || indices.shape(0) != b.size())
    throw py::value_error("step takes one index per slot: an int32 array of length " + std::to_string(b.size()));
  if (const int bad = b.load(indices.data()); bad >= 0)
    throw py::value_error("slot " + std::to_string(bad) + ": no legal move " + std::to_string(indices.data()[bad]) +
                          " (the player to move has " + std::to_string(b.counts()[bad]) + ")");
  p.busy = true;
  {
    py::gil_scoped_release release;
    b.step();
  }
  p.busy = false;
  return view(self, b.counts(), b.size());
}

// Per slot and player, a copy: f(state) of each slot as an (n, 2) array.
template <class T, class F>
py::array_t<T> perPlayer(const ai::Batch& b, F f) {
  py::array_t<T> out({static_cast<py::ssize_t>(b.size()), py::ssize_t{2}});
  auto w = out.template mutable_unchecked<2>();
  for (int i = 0; i < b.size(); ++i) {
    const auto v = f(b.state(i));
    w(i, 0) = static_cast<T>(v[0]);
    w(i, 1) = static_cast<T>(v[1]);
  }
  return out;
}

py::array_t<std::uint8_t> toMove(const PyBatch& p) {
  const ai::Batch& b = p.idle();
  py::array_t<std::uint8_t> out(b.size());
  auto w = out.mutable_unchecked<1>();
  for (int i = 0; i < b.size(); ++i) w(i) = static_cast<std::uint8_t>(b.state(i).turn);
  return out;
}

py::array_t<std::uint8_t> stockCounts(const PyBatch& p) {
  const ai::Batch& b = p.idle();
  py::array_t<std::uint8_t> out(b.size());
  auto w = out.mutable_unchecked<1>();
  for (int i = 0; i < b.size(); ++i) w(i) = static_cast<std::uint8_t>(b.state(i).stockCount());
  return out;
}

// A slot's round as a Match: dealt from its seed and its moves replayed (its history and record too).
Game slotMatch(const PyBatch& p, int i) {
  const ai::Batch& b = p.idle();
  i = p.slot(i);
  Game g(b.rules());
  g.startRound(b.roundSeed(i));
  for (const std::uint8_t k : b.history(i)) g.play(g.match.legalMoves().moves[k]);
  return g;
}

// The per-player view of a Batch: each slot seen by its player to move, as NumPy arrays.
py::array_t<std::uint8_t> batchMasks(const PyBatch& p) {
  const ai::Batch& b = p.idle();
  const int a = rl::numActions(b.rules());
  py::array_t<std::uint8_t> out({static_cast<py::ssize_t>(b.size()), static_cast<py::ssize_t>(a)});
  std::uint8_t* w = out.mutable_data();
  std::fill(w, w + static_cast<std::size_t>(b.size()) * static_cast<std::size_t>(a), std::uint8_t{0});
  for (int i = 0; i < b.size(); ++i, w += a)
    for (const Move& m : b.state(i).legalMoves(b.rules(), b.fits(i))) w[rl::actionOf(m, b.rules())] = 1;
  return out;
}

py::array_t<float> batchObservations(const PyBatch& p) {
  const ai::Batch& b = p.idle();
  py::array_t<float> out({static_cast<py::ssize_t>(b.size()), static_cast<py::ssize_t>(rl::kObservationSize)});
  float* w = out.mutable_data();
  for (int i = 0; i < b.size(); ++i, w += rl::kObservationSize) {
    const RoundState& s = b.state(i);
    const int me = idx(s.turn);
    rl::writeObservation(rl::Seen{s.hand[static_cast<std::size_t>(me)],
                                  s.line,
                                  s.ends,
                                  count(s.hand[static_cast<std::size_t>(1 - me)]),
                                  s.stockCount(),
                                  true,
                                  {0, 0},
                                  b.rules().target},
                         w);
  }
  return out;
}

// Action ids to the indices step() takes: each slot's legal move of that id.
py::array stepActions(const py::object& self, const py::array& actions) {
  const auto& p = self.cast<const PyBatch&>();
  const ai::Batch& b = p.idle();
  const py::array_t<std::int64_t, py::array::c_style> ids = intArray(actions, b.size(), "step_actions");
  py::array_t<std::int32_t> indices(b.size());
  std::int32_t* w = indices.mutable_data();
  for (int i = 0; i < b.size(); ++i) {
    const MoveList l = b.state(i).legalMoves(b.rules(), b.fits(i));
    w[i] = -1;
    for (int k = 0; k < l.size; ++k)
      if (rl::actionOf(l.moves[k], b.rules()) == ids.data()[i]) w[i] = k;
    if (w[i] < 0)
      throw py::value_error("slot " + std::to_string(i) + ": action " + std::to_string(ids.data()[i]) +
                            " is not legal there");
  }
  return stepBatch(self, indices);
}

void bindBatchState(py::class_<PyBatch>& c) {
  c.def_property_readonly(
       "num_distinct_actions", [](const PyBatch& p) { return rl::numActions(p.batch.rules()); },
       "The number of action ids under the batch's rule set (Match.num_distinct_actions).")
      .def("legal_actions_masks", &batchMasks,
           "Per slot, the legal actions of the player to move: a uint8 array of shape (n, num_distinct_actions).")
      .def("observation_tensors", &batchObservations,
           "Per slot, Match.observation_tensor of the player to move: a float32 array of shape (n, 105).")
      .def("step_actions", &stepActions, py::arg("actions"),
           "Plays action id actions[i] in each slot i (any integer array, one per slot); returns legal_counts().");
  c.def("to_move", &toMove, "Per slot, the player to move (0 A, 1 B): a uint8 array.")
      .def(
          "hands",
          [](const PyBatch& p) {
            return perPlayer<std::uint32_t>(p.idle(), [](const RoundState& s) { return s.hand; });
          },
          "Per slot, the hands of A and B as tile masks (bit t: tile t): a uint32 array of shape (n, 2).")
      .def(
          "ends",
          [](const PyBatch& p) { return perPlayer<std::int8_t>(p.idle(), [](const RoundState& s) { return s.ends; }); },
          "Per slot, the pips at ends L and R (-1 before the lead): an int8 array of shape (n, 2).")
      .def("stock_counts", &stockCounts, "Per slot, the tiles left in the stock: a uint8 array.")
      .def(
          "legal_moves",
          [](const PyBatch& p, int i) {
            i = p.slot(i);
            return moves(p.batch.state(i).legalMoves(p.batch.rules(), p.batch.fits(i)));
          },
          py::arg("slot"), "The slot's legal moves, as Match.legal_moves() lists them.")
      .def("match", &slotMatch, py::arg("slot"), "The slot's round as a Match (replayed from its seed).")
      .def(
          "round_seed", [](const PyBatch& p, int i) { return p.batch.roundSeed(p.slot(i)); }, py::arg("slot"),
          "The seed the slot's round was dealt from: Match.start_round(seed) deals it.");
}

void bindBatch(py::module_& m) {
  py::class_<PyBatch> c(m, "Batch", "N single rounds stepped together: one legal move index per slot per step.");
  c.def(py::init<const Rules&, int, std::uint64_t, bool>(), py::arg("rules"), py::arg("n"), py::arg("seed") = 1,
        py::arg("fast") = true,
        "n single rounds of a rule set (a Rules or its text), slot i's k-th round dealt from seed + i + k * n; "
        "fast=False keeps the step's generic build. ValueError unless 1 <= n <= 16777216.")
      .def(py::init([](const std::string& text, int n, std::uint64_t seed, bool fast) {
             return new PyBatch(parse(text), n, seed, fast);
           }),
           py::arg("rules"), py::arg("n"), py::arg("seed") = 1, py::arg("fast") = true)
      .def_property_readonly(
          "path", [](const PyBatch& p) { return p.batch.path(); },
          "The build of the step this batch takes: 'bmi2' (POPCNT and PDEP, where the processor runs them "
          "well and the layout is snake) or 'generic'; Batch(..., fast=False) keeps the generic one.")
      .def(
          "__len__", [](const PyBatch& p) { return p.batch.size(); }, "The number of slots.")
      .def(
          "__reduce_ex__",
          [](const PyBatch&, int) -> py::object {
            throw py::type_error(
                "a Batch does not pickle or copy: its rounds and the log of their moves live in the engine's "
                "buffers, which cannot be restored; make Batch(rules, n, seed) again, or keep round_seed(i) and "
                "match(i)");
          },
          py::arg("protocol"), "Refuses pickle, copy.copy and copy.deepcopy with a TypeError that says why.")
      .def("__repr__",
           [](const PyBatch& p) {
             return "Batch(" + p.batch.rules().preset + ", " + std::to_string(p.batch.size()) + " slots, " +
                    std::to_string(p.idle().rounds()) + " rounds played, " + p.batch.path() + ")";
           })
      .def_property_readonly(
          "rules", [](const PyBatch& p) { return p.batch.rules(); }, "The rule set (a copy).")
      .def("legal_counts", &counts, "Per slot, the legal moves of the player to move: a read-only int32 view.")
      .def("step", &stepBatch, py::arg("indices"),
           "Plays legal move indices[i] in each slot i (int32, one per slot), deals finished slots again; "
           "returns legal_counts().")
      .def(
          "round_winners",
          [](const py::object& self) {
            const auto& b = self.cast<const PyBatch&>().idle();
            return view(self, b.winners(), b.size());
          },
          "Per slot, the winner of the round that ended there at the last step (0 A, 1 B, 2 tie, -1 none).")
      .def(
          "round_points",
          [](const py::object& self) {
            const auto& b = self.cast<const PyBatch&>().idle();
            return view(self, b.points(), b.size());
          },
          "Per slot, the points of the round that ended there at the last step (0 if none).")
      .def_property_readonly(
          "rounds", [](const PyBatch& p) { return p.idle().rounds(); }, "The rounds finished in every slot.")
      .def_property_readonly(
          "moves", [](const PyBatch& p) { return p.idle().moves(); }, "The moves played in the rounds finished.")
      .def_property_readonly(
          "wins",
          [](const PyBatch& p) {
            const auto& w = p.idle().wins();
            return py::make_tuple(w[0], w[1], w[2]);
          },
          "The rounds finished, as (A's wins, B's wins, ties).")
      .def_property_readonly(
          "points",
          [](const PyBatch& p) {
            const auto& w = p.idle().pointsWon();
            return py::make_tuple(w[0], w[1]);
          },
          "The points won in the rounds finished, as (A's, B's).");
  bindBatchState(c);
}

// inspect.signature for every function and method (issue 45 #6): CPython reads a builtin's
// __text_signature__ from a docstring that begins "name(a, b=1)\n--\n\n". pybind11 writes its own
// "name(a: int, b: int = 1) -> int"; textSignature makes the former from it (defaults that are not
// literals become ..., overloads with different parameters (*args, **kwargs)), prepended once the
// module is bound. pybind11 frees ml_doc with free(): the new one is malloc'd too.
std::vector<std::string> splitParams(const std::string& list) {
  std::vector<std::string> out;
  int depth = 0;
  char quote = 0;
  std::string cur;
  for (const char c : list) {
    if (quote) {
      quote = c == quote ? 0 : quote;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '[' || c == '(' || c == '<' || c == '{') {
      ++depth;
    } else if (c == ']' || c == ')' || c == '>' || c == '}') {
      --depth;
    } else if (c == ',' && depth == 0) {
      out.push_back(cur);
      cur.clear();
      continue;
    }
    cur += c;
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

bool literal(const std::string& v) {
  if (v == "None" || v == "True" || v == "False") return true;
  if (v.size() >= 2 && (v.front() == '\'' || v.front() == '"') && v.back() == v.front()) return true;
  return !v.empty() && v.find_first_not_of("-0123456789.") == std::string::npos;
}

// "(a, b=1)" from "name(a: int, b: int = 1) -> int"; empty if the line is not a signature.
std::string paramsOf(const std::string& line) {
  const auto open = line.find('(');
  const auto close = line.rfind(") -> ");
  if (open == std::string::npos || close == std::string::npos || close < open) return {};
  std::string out = "(";
  for (std::string p : splitParams(line.substr(open + 1, close - open - 1))) {
    while (!p.empty() && p.front() == ' ') p.erase(0, 1);
    const auto colon = p.find(':');
    const auto eq = p.find(" = ");
    std::string name = p.substr(0, std::min(colon, eq));
    if (eq != std::string::npos) {
      const std::string value = p.substr(eq + 3);
      name += "=" + (literal(value) ? value : std::string("..."));
    }
    out += (out.size() > 1 ? ", " : "") + name;
  }
  return out + ")";
}

std::string textSignature(const std::string& name, const std::string& doc) {
  std::vector<std::string> sigs;
  std::size_t pos = 0;
  const bool overloaded = doc.find("\nOverloaded function.") != std::string::npos;
  while (pos < doc.size()) {
    const auto end = doc.find('\n', pos);
    std::string line = doc.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    pos = end == std::string::npos ? doc.size() : end + 1;
    if (!overloaded && sigs.empty()) return paramsOf(line);
    const auto dot = line.find(". " + name + "(");
    if (dot != std::string::npos && dot < 4) sigs.push_back(paramsOf(line.substr(dot + 2)));
  }
  if (sigs.empty()) return {};
  auto names = [](const std::string& sig) {
    std::string out;
    for (std::string p : splitParams(sig.substr(1, sig.size() - 2))) out += p.substr(0, p.find('=')) + ",";
    return out;
  };
  std::string best = sigs[0];
  for (const std::string& sig : sigs) {
    if (names(sig) != names(sigs[0])) return "(*args, **kwargs)";
    if (std::count(sig.begin(), sig.end(), '=') > std::count(best.begin(), best.end(), '=')) best = sig;
  }
  return best;
}

void addTextSignature(PyObject* f) {
  if (!PyCFunction_Check(f)) return;
  PyMethodDef* def = reinterpret_cast<PyCFunctionObject*>(f)->m_ml;
  if (!def->ml_doc || !def->ml_name) return;
  const std::string doc = def->ml_doc;
  if (doc.find("\n--\n\n") != std::string::npos) return;  // done (a function shared by two names)
  const std::string params = textSignature(def->ml_name, doc);
  if (params.empty()) return;
  const std::string text = std::string(def->ml_name) + params + "\n--\n\n" + doc;
  char* copy = static_cast<char*>(std::malloc(text.size() + 1));
  std::memcpy(copy, text.c_str(), text.size() + 1);
  std::free(const_cast<char*>(def->ml_doc));
  def->ml_doc = copy;
}

void addTextSignatures(py::module_& m) {
  for (auto item : m.attr("__dict__").cast<py::dict>()) {
    PyObject* v = item.second.ptr();
    addTextSignature(v);
    if (!PyType_Check(v)) continue;
    for (auto member : py::reinterpret_borrow<py::object>(v).attr("__dict__").cast<py::dict>()) {
      PyObject* f = member.second.ptr();
      if (PyInstanceMethod_Check(f)) f = PyInstanceMethod_GET_FUNCTION(f);
      if (Py_TYPE(f) == &PyStaticMethod_Type) f = py::reinterpret_borrow<py::object>(f).attr("__func__").ptr();
      addTextSignature(f);
    }
  }
}

}  // namespace

// dominoes._dominoes, re-exported by the package dominoes (python/dominoes/__init__.py). Its classes are
// named as the package's (Match.__module__ == "dominoes"): what pickle and the reprs show.
PYBIND11_MODULE(_dominoes, m) {
  m.doc() = "The rules engine, players and analysis of Dominoes Studio (docs/python.md).";
  const py::object own = m.attr("__name__");
  m.attr("__name__") = "dominoes";
  m.attr("__version__") = DOMINOES_PY_VERSION;
  bindEnums(m);
  bindTiles(m);
  py::exec(kTileClass, m.attr("__dict__"));
  tileType() = m.attr("Tile");
  illegalMoveType() = m.attr("IllegalMove");
  dgnErrorType() = m.attr("DgnError");
  bindRules(m);
  bindMoves(m);
  bindObservation(m);
  bindMatch(m);
  bindPlayers(m);
  bindDgn(m);
  bindBatch(m);
  addTextSignatures(m);
  m.attr("__name__") = own;
}
