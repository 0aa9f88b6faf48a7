// SPDX-License-Identifier: MIT
// A greedy domino engine in C++ over libdominoes (docs/library.md): it speaks the engine protocol
// (docs/engine-protocol.md) on standard input and output and plays the heaviest tile among the
// legal moves of each `go` (a draw or a pass when that is all there is). It needs no rules of its
// own: the host lists the legal moves, and the library reads their words.
//   dominoes match --a engine:build/bin/greedy_engine --b expert --games 100
#include <dominoes/core/movetext.h>
#include <dominoes/core/tile.h>
#include <iostream>
#include <string>
#include <variant>
#include <vector>

namespace {

// The legal moves of a `go` line, as written ("6-4 L, 6-4 R, 5-5 L").
std::vector<std::string> legalMoves(const std::string& line) {
  std::vector<std::string> out;
  const std::size_t at = line.find(" legal ");
  std::string rest = at == std::string::npos ? "" : line.substr(at + 7);
  for (std::size_t comma; !rest.empty(); rest = comma == std::string::npos ? "" : rest.substr(comma + 1)) {
    comma = rest.find(',');
    out.push_back(rest.substr(0, comma));
  }
  return out;
}

// The heaviest tile's move (the first of equals), or the first move when none places a tile.
std::string heaviest(const std::vector<std::string>& moves) {
  std::string best = moves.empty() ? "pass" : moves.front();
  dom::Tile bestTile = dom::kNoTile;
  for (const std::string& text : moves) {
    const auto read = dom::readMove(dom::moveWords(text));
    const auto* m = std::get_if<dom::WrittenMove>(&read);
    if (!m || m->move.kind != dom::MoveKind::Play) continue;
    if (bestTile == dom::kNoTile || dom::heavier(m->move.tile, bestTile)) {
      bestTile = m->move.tile;
      best = text;
    }
  }
  return best;
}

}  // namespace

int main() {
  for (std::string line; std::getline(std::cin, line);) {
    if (line.rfind("hello", 0) == 0)
      std::cout << "id name Greedy (C++)\nid author Dominoes Studio examples\nhello ok 1\n" << std::flush;
    else if (line.rfind("go ", 0) == 0)
      std::cout << "move " << heaviest(legalMoves(line)) << "\n" << std::flush;
    else if (line == "quit")
      break;
  }
  return 0;
}
