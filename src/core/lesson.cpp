// SPDX-License-Identifier: MIT
// Lessons: judging a learner's answer to a task, validating a task's expected answer, stars.
#include "core/lesson.h"

#include <algorithm>
#include <vector>

#include "core/reason.h"

namespace dom::lesson {

using Kind = dgn::Task::Kind;

namespace {

std::string who(Player p) { return std::string(1, letter(p)); }
std::string endName(End e) { return std::string(1, letter(e)); }
int pipAt(const Match& m, End e) { return m.state().ends[static_cast<std::size_t>(e == End::R)]; }
End other(End e) { return e == End::L ? End::R : End::L; }

// The tiles the player to move can play (every tile of a legal play).
Mask playableTiles(const Match& m) {
  Mask tiles = 0;
  for (const Move& mv : m.legalMoves())
    if (mv.kind == MoveKind::Play) tiles |= bit(mv.tile);
  return tiles;
}

// Whether no tile at all has room at end e (layout=free: the table's edge or the line).
bool blocked(const Match& m, End e) {
  const EndFit f = m.fits()[static_cast<std::size_t>(e == End::R)];
  return !f.dbl && f.headings == 0;
}

// A move in record words; one that is not legal here is written as given (its end if any).
std::string words(const Match& m, const Move& mv) {
  if (mv.kind != MoveKind::Play || m.reason(mv, m.state().turn).legal()) return dgn::legalText(m, mv);
  std::string s = tileText(mv.tile);
  if (mv.end != End::None) s += ' ' + endName(mv.end);
  if (mv.heading != Heading::Straight) s += mv.heading == Heading::Left ? " left" : " right";
  return s;
}

bool listed(const dgn::Task& t, const Move& mv) {
  for (const Move& x : t.moves)
    if (x.same(mv)) return true;
  return false;
}

std::string withExplanation(std::string why, const dgn::Task& t) {
  if (!t.explanation.empty()) why += "\n" + t.explanation;
  return why;
}

// A move answer (play, draw and pass tasks).
std::string judgeMove(const Match& m, Player mover, const dgn::Task& t, const Move& answer) {
  if (std::string why = illegalTry(m, mover, answer); !why.empty()) return why;
  const Move mv = m.resolve(answer);
  const bool right = t.kind == Kind::Play   ? mv.kind == MoveKind::Play && listed(t, mv)
                     : t.kind == Kind::Draw ? mv.kind == MoveKind::Draw
                                            : mv.kind == MoveKind::Pass;
  if (right) return {};
  if (!t.explanation.empty()) return t.explanation;
  return W_("That move is legal, but it is not the one asked for.");
}

// Why tile t of the mover can be played: "4-1 can be played too: it matches end R (1)".
std::string playableToo(const Match& m, Tile t) {
  bool ends[2] = {false, false};
  bool lead = false;
  for (const Move& mv : m.legalMoves())
    if (mv.kind == MoveKind::Play && mv.tile == t) {
      if (mv.end == End::None)
        lead = true;
      else
        ends[mv.end == End::R] = true;
    }
  const std::string tile = tileText(t);
  if (lead) return fill(W_("{0} can be played too: it may lead"), {tile});
  if (ends[0] && ends[1]) return fill(W_("{0} can be played too: it matches both ends"), {tile});
  const End e = ends[0] ? End::L : End::R;
  return fill(W_("{0} can be played too: it matches end {1} ({2})"), {tile, endName(e), std::to_string(pipAt(m, e))});
}

std::string judgeTiles(const Match& m, Player mover, const dgn::Task& t, Mask chosen) {
  const Mask right = playableTiles(m);
  std::string why;
  forEachHeaviestFirst(chosen & ~right, [&](Tile tile) {
    if (why.empty()) why = m.illegal(Move{MoveKind::Play, tile}, mover);
  });
  if (why.empty() && (chosen & ~right)) why = W_("That tile cannot be played.");
  forEachHeaviestFirst(right & ~chosen, [&](Tile tile) {
    if (why.empty()) why = playableToo(m, tile);
  });
  return why.empty() ? why : withExplanation(why, t);
}

std::string judgeEnd(const Match& m, const dgn::Task& t, End chosen) {
  if (chosen == t.end) return {};
  if (chosen == End::None) return withExplanation(W_("Choose an end: L or R."), t);
  const std::string pip = std::to_string(pipAt(m, chosen));
  return withExplanation(
      fill(W_("End {0} ({1}) is not blocked: a tile showing {1} still has room there."), {endName(chosen), pip}), t);
}

// How the rules count the round just ended, with the hands to count but not the total.
std::string countAgain(const Match& m) {
  const RoundResult& r = *m.lastResult();
  const auto& hand = m.state().hand;
  if (r.how == RoundStatus::Domino) {
    const auto loser = static_cast<Player>(1 - r.winner);
    return fill(W_("Count again: {0} went out, and a domino scores the pips left in {1}'s hand: {2}."),
                {who(static_cast<Player>(r.winner)), who(loser), tilesText(hand[idx(loser)])});
  }
  if (r.winner == 2)
    return W_(
        "Count again: the round is blocked and both hands hold as many pips, so the round is tied and "
        "nobody scores.");
  const auto loser = static_cast<Player>(1 - r.winner);
  if (m.rules().blocked == BlockedRule::Loser)
    return fill(W_("Count again: in a blocked round the hand with fewer pips wins and scores the pips in the "
                   "loser's hand. {0} holds {1}."),
                {who(loser), tilesText(hand[idx(loser)])});
  return fill(W_("Count again: in a blocked round the hand with fewer pips wins and scores the difference "
                 "between the two hands' pips. A holds {0}; B holds {1}."),
              {tilesText(hand[0]), tilesText(hand[1])});
}

std::string judgePoints(const Match& m, const dgn::Task& t, int points) {
  if (!m.lastResult() || !m.state().over()) return W_("The round is not over yet.");
  if (points == m.lastResult()->points) return {};
  return withExplanation(countAgain(m), t);
}

bool isMoveKind(Kind k) { return k == Kind::Play || k == Kind::Draw || k == Kind::Pass; }

}  // namespace

std::string illegalTry(const Match& m, Player mover, const Move& mv) {
  std::string why = m.illegal(mv, mover);
  if (why.empty()) return why;
  // The engine's reason names a tile that can be played: at a task that is the answer (issue 52).
  const MoveList legal = m.legalMoves();
  if (mv.kind == MoveKind::Draw && m.toMove() == mover &&
      std::any_of(legal.begin(), legal.end(), [](const Move& x) { return x.kind == MoveKind::Play; }))
    return fill(W_("{0} cannot draw while able to play: a tile of {0}'s hand fits an open end"),
                {std::string(1, letter(mover))});
  return why;
}

std::string judge(const Match& position, Player mover, const dgn::Task& task, const Answer& a) {
  if (isMoveKind(task.kind) != isMoveKind(a.kind) || (!isMoveKind(task.kind) && a.kind != task.kind))
    return W_("That is not the kind of answer this task asks for.");
  switch (task.kind) {
    case Kind::Play:
    case Kind::Draw:
    case Kind::Pass: return judgeMove(position, mover, task, a.move);
    case Kind::End: return judgeEnd(position, task, a.end);
    case Kind::Tiles: return judgeTiles(position, mover, task, a.tiles);
    case Kind::Points: return judgePoints(position, task, a.points);
  }
  return {};
}

namespace {

// The messages of validate are for the lesson's author (`dominoes check`): English, not translated.

std::string validatePlay(const Match& m, const dgn::Task& t, const std::optional<Move>& next) {
  const Player p = *m.toMove();
  std::string listedText;
  for (std::size_t i = 0; i < t.moves.size(); ++i) {
    const Move& mv = t.moves[i];
    if (mv.kind != MoveKind::Play) return "task play lists plays only (a draw or a pass is its own task)";
    if (const std::string why = m.illegal(mv, p); !why.empty())
      return "'" + words(m, mv) + "' is not a legal move: " + why;
    for (std::size_t k = 0; k < i; ++k)
      if (t.moves[k].same(mv)) return words(m, mv) + " is listed twice";
    listedText += (listedText.empty() ? "" : ", ") + words(m, mv);
  }
  if (t.moves.empty()) return "task play lists no move";
  if (!next) return "the record has no next move: after a task play the record goes on with one of its moves";
  if (next->kind != MoveKind::Play || !listed(t, *next))
    return "the record's next move, " + words(m, *next) + ", is not one the task lists (" + listedText + ")";
  return {};
}

// A draw or pass task: that move is the only legal one, and the record makes it next.
std::string validateForced(const Match& m, const dgn::Task& t, const std::optional<Move>& next) {
  const MoveKind kind = t.kind == Kind::Draw ? MoveKind::Draw : MoveKind::Pass;
  const std::string word = kind == MoveKind::Draw ? "draw" : "pass";
  Move forced;
  forced.kind = kind;
  if (const std::string why = m.illegal(forced, *m.toMove()); !why.empty())
    return "the learner cannot " + word + " here: " + why;
  if (!next) return "the record has no next move: after a task " + word + " the record goes on with the " + word;
  if (next->kind != kind) return "the record's next move is " + words(m, *next) + ", not the " + word;
  return {};
}

std::string validateEnd(const Match& m, const dgn::Task& t) {
  if (t.end == End::None) return "task end names no end";
  if (m.rules().layout != LayoutRule::Free)
    return "under layout=snake the line bends by itself and no end is ever blocked: a task end needs layout=free";
  if (m.state().beforeLead()) return "no tile is on the table yet: there is no end to block";
  const End o = other(t.end);
  auto endText = [&](End e) { return "end " + endName(e) + " (" + std::to_string(pipAt(m, e)) + ")"; };
  if (!blocked(m, t.end)) return endText(t.end) + " is not blocked: a tile still has room there";
  if (blocked(m, o)) return endText(o) + " is blocked too: a task end needs one blocked end and one open end";
  return {};
}

std::string validateTiles(const Match& m, const dgn::Task& t) {
  const Player p = *m.toMove();
  const Mask right = playableTiles(m);
  std::string why;
  forEachHeaviestFirst(t.tiles & ~right, [&](Tile tile) {
    if (why.empty())
      why =
          "the task lists " + tileText(tile) + ", which cannot be played: " + m.illegal(Move{MoveKind::Play, tile}, p);
  });
  forEachHeaviestFirst(right & ~t.tiles, [&](Tile tile) {
    if (why.empty()) why = "the task misses " + tileText(tile) + ", which can be played";
  });
  if (why.empty() && !right) why = "no tile can be played here";
  return why;
}

std::string validatePoints(const Match& m, const dgn::Task& t) {
  if (m.round() == 0 || !m.state().over() || !m.lastResult())
    return "the round is not over: a task points stands after the round's last move";
  const int points = m.lastResult()->points;
  if (t.points != points) return "the round scores " + std::to_string(points) + ", not " + std::to_string(t.points);
  return {};
}

}  // namespace

std::string validate(const Match& position, const dgn::Task& task, const std::optional<Move>& nextMove) {
  if (task.prompt.empty()) return "the task has no prompt";
  const bool needsTurn = task.kind != Kind::End && task.kind != Kind::Points;
  if (needsTurn && !position.toMove())
    return position.round() == 0 ? "no round has started: there is no move to make"
                                 : "the round is over: there is no move to make";
  switch (task.kind) {
    case Kind::Play: return validatePlay(position, task, nextMove);
    case Kind::Draw:
    case Kind::Pass: return validateForced(position, task, nextMove);
    case Kind::End: return validateEnd(position, task);
    case Kind::Tiles: return validateTiles(position, task);
    case Kind::Points: return validatePoints(position, task);
  }
  return {};
}

std::variant<dgn::Record, dgn::Error> readChecked(const dgn::Part& part, std::string_view file, int& tasks) {
  // The tasks waiting for the next move all stand at one position (a move or a new round settles
  // them), so one copy of the match serves them all: memory stays linear in the file however many
  // tasks wait at a position (issue 42 #7).
  std::optional<Match> position;
  std::vector<dgn::Task> pending;
  std::optional<dgn::Error> wrong;
  tasks = 0;
  auto settle = [&](const std::optional<Move>& next) {
    for (const dgn::Task& t : pending)
      if (const std::string why = validate(*position, t, next); !why.empty() && !wrong)
        wrong = dgn::Error{std::string(file), t.line, "task: " + why};
    pending.clear();
    position.reset();
  };
  auto visit = [&](const dgn::RoundRecord&, const dgn::Statement* st, const Match& m) {
    if (!st) {
      settle(std::nullopt);  // a new round: the tasks of the one before have no next move
      return;
    }
    if (st->kind == dgn::Statement::Kind::Task && st->task) {
      ++tasks;
      if (!position) position.emplace(m);
      pending.push_back(*st->task);
    } else if (st->kind == dgn::Statement::Kind::Move && !st->rejected) {
      settle(st->move);
    }
  };
  auto read = dgn::read(part.text, file, visit, part.firstLine);
  if (std::holds_alternative<dgn::Error>(read)) return read;
  settle(std::nullopt);
  if (wrong) return *wrong;
  return read;
}

int stars(int wrongTries, int hints) {
  const int forTries = wrongTries <= 0 ? 3 : wrongTries <= 2 ? 2 : 1;
  return std::max(1, forTries - std::max(0, hints));
}

}  // namespace dom::lesson
