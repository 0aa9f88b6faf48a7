// SPDX-License-Identifier: MIT
// The position editor's model: a position being edited, its live check, and undo/redo.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/dgn.h"
#include "core/match.h"

namespace dom::studio {

enum class Zone : std::uint8_t { HandA, HandB, Stock, LineL, LineR, Box };
[[nodiscard]] const char* name(Zone z);

// The editor edits the match's one position type; its turn and score are always given.
using EditPosition = Setup;

class Editor {
 public:
  // Starts from a match's current position.
  void load(const Match& m);
  [[nodiscard]] const EditPosition& position() const { return pos_; }
  [[nodiscard]] const Rules& rules() const { return rules_; }
  // Where tile t is now.
  [[nodiscard]] Zone zoneOf(Tile t) const;
  // Edits; each is one undo step.
  void moveTile(Tile t, Zone to);
  void setTurn(Player p);
  void setScore(std::array<int, 2> s);
  void moveInStock(Tile t, int delta);  // up (-1) or down (+1) in the draw order
  bool undo();
  bool redo();
  [[nodiscard]] bool canUndo() const { return !undo_.empty(); }
  [[nodiscard]] bool canRedo() const { return !redo_.empty(); }
  // Empty when the position is legal; otherwise the exact reason.
  [[nodiscard]] const std::string& error() const { return error_; }
  [[nodiscard]] const Setup& setup() const { return pos_; }
  // The position as a match and a DGN setup round; only when error() is empty.
  [[nodiscard]] std::optional<std::pair<Match, dgn::RoundRecord>> start() const;

 private:
  void edit(const EditPosition& next);
  void check();
  Rules rules_;
  EditPosition pos_;
  std::vector<EditPosition> undo_, redo_;
  std::string error_;
};

}  // namespace dom::studio
