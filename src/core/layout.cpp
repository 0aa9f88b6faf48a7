// Placeholder until the geometry lands: every end fits everything, nothing is placed.
#include "core/layout.h"

namespace dom {
const char* name(Dir d) {
  static const char* const names[] = {"east", "south", "west", "north"};
  return names[static_cast<int>(d)];
}
TableLayout snakeLayout(std::span<const LaidTile>, int leadIndex, int tableW, int tableH) {
  TableLayout l;
  l.tableW = tableW;
  l.tableH = tableH;
  l.leadIndex = leadIndex;
  return l;
}
std::variant<TableLayout, std::string> freeLayout(std::span<const LaidTile> line, int leadIndex, int w, int h) {
  return snakeLayout(line, leadIndex, w, h);
}
void FreeBoard::reset(int tableW, int tableH) {
  w_ = 2 * tableW;
  h_ = 2 * tableH;
  fits_ = kSnakeFits;
}
void FreeBoard::lead(Tile) { fits_ = kSnakeFits; }
void FreeBoard::play(End, Tile, Heading) {}
void FreeBoard::refit() {}
std::string layoutText(const TableLayout&) { return {}; }
std::string layoutJson(const TableLayout&) { return "{}"; }
}  // namespace dom
