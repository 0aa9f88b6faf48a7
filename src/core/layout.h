// SPDX-License-Identifier: MIT
// Table geometry: where every tile of the line lies, for the snake layout and for free placement.
// Units are half-squares (a table of W x H squares is 2W x 2H units; a tile is 4 x 2 units), so that
// crosswise doubles can sit centred on the line. x grows to the right, y grows downward; (0,0) is the
// table's top-left corner. See docs/layout.md for the conventions and drawings.
#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "core/reason.h"
#include "core/round.h"
#include "core/tile.h"

namespace dom {

// A tile of the line of play as laid: its halves as they read from end L to end R, and the heading
// it was played with (always Straight for the lead, doubles and tiles played on a double).
struct LaidTile {
  Tile tile = kNoTile;
  std::uint8_t left = 0, right = 0;
  Heading heading = Heading::Straight;
  bool operator==(const LaidTile&) const = default;
};

struct Rect {
  int x = 0, y = 0, w = 0, h = 0;  // units
  bool operator==(const Rect&) const = default;
};

enum class Dir : std::uint8_t { East = 0, South = 1, West = 2, North = 3 };
[[nodiscard]] const char* name(Dir d);

struct TilePlacement {
  Tile tile = kNoTile;
  Rect rect;                   // the whole tile: 4x2 or 2x4 units
  std::array<Rect, 2> halves;  // halves[0] holds pips[0], halves[1] holds pips[1]
  std::array<std::uint8_t, 2> pips{};
  bool crosswise = false;  // a double laid across the line
  Dir dir = Dir::East;     // direction the line grows through this tile, outward from the lead
};

struct OpenEnd {
  int x = 0, y = 0;     // units: the midpoint of the edge where the next tile attaches
  Dir dir = Dir::East;  // direction in which this end grows
  int pip = -1;
  bool onDouble = false;        // the end tile is a double (the next tile goes straight)
  EndFit fit;                   // which placements fit here (snake: always all)
  bool blockedByEdge = false;   // no placement fits, and some would leave the table
  bool blockedByTiles = false;  // no placement fits, and some would overlap a tile
  [[nodiscard]] bool blocked() const { return blockedByEdge || blockedByTiles; }
  [[nodiscard]] Obstacle blockedBy() const {
    return (blockedByEdge ? Obstacle::Edge : Obstacle::None) | (blockedByTiles ? Obstacle::Tiles : Obstacle::None);
  }
};

struct TableLayout {
  int tableW = 0, tableH = 0;        // squares
  std::vector<TilePlacement> tiles;  // in line order, end L to end R
  int leadIndex = -1;
  std::array<OpenEnd, 2> ends;  // L, R (meaningless while the line is empty)
};

// The snake: a pure function of the line and the table; never blocks for the presets' tables.
[[nodiscard]] TableLayout snakeLayout(std::span<const LaidTile> line, int leadIndex, int tableW, int tableH);

// The free layout of a line whose tiles carry headings. Fails with a message naming the first tile
// that leaves the table or overlaps another.
[[nodiscard]] std::variant<TableLayout, std::string> freeLayout(std::span<const LaidTile> line, int leadIndex,
                                                                int tableW, int tableH);

// Incremental free placement for play: an occupancy bitmap of the table and the two open ends.
// Only geometry: pips are the round state's business.
class FreeBoard {
 public:
  FreeBoard() = default;
  FreeBoard(int tableW, int tableH) { reset(tableW, tableH); }
  void reset(int tableW, int tableH);
  void lead(Tile t);  // at the centre, lengthwise (a double crosswise)
  [[nodiscard]] const Fits& fits() const { return fits_; }
  // Lays t at end e with heading h; the placement must be one that fits() allows.
  void play(End e, Tile t, Heading h);

 private:
  void refit();
  int w_ = 0, h_ = 0;               // units
  std::vector<std::uint64_t> occ_;  // row-major, words per row = (w_ + 63) / 64
  struct EndState {
    int x = 0, y = 0;
    Dir dir = Dir::East;
    bool onDouble = false;
  };
  std::array<EndState, 2> ends_{};
  Fits fits_{};
};

// What stops a tile's placements at end e of a laid-out line: for a double its crosswise placement,
// for a non-double the headings in `headings` (bit h: Heading h; on a double only straight counts).
// Obstacle::None when one of them fits.
[[nodiscard]] Obstacle obstacleAt(const TableLayout& layout, End e, bool isDouble, std::uint8_t headings);

// A character picture of the table for terminals, and the JSON description for tools.
[[nodiscard]] std::string layoutText(const TableLayout& layout);
[[nodiscard]] std::string layoutJson(const TableLayout& layout);

}  // namespace dom
