// SPDX-License-Identifier: MIT
// The turn rules on a round state: opening, legal moves, draws, passes, blocking and scoring.
#include <doctest/doctest.h>

#include "core/match.h"
#include "test_util.h"

using namespace dom;
using namespace dom::test;

namespace {
Deal dealOf(Mask a, Mask b) {
  Deal d;
  d.hand = {a, b};
  for (Tile t = 0; t < kTiles; ++t)
    if (!((a | b) & bit(t))) d.stock[d.stockSize++] = t;
  return d;
}

Move play(const char* tile, End e, Heading h = Heading::Straight) {
  const auto w = *parseTile(tile);
  return {MoveKind::Play, w.tile(), e, h, static_cast<std::uint8_t>(w.first)};
}

}  // namespace

TEST_CASE("round: the highest double opens and must be played") {
  Match m(*preset("en-linea"));
  m.startRound(dealOf(tiles({"5-5", "6-4", "1-0", "2-0", "3-0", "4-0", "5-0"}),
                      tiles({"6-6", "6-5", "1-1", "2-1", "3-1", "4-1", "5-1"})));
  CHECK(m.state().turn == Player::B);
  const MoveList l = m.legalMoves();
  REQUIRE(l.size == 1);
  CHECK(l.moves[0].tile == tileOf(6, 6));
  CHECK(m.illegal(play("6-5", End::None), Player::B).find("the lead must be 6-6") != std::string::npos);
  CHECK(m.illegal(play("6-6", End::None), Player::A).find("not A's turn") != std::string::npos);
}

TEST_CASE("round: without doubles the heaviest tile opens; 6-3 beats 5-4") {
  auto r = parseRules(std::string_view("en-linea hand=2"));
  Match m2(std::get<Rules>(r));
  m2.startRound(dealOf(tiles({"5-4", "1-0"}), tiles({"6-3", "2-0"})));
  CHECK(m2.state().turn == Player::B);
  CHECK(m2.state().forcedLead == tileOf(6, 3));
}

TEST_CASE("round: a tile fitting both ends gives two moves, and drawing/passing is refused") {
  Match m(*preset("draw"));
  m.startRound(dealOf(tiles({"6-6", "6-1", "4-3", "2-2", "2-0", "3-0", "5-0"}),
                      tiles({"1-1", "6-2", "5-5", "4-4", "3-3", "4-1", "5-1"})));
  m.apply(play("6-6", End::None));
  // B holds 6-2 only for a 6: one play on each end.
  const MoveList l = m.legalMoves();
  REQUIRE(l.size == 2);
  CHECK(l.moves[0].end == End::L);
  CHECK(l.moves[1].end == End::R);
  CHECK(m.illegal({MoveKind::Draw}, Player::B).find("cannot draw while able to play") != std::string::npos);
  CHECK(m.illegal({MoveKind::Pass}, Player::B).find("cannot pass while able to play") != std::string::npos);
  CHECK(m.illegal({MoveKind::Play, tileOf(6, 2), End::None}, Player::B).find("fits both ends") != std::string::npos);
}

TEST_CASE("round: draw until a drawn tile plays, then the reserve stops drawing") {
  auto r = std::get<Rules>(parseRules(std::string_view("draw hand=7 reserve=2")));
  Match m(r);
  Deal d = dealOf(tiles({"6-6", "0-0", "0-1", "0-2", "0-3", "0-4", "0-5"}),
                  tiles({"1-1", "1-2", "1-3", "1-4", "1-5", "2-2", "2-3"}));
  m.startRound(d);
  m.apply(play("6-6", End::None));
  int draws = 0;
  while (m.legalMoves().moves[0].kind == MoveKind::Draw) {
    m.apply({MoveKind::Draw});
    ++draws;
  }
  CHECK(draws >= 1);
  CHECK(m.state().stockCount() >= 2);
  if (m.state().stockCount() == 2) CHECK(m.legalMoves().moves[0].kind != MoveKind::Draw);
}

TEST_CASE("round: blocked at once, with difference and loser scoring and ties") {
  struct Case {
    const char* rules;
    std::initializer_list<const char*> b;
    std::uint8_t winner;
    int points;
  };
  // A leads 6-6 and keeps 1-0 (1 pip); nobody holds a 6 and nobody may draw: blocked at once.
  const Case cases[] = {{"block hand=2", {"2-1", "3-3"}, 0, 8}, {"block hand=2 blocked=loser", {"2-1", "3-3"}, 0, 9}};
  for (const Case& c : cases) {
    CAPTURE(c.rules);
    Match m(std::get<Rules>(parseRules(std::string_view(c.rules))));
    const Mask a = tiles({"6-6", "1-0"});
    m.startRound(dealOf(a, tiles(c.b)));
    m.apply(play("6-6", End::None));
    REQUIRE(m.lastResult());
    CHECK(m.lastResult()->how == RoundStatus::Blocked);
    CHECK(m.lastResult()->winner == c.winner);
    CHECK(m.lastResult()->points == c.points);
    CHECK(m.scores()[0] == c.points);
  }
}

TEST_CASE("round: a blocked round with equal pips is a tie; en-linea's single round is a tied match") {
  Match m(std::get<Rules>(parseRules(std::string_view("en-linea hand=2 reserve=26"))));
  // A keeps 2-1 (3 pips), B holds 3-0 (3 pips) and 0-0; the stock may not be drawn (reserve=26).
  m.startRound(dealOf(tiles({"6-6", "2-1"}), tiles({"3-0", "0-0"})));
  m.apply(play("6-6", End::None));
  REQUIRE(m.lastResult());
  CHECK(m.lastResult()->winner == 2);
  CHECK(m.lastResult()->points == 0);
  CHECK(m.matchOver());
  CHECK(m.matchWinner() == 2);
}

TEST_CASE("round: domino scores the opponent's pips and the match goes to the target") {
  Match m(std::get<Rules>(parseRules(std::string_view("draw hand=1 target=10"))));
  m.startRound(dealOf(tiles({"6-6"}), tiles({"5-4"})));
  m.apply(play("6-6", End::None));
  CHECK(m.lastResult()->how == RoundStatus::Domino);
  CHECK(m.lastResult()->points == 9);
  CHECK_FALSE(m.matchOver());
  CHECK(m.canStartRound().empty());
  // Round 2 under lead=alternate: B (who did not open round 1) opens with any tile.
  m.startRound(dealOf(tiles({"3-3"}), tiles({"2-1"})));
  CHECK(m.state().turn == Player::B);
  CHECK(m.state().forcedLead == kNoTile);
  m.apply(play("1-2", End::None));
  CHECK(m.line().front().left == 1);
  CHECK(m.scores()[1] == 6);
  CHECK_FALSE(m.matchOver());
  m.startRound(dealOf(tiles({"4-4"}), tiles({"2-2"})));
  CHECK(m.state().turn == Player::A);
  m.apply(play("4-4", End::None));
  CHECK(m.scores()[0] == 13);
  CHECK(m.matchOver());
  CHECK(m.matchWinner() == 0);
  CHECK(m.canStartRound() == "the match is over");
}

TEST_CASE("round: lead=winner opens with the last winner, and after a tie by the double rule") {
  Match m(std::get<Rules>(parseRules(std::string_view("block hand=1 lead=winner target=100"))));
  m.startRound(dealOf(tiles({"1-0"}), tiles({"2-2"})));
  CHECK(m.state().turn == Player::B);
  m.apply(play("2-2", End::None));  // B wins round 1
  m.startRound(dealOf(tiles({"6-6"}), tiles({"1-0"})));
  CHECK(m.state().turn == Player::B);  // the winner opens, with any tile
  CHECK(m.state().forcedLead == kNoTile);
}

TEST_CASE("round: weight 5 each (4-1, 3-2, 5-0): the higher high half opens, in either hand") {
  const Rules r = std::get<Rules>(parseRules(std::string_view("en-linea hand=3")));
  Match m(r);
  m.startRound(dealOf(tiles({"4-1", "3-2", "2-0"}), tiles({"5-0", "1-0", "3-1"})));
  CHECK(m.state().turn == Player::B);
  CHECK(m.state().forcedLead == tileOf(5, 0));
  Match m2(r);
  m2.startRound(dealOf(tiles({"5-0", "1-0", "3-1"}), tiles({"4-1", "3-2", "2-0"})));
  CHECK(m2.state().turn == Player::A);
  CHECK(m2.state().forcedLead == tileOf(5, 0));
  // A double, however low, beats every non-double.
  Match m3(r);
  m3.startRound(dealOf(tiles({"6-5", "6-4", "5-4"}), tiles({"0-0", "1-0", "2-0"})));
  CHECK(m3.state().turn == Player::B);
  CHECK(m3.state().forcedLead == tileOf(0, 0));
}

TEST_CASE("round: the lead lies lengthwise at the centre and takes no heading") {
  for (const char* text : {"en-linea hand=2", "dominoes2 hand=2"}) {
    CAPTURE(text);
    Match m(std::get<Rules>(parseRules(std::string_view(text))));
    m.startRound(dealOf(tiles({"6-6", "1-0"}), tiles({"5-4", "3-2"})));
    CHECK_FALSE(m.illegal(play("6-6", End::None, Heading::Left), Player::A).empty());
    CHECK_FALSE(m.illegal(play("6-6", End::None, Heading::Right), Player::A).empty());
    CHECK(m.illegal(play("6-6", End::None, Heading::Straight), Player::A).empty());
  }
  // Round 2 under lead=alternate: any tile, still without a heading.
  Match m(std::get<Rules>(parseRules(std::string_view("draw hand=1 layout=free"))));
  m.startRound(dealOf(tiles({"6-6"}), tiles({"5-4"})));
  m.apply(play("6-6", End::None));
  m.startRound(dealOf(tiles({"3-3"}), tiles({"2-1"})));
  CHECK(m.illegal(play("2-1", End::None, Heading::Left), Player::B).find("cannot turn") != std::string::npos);
  CHECK(m.illegal(play("2-1", End::None), Player::B).empty());
}

TEST_CASE("round: a score that has reached the target wins the match after the round, whoever won it") {
  // B already holds 100 (a `score` statement); A wins the round, B's score has reached the target.
  Match m(std::get<Rules>(parseRules(std::string_view("draw hand=1 target=100"))));
  m.setScores({0, 100});
  m.startRound(dealOf(tiles({"6-6"}), tiles({"5-4"})));
  m.apply(play("6-6", End::None));
  CHECK(m.scores() == std::array<int, 2>{9, 100});
  CHECK(m.matchOver());
  CHECK(m.matchWinner() == 1);
  // Both at or over the target: the higher score wins.
  Match m2(std::get<Rules>(parseRules(std::string_view("draw hand=1 target=100"))));
  m2.setScores({95, 100});
  m2.startRound(dealOf(tiles({"6-6"}), tiles({"5-4"})));
  m2.apply(play("6-6", End::None));
  CHECK(m2.matchOver());
  CHECK(m2.matchWinner() == 0);  // 104 against 100
  // A tied round leaves the scores; a score already at the target still ends the match.
  Match m3(std::get<Rules>(parseRules(std::string_view("block hand=2 target=50"))));
  m3.setScores({50, 0});
  m3.startRound(dealOf(tiles({"6-6", "2-1"}), tiles({"3-0", "0-0"})));
  m3.apply(play("6-6", End::None));
  REQUIRE(m3.lastResult());
  CHECK(m3.lastResult()->winner == 2);
  CHECK(m3.matchOver());
  CHECK(m3.matchWinner() == 0);
  // Below the target nothing ends.
  Match m4(std::get<Rules>(parseRules(std::string_view("block hand=2 target=50"))));
  m4.setScores({49, 0});
  m4.startRound(dealOf(tiles({"6-6", "2-1"}), tiles({"3-0", "0-0"})));
  m4.apply(play("6-6", End::None));
  CHECK_FALSE(m4.matchOver());
}

TEST_CASE("round: the snake's refusals keep their exact words, with their typed reasons") {
  Match m(*preset("draw"));
  CHECK(m.illegal({MoveKind::Draw}, Player::A) == "no round has started");
  m.startRound(dealOf(tiles({"6-6", "6-1", "4-3", "2-2", "2-0", "3-0", "5-0"}),
                      tiles({"1-1", "6-2", "5-5", "4-4", "3-3", "4-1", "5-1"})));
  CHECK(m.illegal(play("6-1", End::None), Player::A) == "the lead must be 6-6 (the highest double)");
  CHECK(m.illegal(play("6-6", End::None, Heading::Left), Player::A) ==
        "a heading needs layout=free; under layout=snake the engine lays every tile");
  m.apply(play("6-6", End::None));
  CHECK(m.illegal(play("6-2", End::L), Player::A) == "not A's turn: it is B's turn");
  CHECK(m.illegal(play("2-0", End::L), Player::B) == "2-0 is not in B's hand");
  CHECK(m.illegal(play("5-5", End::L), Player::B) == "5-5 matches no open end (ends are 6 and 6)");
  CHECK(m.illegal(play("6-2", End::None), Player::B) == "6-2 fits both ends: say L or R");
  CHECK(m.illegal({MoveKind::Draw}, Player::B) == "B cannot draw while able to play (6-2 can be played)");
  CHECK(m.illegal({MoveKind::Pass}, Player::B) == "B cannot pass while able to play");
  CHECK(m.illegal(play("6-2", End::R, Heading::Right), Player::B) ==
        "a heading needs layout=free; under layout=snake the engine lays every tile");
  CHECK(m.reason(play("5-5", End::L), Player::B).why == Why::MatchesNoEnd);
  CHECK(m.reason(play("6-2", End::None), Player::B).why == Why::FitsBothEnds);
  CHECK(m.reason(play("6-2", End::L), Player::B).legal());
  m.apply(play("6-2", End::L));
  CHECK(m.illegal(play("6-1", End::L), Player::A) == "6-1 does not match end L (2)");
  CHECK(m.reason(play("6-1", End::L), Player::A).otherEnd == End::None);  // it fits at R: nothing more to say
}

// Issue 42, item 4: a library user's illegal moves are refused with the rules' reason, and the
// unchecked apply() stops a bad move before it corrupts the match, in every build.
TEST_CASE("match: play() refuses an illegal move with its reason and leaves the match unchanged") {
  Match m(*preset("draw"));
  m.startRound(dealOf(tiles({"6-6", "6-1", "4-3", "2-2", "2-0", "3-0", "5-0"}),
                      tiles({"1-1", "6-2", "5-5", "4-4", "3-3", "4-1", "5-1"})));
  m.play(play("6-6", End::L));  // a lead that names an end: the end is ignored
  CHECK(m.line().size() == 1);
  const RoundState before = m.state();
  for (int i = 0; i < 60; ++i) {
    try {
      m.play(play("6-6", End::L));
      FAIL("an illegal play was accepted");
    } catch (const IllegalMove& e) {
      CHECK(e.reason().why == Why::NotInHand);
      CHECK(std::string(e.what()).find("6-6") != std::string::npos);
    }
  }
  CHECK_THROWS_AS(m.play({MoveKind::Draw}), IllegalMove);
  CHECK_THROWS_AS(m.play({MoveKind::Pass}), IllegalMove);
  CHECK_THROWS_AS(m.play({MoveKind::Play, static_cast<Tile>(200), End::L}), std::invalid_argument);
  CHECK(m.state() == before);
  CHECK(m.invalid().empty());
  // The end left out is resolved when only one fits.
  const Move applied = m.play({MoveKind::Play, tileOf(6, 2), End::R});
  CHECK(applied.end == End::R);
}

TEST_CASE("match: apply() refuses what is not legal and resolved, in every build, without a change") {
  auto r = std::get<Rules>(parseRules(std::string_view("draw hand=7 reserve=2")));
  Match m(r);
  m.startRound(dealOf(tiles({"6-6", "0-0", "0-1", "0-2", "0-3", "0-4", "0-5"}),
                      tiles({"1-1", "1-2", "1-3", "1-4", "1-5", "2-2", "2-3"})));
  CHECK_THROWS_AS(m.apply(play("6-6", End::L)), std::logic_error);  // a lead naming an end
  Move badPip = play("6-6", End::None);
  badPip.leftPip = 3;
  CHECK_THROWS_AS(m.apply(badPip), std::logic_error);
  m.apply(play("6-6", End::None));
  // B cannot play: draws are legal until the reserve; a hundred draws must not empty the stock.
  int refused = 0;
  for (int i = 0; i < 100; ++i) {
    try {
      m.apply({MoveKind::Draw});
    } catch (const std::logic_error& e) {
      ++refused;
      CHECK(std::string(e.what()).find("Match::apply") != std::string::npos);
    }
  }
  CHECK(refused > 0);
  CHECK(m.state().stockCount() >= 2);
  CHECK(m.invalid().empty());
  // Sixty plays of a tile that is on the table: each refused, the line unchanged.
  const auto line = m.line();
  for (int i = 0; i < 60; ++i) CHECK_THROWS_AS(m.apply(play("6-6", End::L)), std::logic_error);
  CHECK(m.line() == line);
  CHECK_THROWS_AS(m.apply({MoveKind::Play, static_cast<Tile>(200), End::L}), std::logic_error);
  Match idle(r);
  CHECK_THROWS_AS(idle.apply({MoveKind::Pass}), std::logic_error);
}

// Issue 42 #6: a match's round results are shared between copies (the studio keeps a copy per
// position), in immutable chunks; each copy still sees its own history, and branches stay apart.
TEST_CASE("match: results are shared by copies, each copy keeps its own history") {
  auto rules = std::get<Rules>(parseRules(std::string_view("en-linea hand=1 target=1000")));
  Match m(rules);
  std::vector<Match> copies;
  std::vector<RoundResult> played;
  for (int r = 0; r < 200 && !m.matchOver(); ++r) {
    // One tile each: a round is a lead or two, played with the first legal move.
    m.startRound(dealFromSeed(static_cast<std::uint64_t>(r) + 1, 1));
    while (m.inRound()) m.apply(m.legalMoves().moves[0]);
    played.push_back(*m.lastResult());
    copies.push_back(m);
  }
  REQUIRE(played.size() > 130);  // past two full chunks of 64
  CHECK(m.results() == played);
  CHECK(m.resultCount() == played.size());
  for (std::size_t i = 0; i < copies.size(); ++i) {
    CHECK(copies[i].resultCount() == i + 1);
    const auto r = copies[i].results();
    CHECK(std::equal(r.begin(), r.end(), played.begin()));
  }
  // A branch from an early copy grows its own history; the others do not see it.
  Match branch = copies[70];
  branch.startRound(dealFromSeed(999, 1));
  while (branch.inRound()) branch.apply(branch.legalMoves().moves[0]);
  CHECK(branch.resultCount() == 72);
  CHECK(copies[71].results()[71] == played[71]);
  CHECK(branch.results()[71] == *branch.lastResult());
  CHECK(m.results() == played);
}
