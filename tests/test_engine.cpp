// SPDX-License-Identifier: MIT
// The engine protocol's words (ai/engine.h, docs/engine-protocol.md): options with their bounds,
// info lines both ways, the spec's settings, the engine's move read against a position, and the seat
// tracker, whose Observation from the host's lines equals the one observe() gives in process.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <variant>

#include "ai/engine.h"
#include "ai/players.h"
#include "ai/recorder.h"

using namespace dom;

TEST_CASE("engine protocol: options, their bounds, written and read back") {
  auto o = ai::parseEngineOption("name Depth type int default 3 min 1 max 10");
  REQUIRE(std::holds_alternative<ai::EngineOption>(o));
  const auto& d = std::get<ai::EngineOption>(o);
  CHECK(d.name == "Depth");
  CHECK(d.type == ai::EngineOption::Type::Int);
  CHECK(ai::engineOptionError(d, "10").empty());
  CHECK(ai::engineOptionError(d, "11") == "option Depth takes a whole number from 1 to 10, not '11'");
  CHECK(ai::engineOptionError(d, "2.5") == "option Depth takes a whole number from 1 to 10, not '2.5'");
  CHECK(ai::engineOptionLine(d) == "option name Depth type int default 3 min 1 max 10");
  auto c = ai::parseEngineOption("name Style type choice default heavy values heavy light");
  REQUIRE(std::holds_alternative<ai::EngineOption>(c));
  CHECK(ai::engineOptionError(std::get<ai::EngineOption>(c), "x") == "option Style takes one of heavy, light, not 'x'");
  auto t = ai::parseEngineOption("name Book type text default /usr/share/a book");
  REQUIRE(std::holds_alternative<ai::EngineOption>(t));
  CHECK(std::get<ai::EngineOption>(t).value == "/usr/share/a book");
  auto b = ai::parseEngineOption("name Log type bool default false");
  REQUIRE(std::holds_alternative<ai::EngineOption>(b));
  CHECK(ai::engineOptionError(std::get<ai::EngineOption>(b), "yes") == "option Log takes true or false, not 'yes'");
  CHECK(std::get<std::string>(ai::parseEngineOption("name D type int default 30 min 1 max 10")) ==
        "its default: option D takes a whole number from 1 to 10, not '30'");
  CHECK(std::holds_alternative<std::string>(ai::parseEngineOption("name D type float default 1 min 0 max 2")));
  CHECK(std::holds_alternative<std::string>(ai::parseEngineOption("name D E type int default 1 min 0 max 2")));
}

TEST_CASE("engine protocol: info lines both ways") {
  auto i = ai::parseEngineInfo("win 0.61 points 4.1 moves 6-2 L, 5-5 R nodes 12000 text keep the 2s");
  REQUIRE(std::holds_alternative<ai::EngineInfo>(i));
  const ai::EngineInfo& e = std::get<ai::EngineInfo>(i);
  CHECK(*e.win == doctest::Approx(0.61));
  CHECK(*e.points == doctest::Approx(4.1));
  CHECK(e.moves == std::vector<std::string>{"6-2 L", "5-5 R"});
  CHECK(*e.nodes == 12000);
  CHECK(e.text == "keep the 2s");
  CHECK(ai::engineInfoLine(e) == "info win 0.61 points 4.1 moves 6-2 L, 5-5 R nodes 12000 text keep the 2s");
  auto again = ai::parseEngineInfo(ai::engineInfoLine(e).substr(5));
  CHECK(std::get<ai::EngineInfo>(again) == e);
  CHECK(std::get<std::string>(ai::parseEngineInfo("win 1.5")) == "win takes a number from 0 to 1, not '1.5'");
  CHECK(std::get<std::string>(ai::parseEngineInfo("depth 3")) ==
        "unknown field 'depth' (win, points, moves, nodes, text)");
  CHECK(std::get<std::string>(ai::parseEngineInfo("nodes 1 nodes 2")) == "'nodes' is given twice");
  CHECK(std::holds_alternative<std::string>(ai::parseEngineInfo("moves 9-9 L")));
}

TEST_CASE("engine protocol: the spec's settings") {
  ai::EngineSettings s;
  CHECK(ai::parseEngineSpec("engine[ms=200,grace=0,Noise=0.5]:python3 bot.py", s).empty());
  CHECK(s.command == "python3 bot.py");
  CHECK(s.budgetMs == 200);
  CHECK(s.graceMs == 0);
  CHECK(s.options == std::vector<std::pair<std::string, std::string>>{{"Noise", "0.5"}});
  ai::EngineSettings t;
  CHECK(ai::parseEngineSpec("engine[ms=0]:x", t) ==
        "player 'engine[ms=0]:x': ms=N takes a number of milliseconds from 1 to 9999999");
  CHECK(!ai::parseEngineSpec("engine:", t).empty());
  CHECK(!ai::parseEngineSpec("engine[a=1,a=2]:x", t).empty());
  CHECK(ai::playerSpecError("engine:./bot").empty());
  CHECK(!ai::playerSpecError("engine").empty());
}

namespace {

// The host's lines for the start of a dealt round, as the host writes them.
std::string roundStart(const ai::Observation& o) {
  std::string t = "round " + std::to_string(o.round) + "\nscore A " + std::to_string(o.scores[0]) + " B " +
                  std::to_string(o.scores[1]) + "\nhand " + letter(o.me);
  forEachHeaviestFirst(o.hand, [&](Tile x) { t += " " + tileText(x); });
  t += std::string("\ntiles ") + letter(o.opponent()) + " " + std::to_string(o.opponentCount) + "\nstock " +
       std::to_string(o.stockCount) + "\nlead " + letter(o.opener);
  if (o.forcedLead != kNoTile) t += " " + tileText(o.forcedLead);
  return t + "\n";
}

void feedAll(ai::SeatTracker& seat, const std::string& text) {
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t nl = text.find('\n', at);
    auto r = seat.feed(std::string_view(text).substr(at, nl - at));
    REQUIRE_MESSAGE(std::holds_alternative<ai::SeatTracker::Step>(r), std::get<std::string>(r));
    at = nl + 1;
  }
}

void sameObservation(const ai::Observation& a, const ai::Observation& b) {
  CHECK(a.hand == b.hand);
  CHECK(a.line == b.line);
  CHECK(a.laid == b.laid);
  CHECK(a.leadIndex == b.leadIndex);
  CHECK(a.ends == b.ends);
  CHECK(a.fits == b.fits);
  CHECK(a.stockCount == b.stockCount);
  CHECK(a.opponentCount == b.opponentCount);
  CHECK(a.forcedLead == b.forcedLead);
  CHECK(a.opener == b.opener);
  CHECK(a.scores == b.scores);
  CHECK(a.fromDeal == b.fromDeal);
  REQUIRE(a.history.size() == b.history.size());
  for (std::size_t i = 0; i < a.history.size(); ++i) {
    const ai::Event &x = a.history[i], &y = b.history[i];
    CHECK((x.who == y.who && x.ends == y.ends && x.placeable == y.placeable && x.number == y.number &&
           x.stockCount == y.stockCount && x.canDraw == y.canDraw && x.move.kind == y.move.kind &&
           x.move.tile == y.move.tile && x.move.end == y.move.end && x.move.heading == y.move.heading &&
           x.move.leftPip == y.move.leftPip));
  }
  REQUIRE(a.legal.size == b.legal.size);
  for (int i = 0; i < a.legal.size; ++i) CHECK(a.legal.moves[i].same(b.legal.moves[i]));
}

}  // namespace

TEST_CASE("engine protocol: the seat tracker sees what observe() gives, every message of a match") {
  for (const char* rules : {"en-linea", "dominoes2 layout=free target=60"}) {
    CAPTURE(rules);
    ai::RoundRecorder rec(std::get<Rules>(parseRules(std::string_view(rules))), false);
    auto a = ai::makePlayer("strategist:random=0.5", 3), b = ai::makePlayer("random", 4);
    ai::SeatTracker seat;
    feedAll(seat, "game\nrules " + rec.match.rules().text() + "\nseed 4\nseat B\n");
    std::uint64_t deal = 100;
    while (!rec.match.matchOver() && rec.match.round() < 30) {
      REQUIRE(rec.startRound(deal++).empty());
      feedAll(seat, roundStart(rec.observe(Player::B)));
      std::size_t told = 0;
      while (rec.match.inRound()) {
        const Player who = rec.match.state().turn;
        const ai::Observation o = rec.observe(who);
        if (who == Player::B) {
          const ai::Observation mine = rec.observe(Player::B);
          std::string text;
          for (; told < mine.history.size(); ++told) {
            const ai::Event& e = mine.history[told];
            text += std::string(1, letter(e.who)) + ": " + ai::engineMoveText(mine.rules, e.ends, e.move) + "\n";
          }
          feedAll(seat, text + "go ms 1 legal " + ai::engineMoveList(o, o.legal) + "\n");
          sameObservation(seat.observation(), o);
        }
        rec.play((who == Player::A ? a : b)->choose(o));
      }
    }
  }
}

TEST_CASE("engine protocol: the engine's move read against the position, with the rules' reasons") {
  ai::RoundRecorder rec(std::get<Rules>(parseRules(std::string_view("en-linea"))), false);
  REQUIRE(rec.startRound(7).empty());
  const Player who = rec.match.state().turn;
  const ai::Observation o = rec.observe(who);
  const Move first = o.legal.moves[0];
  const auto ok = ai::engineMoveOf(o, ai::engineMoveText(o.rules, o.ends, first));
  REQUIRE(std::holds_alternative<Move>(ok));
  CHECK(std::get<Move>(ok).same(first));
  Tile absent = kNoTile;
  for (Tile t = 0; t < kTiles; ++t)
    if (!(o.hand & bit(t))) absent = t;
  const auto bad = ai::engineMoveOf(o, tileText(absent));
  REQUIRE(std::holds_alternative<std::string>(bad));
  CHECK(std::get<std::string>(bad).find("is not in") != std::string::npos);
  CHECK(std::get<std::string>(ai::engineMoveOf(o, "9-9")).starts_with("malformed tile '9-9'"));
}

TEST_CASE("engine protocol: one request, one answer (the web page's worker), as the player decides in process") {
  for (const char* rules : {"en-linea", "dominoes2 layout=free target=60", "draw"}) {
    CAPTURE(rules);
    ai::RoundRecorder rec(std::get<Rules>(parseRules(std::string_view(rules))), false);
    auto a = ai::makePlayer("strategist:random=0.3", 5), b = ai::makePlayer("random", 6);
    std::uint64_t deal = 40, seed = 1000;
    int asked = 0;
    while (!rec.match.matchOver() && rec.match.round() < 4) {
      REQUIRE(rec.startRound(deal++).empty());
      while (rec.match.inRound()) {
        const Player who = rec.match.state().turn;
        const ai::Observation o = rec.observe(who);
        // A fresh engine told the request sees what observe() gives.
        const std::string request = ai::engineRequest(o, ++seed, 0);
        ai::SeatTracker fresh;
        feedAll(fresh, request);
        sameObservation(fresh.observation(), o);
        CHECK(fresh.seed() == seed);
        // The answer is the move (and the reason) the player makes in process with that seed.
        const char* spec = asked++ % 2 ? "strategist" : "flatmc:8";
        const ai::Decision in = ai::makePlayer(spec, seed)->decide(o);
        const ai::Decision out = ai::readEngineAnswer(o, ai::engineAnswer(spec, request));
        CHECK(out.move.same(in.move));
        CHECK(out.reason == in.reason);
        rec.play((who == Player::A ? a : b)->choose(o));
      }
    }
    CHECK(asked > 20);
  }
}

TEST_CASE("engine protocol: a request or an answer that is wrong is an error, never a move") {
  ai::RoundRecorder rec(std::get<Rules>(parseRules(std::string_view("en-linea"))), false);
  REQUIRE(rec.startRound(9).empty());
  const ai::Observation o = rec.observe(rec.match.state().turn);
  const std::string request = ai::engineRequest(o, 1, 0);
  CHECK(ai::engineAnswer("expert", "game\nrules nonsense\n").starts_with("error request line 2: "));
  CHECK(ai::engineAnswer("expert", request.substr(0, request.find("go "))) == "error the request has no go line\n");
  CHECK(ai::engineAnswer("no-such-player", request).starts_with("error "));
  CHECK_THROWS_WITH_AS((void)ai::readEngineAnswer(o, "error it broke\n"), "it broke", ai::EngineFailure);
  CHECK_THROWS_AS((void)ai::readEngineAnswer(o, "info win 0.5\n"), ai::EngineFailure);
  CHECK_THROWS_AS((void)ai::readEngineAnswer(o, "move 9-9\n"), ai::EngineFailure);
  CHECK_THROWS_AS((void)ai::readEngineAnswer(o, "hello\nmove 6-6\n"), ai::EngineFailure);
  Tile absent = kNoTile;
  for (Tile t = 0; t < kTiles; ++t)
    if (!(o.hand & bit(t))) absent = t;
  CHECK_THROWS_AS((void)ai::readEngineAnswer(o, "move " + tileText(absent) + "\n"), ai::EngineFailure);
  const ai::Decision d = ai::readEngineAnswer(
      o, "info win 0.25\nreason why not\nmove " + ai::engineMoveText(o.rules, o.ends, o.legal.moves[0]) + "\n");
  CHECK(d.move.same(o.legal.moves[0]));
  CHECK(d.reason == "why not");
  REQUIRE(d.info.size() == 1);
  CHECK(*d.info[0].win == doctest::Approx(0.25));
}

TEST_CASE(
    "engine host: a position on another branch (the same number of moves, other moves) is told from the round's "
    "start") {
  if (!ai::enginesSupported()) return;
  const std::string heard = (std::filesystem::temp_directory_path() / "dominoes-engine-heard.txt").string();
  std::filesystem::remove(heard);
  // An engine that writes down every line it is told and plays the first legal move.
  ai::EngineSettings s;
  s.command = "while read -r l; do echo \"$l\" >> '" + heard +
              "'; case \"$l\" in hello*) echo 'hello ok 1';; go*) m=${l#*legal }; echo \"move ${m%%,*}\";; "
              "quit) exit 0;; esac; done";
  ai::EnginePlayer engine(s, 1);
  // Two rounds of the same deal that part after the lead: the engine's seat is asked at the same
  // number of moves on each.
  const Rules rules = std::get<Rules>(parseRules(std::string_view("draw")));
  ai::RoundRecorder x(rules, false), y(rules, false);
  REQUIRE(x.startRound(11).empty());
  REQUIRE(y.startRound(11).empty());
  x.play(x.observe(x.match.state().turn).legal.moves[0]);  // the lead (forced or the first choice)
  y.play(y.observe(y.match.state().turn).legal.moves[0]);
  const Player second = x.match.state().turn;
  const ai::Observation ox = x.observe(second), oy = y.observe(second);
  REQUIRE(ox.legal.size >= 2);
  x.play(ox.legal.moves[0]);
  y.play(ox.legal.moves[1]);  // the other branch: another reply
  const Player seat = x.match.state().turn;
  REQUIRE(y.match.state().turn == seat);
  (void)engine.decide(x.observe(seat));
  (void)engine.decide(y.observe(seat));
  std::ifstream in(heard);
  int rounds = 0;
  for (std::string l; std::getline(in, l);) rounds += l == "round 1";
  CHECK(rounds == 2);
  std::filesystem::remove(heard);
}

namespace {

// The position editor's kind of position: a round's state after some moves, given as a Setup
// (hands, stock, the line as laid with its lead and headings, whose turn, the scores), with no history.
Setup setupOf(const Match& m, const ai::Observation& seen, std::array<int, 2> score) {
  Setup s;
  const RoundState& st = m.state();
  s.hand = st.hand;
  for (int i = st.stockTop; i < st.stockEnd; ++i) s.stock.push_back(st.stock[static_cast<std::size_t>(i)]);
  s.line = m.line();
  s.leadIndex = seen.leadIndex;
  s.turn = st.turn;
  s.score = score;
  return s;
}

}  // namespace

TEST_CASE("engine protocol: a setup's round block (line, headings, lead) tells a fresh engine the position") {
  for (const char* rules : {"en-linea", "dominoes2 layout=free"}) {
    CAPTURE(rules);
    const Rules r = std::get<Rules>(parseRules(std::string_view(rules)));
    int positions = 0;
    int turned = 0;                            // tiles laid with a heading other than straight, in the setups
    for (int before : {0, 1, 3, 6, 10, 14}) {  // moves played from a deal before the position is taken
      CAPTURE(before);
      ai::RoundRecorder rec(r, false);
      REQUIRE(rec.startRound(21).empty());
      auto random = ai::makePlayer("random", 1);  // random plays: turns left and right under layout=free
      for (int i = 0; i < before && rec.match.inRound(); ++i)
        rec.play(random->choose(rec.observe(rec.match.state().turn)));
      REQUIRE(rec.match.inRound());
      Match m(r);
      const Setup setup = setupOf(rec.match, rec.observe(Player::A), {40, 12});
      REQUIRE(m.startSetup(setup).empty());
      for (const LaidTile& t : setup.line) turned += t.heading != Heading::Straight;
      // The setup's moves, each seat asked as the studio asks an engine: from the round's start.
      ai::RoundLog log;
      auto a = ai::makePlayer("strategist:random=0.3", 7), b = ai::makePlayer("random", 8);
      std::uint64_t seed = 500;
      for (int k = 0; k < 12 && m.inRound(); ++k) {
        const Player who = m.state().turn;
        const ai::Observation o = ai::observe(m, who, log);
        if (!setup.line.empty()) CHECK_FALSE(o.fromDeal);  // an empty line is a deal's start
        const std::string request = ai::engineRequest(o, ++seed, 0);
        CAPTURE(request);
        CHECK((request.find("\nline ") != std::string::npos) == !setup.line.empty());
        ai::SeatTracker fresh;
        feedAll(fresh, request);
        sameObservation(fresh.observation(), o);
        CHECK(fresh.observation().rules.text() == o.rules.text());
        const ai::Decision in = ai::makePlayer("strategist", seed)->decide(o);
        const ai::Decision out = ai::readEngineAnswer(o, ai::engineAnswer("strategist", request));
        CHECK(out.move.same(in.move));
        CHECK(out.reason == in.reason);
        (void)log.apply(m, (who == Player::A ? a : b)->choose(o));
        ++positions;
      }
    }
    CHECK(positions > 30);
    if (r.layout == LayoutRule::Free) CHECK(turned > 0);
  }
}
