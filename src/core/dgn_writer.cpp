// SPDX-License-Identifier: MIT
// DGN writing: the canonical text of a record (dgn.md, Canonical writing), its moves' words, and saving.
#include <sstream>

#include "core/dgn.h"
#include "core/dgn_lex.h"
#include "core/files.h"

namespace dom::dgn {

std::string Error::text() const { return files::printable(file + ":" + std::to_string(line) + ": " + message); }

std::string quote(std::string_view s) {
  static const char* const kHex = "0123456789ABCDEF";
  std::string q = "\"";
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\')
      q += {'\\', c};
    else if (c == '\n')
      q += "\\n";
    else if (c == '\t')
      q += "\\t";
    else if (c == '\r')
      q += "\\r";
    else if (u < 0x20 || u == 0x7F)
      q += {'\\', 'x', kHex[u >> 4], kHex[u & 15]};
    else
      q += c;
  }
  return q + '"';
}

void appendMove(RoundRecord& round, const Match& before, Player who, const Move& move) {
  Statement s;
  s.kind = Statement::Kind::Move;
  s.player = who;
  s.move = move;
  s.moveText = before.moveText(move);
  round.statements.push_back(s);
}

std::string write(const Record& rec) {
  std::ostringstream o;
  auto comments = [&](const Texts& cs) {
    for (const auto& c : cs) o << '#' << lex::commentText(c) << "\n";
  };
  comments(rec.leadingComments);
  o << "dgn 1\n";
  o << "rules " << rec.rulesText << "\n";
  if (rec.players) o << "players " << quote((*rec.players)[0]) << ' ' << quote((*rec.players)[1]) << "\n";
  if (!rec.title.empty()) o << "title " << quote(rec.title) << "\n";
  if (!rec.about.empty()) o << "about " << quote(rec.about) << "\n";
  if (rec.puzzle) {
    o << "puzzle " << quote(rec.puzzle->title) << "\n";
    if (!rec.puzzle->themes.empty()) {
      o << "theme";
      for (const auto& t : rec.puzzle->themes) o << ' ' << t;
      o << "\n";
    }
    if (rec.puzzle->rating) o << "rating " << *rec.puzzle->rating << "\n";
  }
  comments(rec.headerComments);
  const bool free = rec.rules.layout == LayoutRule::Free;
  for (const RoundRecord& r : rec.rounds) {
    o << "\nround " << r.number << "\n";
    auto tiles = [&](Mask m) {
      std::string s;
      forEachHeaviestFirst(m, [&](Tile t) { s += ' ' + tileText(t); });
      return s;
    };
    o << "hand A" << tiles(r.hand[0]) << "\n";
    o << "hand B" << tiles(r.hand[1]) << "\n";
    o << "stock";
    for (Tile t : r.stock) o << ' ' << tileText(t);
    o << "\n";
    if (r.setup) {
      if (!r.line.empty()) {
        o << "line";
        for (std::size_t i = 0; i < r.line.size(); ++i) {
          const LaidTile& lt = r.line[i];
          o << ' ' << tileText(lt.left, lt.right);
          if (static_cast<int>(i) == r.leadIndex)
            o << '*';
          else if (free && lt.heading != Heading::Straight)
            o << (lt.heading == Heading::Left ? '<' : '>');
        }
        o << "\n";
      }
      if (r.turn) o << "turn " << letter(*r.turn) << "\n";
    }
    if (r.score) o << "score A " << (*r.score)[0] << " B " << (*r.score)[1] << "\n";
    comments(r.dealComments);
    if (rec.puzzle)
      for (const Solution& sol : rec.puzzle->solutions)
        o << "solution " << sol.text << (sol.comment.empty() ? "" : "  #" + lex::commentText(sol.comment)) << "\n";
    for (const Statement& s : r.statements) {
      switch (s.kind) {
        case Statement::Kind::Move:
          if (s.rejected)
            o << s.moveText;  // a negative example, as written
          else
            o << letter(s.player) << ": " << s.moveText;
          break;
        case Statement::Kind::Note: o << "note " << quote(s.note); break;
        case Statement::Kind::Expect: o << "expect " << s.expectText; break;
        case Statement::Kind::Comment: break;
        case Statement::Kind::Task:
          if (s.task) o << "task " << s.task->text;
          break;
      }
      // A comment is never written with a line break in it (commentText), so it stays one line.
      if (s.kind == Statement::Kind::Comment)
        o << '#' << lex::commentText(s.comment);
      else if (!s.comment.empty())
        o << "  #" << lex::commentText(s.comment);
      o << "\n";
    }
  }
  return o.str();
}

std::string saveFile(const std::string& path, std::string_view text) { return files::writeAtomic(path, text); }

}  // namespace dom::dgn
