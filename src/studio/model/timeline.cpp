// SPDX-License-Identifier: MIT
// The timeline tree: nodes, branches, stepping, and DGN loading and saving.
#include "studio/model/timeline.h"
#include "studio/model/i18n.h"

#include <algorithm>
#include <sstream>
#include <variant>

#include "core/files.h"
#include "studio/model/paths.h"

namespace dom::studio {

namespace {
std::string winnerWord(std::uint8_t w) { return w == 0 ? "A" : w == 1 ? "B" : _("nobody"); }

// Keeps a record statement on the node it follows; a note also joins the node's caption.
void keep(Node& n, const dgn::Statement& st) {
  n.statements.push_back(st);
  if (st.kind == dgn::Statement::Kind::Note) n.caption += n.caption.empty() ? st.note : "\n" + st.note;
}

dgn::Statement noteStatement(std::string text) {
  dgn::Statement st;
  st.kind = dgn::Statement::Kind::Note;
  st.note = std::move(text);
  return st;
}
}  // namespace

std::string causedText(const Match& before, const Match& after, const Move& move, Player by) {
  std::string s;
  if (move.kind == MoveKind::Draw)
    s = move.tile == kNoTile ? std::string(_("drew a tile")) : i18n::format(_("drew {0}"), {tileText(move.tile)});
  else if (move.kind == MoveKind::Pass)
    s = _("passed");
  else if (move.isLead())
    s = _("led");
  else
    s = i18n::format(_("ends {0} and {1}"),
                     {std::to_string(after.state().ends[0]), std::to_string(after.state().ends[1])});
  if (after.resultCount() > before.resultCount()) {
    const RoundResult r = *after.lastResult();
    if (r.how == RoundStatus::Domino)
      s += i18n::format(_(", domino: {0} wins the round +{1}"), {std::string(1, letter(by)), std::to_string(r.points)});
    else if (r.winner == 2)
      s += _(", blocked: round tied");
    else
      s += i18n::format(_(", blocked: {0} wins the round +{1}"), {winnerWord(r.winner), std::to_string(r.points)});
    if (const std::string roomless = after.matchedWithoutRoomText(); r.how == RoundStatus::Blocked && !roomless.empty())
      s += " (" + roomless + ")";
    if (after.matchOver())
      s += after.matchWinner() < 2 ? i18n::format(_(", {0} wins the match"), {winnerWord(after.matchWinner())})
                                   : std::string(_(", match tied"));
  }
  return s;
}

dgn::RoundRecord dealRecord(const Match& m) {
  dgn::RoundRecord r;
  r.number = m.round();
  const RoundState& s = m.state();
  r.hand = s.hand;
  for (int i = s.stockTop; i < s.stockEnd; ++i) r.stock.push_back(s.stock[static_cast<std::size_t>(i)]);
  return r;
}

Match newMatch(const Rules& rules, std::uint64_t seed) {
  Match m(rules);
  m.startRound(dealFromSeed(seed, rules.hand));
  return m;
}

Timeline::Timeline() {
  Match m = newMatch(*preset("en-linea"), 1);
  reset(m, dealRecord(m));
}

void Timeline::reset(const Match& start, const dgn::RoundRecord& round) {
  nodes_.clear();
  Node root{start};
  root.roundStart = round;
  root.roundStart->statements.clear();
  root.caption.clear();
  nodes_.push_back(std::move(root));
  current_ = 0;
  title_.clear();
  about_.clear();
  rulesText_ = start.rules().text();
  leadingComments_.clear();
  headerComments_.clear();
  players_.reset();
  rebuildPath();
}

void Timeline::resetSetup(const Match& start, const dgn::RoundRecord& round) { reset(start, round); }

std::optional<dgn::Error> Timeline::load(std::string_view text, std::string_view file) {
  std::deque<Node> nodes;
  auto link = [&](Node n) {
    if (!nodes.empty()) {
      n.parent = static_cast<int>(nodes.size()) - 1;
      n.depth = nodes.back().depth + 1;
      nodes.back().children.push_back(static_cast<int>(nodes.size()));
      nodes.back().next = static_cast<int>(nodes.size());
    }
    nodes.push_back(std::move(n));
  };
  auto visit = [&](const dgn::RoundRecord& round, const dgn::Statement* st, const Match& m) {
    if (!st) {
      Node n{m};
      n.roundStart = round;
      n.roundStart->statements.clear();
      link(std::move(n));
      return;
    }
    if (nodes.empty()) return;
    // Notes, expects, comments and negative examples (checked, not played) stay with the position
    // they follow.
    if (st->kind != dgn::Statement::Kind::Move || st->rejected) {
      keep(nodes.back(), *st);
      return;
    }
    // A played move: the reader resolved it (its end, a draw's tile) and wrote its canonical text.
    const Match& before = nodes.back().match;
    Node n{m};
    n.move = st->move;
    n.by = st->player;
    n.moveText = st->moveText;
    n.comment = st->comment;
    n.caused = causedText(before, m, st->move, st->player);
    link(std::move(n));
  };
  auto result = dgn::read(text, file, visit);
  if (auto* err = std::get_if<dgn::Error>(&result)) return *err;
  if (nodes.empty()) return dgn::Error{std::string(file), 1, "the record has no round"};
  const auto& rec = std::get<dgn::Record>(result);
  nodes_ = std::move(nodes);
  current_ = 0;
  title_ = rec.title;
  about_ = rec.about;
  rulesText_ = rec.rulesText;
  leadingComments_ = rec.leadingComments;
  headerComments_ = rec.headerComments;
  players_ = rec.players;
  rebuildPath();
  return std::nullopt;
}

std::optional<dgn::Error> Timeline::loadFile(const std::string& path) {
  // One way in for files: regular files only, size checked first, the OS reason in the message.
  auto text = files::readText(path);
  if (auto* e = std::get_if<files::ReadError>(&text))
    return dgn::Error{files::cut(path, 200), 0, paths::readReason(e->message)};
  return load(std::get<std::string>(text), path);
}

void Timeline::rebuildPath() {
  // Up from the current node, then down along `next`.
  std::vector<int> up;
  for (int i = current_; i >= 0; i = node(i).parent) up.push_back(i);
  std::reverse(up.begin(), up.end());
  for (std::size_t k = 0; k + 1 < up.size(); ++k) nodes_[static_cast<std::size_t>(up[k])].next = up[k + 1];
  path_ = up;
  for (int i = node(current_).next; i >= 0; i = node(i).next) path_.push_back(i);
}

int Timeline::pathPos() const {
  const auto it = std::find(path_.begin(), path_.end(), current_);
  return static_cast<int>(it - path_.begin());
}

std::vector<int> Timeline::leaves() const {
  std::vector<int> out;
  for (int i = 0; i < size(); ++i)
    if (node(i).children.empty()) out.push_back(i);
  return out;
}

int Timeline::branchOf(int leaf) const {
  const auto l = leaves();
  const auto it = std::find(l.begin(), l.end(), leaf);
  return it == l.end() ? 0 : static_cast<int>(it - l.begin()) + 1;
}

int Timeline::currentBranch() const { return branchOf(path_.back()); }

void Timeline::jump(int n) {
  if (n < 0 || n >= size()) return;
  current_ = n;
  rebuildPath();
}

bool Timeline::prev() {
  if (current().parent < 0) return false;
  jump(current().parent);
  return true;
}

bool Timeline::next() {
  if (current().next < 0) return false;
  jump(current().next);
  return true;
}

int Timeline::addChild(int parent, Node n) {
  n.parent = parent;
  n.depth = node(parent).depth + 1;
  const int id = size();
  nodes_.push_back(std::move(n));
  nodes_[static_cast<std::size_t>(parent)].children.push_back(id);
  nodes_[static_cast<std::size_t>(parent)].next = id;
  current_ = id;
  rebuildPath();
  return id;
}

int Timeline::play(const Move& move) {
  const Node& here = current();
  for (int c : here.children)
    if (node(c).move && node(c).move->same(move) && !node(c).roundStart) {
      jump(c);
      return c;
    }
  const Player by = here.match.state().turn;
  Match after = here.match;
  const Move resolved = after.resolve(move);
  const Move applied = after.apply(resolved);
  Node n{after};
  n.move = applied;
  n.by = by;
  n.moveText = here.match.moveText(applied);
  n.caused = causedText(here.match, after, applied, by);
  return addChild(current_, std::move(n));
}

int Timeline::dealNext(std::uint64_t seed) {
  Match after = current().match;
  if (!after.canStartRound().empty()) return current_;
  after.startRound(dealFromSeed(seed, after.rules().hand));
  Node n{after};
  n.roundStart = dealRecord(after);
  keep(n, noteStatement("Round " + std::to_string(after.round()) + " is dealt."));
  return addChild(current_, std::move(n));
}

bool Timeline::addNote(int i, std::string text) {
  Node& n = nodes_[static_cast<std::size_t>(i)];
  for (const dgn::Statement& st : n.statements)
    if (st.kind == dgn::Statement::Kind::Note && st.note == text) return false;
  keep(n, noteStatement(std::move(text)));
  return true;
}

void Timeline::addStatement(int i, const dgn::Statement& st) {
  if (i >= 0 && i < size()) keep(nodes_[static_cast<std::size_t>(i)], st);
}

bool Timeline::removeStatement(int i, std::size_t statement) {
  if (i < 0 || i >= size()) return false;
  Node& n = nodes_[static_cast<std::size_t>(i)];
  if (statement >= n.statements.size()) return false;
  auto kept = std::move(n.statements);
  kept.erase(kept.begin() + static_cast<std::ptrdiff_t>(statement));
  n.statements.clear();
  n.caption.clear();
  for (const dgn::Statement& st : kept) keep(n, st);
  return true;
}

void Timeline::hideAfter(int n, std::size_t statements, bool hideResult) {
  if (n < 0 || n >= size()) return;
  // A node's parent always comes before it: the nodes up to n are a tree of their own.
  nodes_.erase(nodes_.begin() + n + 1, nodes_.end());
  for (Node& k : nodes_) {
    std::erase_if(k.children, [n](int c) { return c > n; });
    if (k.next > n) k.next = -1;
  }
  Node& last = nodes_.back();
  const bool cut = last.statements.size() > statements;
  if (cut) last.statements.resize(statements);
  last.caption.clear();
  for (const dgn::Statement& st : last.statements)
    if (st.kind == dgn::Statement::Kind::Note) last.caption += last.caption.empty() ? st.note : "\n" + st.note;
  last.resultHidden = hideResult;
  last.explainHidden = cut || hideResult;  // what the Rules pane would say may be the answer of a task
  current_ = std::min(current_, n);
  rebuildPath();
}

dgn::Record Timeline::record() const {
  dgn::Record rec;
  const Node& root = node(path_.front());
  rec.rules = root.match.rules();
  rec.rulesText = rulesText_.empty() ? rec.rules.text() : rulesText_;
  rec.players = players_;
  rec.title = title_;
  rec.about = about_;
  rec.leadingComments = leadingComments_;
  rec.headerComments = headerComments_;
  for (const int i : path_) {
    const Node& n = node(i);
    if (n.roundStart) {
      rec.rounds.push_back(*n.roundStart);
      rec.rounds.back().number = n.match.round();
      rec.rounds.back().seed.reset();
    } else if (n.move && !rec.rounds.empty()) {
      dgn::Statement st;
      st.kind = dgn::Statement::Kind::Move;
      st.player = n.by;
      st.move = *n.move;
      st.moveText = n.moveText;
      st.comment = n.comment;
      rec.rounds.back().statements.push_back(st);
    }
    if (rec.rounds.empty()) continue;
    for (const dgn::Statement& st : n.statements) rec.rounds.back().statements.push_back(st);
  }
  return rec;
}

}  // namespace dom::studio
