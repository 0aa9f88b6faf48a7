// SPDX-License-Identifier: MIT
// The formatter of reasons: every refusal of the engine in the words of the rules, in one place.
#include "core/reason.h"

#include <atomic>

namespace dom {

namespace {
std::atomic<WordsFn> gWords{nullptr};
std::atomic<PluralWordsFn> gPlural{nullptr};
thread_local int tEnglish = 0;
}  // namespace

EnglishWords::EnglishWords() { ++tEnglish; }
EnglishWords::~EnglishWords() { --tEnglish; }

void setWords(WordsFn words, PluralWordsFn plural) {
  gWords = words;
  gPlural = plural;
}

const char* W_(const char* english) {
  const WordsFn w = gWords;
  return w && tEnglish == 0 ? w(english) : english;
}

const char* WP_(const char* one, const char* many, long n) {
  const PluralWordsFn p = gPlural;
  return p && tEnglish == 0 ? p(one, many, n) : n == 1 ? one : many;
}

std::string fill(std::string_view pattern, std::initializer_list<std::string_view> args) {
  std::string out;
  out.reserve(pattern.size() + 16);
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '{' && i + 2 < pattern.size() && pattern[i + 1] >= '0' && pattern[i + 1] <= '9' &&
        pattern[i + 2] == '}') {
      const auto k = static_cast<std::size_t>(pattern[i + 1] - '0');
      if (k < args.size()) out += *(args.begin() + k);
      i += 2;
      continue;
    }
    out += pattern[i];
  }
  return out;
}

std::string headingWord(Heading h) {
  switch (h) {
    case Heading::Straight: return W_("straight");
    case Heading::Left: return W_("left");
    case Heading::Right: return W_("right");
  }
  return "?";
}

namespace {

std::string who(Player p) { return std::string(1, letter(p)); }
std::string pipAt(const Reason& r, End e) { return std::to_string(r.pips[static_cast<std::size_t>(e == End::R)]); }
std::string endLetter(End e) { return std::string(1, letter(e)); }
// "end R (3)"
std::string endWithPip(const Reason& r, End e) { return fill(W_("end {0} ({1})"), {endLetter(e), pipAt(r, e)}); }
// ": the table's edge", or nothing when the state alone cannot tell.
std::string because(Obstacle o) { return o == Obstacle::Unknown || o == Obstacle::None ? "" : ": " + obstacleText(o); }

std::string noRoomAnyEnd(const Reason& r) {
  const std::string t = tileText(r.tile);
  if (r.obstacle == Obstacle::Unknown || (r.otherEnd != End::None && r.otherObstacle == Obstacle::Unknown))
    return fill(W_("{0} has no room at either end: the layout blocks it"), {t});
  if (r.otherEnd == End::None)
    return fill(W_("{0} matches {1} but has no room there"), {t, endWithPip(r, r.end)}) + because(r.obstacle);
  std::string s = fill(W_("{0} matches {1} and {2} but has no room at either"),
                       {t, endWithPip(r, r.end), endWithPip(r, r.otherEnd)});
  if (r.obstacle == r.otherObstacle) return s + because(r.obstacle);
  return s + ": " +
         fill(W_("{0} at {1}, {2} at {3}"),
              {obstacleText(r.obstacle), endLetter(r.end), obstacleText(r.otherObstacle), endLetter(r.otherEnd)});
}

std::string doesNotMatch(const Reason& r) {
  std::string s = fill(W_("{0} does not match {1}"), {tileText(r.tile), endWithPip(r, r.end)});
  if (r.otherEnd != End::None)
    s += fill(W_("; it matches {0} but has no room there"), {endWithPip(r, r.otherEnd)}) + because(r.otherObstacle);
  return s;
}

std::string noRoom(const Reason& r) {
  std::string s = r.headed ? fill(W_("{0} has no room at end {1} heading {2}"),
                                  {tileText(r.tile), endLetter(r.end), headingWord(r.heading)})
                           : fill(W_("{0} has no room at end {1}"), {tileText(r.tile), endLetter(r.end)});
  return s + ": " +
         (r.obstacle == Obstacle::Unknown ? std::string(W_("the table's edge or the line blocks it"))
                                          : obstacleText(r.obstacle));
}

}  // namespace

std::string obstacleText(Obstacle o) {
  switch (o) {
    case Obstacle::Edge: return W_("the table's edge");
    case Obstacle::Tiles: return W_("the line");
    case Obstacle::EdgeAndTiles: return W_("the edge and the line");
    case Obstacle::None: return W_("nothing");
    case Obstacle::Unknown: return W_("the table's edge or the line");
  }
  return "?";
}

std::string listText(const std::vector<std::string>& words) {
  std::string s;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) s += i + 1 == words.size() ? W_(" and ") : ", ";
    s += words[i];
  }
  return s;
}

std::string tilesText(Mask tiles, TilesForm form) {
  std::vector<std::string> words;
  forEachHeaviestFirst(tiles, [&](Tile t) { words.push_back(tileText(t)); });
  if (form == TilesForm::Words) return listText(words);
  std::string s;
  for (const std::string& w : words) s += (s.empty() ? "" : " ") + w;
  return s.empty() ? "(none)" : s;
}

std::string text(const Reason& r) {
  const std::string p = who(r.player);
  switch (r.why) {
    case Why::Legal: return {};
    case Why::MatchOver: return W_("the match is over");
    case Why::NoRound: return W_("no round has started");
    case Why::RoundOver:
      return r.number ? fill(W_("round {0} is over"), {std::to_string(r.number)}) : W_("the round is over");
    case Why::NotYourTurn: return fill(W_("not {0}'s turn: it is {1}'s turn"), {p, who(r.turn)});
    case Why::DrawWhileAble:
      return fill(W_("{0} cannot draw while able to play ({1} can be played)"), {p, tileText(r.other)});
    case Why::DrawNotAllowed: return fill(W_("drawing is not allowed in this game (draw=none): {0} must pass"), {p});
    case Why::StockEmpty: return fill(W_("{0} cannot draw: the stock is empty"), {p});
    case Why::StockAtReserve:
      return fill(W_("{0} cannot draw: the stock is down to its reserve of {1}"), {p, std::to_string(r.number)});
    case Why::NotStockTop:
      return fill(W_("drawn tile {0} is not the top of the stock (the top is {1})"),
                  {tileText(r.tile), tileText(r.other)});
    case Why::PassWhileAble: return fill(W_("{0} cannot pass while able to play"), {p});
    case Why::PassWhileCanDraw: return fill(W_("{0} cannot pass while able to draw"), {p});
    case Why::NotInHand: return fill(W_("{0} is not in {1}'s hand"), {tileText(r.tile), p});
    case Why::WrongLead:
      return fill(isDouble(r.other) ? W_("the lead must be {0} (the highest double)")
                                    : W_("the lead must be {0} (the heaviest tile: nobody holds a double)"),
                  {tileText(r.other)});
    case Why::HeadingNeedsFree: return W_("a heading needs layout=free; under layout=snake the engine lays every tile");
    case Why::LeadCannotTurn:
      return fill(W_("the lead lies at the centre, lengthwise: it cannot turn {0}"), {headingWord(r.heading)});
    case Why::MatchesNoEnd:
      return fill(W_("{0} matches no open end (ends are {1} and {2})"),
                  {tileText(r.tile), std::to_string(r.pips[0]), std::to_string(r.pips[1])});
    case Why::FitsBothEnds: return fill(W_("{0} fits both ends: say L or R"), {tileText(r.tile)});
    case Why::NoRoomAnyEnd: return noRoomAnyEnd(r);
    case Why::DoesNotMatch: return doesNotMatch(r);
    case Why::DoubleCannotTurn: return W_("a double is always laid crosswise, straight on");
    case Why::AfterDoubleCannotTurn:
      return fill(W_("the tile after a double is laid straight on: {0} cannot turn {1}"),
                  {tileText(r.tile), headingWord(r.heading)});
    case Why::NoRoom: return noRoom(r);
  }
  return "?";
}

}  // namespace dom
