// SPDX-License-Identifier: MIT
// Typed tips (ai/expert.h tips, tipText): the tips are values, their sentences are made from them,
// and a puzzle's themes come from their kinds (ai/puzzle_gen.h solutionThemes), not from the words.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ai/expert.h"
#include "ai/players.h"
#include "ai/puzzle_gen.h"
#include "ai/recorder.h"
#include "core/reason.h"

using namespace dom;

namespace {

Mask mask(std::initializer_list<const char*> tiles) {
  Mask m = 0;
  for (const char* t : tiles) m |= bit(parseTile(t)->tile());
  return m;
}

ai::Tip tip(ai::TipKind kind, int pip, int count = 0) {
  ai::Tip t;
  t.kind = kind;
  t.pip = pip;
  t.count = count;
  return t;
}

Move play(const char* tile, End e) { return Move{MoveKind::Play, parseTile(tile)->tile(), e}; }

// The themes as the generator found them before tips were typed: by reading the English sentences.
// Kept here as the oracle that the typed themes are the same.
std::vector<std::string> themesFromWords(const std::string& words, bool block) {
  std::set<std::string> has;
  for (std::size_t at = 0; at <= words.size();) {
    const std::size_t end = std::min(words.find("; ", at), words.size());
    const std::string_view part = std::string_view(words).substr(at, end - at);
    at = end + 2;
    if (part.empty()) continue;
    if (part.ends_with("gone early") || part.ends_with("double gone")) {
      if (part.find("heavy") != std::string_view::npos) has.insert("heavy");
      if (part.find("double") != std::string_view::npos) has.insert("doubles");
    } else if (part.starts_with("I keep")) {
      has.insert("strongest");
    } else if (part.starts_with("my ") && part.ends_with("can follow it")) {
      has.insert("variety");
    } else if (part.starts_with("every other")) {
      has.insert("block");
    } else if (part.starts_with("only ") && part.find("unseen") != std::string_view::npos) {
      has.insert("count");
    } else {
      has.insert("read");
    }
  }
  if (block) has.insert("block");
  if (has.empty()) has.insert("count");
  std::vector<std::string> out;
  for (std::string_view t : dgn::kPuzzleThemes)
    if (has.contains(std::string(t))) out.emplace_back(t);
  return out;
}

bool leavesNothing(const Match& setup, const Move& move) {
  Match after = setup;
  after.apply(move);
  if (!after.inRound()) return false;
  const MoveList legal = after.legalMoves();
  return std::all_of(legal.begin(), legal.end(), [](const Move& m) { return m.kind == MoveKind::Pass; });
}

// A translator that says every sentence in other words: the themes must not depend on them.
const char* scrambled(const char* english) {
  static thread_local std::string s;
  s = english;
  std::reverse(s.begin(), s.end());
  return s.c_str();
}
const char* scrambledPlural(const char* one, const char* many, long n) { return scrambled(n == 1 ? one : many); }

}  // namespace

TEST_CASE("tips are typed values; their sentences are made from them") {
  ai::Observation o;
  o.rules = *preset("en-linea");
  o.ends = {6, 3};
  o.hand = mask({"6-2", "2-2", "5-2", "2-1"});
  o.line = mask({"2-0", "4-2", "3-0", "3-1", "3-3", "4-3", "6-3"});
  const std::vector<ai::Tip> t = ai::tips(o, play("6-2", End::L));
  REQUIRE(t.size() == 3);
  CHECK(t[0] == tip(ai::TipKind::Keep, 2, 3));
  ai::Tip follows = tip(ai::TipKind::DoubleFollows, 2);
  follows.tile = parseTile("2-2")->tile();
  CHECK(t[1] == follows);
  ai::Tip few = tip(ai::TipKind::FewMatch, 2, 2);
  few.ends = {2, 3};
  CHECK(t[2] == few);
  CHECK(ai::tipText(t[0]) == "I keep three more 2s for that end");
  CHECK(ai::tipText(t[1]) == "my 2-2 can follow it");
  CHECK(ai::tipText(t[2]) == "only two unseen tiles match the ends 2 and 3");
  o.ends = {2, 3};
  CHECK(ai::tips(o, play("2-2", End::L))[0].kind == ai::TipKind::DoubleGone);
  o.line = mask({"6-3", "1-1", "3-1", "5-1", "6-1"});
  o.hand = mask({"2-1", "6-6", "1-0", "4-1"});
  const auto out = ai::tips(o, play("2-1", End::L));
  REQUIRE(out.size() == 2);
  ai::Tip out1 = tip(ai::TipKind::NumberOut, 1);
  out1.opponent = Player::B;
  CHECK(out[1] == out1);
  CHECK(ai::tips(o, Move{MoveKind::Pass}).empty());
}

TEST_CASE("a solution's themes are its tips' kinds: as the English sentences said, in any language") {
  // Every play of every position with a choice in rounds of the generator's players: the typed
  // themes equal those the English sentences gave, and stay the same under another language.
  std::set<ai::TipKind> seen;
  long long checked = 0;
  for (const char* rules : {"en-linea", "dominoes2", "draw"}) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      ai::RoundRecorder game(*preset(rules), false);
      auto a = ai::makePlayer("strategist", seed), b = ai::makePlayer("greedy", seed + 100);
      REQUIRE(game.startRound(seed).empty());
      while (game.match.inRound()) {
        const Player who = game.match.state().turn;
        const ai::Observation o = game.observe(who);
        for (const Move& mv : o.legal) {
          if (mv.kind != MoveKind::Play || o.legal.size < 2) continue;
          for (const ai::Tip& t : ai::tips(o, mv)) seen.insert(t.kind);
          const std::vector<std::string> themes = ai::solutionThemes(o, game.match, mv);
          CHECK(themes == themesFromWords(ai::tipsWords(o, mv), leavesNothing(game.match, mv)));
          setWords(scrambled, scrambledPlural);
          const std::vector<std::string> translated = ai::solutionThemes(o, game.match, mv);
          setWords(nullptr, nullptr);
          CHECK(translated == themes);
          ++checked;
        }
        game.play((who == Player::A ? a : b)->decide(o).move);
      }
    }
  }
  CHECK(checked > 500);
  CHECK(seen.size() == 8);  // every kind of tip was met
}
