// SPDX-License-Identifier: MIT
// Typed reasons: every kind's text from the one formatter, and the engine's reasons under
// layout=free that look at both ends and say what blocks a placement.
#include <doctest/doctest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "core/dgn.h"
#include "core/match.h"
#include "core/reason.h"

using namespace dom;

namespace {

Tile tileNamed(const char* s) { return parseTile(s)->tile(); }

Move play(const char* tile, End e, Heading h = Heading::Straight) {
  const auto w = *parseTile(tile);
  return {MoveKind::Play, w.tile(), e, h, static_cast<std::uint8_t>(w.first)};
}

// The position of a scenario at the first line equal to `stop` (that line included).
Match scenarioAt(const std::string& name, const std::string& stop) {
  std::ifstream in(std::string(DOMINOES_SOURCE_DIR) + "/scenarios/" + name);
  std::string text, line;
  while (std::getline(in, line)) {
    text += line + "\n";
    if (line == stop) break;
  }
  auto loaded = dgn::load(text, name);
  if (auto* e = std::get_if<dgn::Error>(&loaded)) FAIL(name << ": " << e->message);
  return std::get<dgn::Loaded>(loaded).match;
}

Match edgeAtMove5() { return scenarioAt("end_blocked_by_edge.dgn", "expect ends 6 3"); }
Match lineAtStart() { return scenarioAt("end_blocked_by_line.dgn", "expect ends 6 3"); }

Reason base(Why w) {
  Reason r;
  r.why = w;
  r.player = Player::B;
  r.turn = Player::A;
  r.tile = tileNamed("3-1");
  r.other = tileNamed("6-6");
  r.end = End::R;
  r.pips = {6, 3};
  return r;
}

}  // namespace

TEST_CASE("reasons: every kind has its text in the rules' words") {
  CHECK(text(base(Why::Legal)).empty());
  CHECK(text(base(Why::MatchOver)) == "the match is over");
  CHECK(text(base(Why::NoRound)) == "no round has started");
  CHECK(text(base(Why::RoundOver)) == "the round is over");
  Reason over = base(Why::RoundOver);
  over.number = 3;
  CHECK(text(over) == "round 3 is over");
  CHECK(text(base(Why::NotYourTurn)) == "not B's turn: it is A's turn");
  CHECK(text(base(Why::DrawWhileAble)) == "B cannot draw while able to play (6-6 can be played)");
  CHECK(text(base(Why::DrawNotAllowed)) == "drawing is not allowed in this game (draw=none): B must pass");
  CHECK(text(base(Why::StockEmpty)) == "B cannot draw: the stock is empty");
  Reason reserve = base(Why::StockAtReserve);
  reserve.number = 2;
  CHECK(text(reserve) == "B cannot draw: the stock is down to its reserve of 2");
  CHECK(text(base(Why::NotStockTop)) == "drawn tile 3-1 is not the top of the stock (the top is 6-6)");
  CHECK(text(base(Why::PassWhileAble)) == "B cannot pass while able to play");
  CHECK(text(base(Why::PassWhileCanDraw)) == "B cannot pass while able to draw");
  CHECK(text(base(Why::NotInHand)) == "3-1 is not in B's hand");
  CHECK(text(base(Why::WrongLead)) == "the lead must be 6-6 (the highest double)");
  Reason heaviest = base(Why::WrongLead);
  heaviest.other = tileNamed("6-5");
  CHECK(text(heaviest) == "the lead must be 6-5 (the heaviest tile: nobody holds a double)");
  CHECK(text(base(Why::HeadingNeedsFree)) ==
        "a heading needs layout=free; under layout=snake the engine lays every tile");
  Reason lead = base(Why::LeadCannotTurn);
  lead.heading = Heading::Left;
  CHECK(text(lead) == "the lead lies at the centre, lengthwise: it cannot turn left");
  CHECK(text(base(Why::MatchesNoEnd)) == "3-1 matches no open end (ends are 6 and 3)");
  CHECK(text(base(Why::FitsBothEnds)) == "3-1 fits both ends: say L or R");
  CHECK(text(base(Why::DoubleCannotTurn)) == "a double is always laid crosswise, straight on");
  Reason after = base(Why::AfterDoubleCannotTurn);
  after.heading = Heading::Right;
  CHECK(text(after) == "the tile after a double is laid straight on: 3-1 cannot turn right");
}

TEST_CASE("reasons: no room, with what blocks it") {
  Reason r = base(Why::NoRoom);
  r.headed = true;
  r.obstacle = Obstacle::Unknown;  // the round state alone: today's words
  CHECK(text(r) == "3-1 has no room at end R heading straight: the table's edge or the line blocks it");
  r.obstacle = Obstacle::Edge;
  CHECK(text(r) == "3-1 has no room at end R heading straight: the table's edge");
  r.obstacle = Obstacle::Tiles;
  CHECK(text(r) == "3-1 has no room at end R heading straight: the line");
  r.obstacle = Obstacle::EdgeAndTiles;
  CHECK(text(r) == "3-1 has no room at end R heading straight: the edge and the line");
  r.headed = false;
  r.tile = tileNamed("3-3");
  CHECK(text(r) == "3-3 has no room at end R: the edge and the line");

  Reason any = base(Why::NoRoomAnyEnd);
  any.obstacle = Obstacle::Unknown;
  CHECK(text(any) == "3-1 has no room at either end: the layout blocks it");
  any.obstacle = Obstacle::Edge;
  CHECK(text(any) == "3-1 matches end R (3) but has no room there: the table's edge");
  any.tile = tileNamed("6-3");
  any.end = End::L;
  any.otherEnd = End::R;
  any.otherObstacle = Obstacle::Edge;
  CHECK(text(any) == "6-3 matches end L (6) and end R (3) but has no room at either: the table's edge");
  any.obstacle = Obstacle::Tiles;
  CHECK(text(any) ==
        "6-3 matches end L (6) and end R (3) but has no room at either: the line at L, the table's edge at R");

  Reason miss = base(Why::DoesNotMatch);
  miss.end = End::L;
  CHECK(text(miss) == "3-1 does not match end L (6)");
  miss.otherEnd = End::R;
  miss.otherObstacle = Obstacle::Edge;
  CHECK(text(miss) == "3-1 does not match end L (6); it matches end R (3) but has no room there: the table's edge");
  miss.otherObstacle = Obstacle::Unknown;
  CHECK(text(miss) == "3-1 does not match end L (6); it matches end R (3) but has no room there");

  CHECK(obstacleText(Obstacle::Edge) == "the table's edge");
  CHECK(obstacleText(Obstacle::Tiles) == "the line");
  CHECK(obstacleText(Obstacle::EdgeAndTiles) == "the edge and the line");
  CHECK((Obstacle::Edge | Obstacle::Tiles) == Obstacle::EdgeAndTiles);
  CHECK((Obstacle::None | Obstacle::Tiles) == Obstacle::Tiles);
  CHECK((Obstacle::Unknown | Obstacle::Tiles) == Obstacle::Unknown);
}

TEST_CASE("reasons: end_blocked_by_edge, move 5: the reason looks at both ends") {
  const Match m = edgeAtMove5();
  REQUIRE(m.state().turn == Player::A);
  REQUIRE(m.state().ends[1] == 3);
  // 3-1 at L: it does not match the 6, and the 3 it matches has no room.
  const Reason atL = m.reason(play("3-1", End::L), Player::A);
  CHECK(atL.why == Why::DoesNotMatch);
  CHECK(atL.otherEnd == End::R);
  CHECK(atL.otherObstacle == Obstacle::Edge);
  CHECK(m.illegal(play("3-1", End::L), Player::A) ==
        "3-1 does not match end L (6); it matches end R (3) but has no room there: the table's edge");
  // 3-1 at R, each heading: the edge.
  for (Heading h : {Heading::Straight, Heading::Left, Heading::Right}) {
    const Reason atR = m.reason(play("3-1", End::R, h), Player::A);
    CHECK(atR.why == Why::NoRoom);
    CHECK(atR.obstacle == Obstacle::Edge);
  }
  CHECK(m.illegal(play("3-1", End::R), Player::A) == "3-1 has no room at end R heading straight: the table's edge");
  CHECK(m.illegal(play("3-0", End::R, Heading::Left), Player::A) ==
        "3-0 has no room at end R heading left: the table's edge");
  // No end named.
  CHECK(m.reason(play("3-0", End::None), Player::A).why == Why::NoRoomAnyEnd);
  CHECK(m.illegal(play("3-0", End::None), Player::A) ==
        "3-0 matches end R (3) but has no room there: the table's edge");
  // The round state alone cannot tell what blocks: today's words.
  CHECK(m.state().illegal(play("3-1", End::R), Player::A, m.rules(), m.fits()) ==
        "3-1 has no room at end R heading straight: the table's edge or the line blocks it");
  // The queries the studio explains with.
  const Mask both = bit(tileNamed("3-1")) | bit(tileNamed("3-0"));
  CHECK(m.withoutRoom(Player::A, End::R) == both);
  CHECK(m.withoutRoom(Player::A, End::L) == 0);
  CHECK(m.matchedWithoutRoom(Player::A) == both);
  CHECK(m.obstacle(End::R, both) == Obstacle::Edge);
  CHECK(m.obstacle(End::L, both) == Obstacle::None);  // nothing stops a placement at L
  // Drawing is what A must do.
  CHECK(m.reason({MoveKind::Draw}, Player::A).legal());
  CHECK(m.reason({MoveKind::Pass}, Player::A).why == Why::PassWhileCanDraw);
}

TEST_CASE("reasons: end_blocked_by_line: the line blocks, and the double says so too") {
  const Match m = lineAtStart();
  REQUIRE(m.state().turn == Player::A);
  CHECK(m.illegal(play("3-0", End::R), Player::A) == "3-0 has no room at end R heading straight: the line");
  CHECK(m.illegal(play("3-3", End::R), Player::A) == "3-3 has no room at end R: the line");
  CHECK(m.illegal(play("3-0", End::L), Player::A) ==
        "3-0 does not match end L (6); it matches end R (3) but has no room there: the line");
  CHECK(m.illegal(play("3-3", End::R, Heading::Left), Player::A) == "a double is always laid crosswise, straight on");
  CHECK(m.obstacle(End::R, m.withoutRoom(Player::A, End::R)) == Obstacle::Tiles);
  CHECK(m.withoutRoom(Player::A, End::R) == (bit(tileNamed("3-3")) | bit(tileNamed("3-0"))));
  CHECK(m.illegal(play("6-6", End::L), Player::A).empty());
}

TEST_CASE("reasons: the tile after a double goes straight on, whatever the room") {
  Match m(std::get<Rules>(parseRules("dominoes2 table=12x8")));
  Setup s;
  s.line = {{tileNamed("6-6"), 6, 6, Heading::Straight}};
  s.leadIndex = 0;
  s.turn = Player::A;
  s.hand = {bit(tileNamed("6-2")) | bit(tileNamed("1-0")), bit(tileNamed("5-5")) | bit(tileNamed("4-4"))};
  for (Tile t = 0; t < kTiles; ++t)
    if (!((s.hand[0] | s.hand[1] | bit(tileNamed("6-6"))) & bit(t))) s.stock.push_back(t);
  REQUIRE(m.startSetup(s).empty());
  const Reason r = m.reason(play("6-2", End::L, Heading::Left), Player::A);
  CHECK(r.why == Why::AfterDoubleCannotTurn);
  CHECK(text(r) == "the tile after a double is laid straight on: 6-2 cannot turn left");
  CHECK(m.illegal(play("6-2", End::L), Player::A).empty());
  CHECK(m.matchedWithoutRoom(Player::A) == 0);
}

TEST_CASE("reasons: under the snake nothing lacks room") {
  Match m(*preset("dominoes2"));
  REQUIRE(m.rules().layout == LayoutRule::Free);
  Match snake(*preset("en-linea"));
  snake.startRound(dealFromSeed(3, snake.rules().hand));
  for (int p = 0; p < 2; ++p) {
    CHECK(snake.matchedWithoutRoom(static_cast<Player>(p)) == 0);
    CHECK(snake.obstacle(End::L, snake.state().hand[static_cast<std::size_t>(p)]) == Obstacle::None);
  }
  const Reason r = snake.reason(play("6-6", End::R), snake.state().turn == Player::A ? Player::B : Player::A);
  CHECK(r.why == Why::NotYourTurn);
  CHECK(Match(*preset("en-linea")).reason(play("6-6", End::R), Player::A).why == Why::NoRound);
}

TEST_CASE("reasons: over random free rounds, every refusal agrees with the legal moves and names its obstacle") {
  // Random dominoes2 rounds on small tables, where ends block often. At every position each tile of
  // the player to move is tried at each end in each heading: it is legal exactly when legalMoves
  // lists it, and a refusal for room names what blocks it, consistently with the end's own flags.
  std::mt19937_64 rng(2026);
  int noRoom = 0, otherEnd = 0, checked = 0;
  for (int game = 0; game < 60; ++game) {
    const int w = 8 + static_cast<int>(rng() % 8), h = 6 + static_cast<int>(rng() % 6);
    Match m(std::get<Rules>(parseRules("dominoes2 table=" + std::to_string(w) + "x" + std::to_string(h))));
    m.startRound(dealFromSeed(rng(), m.rules().hand));
    while (m.inRound()) {
      const Player p = m.state().turn;
      const MoveList legal = m.legalMoves();
      const TableLayout table = m.layout();
      forEachHeaviestFirst(m.state().hand[idx(p)], [&](Tile t) {
        for (End e : {End::L, End::R, End::None})
          for (Heading hd : {Heading::Straight, Heading::Left, Heading::Right}) {
            const Move mv{MoveKind::Play, t, e, hd, static_cast<std::uint8_t>(high(t))};
            const Reason r = m.reason(mv, p);
            bool listed = false;
            for (const Move& l : legal)
              listed = listed || (l.kind == MoveKind::Play && l.tile == t && (e == End::None || l.end == e) &&
                                  l.heading == hd && !m.state().beforeLead());
            if (m.state().beforeLead() || e == End::None) continue;  // leads and resolution: not this test's business
            ++checked;
            REQUIRE(r.legal() == listed);
            CHECK(text(r).find("blocks it") == std::string::npos);
            CHECK(r.obstacle != Obstacle::Unknown);
            CHECK(r.otherObstacle != Obstacle::Unknown);
            auto agrees = [&](End end, Obstacle o) {
              CHECK(o != Obstacle::None);
              const OpenEnd& oe = table.ends[static_cast<std::size_t>(end)];
              if (!oe.blocked()) return;
              if (o == Obstacle::Edge || o == Obstacle::EdgeAndTiles) CHECK(oe.blockedByEdge);
              if (o == Obstacle::Tiles || o == Obstacle::EdgeAndTiles) CHECK(oe.blockedByTiles);
            };
            if (r.why == Why::NoRoom) {
              ++noRoom;
              agrees(r.end, r.obstacle);
            }
            if (r.why == Why::DoesNotMatch && r.otherEnd != End::None) {
              ++otherEnd;
              agrees(r.otherEnd, r.otherObstacle);
            }
          }
      });
      // Random play among the legal moves.
      m.apply(m.resolve(legal.moves[static_cast<std::size_t>(rng() % static_cast<std::uint64_t>(legal.size))]));
    }
  }
  CHECK(noRoom > 0);
  CHECK(otherEnd > 0);
  MESSAGE(checked << " tries, " << noRoom << " refused for room, " << otherEnd << " told about the other end");
}
