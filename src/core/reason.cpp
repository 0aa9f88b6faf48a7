// The formatter of reasons: every refusal of the engine in the words of the rules, in one place.
#include "core/reason.h"

namespace dom {
namespace {

std::string who(Player p) { return std::string(1, letter(p)); }
std::string pipAt(const Reason& r, End e) { return std::to_string(r.pips[static_cast<std::size_t>(e == End::R)]); }
// "end R (3)"
std::string endWithPip(const Reason& r, End e) { return std::string("end ") + letter(e) + " (" + pipAt(r, e) + ")"; }
// ": the table's edge", or nothing when the state alone cannot tell.
std::string because(Obstacle o) { return o == Obstacle::Unknown || o == Obstacle::None ? "" : ": " + obstacleText(o); }

std::string noRoomAnyEnd(const Reason& r) {
  const std::string t = tileText(r.tile);
  if (r.obstacle == Obstacle::Unknown || (r.otherEnd != End::None && r.otherObstacle == Obstacle::Unknown))
    return t + " has no room at either end: the layout blocks it";
  if (r.otherEnd == End::None)
    return t + " matches " + endWithPip(r, r.end) + " but has no room there" + because(r.obstacle);
  std::string s =
      t + " matches " + endWithPip(r, r.end) + " and " + endWithPip(r, r.otherEnd) + " but has no room at either";
  if (r.obstacle == r.otherObstacle) return s + because(r.obstacle);
  return s + ": " + obstacleText(r.obstacle) + " at " + letter(r.end) + ", " + obstacleText(r.otherObstacle) + " at " +
         letter(r.otherEnd);
}

std::string doesNotMatch(const Reason& r) {
  std::string s = tileText(r.tile) + " does not match " + endWithPip(r, r.end);
  if (r.otherEnd != End::None)
    s += "; it matches " + endWithPip(r, r.otherEnd) + " but has no room there" + because(r.otherObstacle);
  return s;
}

std::string noRoom(const Reason& r) {
  std::string s = tileText(r.tile) + " has no room at end " + letter(r.end);
  if (r.headed) s += std::string(" heading ") + name(r.heading);
  return s + ": " +
         (r.obstacle == Obstacle::Unknown ? "the table's edge or the line blocks it" : obstacleText(r.obstacle));
}

}  // namespace

std::string obstacleText(Obstacle o) {
  switch (o) {
    case Obstacle::Edge: return "the table's edge";
    case Obstacle::Tiles: return "the line";
    case Obstacle::EdgeAndTiles: return "the edge and the line";
    case Obstacle::None: return "nothing";
    case Obstacle::Unknown: return "the table's edge or the line";
  }
  return "?";
}

std::string tilesText(Mask tiles) {
  std::string s;
  int left = count(tiles);
  forEachHeaviestFirst(tiles, [&](Tile t) {
    s += tileText(t);
    --left;
    if (left > 1) s += ", ";
    if (left == 1) s += " and ";
  });
  return s;
}

std::string text(const Reason& r) {
  switch (r.why) {
    case Why::Legal: return {};
    case Why::MatchOver: return "the match is over";
    case Why::NoRound: return "no round has started";
    case Why::RoundOver: return r.number ? "round " + std::to_string(r.number) + " is over" : "the round is over";
    case Why::NotYourTurn: return "not " + who(r.player) + "'s turn: it is " + who(r.turn) + "'s turn";
    case Why::DrawWhileAble:
      return who(r.player) + " cannot draw while able to play (" + tileText(r.other) + " can be played)";
    case Why::DrawNotAllowed: return "drawing is not allowed in this game (draw=none): " + who(r.player) + " must pass";
    case Why::StockEmpty: return who(r.player) + " cannot draw: the stock is empty";
    case Why::StockAtReserve:
      return who(r.player) + " cannot draw: the stock is down to its reserve of " + std::to_string(r.number);
    case Why::NotStockTop:
      return "drawn tile " + tileText(r.tile) + " is not the top of the stock (the top is " + tileText(r.other) + ")";
    case Why::PassWhileAble: return who(r.player) + " cannot pass while able to play";
    case Why::PassWhileCanDraw: return who(r.player) + " cannot pass while able to draw";
    case Why::NotInHand: return tileText(r.tile) + " is not in " + who(r.player) + "'s hand";
    case Why::WrongLead:
      return "the lead must be " + tileText(r.other) +
             (isDouble(r.other) ? " (the highest double)" : " (the heaviest tile: nobody holds a double)");
    case Why::HeadingNeedsFree: return "a heading needs layout=free; under layout=snake the engine lays every tile";
    case Why::LeadCannotTurn:
      return "the lead lies at the centre, lengthwise: it cannot turn " + std::string(name(r.heading));
    case Why::MatchesNoEnd:
      return tileText(r.tile) + " matches no open end (ends are " + std::to_string(r.pips[0]) + " and " +
             std::to_string(r.pips[1]) + ")";
    case Why::FitsBothEnds: return tileText(r.tile) + " fits both ends: say L or R";
    case Why::NoRoomAnyEnd: return noRoomAnyEnd(r);
    case Why::DoesNotMatch: return doesNotMatch(r);
    case Why::DoubleCannotTurn: return "a double is always laid crosswise, straight on";
    case Why::AfterDoubleCannotTurn:
      return "the tile after a double is laid straight on: " + tileText(r.tile) + " cannot turn " + name(r.heading);
    case Why::NoRoom: return noRoom(r);
  }
  return "?";
}

}  // namespace dom
