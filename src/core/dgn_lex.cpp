// SPDX-License-Identifier: MIT
// DGN's words: tokens, escapes, checks of a line's text, and a task's form (dgn_lex.h).
#include "core/dgn_lex.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "core/movetext.h"

namespace dom::dgn::lex {

// Checks that a line is UTF-8 text; returns a message or empty.
std::string checkText(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == 0) return "binary data: the file holds a NUL byte";
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t n = 0;
    if (c >= 0xC2 && c <= 0xDF)
      n = 1;
    else if (c >= 0xE0 && c <= 0xEF)
      n = 2;
    else if (c >= 0xF0 && c <= 0xF4)
      n = 3;
    else
      return "the line is not valid UTF-8 text";
    if (i + n >= s.size()) return "the line is not valid UTF-8 text";
    for (std::size_t k = 1; k <= n; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return "the line is not valid UTF-8 text";
    // Overlong forms, UTF-16 surrogates and code points above U+10FFFF are not UTF-8 either.
    const auto c1 = static_cast<unsigned char>(s[i + 1]);
    if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0) || (c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 >= 0x90))
      return "the line is not valid UTF-8 text";
    i += n + 1;
  }
  return {};
}

[[nodiscard]] bool isControl(unsigned char c) { return c < 0x20 || c == 0x7F; }

[[nodiscard]] int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// Reads one escape at the start of `s` (which starts with a backslash) into `out`: \" \\ \n \t \r
// and \xHH for a control character other than NUL. Returns its length, or 0 when `s` starts with no
// escape (the caller refuses it: a lone backslash is written \\).
std::size_t unescape(std::string_view s, std::string& out) {
  if (s.size() < 2) return 0;
  switch (s[1]) {
    case '"': out += '"'; return 2;
    case '\\': out += '\\'; return 2;
    case 'n': out += '\n'; return 2;
    case 't': out += '\t'; return 2;
    case 'r': out += '\r'; return 2;
    default: break;
  }
  if (s[1] != 'x' || s.size() < 4 || hexDigit(s[2]) < 0 || hexDigit(s[3]) < 0) return 0;
  const auto c = static_cast<unsigned char>(hexDigit(s[2]) * 16 + hexDigit(s[3]));
  if (c == 0 || !isControl(c)) return 0;
  out += static_cast<char>(c);
  return 4;
}

// The message for a backslash that starts no escape: the backslash and what follows it (a whole
// UTF-8 character; up to two more characters after \x).
std::string unknownEscape(std::string_view s) {
  std::size_t n = 2;
  const auto c = static_cast<unsigned char>(s[1]);
  if (s[1] == 'x')
    n = std::min<std::size_t>(4, s.size());
  else if (c >= 0xC0)
    n = std::min<std::size_t>(1 + (c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2), s.size());
  return "unknown escape '" + std::string(s.substr(0, n)) +
         "' in a quoted string: the escapes are \\\" \\\\ \\n \\t \\r and \\xHH for a control character";
}

// A comment's text as the writer keeps it: control characters (a tab aside) become spaces, and
// trailing spaces go (a CRLF line's carriage return among them), so writing it back is a fixed point.
std::string commentText(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c != '\t' && isControl(static_cast<unsigned char>(c))) c = ' ';
  while (!out.empty() && (out.back() == ' ' || out.back() == '\t')) out.pop_back();
  return out;
}

// Reads the next word or quoted string of a line from `i` into `t`. Returns false at the end of the
// line or at its `#` comment (then taken into `comment`), or on an error (then in `error`).
bool nextToken(std::string_view s, std::size_t& i, Token& t, std::optional<std::string>& comment, std::string& error) {
  t.text.clear();
  t.quoted = false;
  while (i < s.size()) {
    const char c = s[i];
    if (c == ' ' || c == '\t' || c == '\r') {
      ++i;
      continue;
    }
    if (c == '#') {
      comment = commentText(s.substr(i + 1));
      i = s.size();
      return false;
    }
    if (c == '"') {
      t.quoted = true;
      ++i;
      while (i < s.size()) {
        if (s[i] == '\\' && i + 1 < s.size()) {
          if (const std::size_t n = unescape(s.substr(i), t.text)) {
            i += n;
            continue;
          }
          error = unknownEscape(s.substr(i));
          return false;
        }
        if (s[i] == '"') {
          ++i;
          return true;
        }
        t.text += s[i++];
      }
      error = "unterminated string: a quoted string needs its closing \"";
      return false;
    }
    const std::size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '#' && s[i] != '"') ++i;
    t.text.assign(s.substr(start, i - start));
    return true;
  }
  return false;
}

// Splits a line into words and quoted strings, and the `#` comment ending it. Returns a message on
// error. With `limit`, stops after that many tokens and sets `rest` to where the line goes on.
std::string tokenize(std::string_view s, std::vector<Token>& out, std::optional<std::string>& comment,
                     std::size_t limit, std::size_t* rest) {
  std::size_t i = 0;
  std::string error;
  Token t;
  while (out.size() < limit && nextToken(s, i, t, comment, error)) out.push_back(std::move(t));
  if (rest) *rest = i;
  return error;
}

// Whether a line is an `expect legal` statement, whose list may hold a million entries: it is read
// as a stream of words rather than split into a vector of them.
bool isExpectLegal(std::string_view s) {
  std::size_t i = 0;
  auto word = [&](std::string_view w) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) ++i;
    if (s.substr(i, w.size()) != w) return false;
    i += w.size();
    return i == s.size() || s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '#' || s[i] == '"';
  };
  return word("expect") && word("legal");
}

// A word as a negative example writes it back: quoted when it was quoted or holds a control character.
std::string writtenWord(const Token& t) {
  const bool control =
      std::any_of(t.text.begin(), t.text.end(), [](char c) { return isControl(static_cast<unsigned char>(c)); });
  return t.quoted || control ? quote(t.text) : t.text;
}

std::optional<long long> parseNumber(std::string_view s) {
  long long v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || p != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<Player> parsePlayer(std::string_view s) {
  if (s == "A") return Player::A;
  if (s == "B") return Player::B;
  return std::nullopt;
}

namespace {

constexpr std::string_view kTaskKinds = "task play, draw, pass, end, tiles or points";

// The words of `task play`: a move starts at each word that is not an end or a heading.
std::string readTaskMoves(const std::vector<std::string>& words, ReadTask& out) {
  if (words.empty()) return "task play takes one or more moves before its prompt: task play 6-5 L 6-5 R \"...\"";
  for (const std::string& w : words) {
    const bool follows = w == "L" || w == "R" || w == "straight" || w == "left" || w == "right";
    if (!follows || out.moveWords.empty()) out.moveWords.emplace_back();
    out.moveWords.back().push_back(w);
  }
  for (const auto& mw : out.moveWords) {
    auto mv = readMove(mw);
    if (auto* e = std::get_if<std::string>(&mv)) return "task play: " + *e;
    const Move m = std::get<WrittenMove>(mv).move;
    if (m.kind != MoveKind::Play) return "task play lists plays: write 'task draw' or 'task pass' for a draw or a pass";
    out.task.moves.push_back(m);
  }
  return {};
}

// The words of `task tiles`: one or more tiles, each once.
std::string readTaskTiles(const std::vector<std::string>& words, Task& t) {
  if (words.empty()) return "task tiles takes one or more tiles before its prompt: task tiles 6-4 4-1 \"...\"";
  for (const std::string& w : words) {
    const auto tile = parseTile(w);
    if (!tile) return malformedTile(w);
    if (t.tiles & bit(tile->tile())) return "task tiles names " + tileText(tile->tile()) + " twice";
    t.tiles |= bit(tile->tile());
  }
  return {};
}

// The words between the kind and the prompt, for each kind.
std::string readTaskWords(const std::string& kind, const std::vector<std::string>& words, ReadTask& out) {
  Task& t = out.task;
  if (kind == "play") {
    t.kind = Task::Kind::Play;
    return readTaskMoves(words, out);
  }
  if (kind == "draw" || kind == "pass") {
    t.kind = kind == "draw" ? Task::Kind::Draw : Task::Kind::Pass;
    if (!words.empty()) return "task " + kind + " takes only its prompt: task " + kind + " \"...\"";
    return {};
  }
  if (kind == "end") {
    t.kind = Task::Kind::End;
    if (words.size() != 1 || (words[0] != "L" && words[0] != "R"))
      return "task end takes the blocked end, L or R, before its prompt: task end R \"...\"";
    t.end = words[0] == "L" ? End::L : End::R;
    return {};
  }
  if (kind == "tiles") {
    t.kind = Task::Kind::Tiles;
    return readTaskTiles(words, t);
  }
  t.kind = Task::Kind::Points;
  std::string bad = "task points takes the round's points, a whole number 0..1000: task points 23 \"...\"";
  if (words.size() != 1 || words[0].empty() || words[0].size() > 4 ||
      !std::all_of(words[0].begin(), words[0].end(), [](char c) { return c >= '0' && c <= '9'; }) ||
      (words[0].size() > 1 && words[0][0] == '0'))
    return bad;
  t.points = std::stoi(words[0]);
  return t.points > 1000 ? bad : std::string();
}

}  // namespace

// task KIND WORDS... "prompt" ["explanation"].
std::variant<ReadTask, std::string> readTask(const std::vector<Token>& toks) {
  if (toks.size() < 2 || toks[1].quoted)
    return "task takes what the learner must do, then a quoted prompt: " + std::string(kTaskKinds);
  const std::string& kind = toks[1].text;
  if (kind != "play" && kind != "draw" && kind != "pass" && kind != "end" && kind != "tiles" && kind != "points")
    return "unknown task '" + kind + "': " + std::string(kTaskKinds);
  std::size_t i = 2;
  std::vector<std::string> words;
  for (; i < toks.size() && !toks[i].quoted; ++i) words.push_back(toks[i].text);
  ReadTask out;
  if (auto e = readTaskWords(kind, words, out); !e.empty()) return e;
  const std::size_t strings = toks.size() - i;
  if (strings == 0) return "task " + kind + " needs its prompt, a quoted string: task " + kind + " ... \"What to do\"";
  for (std::size_t k = i; k < toks.size(); ++k)
    if (!toks[k].quoted)
      return "task " + kind + ": '" + toks[k].text +
             "' after the prompt: a task ends with its quoted prompt and an optional quoted explanation";
  if (strings > 2) return "task " + kind + " takes a prompt and an optional explanation: two quoted strings at most";
  if (toks[i].text.empty()) return "a task's prompt may not be empty";
  out.task.prompt = toks[i].text;
  if (strings == 2) {
    if (toks[i + 1].text.empty()) return "a task's explanation may not be empty: leave it out";
    out.task.explanation = toks[i + 1].text;
  }
  out.task.text = kind;
  for (std::size_t k = 2; k < toks.size(); ++k) out.task.text += ' ' + writtenWord(toks[k]);
  return out;
}

}  // namespace dom::dgn::lex
