// SPDX-License-Identifier: MIT
// The one move parser (core/movetext.h): words matched against the legal moves' own text.
#include <doctest/doctest.h>

#include <pcg_random.hpp>

#include "core/dgn.h"
#include "core/movetext.h"
#include "core/random.h"
#include "test_util.h"

using namespace dom;
using namespace dom::test;

namespace {

FoundMove find(const Match& m, std::string_view text) { return findMove(m, m.state().turn, moveWords(text)); }

std::string errorOf(const Match& m, std::string_view text) {
  const FoundMove f = find(m, text);
  CHECK_MESSAGE(!f.move, text);
  return f.error;
}

Move found(const Match& m, std::string_view text) {
  const FoundMove f = find(m, text);
  REQUIRE_MESSAGE(f.move, text << ": " << f.error);
  return *f.move;
}

// After A's 6-6 lead both ends show 6: B's 6-2 fits both.
const char* kBothEnds = R"(dgn 1
rules en-linea
round 1
hand A 6-6 6-4 5-5 3-1 2-0 1-1 0-0
hand B 6-2 5-4 4-3 3-3 4-2 2-1 1-0
stock 6-5 6-3 5-3 4-4 6-1 5-2 6-0 5-1 5-0 4-1 3-2 4-0 2-2 3-0
A: 6-6
)";

// layout=free, A to move with ends 6 and 3 (docs: setup_free_headings.dgn).
const char* kFree = R"(dgn 1
rules dominoes2
round 1
hand A 6-6 3-3 3-0 5-2 0-0
hand B 6-1 5-5 5-4 5-3 6-5 6-2 4-4 4-3 6-0 5-1 4-2 5-0 3-1 2-2 1-1 1-0
stock 4-0 6-3 2-0
line 6-4* 4-1> 1-2> 2-3>
turn A
)";

// The reader's rule, stated without the legal moves' text: the words are a move (readMove), the
// rules allow it (Match::illegal), a heading word only under layout=free, and the end filled in
// (Match::resolve).
std::optional<Move> byTheRules(const Match& m, Player who, const std::vector<std::string>& words) {
  auto read = readMove(words);
  if (!std::holds_alternative<WrittenMove>(read)) return std::nullopt;
  const WrittenMove w = std::get<WrittenMove>(read);
  if (!m.illegal(w.move, who).empty()) return std::nullopt;
  if (w.headingWritten && m.rules().layout != LayoutRule::Free) return std::nullopt;
  return m.resolve(w.move);
}

bool sameFields(const Move& a, const Move& b) {
  return a.kind == b.kind && a.tile == b.tile && a.end == b.end && a.heading == b.heading && a.leftPip == b.leftPip;
}

}  // namespace

TEST_CASE("movetext: the words of a move, without a position") {
  auto w = std::get<WrittenMove>(readMove(moveWords("4-6 R left")));
  CHECK(w.move.tile == tileOf(6, 4));
  CHECK(w.move.leftPip == 4);
  CHECK(w.move.end == End::R);
  CHECK(w.move.heading == Heading::Left);
  CHECK(w.headingWritten);
  CHECK_FALSE(std::get<WrittenMove>(readMove(moveWords("6-4\tL"))).headingWritten);
  CHECK(std::get<WrittenMove>(readMove(moveWords("draw 3-2"))).move.tile == tileOf(3, 2));
  CHECK(std::get<std::string>(readMove({})) == "a move needs a tile, draw or pass");
  CHECK(std::get<std::string>(readMove(moveWords("6-7"))) == malformedTile("6-7"));
  CHECK(std::get<std::string>(readMove(moveWords("draw 3-2 R"))) == "unexpected 'R' after draw");
  CHECK(std::get<std::string>(readMove(moveWords("pass now"))) == "unexpected 'now' after pass");
  CHECK(std::get<std::string>(readMove(moveWords("6-4 up"))) ==
        "unexpected 'up' after the tile: expected the end L or R");
  CHECK(std::get<std::string>(readMove(moveWords("6-4 R up"))) ==
        "unexpected 'up': a heading is straight, left or right");
  CHECK(std::get<std::string>(readMove(moveWords("6-4 R left x"))) == "unexpected 'x' at the end of the move");
  CHECK(moveWords("  6-4 \t R  ") == std::vector<std::string>{"6-4", "R"});
}

TEST_CASE("movetext: a tile that fits both ends needs its end") {
  const Match m = matchOf(kBothEnds);
  CHECK(errorOf(m, "6-2").find("fits both ends") != std::string::npos);
  CHECK(errorOf(m, "2-6").find("fits both ends") != std::string::npos);
  const Move l = found(m, "6-2 L"), r = found(m, "2-6 R");
  CHECK(l.end == End::L);
  CHECK(r.end == End::R);
  CHECK(l.tile == tileOf(6, 2));
  // A tile that fits one end only is found without it.
  const Match one = matchOf(std::string(kBothEnds) + "B: 6-2 R\nA: 6-4 L\n");
  CHECK(found(one, "5-4").end == End::L);
  CHECK(found(one, "2-1").end == End::R);
  CHECK(errorOf(one, "2-1 L").find("does not match") != std::string::npos);
  CHECK(errorOf(one, "4-2").find("fits both ends") != std::string::npos);
}

TEST_CASE("movetext: the heading word names one placement, and only under layout=free") {
  const Match free = matchOf(kFree);
  CHECK(errorOf(free, "3-3 R").find("has no room at end R") != std::string::npos);
  CHECK(found(free, "6-6 L").heading == Heading::Straight);
  CHECK(found(free, "6-6 L straight").heading == Heading::Straight);  // a double's only placement
  CHECK(errorOf(free, "6-6 L left").find("a double is always laid crosswise") != std::string::npos);
  // B's 6-5 at L after the 6-6: the end is a double, so only straight on is written.
  const Match b = matchOf(std::string(kFree) + "A: 6-6 L\n");
  CHECK(found(b, "5-6 L").heading == Heading::Straight);
  CHECK(errorOf(b, "6-5 L right") ==
        b.illegal(std::get<WrittenMove>(readMove(moveWords("6-5 L right"))).move, Player::B));
  // On a non-double end each heading is its own move.
  const Match c = matchOf(std::string(kFree) + "A: 6-6 L\nB: 6-5 L\n");
  const MoveList legal = c.legalMoves();
  int headed = 0;
  for (const Move& mv : legal) {
    if (mv.kind != MoveKind::Play || !c.headed(mv)) continue;
    ++headed;
    const std::string text = dgn::legalText(c, mv);
    const Move got = found(c, text);
    CHECK_MESSAGE(got.same(mv), text);
    if (mv.heading == Heading::Straight) {  // straight may be left out
      const std::string bare = text.substr(0, text.rfind(' '));
      CHECK_MESSAGE(found(c, bare).same(mv), bare);
    }
  }
  CHECK(headed > 0);
  // Under layout=snake a heading is refused, `straight` included.
  const Match snake = matchOf(kBothEnds);
  CHECK(errorOf(snake, "6-2 L straight") ==
        "a heading needs layout=free; under layout=snake the engine lays every tile");
  CHECK(errorOf(snake, "6-2 L left").find("layout=free") != std::string::npos);
}

TEST_CASE("movetext: draw and pass only when they are legal") {
  const Match m = matchOf(kBothEnds);  // B holds 6-2: cannot draw or pass
  CHECK(errorOf(m, "draw") == m.illegal({MoveKind::Draw}, Player::B));
  CHECK(errorOf(m, "draw").find("6-2") != std::string::npos);
  CHECK(errorOf(m, "pass") == m.illegal({MoveKind::Pass}, Player::B));
  // A's turn came from the record; B may not move for A, nor A for B.
  CHECK(findMove(m, Player::A, moveWords("5-5")).error.find("not A's turn") != std::string::npos);
  // A hand that cannot play: the draw is legal, with or without the stock's top named.
  const char* kDraw = R"(dgn 1
rules en-linea
round 1
hand A 6-6 6-4 5-5 3-1 2-0 1-1 0-0
hand B 5-4 4-3 3-3 4-2 2-1 1-0 5-3
stock 6-5 6-3 6-2 4-4 6-1 5-2 6-0 5-1 5-0 4-1 3-2 4-0 2-2 3-0
A: 6-6
)";
  const Match d = matchOf(kDraw);
  CHECK(found(d, "draw").kind == MoveKind::Draw);
  CHECK(found(d, "draw").tile == kNoTile);
  CHECK(found(d, "draw 5-6").tile == tileOf(6, 5));
  CHECK(errorOf(d, "draw 6-3").find("6-5") != std::string::npos);  // not the top
  CHECK(errorOf(d, "pass").find("draw") != std::string::npos);
  CHECK(errorOf(d, "5-4") == "5-4 matches no open end (ends are 6 and 6)");
}

TEST_CASE("movetext: the lead lies as written, an end written with it passed over") {
  // No double dealt: the heaviest tile, 6-5, leads.
  const char* kLead = R"(dgn 1
rules en-linea
round 1
hand A 6-5 4-3 3-1 2-0 5-1 4-0 6-0
hand B 6-4 5-3 4-2 2-1 6-1 5-0 3-0
stock 6-6 5-5 6-3 5-4 6-2 4-4 5-2 3-3 4-1 3-2 2-2 1-1 1-0 0-0
)";
  const Match m = matchOf(kLead);
  REQUIRE(m.state().beforeLead());
  const Move a = found(m, "5-6");
  CHECK(a.leftPip == 5);
  CHECK(a.end == End::None);
  CHECK(found(m, "6-5").leftPip == 6);
  CHECK(found(m, "6-5 R").end == End::None);
  CHECK(errorOf(m, "6-5 R straight").find("layout=free") != std::string::npos);
  CHECK(errorOf(m, "4-3").find("6-5") != std::string::npos);  // the forced lead is named
  // Under layout=free the lead has no heading but straight.
  const Match free = matchOf(std::string(kLead).replace(std::string(kLead).find("en-linea"), 8, "dominoes2"));
  CHECK(found(free, "6-5 straight").leftPip == 6);
  CHECK(errorOf(free, "6-5 L left") ==
        free.illegal(std::get<WrittenMove>(readMove(moveWords("6-5 L left"))).move, Player::A));
}

// Every written form the reader has accepted (tile either way round, end or none, each heading word
// or none, draw with or without a tile, pass) is found exactly when the rules allow it, as the same
// move; words naming no legal move get the rules' reason.
TEST_CASE("movetext: on random positions, the text matching agrees with the rules") {
  pcg32 rng(2025);
  long checked = 0, accepted = 0;
  for (const std::string& name : presetNames()) {
    const Rules rules = *preset(name);
    for (int game = 0; game < 40; ++game) {
      Match m(rules);
      m.startRound(dealFromSeed((static_cast<std::uint64_t>(rng()) << 32) | rng(), rules.hand));
      while (m.inRound()) {
        const Player who = m.state().turn;
        std::vector<std::vector<std::string>> forms{{"draw"}, {"pass"}};
        for (Tile t = 0; t < kTiles; ++t)
          if (m.state().stockTopTile() == t) forms.push_back({"draw", tileText(t)});
        Mask tiles = m.state().hand[idx(who)] | bit(static_cast<Tile>(bounded(rng, kTiles)));
        forEachHeaviestFirst(tiles, [&](Tile t) {
          for (const std::string& tile : {tileText(high(t), low(t)), tileText(low(t), high(t))})
            for (const char* end : {"", "L", "R"})
              for (const char* heading : {"", "straight", "left", "right"}) {
                std::vector<std::string> w{tile};
                if (*end) w.emplace_back(end);
                if (*heading) w.emplace_back(heading);
                forms.push_back(w);
              }
        });
        for (const auto& w : forms)
          for (Player p : {who, other(who)}) {
            const FoundMove f = findMove(m, p, w);
            const auto expected = byTheRules(m, p, w);
            std::string text;
            for (const auto& x : w) text += x + ' ';
            ++checked;
            REQUIRE_MESSAGE(f.move.has_value() == expected.has_value(), text << letter(p) << " " << f.error);
            if (expected) {
              ++accepted;
              CHECK_MESSAGE(sameFields(*f.move, *expected), text);
            } else {
              CHECK_FALSE(f.error.empty());
              if (m.illegal(std::get<WrittenMove>(readMove(w)).move, p) != "")
                CHECK(f.error == m.illegal(std::get<WrittenMove>(readMove(w)).move, p));
            }
          }
        const MoveList legal = m.legalMoves();
        m.apply(legal.moves[bounded(rng, static_cast<std::uint32_t>(legal.size))]);
      }
    }
  }
  CHECK(checked > 100000);
  CHECK(accepted > 5000);
}
