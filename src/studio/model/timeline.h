// SPDX-License-Identifier: MIT
// The studio's model of a game: a tree of positions (every move a node, a different move at an
// earlier node starts a branch), loading from and saving to DGN. No ImGui here.
#pragma once
#include <deque>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/dgn.h"
#include "core/match.h"

namespace dom::studio {

struct Node {
  explicit Node(Match m) : match(std::move(m)) {}
  Match match;
  std::optional<Move> move;  // the move that led here (resolved; a draw carries its tile)
  Player by = Player::A;
  std::string moveText;  // as a record writes it
  std::string comment;   // the record's `#` comment on the move's line
  std::string caused;    // what the move caused: "drew 3-1", "blocked", "round won +23"
  std::string caption;   // shown at this point: its notes, joined by line breaks
  // The record's statements standing after this node's move (or deal) and before the next move:
  // notes, expects, negative examples. Saving writes them back in place, one statement each.
  std::vector<dgn::Statement> statements;
  std::optional<dgn::RoundRecord> roundStart;  // a round was dealt or set up here (statements empty)
  int parent = -1;
  std::vector<int> children;
  int next = -1;  // the child the current branch goes through
  int depth = 0;
  // A lesson's task asks for this round's points (docs/lessons.md): its result, its score and its
  // pip totals are not shown until the task is answered.
  bool resultHidden = false;
  // A lesson's task waits here: the engine's explanation of the position (which may name the
  // answer) is not shown in place of a caption.
  bool explainHidden = false;
};

class Timeline {
 public:
  Timeline();
  // A new game: the root is the match after its first deal.
  void reset(const Match& start, const dgn::RoundRecord& round);
  // Loads a record: every statement becomes a node. Returns the error and leaves *this unchanged.
  [[nodiscard]] std::optional<dgn::Error> load(std::string_view text, std::string_view file);
  [[nodiscard]] std::optional<dgn::Error> loadFile(const std::string& path);

  [[nodiscard]] const Node& node(int i) const { return nodes_[static_cast<std::size_t>(i)]; }
  [[nodiscard]] const Node& current() const { return node(current_); }
  // The comment on node i's move (the record's `#` comment on its line).
  void setComment(int i, std::string comment) { nodes_[static_cast<std::size_t>(i)].comment = std::move(comment); }
  [[nodiscard]] int currentIndex() const { return current_; }
  [[nodiscard]] int size() const { return static_cast<int>(nodes_.size()); }
  // The nodes of the current branch, root to leaf.
  [[nodiscard]] const std::vector<int>& branchPath() const { return path_; }
  // Position of the current node in branchPath().
  [[nodiscard]] int pathPos() const;
  // Leaves of the tree: one per branch, in creation order; the branch holding the current node.
  [[nodiscard]] std::vector<int> leaves() const;
  [[nodiscard]] int branchOf(int leaf) const;  // 1-based number of a leaf among leaves()
  [[nodiscard]] int currentBranch() const;

  void jump(int node);
  void first() { jump(path_.front()); }
  void last() { jump(path_.back()); }
  bool prev();
  bool next();

  // Plays a legal move at the current node: follows an existing child with the same move or
  // starts a new branch. Returns the new node. The move must be legal.
  int play(const Move& m);
  // Deals the next round (the current round must be over and the match on).
  int dealNext(std::uint64_t seed);
  // A new tree whose root is a set-up position.
  void resetSetup(const Match& start, const dgn::RoundRecord& round);

  // Adds a note after node i's move (or deal): kept with its statements, joined to its caption and
  // written when the record is saved. False (and nothing added) if the node already holds that note.
  bool addNote(int node, std::string text);

  // A lesson's line written in the studio (authoring.h): a note or a task after node i's move, and
  // statement k of node i taken away again (false when there is none).
  void addStatement(int i, const dgn::Statement& st);
  bool removeStatement(int i, std::size_t statement);

  // A lesson's horizon (docs/lessons.md, "The future is hidden"): keeps the nodes up to `node` (the
  // nodes after it on the branch do not exist) and, of node's statements, the first `statements`,
  // its caption made of their notes; `hideResult` marks node's result hidden (Node::resultHidden).
  void hideAfter(int node, std::size_t statements, bool hideResult);

  void setTitle(std::string t) { title_ = std::move(t); }
  void setAbout(std::string a) { about_ = std::move(a); }
  [[nodiscard]] const std::string& title() const { return title_; }
  [[nodiscard]] const std::string& about() const { return about_; }
  [[nodiscard]] const std::optional<std::array<std::string, 2>>& players() const { return players_; }
  void setPlayers(std::optional<std::array<std::string, 2>> p) { players_ = std::move(p); }

  // The record of the current branch up to its leaf, with every statement the branch's nodes keep:
  // an opened record saved unchanged is written as dgn::write(dgn::read(text)) writes it.
  [[nodiscard]] dgn::Record record() const;

 private:
  void rebuildPath();
  int addChild(int parent, Node n);

  // A deque: a record of 20,000 positions grows without the vector's copy at each doubling, which
  // twice held every position at once (issue 42 #6).
  std::deque<Node> nodes_;
  int current_ = 0;
  std::vector<int> path_;
  std::string title_, about_;
  std::string rulesText_;                        // the `rules` statement's words, as the record wrote them
  dgn::Texts leadingComments_, headerComments_;  // the record's, written back
  std::optional<std::array<std::string, 2>> players_;
};

// What a move caused, in a few words ("drew 5-2", "blocked: A scores 7", "round won +23").
[[nodiscard]] std::string causedText(const Match& before, const Match& after, const Move& move, Player by);
// The round record of a dealt round as it stands in `m` (hands and stock).
[[nodiscard]] dgn::RoundRecord dealRecord(const Match& m);
// A fresh match of `rules` with its first round dealt from `seed`.
[[nodiscard]] Match newMatch(const Rules& rules, std::uint64_t seed);

}  // namespace dom::studio
