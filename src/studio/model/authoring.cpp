// SPDX-License-Identifier: MIT
#include "studio/model/authoring.h"

#include <array>

#include "core/dgn_lex.h"
#include "core/lesson.h"
#include "core/movetext.h"

namespace dom::studio::authoring {

namespace {

using TK = dgn::Task::Kind;

constexpr std::array<std::pair<TK, const char*>, 6> kKinds{{{TK::Play, "play"},
                                                            {TK::Draw, "draw"},
                                                            {TK::Pass, "pass"},
                                                            {TK::End, "end"},
                                                            {TK::Tiles, "tiles"},
                                                            {TK::Points, "points"}}};

// The move the record goes on with after node on the current branch, if it goes on.
std::optional<Move> nextMove(const Timeline& t, int node) {
  const Node& n = t.node(node);
  if (n.next < 0) return std::nullopt;
  const Node& c = t.node(n.next);
  if (c.roundStart) return std::nullopt;  // a new round: the task's round ended here
  return c.move;
}

std::variant<Line, std::string> readTask(const Timeline& t, int node, const std::vector<dgn::lex::Token>& toks) {
  auto read = dgn::lex::readTask(toks);
  if (auto* e = std::get_if<std::string>(&read)) return *e;
  auto& [task, moveWords] = std::get<dgn::lex::ReadTask>(read);
  const Match& m = t.node(node).match;
  const auto who = m.toMove();
  for (std::size_t i = 0; i < moveWords.size() && who; ++i)
    if (const FoundMove found = findMove(m, *who, moveWords[i]); found.move) task.moves[i] = *found.move;
  Line out;
  auto next = nextMove(t, node);
  const bool moveKind = task.kind == TK::Play || task.kind == TK::Draw || task.kind == TK::Pass;
  if (moveKind && !next && who && t.node(node).children.empty()) {
    // The end of the branch: the record goes on with the answer (dgn.md: the next move is one of a
    // play task's moves, or the draw or the pass).
    Move then;
    if (task.kind == TK::Play && !task.moves.empty()) then = task.moves.front();
    if (task.kind == TK::Draw) then.kind = MoveKind::Draw;
    if (task.kind == TK::Pass) then.kind = MoveKind::Pass;
    if (task.kind != TK::Play || !task.moves.empty()) {
      next = then;
      out.then = then;
    }
  }
  if (const std::string why = lesson::validate(m, task, next); !why.empty()) return why;
  out.kind = Line::Kind::Task;
  out.statement.kind = dgn::Statement::Kind::Task;
  out.statement.task = std::move(task);
  return out;
}

}  // namespace

std::optional<dgn::Task::Kind> kindOf(std::string_view word) {
  for (const auto& [k, w] : kKinds)
    if (word == w) return k;
  return std::nullopt;
}

const char* kindWord(dgn::Task::Kind k) {
  for (const auto& [kind, w] : kKinds)
    if (kind == k) return w;
  return "play";
}

std::variant<Line, std::string> read(const Timeline& t, int node, std::string_view line) {
  if (node < 0 || node >= t.size()) return "no such position";
  std::vector<dgn::lex::Token> toks;
  std::optional<std::string> comment;
  if (std::string e = dgn::lex::checkText(line); !e.empty()) return e;
  if (std::string e = dgn::lex::tokenize(line, toks, comment); !e.empty()) return e;
  if (toks.empty() || toks[0].quoted) return "write a title, about, note or task line";
  const std::string& head = toks[0].text;
  const bool header = head == "title" || head == "about";
  if (header || head == "note") {
    if (toks.size() != 2 || !toks[1].quoted) return head + " takes one quoted string: " + head + " \"...\"";
    if (toks[1].text.empty()) return head + " may not be empty";
    Line out;
    if (header) {
      out.kind = head == "title" ? Line::Kind::Title : Line::Kind::About;
      out.text = toks[1].text;
      return out;
    }
    if (t.node(node).match.round() == 0) return "a note before round 1";
    out.kind = Line::Kind::Note;
    out.statement.kind = dgn::Statement::Kind::Note;
    out.statement.note = toks[1].text;
    return out;
  }
  if (head == "task") {
    if (t.node(node).match.round() == 0) return "a task before round 1";
    return readTask(t, node, toks);
  }
  return "unknown line '" + head + "': a lesson is written with title, about, note and task lines";
}

std::string taskLine(dgn::Task::Kind kind, std::string_view answer, std::string_view prompt,
                     std::string_view explanation) {
  std::string out = std::string("task ") + kindWord(kind);
  std::string words(answer);
  for (char& c : words)
    if (c == ',' || c == '\t' || c == '\n') c = ' ';
  for (const std::string& w : moveWords(words)) out += ' ' + w;
  out += ' ' + dgn::quote(prompt);
  if (!explanation.empty()) out += ' ' + dgn::quote(explanation);
  return out;
}

std::string noteLine(std::string_view text) { return "note " + dgn::quote(text); }

std::string suggestion(const Timeline& t, int node, dgn::Task::Kind kind) {
  if (node < 0 || node >= t.size()) return {};
  const Match& m = t.node(node).match;
  switch (kind) {
    case TK::Play: {
      if (!m.toMove()) return {};
      if (const auto next = nextMove(t, node); next && next->kind == MoveKind::Play) return legalText(m, *next);
      std::string out;
      for (const Move& mv : m.legalMoves())
        if (mv.kind == MoveKind::Play) out += (out.empty() ? "" : ", ") + legalText(m, mv);
      return out;
    }
    case TK::Draw:
    case TK::Pass: return {};
    case TK::End:
      for (const char* e : {"L", "R"}) {
        dgn::Task task;
        task.kind = TK::End;
        task.end = e[0] == 'L' ? End::L : End::R;
        task.prompt = "?";
        if (lesson::validate(m, task, std::nullopt).empty()) return e;
      }
      return {};
    case TK::Tiles: {
      if (!m.toMove()) return {};
      Mask tiles = 0;
      std::string out;
      for (const Move& mv : m.legalMoves())
        if (mv.kind == MoveKind::Play && !(tiles & bit(mv.tile))) {
          tiles |= bit(mv.tile);
          out += (out.empty() ? "" : " ") + tileText(mv.tile);
        }
      return out;
    }
    case TK::Points:
      if (m.round() == 0 || !m.state().over() || !m.lastResult()) return {};
      return std::to_string(m.lastResult()->points);
  }
  return {};
}

Check check(const Timeline& t, std::string_view file) {
  Check out;
  const std::string text = dgn::write(t.record());
  dgn::forEachRecord(text, [&](const dgn::Part& part) {
    if (out.error) return;
    int tasks = 0;
    auto checked = lesson::readChecked(part, file, tasks);
    out.tasks += tasks;
    if (auto* e = std::get_if<dgn::Error>(&checked)) out.error = *e;
  });
  return out;
}

}  // namespace dom::studio::authoring
