// SPDX-License-Identifier: MIT
// Reading a written move: its words, then the legal move whose own text they name.
#include "core/movetext.h"

namespace dom {

std::string malformedTile(std::string_view word) {
  return "malformed tile '" + std::string(word) + "': a tile is two pips 0-6 joined by '-', like 6-4";
}

std::variant<WrittenMove, std::string> readMove(const std::vector<std::string>& w) {
  if (w.empty()) return std::string("a move needs a tile, draw or pass");
  WrittenMove r;
  Move& m = r.move;
  if (w[0] == "draw") {
    m.kind = MoveKind::Draw;
    if (w.size() > 2) return "unexpected '" + w[2] + "' after draw";
    if (w.size() == 2) {
      auto t = parseTile(w[1]);
      if (!t) return malformedTile(w[1]);
      m.tile = t->tile();
    }
    return r;
  }
  if (w[0] == "pass") {
    if (w.size() > 1) return "unexpected '" + w[1] + "' after pass";
    m.kind = MoveKind::Pass;
    return r;
  }
  auto t = parseTile(w[0]);
  if (!t) return malformedTile(w[0]);
  m.tile = t->tile();
  m.leftPip = static_cast<std::uint8_t>(t->first);
  std::size_t i = 1;
  if (i < w.size() && (w[i] == "L" || w[i] == "R")) m.end = w[i++] == "L" ? End::L : End::R;
  if (i < w.size()) {
    if (w[i] == "straight")
      m.heading = Heading::Straight;
    else if (w[i] == "left")
      m.heading = Heading::Left;
    else if (w[i] == "right")
      m.heading = Heading::Right;
    else if (m.end == End::None)
      return "unexpected '" + w[i] + "' after the tile: expected the end L or R";
    else
      return "unexpected '" + w[i] + "': a heading is straight, left or right";
    r.headingWritten = true;
    ++i;
  }
  if (i < w.size()) return "unexpected '" + w[i] + "' at the end of the move";
  return r;
}

std::vector<std::string> moveWords(std::string_view text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == '\t') {
      ++i;
      continue;
    }
    const std::size_t end = std::min(text.find_first_of(" \t", i), text.size());
    out.emplace_back(text.substr(i, end - i));
    i = end;
  }
  return out;
}

namespace {

// Whether two words name the same tile, its halves in either order.
bool sameTile(std::string_view a, std::string_view b) {
  const auto x = parseTile(a), y = parseTile(b);
  return x && y && x->tile() == y->tile();
}

// Whether words that readMove accepted name the legal move written `legal` (its words as the
// record's writer writes them: "6-4" for a lead, "6-4 R" or "6-4 R left" for a play, "draw 3-2"
// for a draw with the stock's top, "pass").
bool names(const std::vector<std::string>& w, const std::vector<std::string>& legal) {
  if (legal[0] == "draw") return w[0] == "draw" && (w.size() == 1 || sameTile(w[1], legal[1]));
  if (legal[0] == "pass") return w[0] == "pass";
  if (!sameTile(w[0], legal[0])) return false;
  std::size_t i = 1;
  // A lead has no end: one written with it is passed over, as readers of records always have. A
  // play's end is the legal move's, or left out (findMove then asks that the tile fit one end only).
  const bool lead = legal.size() == 1;
  const std::string_view end = i < w.size() && (w[i] == "L" || w[i] == "R") ? std::string_view(w[i++]) : "";
  if (!lead && !end.empty() && end != legal[1]) return false;
  const std::string_view heading = i < w.size() ? std::string_view(w[i]) : "";
  const std::string_view legalHeading = legal.size() == 3 ? std::string_view(legal[2]) : "";
  if (heading == legalHeading) return true;
  // `straight` is the heading a writer may leave out, and a reader may name where the writer did not.
  return (heading.empty() || heading == "straight") && (legalHeading.empty() || legalHeading == "straight");
}

}  // namespace

FoundMove findMove(const Match& m, Player who, const std::vector<std::string>& words) {
  FoundMove found;
  auto read = readMove(words);
  if (auto* e = std::get_if<std::string>(&read)) {
    found.error = std::move(*e);
    return found;
  }
  found.written = std::get<WrittenMove>(read);
  const Move& w = found.written->move;
  MoveList legal;
  if (m.inRound() && m.state().turn == who) legal = m.legalMoves();
  // A play written without its end names nothing when the tile goes to both ends.
  const bool endLeftOut = w.kind == MoveKind::Play && w.end == End::None && !m.state().beforeLead();
  unsigned endsOfTile = 0;
  const Move* named = nullptr;
  for (const Move& l : legal) {
    if (l.kind == MoveKind::Play && l.tile != w.tile) continue;  // only the tile's moves are written out
    if (l.kind == MoveKind::Play && l.end != End::None) endsOfTile |= 1u << static_cast<int>(l.end);
    const std::string text =
        l.kind == MoveKind::Draw ? m.moveText({MoveKind::Draw, m.state().stockTopTile()}) : legalText(m, l);
    if (!named && names(words, moveWords(text))) named = &l;
  }
  if (!named || (endLeftOut && endsOfTile == 3u)) {
    found.error = m.illegal(w, who);
    if (found.error.empty()) found.error = "no legal move is written so";  // the rules and the texts disagree
    return found;
  }
  Move mv = *named;
  if (mv.kind == MoveKind::Play) mv.leftPip = w.leftPip;  // the lead lies as written
  if (mv.kind == MoveKind::Draw) mv.tile = w.tile;        // the tile, when written, is the stock's top
  // A heading belongs to layout=free only (dgn.md). The rules refuse a turned heading anywhere else;
  // only the written word `straight` is the reader's to catch.
  if (found.written->headingWritten && m.rules().layout != LayoutRule::Free) {
    found.error = "a heading needs layout=free; under layout=snake the engine lays every tile";
    return found;
  }
  found.move = mv;
  return found;
}

std::string legalText(const Match& m, const Move& move) {
  if (move.kind == MoveKind::Draw) return "draw";
  if (move.kind == MoveKind::Pass) return "pass";
  if (move.end == End::None) return tileText(move.tile);
  return m.moveText(move);
}

}  // namespace dom
