// DGN reading (tokenising, statements, replay with expects) and canonical writing.
#include "core/dgn.h"

#include "core/files.h"
#include "core/movetext.h"

#include <unistd.h>
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <utility>

namespace dom::dgn {

// Printable: the file's name and the message may echo control characters from the user.
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

// A UTF-8 byte-order mark, ignored at the start of a line.
constexpr std::string_view kBom = "\xEF\xBB\xBF";

// Statements: each is a header byte (kind, player, rejected, which texts follow), the line as a
// zigzag varint difference from the previous statement's, a move's three bytes (a task's fields),
// then each text present as a varint length and its bytes. Only a move keeps a player: on any other
// kind the player's bit marks a task (the two kind bits then read as a note's).
namespace {
enum : unsigned { kBitB = 4, kBitRejected = 8, kBitMoveText = 16, kBitNote = 32, kBitExpect = 64, kBitComment = 128 };
char moveByte(const Move& m) {
  return static_cast<char>(static_cast<unsigned>(m.kind) | static_cast<unsigned>(m.end) << 2 |
                           static_cast<unsigned>(m.heading) << 4);
}
void readMoveByte(unsigned b, Move& m) {
  m.kind = static_cast<MoveKind>(b & 3);
  m.end = static_cast<End>(b >> 2 & 3);
  m.heading = static_cast<Heading>(b >> 4 & 3);
}
std::uint64_t zigzag(std::int64_t v) {
  return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}
std::int64_t unzigzag(std::uint64_t v) { return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1); }
}  // namespace

void Statements::put(std::string_view bytes) {
  while (!bytes.empty()) {
    if (chunks_.empty() || chunks_.back().size() == kChunk) chunks_.emplace_back();
    std::string& c = chunks_.back();
    const std::size_t n = std::min(bytes.size(), kChunk - c.size());
    // A chunk grows by doubling up to kChunk: a list of a few statements (a round of a record of
    // 100,000 short rounds) costs its bytes, not a whole chunk.
    if (c.size() + n > c.capacity()) c.reserve(std::min(kChunk, std::max(c.size() + n, 2 * c.capacity())));
    c.append(bytes.substr(0, n));
    bytes.remove_prefix(n);
    size_ += n;
  }
}

void Statements::putNumber(std::uint64_t n) {
  char buf[10];
  std::size_t k = 0;
  do {
    const auto low = static_cast<unsigned char>(n & 0x7F);
    n >>= 7;
    buf[k++] = static_cast<char>(n ? low | 0x80 : low);
  } while (n);
  put(std::string_view(buf, k));
}

unsigned char Statements::byteAt(std::uint64_t offset) const {
  return static_cast<unsigned char>(chunks_[static_cast<std::size_t>(offset / kChunk)][offset % kChunk]);
}

std::uint64_t Statements::number(std::uint64_t& offset) const {
  std::uint64_t n = 0;
  for (int shift = 0;; shift += 7) {
    const unsigned char b = byteAt(offset++);
    n |= static_cast<std::uint64_t>(b & 0x7F) << shift;
    if (!(b & 0x80)) return n;
  }
}

void Statements::text(std::uint64_t& offset, std::string& out) const {
  auto n = number(offset);
  out.clear();
  out.reserve(static_cast<std::size_t>(n));
  while (n) {
    const std::string& c = chunks_[static_cast<std::size_t>(offset / kChunk)];
    const auto at = static_cast<std::size_t>(offset % kChunk);
    const std::size_t take = std::min<std::uint64_t>(n, c.size() - at);
    out.append(c, at, take);
    offset += take;
    n -= take;
  }
}

void Statements::push_back(const Statement& s) {
  // Statement 0 starts at offset 0 after line 0: its mark is not kept (a round of a few
  // statements then holds no index at all).
  if (count_ % kStride == 0 && count_) marks_.push_back({size_, lastLine_});
  lastOffset_ = size_;
  lastPrevLine_ = lastLine_;
  const bool task = s.kind == Statement::Kind::Task;
  unsigned head = task ? static_cast<unsigned>(Statement::Kind::Note) | kBitB : static_cast<unsigned>(s.kind);
  if (s.kind == Statement::Kind::Move && s.player == Player::B) head |= kBitB;
  if (s.rejected) head |= kBitRejected;
  if (!s.moveText.empty()) head |= kBitMoveText;
  if (!s.note.empty()) head |= kBitNote;
  if (!s.expectText.empty()) head |= kBitExpect;
  if (!s.comment.empty()) head |= kBitComment;
  const char h = static_cast<char>(head);
  put(std::string_view(&h, 1));
  putNumber(zigzag(s.line - lastLine_));
  lastLine_ = s.line;
  if (s.kind == Statement::Kind::Move) {
    const char mv[3] = {static_cast<char>(s.move.tile), moveByte(s.move), static_cast<char>(s.move.leftPip)};
    put(std::string_view(mv, 3));
  }
  if (task) putTask(s.task ? *s.task : Task{});
  for (const std::string* t : {&s.moveText, &s.note, &s.expectText, &s.comment})
    if (!t->empty()) {
      putNumber(t->size());
      put(*t);
    }
  ++count_;
}

// A task: its kind, its moves (a count, then three bytes each), end, tiles or points, then its
// prompt, explanation and text, each a varint length and its bytes.
void Statements::putTask(const Task& t) {
  const char k = static_cast<char>(t.kind);
  put(std::string_view(&k, 1));
  switch (t.kind) {
    case Task::Kind::Play:
      putNumber(t.moves.size());
      for (const Move& m : t.moves) {
        const char mv[3] = {static_cast<char>(m.tile), moveByte(m), static_cast<char>(m.leftPip)};
        put(std::string_view(mv, 3));
      }
      break;
    case Task::Kind::End: putNumber(static_cast<std::uint64_t>(t.end)); break;
    case Task::Kind::Tiles: putNumber(t.tiles); break;
    case Task::Kind::Points: putNumber(static_cast<std::uint64_t>(std::max(t.points, 0))); break;
    case Task::Kind::Draw:
    case Task::Kind::Pass: break;
  }
  for (const std::string* x : {&t.prompt, &t.explanation, &t.text}) {
    putNumber(x->size());
    put(*x);
  }
}

void Statements::readTask(std::uint64_t& at, Task& t) const {
  t = Task{};
  t.kind = static_cast<Task::Kind>(byteAt(at++));
  switch (t.kind) {
    case Task::Kind::Play:
      for (auto n = number(at); n; --n) {
        Move m;
        m.tile = static_cast<Tile>(byteAt(at++));
        readMoveByte(byteAt(at++), m);
        m.leftPip = byteAt(at++);
        t.moves.push_back(m);
      }
      break;
    case Task::Kind::End: t.end = static_cast<End>(number(at)); break;
    case Task::Kind::Tiles: t.tiles = static_cast<Mask>(number(at)); break;
    case Task::Kind::Points: t.points = static_cast<int>(number(at)); break;
    case Task::Kind::Draw:
    case Task::Kind::Pass: break;
  }
  for (std::string* x : {&t.prompt, &t.explanation, &t.text}) text(at, *x);
}

void Statements::clear() { *this = Statements(); }

void Statements::replace(std::size_t i, const Statement& s) {
  Statements out;
  std::size_t k = 0;
  for (const Statement& x : *this) out.push_back(k++ == i ? s : x);
  *this = std::move(out);
}

Statements::Iterator::Iterator(const Statements* list, std::size_t index, std::uint64_t offset, LineNo prevLine)
    : list_(list), index_(index), offset_(offset), prevLine_(prevLine) {
  decode();
}

void Statements::Iterator::decode() {
  if (!list_ || index_ >= list_->count_) return;
  std::uint64_t at = offset_;
  const unsigned head = list_->byteAt(at++);
  Statement& s = current_;
  s.kind = static_cast<Statement::Kind>(head & 3);
  const bool b = (head & kBitB) != 0;
  if (s.kind != Statement::Kind::Move && b) s.kind = Statement::Kind::Task;
  s.player = s.kind == Statement::Kind::Move && b ? Player::B : Player::A;
  s.rejected = (head & kBitRejected) != 0;
  s.line = prevLine_ + unzigzag(list_->number(at));
  s.move = Move{};
  if (s.kind == Statement::Kind::Move) {
    s.move.tile = static_cast<Tile>(list_->byteAt(at++));
    readMoveByte(list_->byteAt(at++), s.move);
    s.move.leftPip = list_->byteAt(at++);
  }
  if (s.kind == Statement::Kind::Task) {
    if (!s.task) s.task.emplace();
    list_->readTask(at, *s.task);
    s.task->line = s.line;
  } else {
    s.task.reset();
  }
  const std::pair<unsigned, std::string*> texts[] = {
      {kBitMoveText, &s.moveText}, {kBitNote, &s.note}, {kBitExpect, &s.expectText}, {kBitComment, &s.comment}};
  for (const auto& [bitMask, t] : texts)
    if (head & bitMask)
      list_->text(at, *t);
    else
      t->clear();
  next_ = at;
}

Statements::Iterator& Statements::Iterator::operator++() {
  offset_ = next_;
  prevLine_ = current_.line;
  ++index_;
  decode();
  return *this;
}

void Texts::push_back(std::string text) {
  Statement s;
  s.kind = Statement::Kind::Comment;
  s.comment = std::move(text);
  list_.push_back(s);
}

bool Texts::operator==(const std::vector<std::string>& v) const {
  if (v.size() != size()) return false;
  std::size_t i = 0;
  for (const std::string& t : *this)
    if (t != v[i++]) return false;
  return true;
}

Statements::Iterator Statements::begin() const { return Iterator(this, 0, 0, 0); }
Statements::Iterator Statements::end() const {
  Iterator it;
  it.list_ = this;
  it.index_ = count_;
  return it;
}

const Statement Statements::operator[](std::size_t i) const {
  if (i >= count_) throw std::out_of_range("Statements: no statement " + std::to_string(i));
  const Mark m = i < kStride ? Mark{} : marks_.at(i / kStride - 1);
  Iterator it(this, i / kStride * kStride, m.offset, m.prevLine);
  for (std::size_t k = i % kStride; k; --k) ++it;
  return *it;
}

const Statement Statements::back() const { return *Iterator(this, count_ - 1, lastOffset_, lastPrevLine_); }

namespace {

struct Token {
  std::string text;
  bool quoted = false;
};

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
                     std::size_t limit = SIZE_MAX, std::size_t* rest = nullptr) {
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

std::string handText(Mask m) {
  std::string s;
  forEachHeaviestFirst(m, [&](Tile t) {
    if (!s.empty()) s += ' ';
    s += tileText(t);
  });
  return s.empty() ? "(none)" : s;
}

// A task's form (dgn.md, Lessons and tasks), read without its position: the task, and a play's
// words of each move (for the reader to resolve them against the position).
struct ReadTask {
  Task task;
  std::vector<std::vector<std::string>> moveWords;
};

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

// No statement but `expect legal` (read as a stream) takes more words than this (`expect hand A`
// and 28 tiles is the longest): a line of a million words is split only this far, never whole.
constexpr std::size_t kMaxWords = 40;

// The reader: one pass over the statements, replaying as it goes.
class Reader {
 public:
  Reader(std::string_view file, const Visit& visit, LineNo firstLine)
      : file_(file), visit_(visit), firstLine_(firstLine) {}

  [[nodiscard]] LineNo line() const { return line_; }
  [[nodiscard]] std::optional<Match> takeMatch() { return std::move(match_); }

  std::variant<Record, Error> run(std::string_view text) {
    LineNo lineNo = firstLine_ - 1;
    std::size_t pos = 0;
    while (pos <= text.size()) {
      const std::size_t nl = text.find('\n', pos);
      std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
      // A byte-order mark opens a file; after `cat a.dgn b.dgn` it opens a line (issue 42 #19).
      if (line.starts_with(kBom)) line.remove_prefix(3);
      ++lineNo;
      line_ = lineNo;
      if (auto e = checkText(line); !e.empty()) return error(e);
      std::vector<Token> toks;
      std::optional<std::string> comment;
      rest_ = {};
      restHasComma_ = false;
      if (isExpectLegal(line)) {
        // Two tokens, then the rest is checked here (a string left open, the comment) and read as
        // a stream by expect().
        std::size_t at = 0;
        if (auto e = tokenize(line, toks, comment, 2, &at); !e.empty()) return error(e);
        rest_ = line.substr(at);
        std::size_t i = 0;
        std::string e;
        for (Token t; nextToken(rest_, i, t, comment, e);)
          restHasComma_ = restHasComma_ || t.text.find(',') != std::string::npos;
        if (!e.empty()) return error(e);
      } else if (auto e = tokenize(line, toks, comment, kMaxWords + 1); !e.empty()) {
        return error(e);
      }
      tooManyWords_ = toks.size() > kMaxWords;
      lineComment_ = std::move(comment);  // push() gives it to the statement this line makes, if any
      if (!toks.empty()) {
        if (auto e = statement(toks); !e.empty()) return error(e, errorLine_);
      }
      if (lineComment_) keepComment(std::exchange(lineComment_, std::nullopt).value());
      if (nl == std::string_view::npos) break;
      pos = nl + 1;
    }
    // Problems found at the end of the text name its last line (not the empty rest after a final newline).
    if (lineNo > firstLine_ && !text.empty() && text.back() == '\n') --lineNo;
    line_ = std::max<LineNo>(lineNo, firstLine_);
    if (!sawDgn_) return error("empty record: the first statement must be 'dgn 1'");
    if (!match_) return error("the record has no 'rules' statement (required after 'dgn 1')");
    if (auto e = finishDeal(); !e.empty()) return error(e, errorLine_);
    if (pendingError_)
      return error("expect error \"" + pendingError_->text + "\" is not followed by a move", pendingErrorLine_);
    if (auto e = closeHeader(); !e.empty()) return error(e, errorLine_);
    if (auto e = finishPuzzle(); !e.empty()) return error(e, errorLine_);
    return std::move(rec_);
  }

 private:
  // Words echoed in the message are cut to 60 characters: an offending word may be megabytes long.
  Error error(const std::string& m, LineNo line = 0) const {
    return Error{std::string(file_), line ? line : line_, files::cutWords(m)};
  }

  // Keeps a comment that no statement of its line took where it stands: before `dgn 1`, in the
  // header, in a round's deal, or among the round's statements.
  void keepComment(std::string text) {
    if (!sawDgn_)
      rec_.leadingComments.push_back(std::move(text));
    else if (rec_.rounds.empty())
      rec_.headerComments.push_back(std::move(text));
    else if (dealOpen_)
      rec_.rounds.back().dealComments.push_back(std::move(text));
    else {
      Statement s;
      s.kind = Statement::Kind::Comment;
      s.line = line_;
      s.comment = std::move(text);
      (void)push(std::move(s));
    }
  }

  std::string statement(std::vector<Token>& toks) {
    const std::string& head = toks[0].text;
    if (!sawDgn_) {
      if (head != "dgn" || toks[0].quoted) return "the first statement must be 'dgn 1', found '" + head + "'";
      if (toks.size() != 2) return "dgn takes one version number: 'dgn 1'";
      if (toks[1].text != "1") return "unsupported DGN version '" + toks[1].text + "': this reader knows version 1";
      sawDgn_ = true;
      return {};
    }
    const bool dealWord = !toks[0].quoted && (head == "hand" || head == "stock" || head == "seed" || head == "line" ||
                                              head == "turn" || head == "score");
    // Any other known statement closes the deal first: a problem in the deal comes before this
    // line's own. (An unknown word, maybe a misspelt deal line, is reported on its own line.)
    const bool known =
        !toks[0].quoted && (head == "dgn" || head == "rules" || head == "players" || head == "title" ||
                            head == "about" || head == "round" || head == "note" || head == "expect" || head == "A" ||
                            head == "B" || head.starts_with("A:") || head.starts_with("B:") || head == "puzzle" ||
                            head == "theme" || head == "rating" || head == "solution" || head == "task");
    if (known)
      if (auto e = finishDeal(); !e.empty()) return e;
    if (toks[0].quoted) return "a statement cannot start with a quoted string";
    if (tooManyWords_ && (known || dealWord))
      return "too many words for '" + head + "': no statement takes more than " + std::to_string(kMaxWords);
    std::vector<std::string> args, written;  // written: as a negative example is written back
    // Notes, expects and deal lines read their tokens directly: no copy of a megabyte-long line.
    const bool readsTokens = dealWord || head == "note" || head == "expect" || head == "players" || head == "title" ||
                             head == "about" || head == "puzzle" || head == "task";
    for (std::size_t i = 1; i < toks.size() && !readsTokens; ++i) {
      args.push_back(toks[i].text);
      written.push_back(writtenWord(toks[i]));
    }
    if (head == "dgn") return "'dgn 1' may appear only once, as the first statement";
    if (head == "rules") return rules(args);
    if (head == "players" || head == "title" || head == "about") return header(head, toks);
    if (head == "round") return round(args, written);
    if (head == "puzzle") return puzzle(toks);
    if (head == "theme") return theme(args);
    if (head == "rating") return rating(args);
    if (head == "solution") return solution(args);
    if (dealWord) return deal(head, toks);
    if (head == "note") return note(toks);
    if (head == "task") return task(toks);
    if (head == "expect") return expect(toks);
    if (head == "A:" || head == "B:") return move(parsePlayer(head.substr(0, 1)).value(), args, written);
    if (head.size() > 2 && (head[0] == 'A' || head[0] == 'B') && head[1] == ':') {
      std::vector<std::string> rest{head.substr(2)}, restWritten{writtenWord(Token{head.substr(2), false})};
      rest.insert(rest.end(), args.begin(), args.end());
      restWritten.insert(restWritten.end(), written.begin(), written.end());
      return move(parsePlayer(head.substr(0, 1)).value(), rest, restWritten);
    }
    if (head == "A" || head == "B") return "a move is written '" + head + ": ...' with a colon";
    return "unknown statement '" + head + "'";
  }

  std::string rules(const std::vector<std::string>& args) {
    if (match_) return "rules may be given only once, before round 1";
    auto r = parseRules(args);
    if (auto* e = std::get_if<std::string>(&r)) return *e;
    rec_.rules = std::get<Rules>(r);
    std::string joined;
    for (const auto& a : args) joined += (joined.empty() ? "" : " ") + a;
    rec_.rulesText = joined;
    match_.emplace(rec_.rules);
    return {};
  }

  std::string header(const std::string& head, const std::vector<Token>& toks) {
    if (!rec_.rounds.empty()) return head + " belongs in the header, before round 1";
    if (head == "players") {
      if (toks.size() != 3 || !toks[1].quoted || !toks[2].quoted)
        return "players takes two quoted names: players \"A's name\" \"B's name\"";
      if (rec_.players) return "players given twice";
      rec_.players = std::array<std::string, 2>{toks[1].text, toks[2].text};
      return {};
    }
    if (toks.size() != 2 || !toks[1].quoted) return head + " takes one quoted string: " + head + " \"...\"";
    std::string& field = head == "title" ? rec_.title : rec_.about;
    if (!field.empty()) return head + " given twice";
    field = toks[1].text;
    return {};
  }

  std::string round(const std::vector<std::string>& args, const std::vector<std::string>& written) {
    if (!match_) return "missing 'rules' before round 1";
    if (auto e = finishDeal(); !e.empty()) return e;
    if (auto e = closeHeader(); !e.empty()) return e;
    if (rec_.puzzle && !rec_.rounds.empty())
      return "a puzzle has one round: '" + files::cut(rec_.puzzle->title) + "' cannot take round " +
             std::to_string(rec_.rounds.size() + 1);
    const int expected = static_cast<int>(rec_.rounds.size()) + 1;
    // Why this round line cannot start a round (empty if it can): its form, then the match, then its number.
    std::string why;
    if (args.size() != 1)
      why = "round takes its number: round " + std::to_string(expected);
    else if (args[0].empty() ||
             !std::all_of(args[0].begin(), args[0].end(), [](char c) { return c >= '0' && c <= '9'; }))
      why = "round number '" + args[0] + "' is not a number";
    else if (args[0].size() > 1 && args[0][0] == '0')
      why = "round number '" + args[0] + "' has a leading zero: round " + std::to_string(expected);
    else if (why = match_->canStartRound(); !why.empty()) {
    } else if (const auto n = parseNumber(args[0]); !n || *n != expected)
      why = "expected round " + std::to_string(expected) + ", found round " + args[0];
    if (pendingError_) {
      const std::string text = pendingError_->text;
      pendingError_.reset();
      if (why.empty()) return "expected an error containing \"" + text + "\", but round " + args[0] + " can start";
      if (!contains(why, text)) return "expected an error containing \"" + text + "\", found: " + why;
      if (rec_.rounds.empty()) return why;  // a negative example needs a round to be kept in
      Statement s;                          // kept so that the record is written back whole
      s.kind = Statement::Kind::Move;
      s.line = line_;
      s.rejected = true;
      s.moveText = "round";
      for (const auto& a : written) s.moveText += ' ' + a;
      return push(std::move(s));
    }
    if (!why.empty()) return why;
    RoundRecord r;
    r.sourceLine = line_;
    r.number = expected;
    rec_.rounds.push_back(std::move(r));
    dealOpen_ = true;
    dealLines_ = {};
    return {};
  }

  std::string parseTiles(const std::vector<Token>& toks, std::size_t from, std::vector<Tile>& out) {
    for (std::size_t i = from; i < toks.size(); ++i) {
      auto t = parseTile(toks[i].text);
      if (!t) return malformedTile(toks[i].text);
      out.push_back(t->tile());
    }
    return {};
  }

  std::string deal(const std::string& head, const std::vector<Token>& toks) {
    if (rec_.rounds.empty()) return head + " must follow a 'round' line";
    if (!dealOpen_) return head + " belongs to the deal, before the round's first move";
    RoundRecord& r = rec_.rounds.back();
    if (head == "hand") return dealHand(r, toks);
    if (head == "stock") return dealStock(r, toks);
    if (head == "seed") return dealSeed(r, toks);
    if (head == "line") return dealLine(r, toks);
    if (head == "turn") return dealTurn(r, toks);
    return dealScore(r, toks);
  }

  // Marks a deal line as seen in round r, or says it was given twice.
  std::string once(const RoundRecord& r, LineNo& seenLine, const std::string& what) const {
    if (seenLine) return what + " given twice in round " + std::to_string(r.number);
    seenLine = line_;
    return {};
  }

  // hand A 6-6 ...: one player's tiles.
  std::string dealHand(RoundRecord& r, const std::vector<Token>& toks) {
    if (toks.size() < 2) return "hand needs a player: hand A 6-6 ...";
    auto p = parsePlayer(toks[1].text);
    if (!p) return "hand needs a player A or B, found '" + toks[1].text + "'";
    if (auto e = once(r, dealLines_.hand[idx(*p)], "hand " + toks[1].text); !e.empty()) return e;
    std::vector<Tile> tiles;
    if (auto e = parseTiles(toks, 2, tiles); !e.empty()) return e;
    for (Tile t : tiles) {
      if (auto e = claim(t); !e.empty()) return e;
      r.hand[idx(*p)] |= bit(t);
    }
    handCount_[idx(*p)] = static_cast<int>(tiles.size());
    return {};
  }

  // stock 6-6 ...: the stock's tiles in drawing order.
  std::string dealStock(RoundRecord& r, const std::vector<Token>& toks) {
    if (auto e = once(r, dealLines_.stock, "stock"); !e.empty()) return e;
    std::vector<Tile> tiles;
    if (auto e = parseTiles(toks, 1, tiles); !e.empty()) return e;
    for (Tile t : tiles)
      if (auto e = claim(t); !e.empty()) return e;
    r.stock = tiles;
    return {};
  }

  // seed n: the round's shuffle seed.
  std::string dealSeed(RoundRecord& r, const std::vector<Token>& toks) {
    if (auto e = once(r, dealLines_.seed, "seed"); !e.empty()) return e;
    if (toks.size() != 2) return "seed takes one number: seed 42";
    std::uint64_t n = 0;
    const std::string& w = toks[1].text;
    const auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), n);
    if (w.empty() || ec != std::errc{} || p != w.data() + w.size())
      return "seed '" + w + "' is not a number 0.." + std::to_string(UINT64_MAX);
    r.seed = n;
    return {};
  }

  // line 6-6* 6-5> ...: a position's line of play, the lead marked with *.
  std::string dealLine(RoundRecord& r, const std::vector<Token>& toks) {
    if (auto e = once(r, dealLines_.line, "line"); !e.empty()) return e;
    r.setup = true;
    int lead = -1;
    for (std::size_t i = 1; i < toks.size(); ++i)
      if (auto e = lineTile(r, toks[i].text, lead); !e.empty()) return e;
    r.leadIndex = lead >= 0 ? lead : 0;
    return {};
  }

  // One tile w of a line statement, appended to r.line; lead becomes its index if it carries *.
  std::string lineTile(RoundRecord& r, const std::string& w, int& lead) {
    auto t = w.size() >= 3 ? parseTile(std::string_view(w).substr(0, 3)) : std::nullopt;
    if (!t) return malformedTile(w);
    LaidTile lt{t->tile(), static_cast<std::uint8_t>(t->first), static_cast<std::uint8_t>(t->second),
                Heading::Straight};
    bool isLead = false, hasHeading = false;
    for (char c : std::string_view(w).substr(3)) {
      if (c == '*' && !isLead)
        isLead = true;
      else if ((c == '^' || c == '<' || c == '>') && !hasHeading) {
        hasHeading = true;
        lt.heading = c == '^' ? Heading::Straight : c == '<' ? Heading::Left : Heading::Right;
      } else
        return "malformed line tile '" + w + "': a tile may carry * (the lead) and one of ^ < > (its heading)";
    }
    if (hasHeading && rec_.rules.layout != LayoutRule::Free)
      return "line tile '" + w + "' has a heading, which needs layout=free";
    if (isLead) {
      if (lead >= 0) return "the line marks two leads with *";
      if (hasHeading) return "the lead '" + w + "' cannot carry a heading";
      lead = static_cast<int>(r.line.size());
    }
    if (auto e = claim(lt.tile); !e.empty()) return e;
    r.line.push_back(lt);
    return {};
  }

  // turn A: whose turn a position starts with.
  std::string dealTurn(RoundRecord& r, const std::vector<Token>& toks) {
    if (auto e = once(r, dealLines_.turn, "turn"); !e.empty()) return e;
    if (toks.size() != 2 || !parsePlayer(toks[1].text)) return "turn takes a player: turn A or turn B";
    r.setup = true;
    r.turn = parsePlayer(toks[1].text);
    return {};
  }

  // score A n B n: the match score before the round.
  std::string dealScore(RoundRecord& r, const std::vector<Token>& toks) {
    if (auto e = once(r, dealLines_.score, "score"); !e.empty()) return e;
    auto sc = parseScore(toks, 1);
    if (auto* e = std::get_if<std::string>(&sc)) return *e;
    r.score = std::get<std::array<int, 2>>(sc);
    return {};
  }

  static std::variant<std::array<int, 2>, std::string> parseScore(const std::vector<Token>& toks, std::size_t from) {
    if (toks.size() != from + 4) return std::string("score takes both players: score A 40 B 12");
    std::array<int, 2> s{};
    bool seen[2] = {false, false};
    for (std::size_t i = from; i < toks.size(); i += 2) {
      auto p = parsePlayer(toks[i].text);
      auto n = parseNumber(toks[i + 1].text);
      if (!p || seen[idx(*p)]) return std::string("score takes both players: score A 40 B 12");
      if (!n || *n < 0 || *n > 100000) return "score '" + toks[i + 1].text + "' is not a score";
      seen[idx(*p)] = true;
      s[idx(*p)] = static_cast<int>(*n);
    }
    return s;
  }

  std::string claim(Tile t) {
    if (dealt_ & bit(t)) return "the deal repeats " + tileText(t);
    dealt_ |= bit(t);
    return {};
  }

  // Closes the deal section of the current round and starts the round on the match.
  std::string finishDeal() {
    if (!dealOpen_) return {};
    dealOpen_ = false;
    RoundRecord& r = rec_.rounds.back();
    const LineNo roundLine = r.sourceLine;
    auto fail = [&](const std::string& m, LineNo line) {
      errorLine_ = line ? line : roundLine;
      return m;
    };
    const Mask dealt = dealt_;
    dealt_ = 0;
    if (r.seed) {
      if (dealLines_.hand[0] || dealLines_.hand[1] || dealLines_.stock || dealLines_.line)
        return fail("a round dealt by seed cannot also give hands, stock or line", dealLines_.seed);
      const Deal d = dealFromSeed(*r.seed, rec_.rules.hand);
      r.hand = d.hand;
      r.stock.assign(d.stock.begin(), d.stock.begin() + d.stockSize);
    } else {
      for (int p = 0; p < 2; ++p)
        if (!dealLines_.hand[p])
          return fail(
              std::string("round ") + std::to_string(r.number) + " has no hand " + letter(static_cast<Player>(p)), 0);
      // A missing `stock` line is an empty stock (all 28 tiles in the hands and the line).
      // The first problem wins: a hand of the wrong size shows on its own line, before the last
      // deal line where a missing tile shows.
      if (!r.setup) {
        int wrong = -1;  // the wrong-sized hand written first
        for (int p = 0; p < 2; ++p)
          if (handCount_[p] != rec_.rules.hand && (wrong < 0 || dealLines_.hand[p] < dealLines_.hand[wrong])) wrong = p;
        if (wrong >= 0)
          return fail(std::string("hand ") + letter(static_cast<Player>(wrong)) + " has " +
                          std::to_string(handCount_[wrong]) + " tiles, but the rules deal " +
                          std::to_string(rec_.rules.hand),
                      dealLines_.hand[wrong]);
      }
      if (dealt != kAllTiles) {
        const LineNo last = std::max({dealLines_.hand[0], dealLines_.hand[1], dealLines_.stock, dealLines_.line});
        return fail("the deal misses " + tileText(static_cast<Tile>(std::countr_zero(~dealt & kAllTiles))), last);
      }
    }
    if (r.setup)
      for (int p = 0; p < 2; ++p)
        if (!r.hand[p])
          return fail(std::string("hand ") + letter(static_cast<Player>(p)) + " is empty: the round would be over",
                      dealLines_.hand[p]);
    if (r.setup && !dealLines_.turn && !r.line.empty())
      return fail("a setup with a line needs 'turn A' or 'turn B'", dealLines_.line);
    if (auto why = startRound(*match_, r); !why.empty())
      return fail(why, dealLines_.line ? dealLines_.line : dealLines_.turn ? dealLines_.turn : roundLine);
    if (auto why = puzzleRound(r); !why.empty()) return fail(why, roundLine);
    if (visit_) visit_(r, nullptr, *match_);
    return {};
  }

  // puzzle "title": marks the record as a puzzle.
  std::string puzzle(const std::vector<Token>& toks) {
    if (!rec_.rounds.empty()) return "puzzle belongs in the header, before round 1";
    if (toks.size() != 2 || !toks[1].quoted || toks[1].text.empty())
      return "puzzle takes its title, one quoted string: puzzle \"Only one move wins\"";
    if (rec_.puzzle) return "puzzle given twice";
    rec_.puzzle.emplace();
    rec_.puzzle->line = line_;
    rec_.puzzle->title = toks[1].text;
    return {};
  }

  // theme WORD...: the puzzle's themes.
  std::string theme(const std::vector<std::string>& args) {
    if (!rec_.rounds.empty()) return "theme belongs in the header, before round 1";
    if (themeLine_) return "theme given twice";
    if (args.empty()) return "theme takes one or more of: heavy doubles variety strongest read count block";
    for (const auto& w : args) {
      if (std::find(kPuzzleThemes.begin(), kPuzzleThemes.end(), w) == kPuzzleThemes.end())
        return "unknown theme '" + w + "': the themes are heavy doubles variety strongest read count block";
      if (std::find(themes_.begin(), themes_.end(), w) != themes_.end()) return "theme '" + w + "' given twice";
      themes_.push_back(w);
    }
    themeLine_ = line_;
    return {};
  }

  // rating N: the puzzle's estimated difficulty, a whole number 0..kMaxRating.
  std::string rating(const std::vector<std::string>& args) {
    if (!rec_.rounds.empty()) return "rating belongs in the header, before round 1";
    if (ratingLine_) return "rating given twice";
    std::string bad = "rating takes a whole number 0.." + std::to_string(kMaxRating) + ": rating 1500";
    if (args.size() != 1 || args[0].empty() || args[0].size() > 5 ||
        !std::all_of(args[0].begin(), args[0].end(), [](char c) { return c >= '0' && c <= '9'; }) ||
        (args[0].size() > 1 && args[0][0] == '0'))
      return bad;
    const auto n = parseNumber(args[0]);
    if (!n || *n > kMaxRating) return bad;
    rating_ = static_cast<int>(*n);
    ratingLine_ = line_;
    return {};
  }

  // At the header's end (round 1, or the record's end): theme and rating need a puzzle.
  std::string closeHeader() {
    if (headerClosed_) return {};
    headerClosed_ = true;
    if (!rec_.puzzle) {
      errorLine_ = themeLine_ ? themeLine_ : ratingLine_;
      if (themeLine_) return "theme belongs to a puzzle: the record has no 'puzzle' line";
      if (ratingLine_) return "rating belongs to a puzzle: the record has no 'puzzle' line";
      return {};
    }
    rec_.puzzle->themes = std::move(themes_);
    rec_.puzzle->rating = rating_;
    return {};
  }

  // A puzzle's round starts from a setup and is closed to chance.
  std::string puzzleRound(const RoundRecord& r) const {
    if (!rec_.puzzle) return {};
    if (!r.setup) return "a puzzle's round starts from a setup ('line' and 'turn'), not from a deal";
    const Rules& rules = rec_.rules;
    if (rules.draw != DrawRule::None && static_cast<int>(r.stock.size()) > rules.reserve)
      return "a puzzle is closed to chance: the stock holds " + std::to_string(r.stock.size()) +
             " tiles and reserve is " + std::to_string(rules.reserve) + ", so a tile could be drawn (draw=none, or " +
             "no more stock than reserve)";
    return {};
  }

  // solution MOVE: a move of the player to move in the setup that wins by force; not played.
  std::string solution(const std::vector<std::string>& args) {
    if (!rec_.puzzle) return "solution belongs to a puzzle: the record has no 'puzzle' line";
    if (auto e = ensureRound("a solution"); !e.empty()) return e;
    if (args.empty()) return "solution takes a move: solution 1-1 L";
    const auto who = match_->toMove();
    if (!who) return "the puzzle's round is over: no move to find";
    const FoundMove found = findMove(*match_, *who, args);
    std::string words;
    for (const auto& a : args) words += (words.empty() ? "" : " ") + a;
    if (!found.error.empty()) return "solution '" + words + "' is not a legal move: " + found.error;
    Solution sol;
    sol.line = line_;
    sol.move = *found.move;
    sol.text = sol.move.kind == MoveKind::Play ? match_->moveText(sol.move) : legalText(*match_, sol.move);
    for (const Solution& o : rec_.puzzle->solutions)
      if (o.move.same(sol.move)) return "solution " + sol.text + " repeats line " + std::to_string(o.line);
    if (lineComment_) sol.comment = std::exchange(lineComment_, std::nullopt).value();
    rec_.puzzle->solutions.push_back(std::move(sol));
    return {};
  }

  // At the record's end: a puzzle has its round and its solutions.
  std::string finishPuzzle() {
    if (!rec_.puzzle) return {};
    if (rec_.rounds.empty()) {
      errorLine_ = rec_.puzzle->line;
      return "a puzzle needs one round from a setup";
    }
    if (rec_.puzzle->solutions.empty()) {
      errorLine_ = rec_.rounds.back().sourceLine;
      return "a puzzle lists its solutions: it has no 'solution' line";
    }
    return {};
  }

  std::string ensureRound(const char* what) {
    if (!match_) return std::string("missing 'rules' before ") + what;
    if (rec_.rounds.empty()) return std::string(what) + " before round 1";
    return finishDeal();
  }

  std::string note(std::vector<Token>& toks) {
    if (toks.size() != 2 || !toks[1].quoted) return "note takes one quoted string: note \"...\"";
    if (auto e = ensureRound("a note"); !e.empty()) return e;
    Statement s;
    s.kind = Statement::Kind::Note;
    s.line = line_;
    s.note = std::move(toks[1].text);  // a note may be megabytes long: moved, not copied
    return push(std::move(s));
  }

  // task KIND ... "prompt" ["explanation"]: a step of a lesson. Its form is checked here (readTask);
  // a play's moves are resolved against the position when they are legal there, and kept as
  // written otherwise (lesson::validate, run by `dominoes check`, says why they are wrong).
  std::string task(const std::vector<Token>& toks) {
    if (auto e = ensureRound("a task"); !e.empty()) return e;
    auto read = readTask(toks);
    if (auto* e = std::get_if<std::string>(&read)) return *e;
    auto& [t, moveWords] = std::get<ReadTask>(read);
    const auto who = match_->toMove();
    for (std::size_t i = 0; i < moveWords.size() && who; ++i)
      if (const FoundMove found = findMove(*match_, *who, moveWords[i]); found.move) t.moves[i] = *found.move;
    t.line = line_;
    Statement s;
    s.kind = Statement::Kind::Task;
    s.line = line_;
    s.task = std::move(t);
    return push(std::move(s));
  }

  std::string push(Statement s) {
    if (lineComment_ && s.line == line_) s.comment = std::exchange(lineComment_, std::nullopt).value();
    rec_.rounds.back().statements.push_back(s);
    if (visit_) visit_(rec_.rounds.back(), &s, *match_);
    return {};
  }

  static bool contains(const std::string& hay, const std::string& needle) {
    if (hay.find(needle) != std::string::npos) return true;
    auto lower = [](std::string s) {
      for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return s;
    };
    return lower(hay).find(lower(needle)) != std::string::npos;
  }

  std::string move(Player who, const std::vector<std::string>& args, const std::vector<std::string>& written) {
    if (auto e = ensureRound("a move"); !e.empty()) return e;
    const FoundMove found = findMove(*match_, who, args);
    const std::string& why = found.error;
    if (pendingError_) {
      const std::string expected = pendingError_->text;
      pendingError_.reset();
      if (why.empty()) return "expected an error containing \"" + expected + "\", but the move is legal";
      if (!contains(why, expected)) return "expected an error containing \"" + expected + "\", found: " + why;
      Statement s;
      s.kind = Statement::Kind::Move;
      s.line = line_;
      s.player = who;
      s.rejected = true;
      s.moveText = std::string(1, letter(who)) + ":";
      for (const auto& a : written) s.moveText += " " + a;  // quoted words stay quoted
      if (found.written) s.move = found.written->move;
      return push(std::move(s));
    }
    if (!why.empty()) return why;
    // (A negative example above is checked, not played: a puzzle may teach with one.)
    if (rec_.puzzle) return "a puzzle plays no moves: its position stays the setup (write 'solution MOVE')";
    Statement s;
    s.kind = Statement::Kind::Move;
    s.line = line_;
    s.player = who;
    s.move = *found.move;
    if (s.move.kind == MoveKind::Play) s.moveText = match_->moveText(s.move);
    s.move = match_->apply(s.move);
    if (s.move.kind != MoveKind::Play) s.moveText = match_->moveText(s.move);
    return push(std::move(s));
  }

  // `expect WHAT ...`: checked against the match as it stands, by one function per kind. Each returns
  // the message for words it cannot read, and sets `failure` when the match differs from them.
  using ExpectCheck = std::string (Reader::*)(const std::vector<Token>& toks, const std::vector<std::string>& w,
                                              std::string& failure) const;

  std::string expect(const std::vector<Token>& toks) {
    if (toks.size() < 2)
      return "expect needs what to check: turn, ends, legal, hand, stock, result, score, match or error";
    const std::string& what = toks[1].text;
    std::vector<std::string> w;  // the words after WHAT (legal reads its own, its list may be long)
    for (std::size_t i = 2; i < toks.size() && what != "legal"; ++i) w.push_back(toks[i].text);
    if (!match_) return "missing 'rules' before an expect";
    if (!rec_.rounds.empty())
      if (auto err = finishDeal(); !err.empty()) return err;
    if (what == "error") return expectError(toks);
    static constexpr std::array<std::pair<std::string_view, ExpectCheck>, 8> kChecks{{
        {"turn", &Reader::expectTurn},
        {"ends", &Reader::expectEnds},
        {"legal", &Reader::expectLegal},
        {"hand", &Reader::expectHand},
        {"stock", &Reader::expectStock},
        {"result", &Reader::expectResult},
        {"score", &Reader::expectScore},
        {"match", &Reader::expectMatch},
    }};
    const auto check = std::find_if(kChecks.begin(), kChecks.end(), [&](const auto& c) { return c.first == what; });
    if (check == kChecks.end())
      return "unknown expect '" + what + "': expect turn, ends, legal, hand, stock, result, score, match or error";
    std::string failure;
    if (auto e = (this->*check->second)(toks, w, failure); !e.empty()) return e;
    if (!failure.empty()) return "expect " + what + " failed: " + failure;
    return keepExpect(toks);
  }

  // Keeps an expect among the round's statements (one before round 1 is checked, not kept), with
  // its words after "expect" as written: made only now, so that a refused list of a million entries
  // is never copied.
  std::string keepExpect(const std::vector<Token>& toks) {
    if (rec_.rounds.empty()) return {};
    Statement s;
    s.kind = Statement::Kind::Expect;
    s.line = line_;
    s.expectText = toks[1].text;
    for (std::size_t i = 2; i < toks.size(); ++i) s.expectText += ' ' + writtenWord(toks[i]);
    forRest([&](const Token& tok) { s.expectText += ' ' + writtenWord(tok); });
    return push(std::move(s));
  }

  // `expect error "text"`: the next move (or round line) must be refused with a message holding text.
  std::string expectError(const std::vector<Token>& toks) {
    if (toks.size() != 3 || toks[2].text.empty() || !toks[2].quoted)
      return "expect error takes one quoted message: expect error \"not B's turn\"";
    if (pendingError_) return "two 'expect error' lines in a row: each needs its own move";
    Expect e;
    e.kind = ExpectKind::Error;
    e.text = toks[2].text;
    pendingError_ = e;
    pendingErrorLine_ = line_;
    return keepExpect(toks);
  }

  std::string expectTurn(const std::vector<Token>&, const std::vector<std::string>& w, std::string& failure) const {
    if (w.size() != 1 || (w[0] != "none" && !parsePlayer(w[0]))) return "expect turn takes A, B or none";
    const auto found = match_->toMove();
    if (found != parsePlayer(w[0]))
      failure = "expected turn " + w[0] + ", found " + (found ? std::string(1, letter(*found)) : std::string("none"));
    return {};
  }

  std::string expectEnds(const std::vector<Token>&, const std::vector<std::string>& w, std::string& failure) const {
    std::vector<int> ends;
    if (!(w.size() == 1 && w[0] == "none")) {
      if (w.size() != 2) return "expect ends takes two pips (L then R), or none";
      for (const auto& x : w) {
        auto n = parseNumber(x);
        if (!n || *n < 0 || *n > 6) return "expect ends: '" + x + "' is not a pip 0-6";
        ends.push_back(static_cast<int>(*n));
      }
    }
    const Match& m = *match_;
    std::vector<int> found;
    if (m.round() > 0 && !m.state().beforeLead()) found = {m.state().ends[0], m.state().ends[1]};
    if (found != ends) failure = "expected ends " + endsText(ends) + ", found " + endsText(found);
    return {};
  }

  // One pass over the words and commas, each entry checked as its comma is met: linear in the line's
  // length, and nothing kept per entry (a refused list may hold a million of them).
  std::string expectLegal(const std::vector<Token>& toks, const std::vector<std::string>&, std::string& failure) const {
    const Match& m = *match_;
    bool single = true;  // no comma at all: "none" or nothing is a single entry
    for (std::size_t i = 2; i < toks.size(); ++i) single = single && toks[i].text.find(',') == std::string::npos;
    single = single && !restHasComma_;
    const MoveList found = m.legalMoves();
    std::uint64_t covered = 0;  // the found moves some entry names
    std::size_t entries = 0;
    bool allFound = true;
    std::vector<std::string> entry;  // at most 5 words: readMove's verdict never looks further
    std::string why;
    auto finishEntry = [&]() -> std::string {
      if (single && (entry.empty() || (entry.size() == 1 && entry[0] == "none"))) return {};
      if (entry.empty()) return "expect legal: an empty entry between commas";
      auto mv = readMove(entry);
      if (auto* f = std::get_if<std::string>(&mv)) return "expect legal: " + *f;
      const Move x = std::get<WrittenMove>(mv).move;
      bool in = false;
      for (int j = 0; j < found.size; ++j)
        if (x.same(found.moves[static_cast<std::size_t>(j)])) {
          in = true;
          covered |= std::uint64_t{1} << j;
        }
      allFound = allFound && in;
      ++entries;
      entry.clear();
      return {};
    };
    std::string x;  // the list as written, echoed cut when the check fails
    auto take = [&](const Token& tok) {
      if (!why.empty()) return;
      if (x.size() <= 480) x += (x.empty() ? "" : " ") + tok.text.substr(0, 481);  // a word may be megabytes
      const std::string& t = tok.text;
      for (std::size_t i = 0; i < t.size() && why.empty();) {
        const char c = t[i];
        if (c == ',') {
          why = finishEntry();
          ++i;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f') {
          ++i;
        } else {
          const std::size_t end = t.find_first_of(", \t\r\n\v\f", i);
          const std::size_t stop = end == std::string::npos ? t.size() : end;
          if (entry.size() < 5) entry.push_back(t.substr(i, stop - i));
          i = stop;
        }
      }
    };
    for (std::size_t i = 2; i < toks.size(); ++i) take(toks[i]);
    forRest(take);
    if (why.empty()) why = finishEntry();
    if (!why.empty()) return why;
    const std::uint64_t all = found.size >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << found.size) - 1;
    if (entries != static_cast<std::size_t>(found.size) || !allFound || covered != all) {
      std::string f;
      for (const Move& y : found) f += (f.empty() ? "" : ", ") + legalText(m, y);
      // The list as written may be megabytes long: it is echoed cut, as a word is.
      failure = "expected legal " + (x.empty() ? std::string("none") : files::cut(x, 120)) + ", found " +
                (f.empty() ? "none" : f);
    }
    return {};
  }

  std::string expectHand(const std::vector<Token>&, const std::vector<std::string>& w, std::string& failure) const {
    if (w.empty() || !parsePlayer(w[0])) return "expect hand takes a player and tiles: expect hand A 5-5 3-2";
    const Player p = *parsePlayer(w[0]);
    Mask hand = 0;
    for (std::size_t i = 1; i < w.size(); ++i) {
      if (w[i] == "none" && w.size() == 2) break;
      auto t = parseTile(w[i]);
      if (!t) return malformedTile(w[i]);
      hand |= bit(t->tile());
    }
    const Mask found = match_->round() > 0 ? match_->state().hand[idx(p)] : 0;
    if (found != hand) failure = "expected hand " + w[0] + " " + handText(hand) + ", found " + handText(found);
    return {};
  }

  std::string expectStock(const std::vector<Token>&, const std::vector<std::string>& w, std::string& failure) const {
    auto n = w.size() == 1 ? parseNumber(w[0]) : std::nullopt;
    if (!n || *n < 0 || *n > kTiles) return "expect stock takes a tile count: expect stock 3";
    const int found = match_->round() > 0 ? match_->state().stockCount() : 0;
    if (found != static_cast<int>(*n)) failure = "expected stock " + w[0] + ", found " + std::to_string(found);
    return {};
  }

  std::string expectResult(const std::vector<Token>&, const std::vector<std::string>& w, std::string& failure) const {
    const auto& r = match_->lastResult();
    if (w.size() == 1 && (w[0] == "tie" || w[0] == "none")) {
      const bool none = w[0] == "none";
      if (none && r) failure = "expected no result, found " + resultText(*r);
      if (!none && (!r || r->winner != 2)) failure = "expected result tie, found " + (r ? resultText(*r) : "none");
      return {};
    }
    const auto points = w.size() == 3 ? parseNumber(w[2]) : std::nullopt;
    if (w.size() != 3 || !parsePlayer(w[0]) || (w[1] != "domino" && w[1] != "blocked") || !points || *points < 0 ||
        *points > 1000)
      return "expect result takes a winner, how and points 0..1000 (expect result A domino 23), or tie";
    const RoundStatus how = w[1] == "domino" ? RoundStatus::Domino : RoundStatus::Blocked;
    if (!r || r->winner != idx(*parsePlayer(w[0])) || r->how != how || r->points != static_cast<int>(*points))
      failure = "expected result " + w[0] + " " + w[1] + " " + w[2] + ", found " + (r ? resultText(*r) : "none");
    return {};
  }

  std::string expectScore(const std::vector<Token>& toks, const std::vector<std::string>&, std::string& failure) const {
    auto sc = parseScore(toks, 2);
    if (auto* err = std::get_if<std::string>(&sc)) return "expect " + *err;
    const auto score = std::get<std::array<int, 2>>(sc);
    const auto& found = match_->scores();
    if (found != score)
      failure = "expected score A " + std::to_string(score[0]) + " B " + std::to_string(score[1]) + ", found A " +
                std::to_string(found[0]) + " B " + std::to_string(found[1]);
    return {};
  }

  std::string expectMatch(const std::vector<Token>&, const std::vector<std::string>& w, std::string& failure) const {
    if (w.size() != 1 || (w[0] != "tie" && w[0] != "none" && !parsePlayer(w[0])))
      return "expect match takes A, B, tie or none";
    const Match& m = *match_;
    std::string found = !m.matchOver() ? "none" : m.matchWinner() == 2 ? "tie" : std::string(1, "AB"[m.matchWinner()]);
    if (found != w[0])
      failure = "expected match " + w[0] + ", found " + (found == "none" ? "the match still on" : found);
    return {};
  }

  static std::string endsText(const std::vector<int>& e) {
    if (e.empty()) return "none";
    std::string s;
    for (int x : e) s += (s.empty() ? "" : " ") + std::to_string(x);
    return s;
  }
  static std::string resultText(const RoundResult& r) {
    if (r.winner == 2) return "tie";
    return std::string(1, "AB"[r.winner]) + (r.how == RoundStatus::Domino ? " domino " : " blocked ") +
           std::to_string(r.points);
  }

  std::string_view file_;
  const Visit& visit_;
  LineNo firstLine_ = 1;
  Record rec_;
  std::optional<Match> match_;
  bool sawDgn_ = false;
  LineNo line_ = 0;
  bool dealOpen_ = false;
  struct DealLines {
    LineNo hand[2] = {0, 0};
    LineNo stock = 0, seed = 0, line = 0, turn = 0, score = 0;
  } dealLines_;
  int handCount_[2] = {0, 0};
  Mask dealt_ = 0;
  LineNo errorLine_ = 0;  // where an error belongs when it is not the current line (a deal's)
  std::optional<Expect> pendingError_;
  LineNo pendingErrorLine_ = 0;
  std::optional<std::string> lineComment_;  // the current line's `#` comment, until a statement takes it
  bool tooManyWords_ = false;               // the line goes on past kMaxWords words (only those were read)
  std::string_view rest_;                   // an `expect legal` line after its first two words
  std::vector<std::string> themes_;         // a puzzle's header, until the header closes
  std::optional<int> rating_;
  LineNo themeLine_ = 0, ratingLine_ = 0;
  bool headerClosed_ = false;
  bool restHasComma_ = false;

  // Calls f with each token of rest_ in turn (the line was checked: no error, the comment skipped).
  template <class F>
  void forRest(F&& f) const {
    std::size_t i = 0;
    std::string error;
    std::optional<std::string> comment;
    for (Token t; nextToken(rest_, i, t, comment, error);) f(t);
  }
};

}  // namespace

std::string startRound(Match& match, const RoundRecord& r) {
  if (auto why = match.canStartRound(); !why.empty()) return why;
  if (r.setup) return match.startSetup(r);  // the round's position is a Setup
  Deal d;
  d.hand = r.hand;
  if (r.stock.size() > kMaxStock) return "the stock holds more than " + std::to_string(kMaxStock) + " tiles";
  for (Tile t : r.stock) d.stock[d.stockSize++] = t;
  if (r.score) match.setScores(*r.score);
  match.startRound(d);
  return {};
}

namespace {
// A text of several records where one is read: "the file holds N records ..." on the second's `dgn` line.
std::optional<Error> collectionError(std::string_view text, std::string_view file, LineNo firstLine);

// Runs the reader; `last`, when given, receives the match as the record leaves it. An allocation
// failure is reported on the line being read, once the reader's memory is given back.
std::variant<Record, Error> readRecord(std::string_view text, std::string_view file, const Visit& visit,
                                       std::optional<Match>* last, LineNo firstLine = 1) {
  // The file's expected errors are English: so are the engine's reasons they are compared with.
  const EnglishWords english;
  auto reader = std::make_unique<Reader>(file, visit, firstLine);
  try {
    auto r = reader->run(text);
    if (last && std::holds_alternative<Record>(r)) *last = reader->takeMatch();
    return r;
  } catch (const std::bad_alloc&) {
    const auto line = reader->line();
    reader.reset();
    return Error{std::string(file), line, "out of memory"};
  }
}
}  // namespace

std::variant<Record, Error> read(std::string_view text, std::string_view file, const Visit& visit, LineNo firstLine) {
  if (auto e = collectionError(text, file, firstLine)) return *e;
  return readRecord(text, file, visit, nullptr, firstLine);
}

namespace {
// Whether a line holds a statement (not only blanks and a comment), and whether its first word is
// an unquoted `dgn`.
struct LineKind {
  bool statement = false, dgn = false;
};
LineKind lineKind(std::string_view line) {
  if (line.starts_with(kBom)) line.remove_prefix(3);  // a file's start, or one concatenated after another
  std::size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
  if (i == line.size() || line[i] == '#') return {};
  const std::string_view w = line.substr(i, 3);
  const char after = i + 3 < line.size() ? line[i + 3] : ' ';
  const bool dgn = w == "dgn" && (after == ' ' || after == '\t' || after == '\r' || after == '#' || after == '"');
  return {true, dgn};
}

// The final match is the reader's own: copying the match after every statement, as a visit would,
// costs time in proportion to the rounds already played (their results) on every statement.
std::variant<Loaded, Error> loadOne(std::string_view text, std::string_view file, LineNo firstLine) {
  std::optional<Match> last;
  auto r = readRecord(text, file, {}, &last, firstLine);
  if (auto* e = std::get_if<Error>(&r)) return *e;
  Record rec = std::move(std::get<Record>(r));
  if (!last) last.emplace(rec.rules);
  return Loaded{std::move(rec), std::move(*last)};
}
}  // namespace

void forEachRecord(std::string_view text, const std::function<void(const Part&)>& f) {
  std::size_t start = 0, pos = 0, afterStatement = 0;  // afterStatement: where the line after the last statement starts
  LineNo lineNo = 0, startLine = 1, statementLine = 0, dgnLine = 0;
  bool hasStatement = false;
  while (pos <= text.size()) {
    const std::size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    ++lineNo;
    const LineKind k = lineKind(line);
    const std::size_t next = nl == std::string_view::npos ? text.size() : nl + 1;
    if (k.dgn && hasStatement) {
      f({text.substr(start, afterStatement - start), startLine, dgnLine});
      start = afterStatement;
      startLine = statementLine + 1;
      hasStatement = false;
    }
    if (k.statement) {
      if (!hasStatement) dgnLine = k.dgn ? lineNo : 0;
      hasStatement = true;
      afterStatement = next;
      statementLine = lineNo;
    }
    if (nl == std::string_view::npos) break;
    pos = next;
  }
  f({text.substr(start), startLine, hasStatement ? dgnLine : 0});
}

namespace {
std::optional<Error> collectionError(std::string_view text, std::string_view file, LineNo firstLine) {
  std::uint64_t count = 0;
  LineNo second = 0;
  forEachRecord(text, [&](const Part& p) {
    if (++count == 2) second = p.dgnLine;
  });
  if (count < 2) return std::nullopt;
  return Error{std::string(file), second + firstLine - 1,
               "the file holds " + std::to_string(count) + " records (a collection): name the one to read (1 to " +
                   std::to_string(count) + ")"};
}
}  // namespace

std::vector<Part> splitRecords(std::string_view text) {
  std::vector<Part> parts;
  forEachRecord(text, [&](const Part& p) { parts.push_back(p); });
  return parts;
}

std::variant<Loaded, Error> load(std::string_view text, std::string_view file, LineNo firstLine) {
  if (auto e = collectionError(text, file, firstLine)) return *e;
  return loadOne(text, file, firstLine);
}

std::variant<Loaded, Error> loadPart(const Part& part, std::string_view file) {
  return loadOne(part.text, file, part.firstLine);
}

std::variant<std::string, Error> readFile(const std::string& path, std::uint64_t maxSize) {
  std::variant<std::string, files::ReadError> text;
  try {
    // `-` is standard input (a pipe), read to its end within the same limit.
    text = path == "-" ? files::readStream(0, maxSize, "standard input") : files::readText(path, maxSize);
  } catch (const std::bad_alloc&) {
    return Error{path, 0, "out of memory"};
  }
  if (auto* e = std::get_if<files::ReadError>(&text)) return Error{path, 0, e->message};
  return std::move(std::get<std::string>(text));
}

std::variant<Loaded, Error> loadFile(const std::string& path, std::uint64_t maxSize, std::uint64_t record) {
  auto text = readFile(path, maxSize);
  if (auto* e = std::get_if<Error>(&text)) return *e;
  if (!record) return load(std::get<std::string>(text), path);
  std::optional<Part> chosen;
  std::uint64_t count = 0;
  forEachRecord(std::get<std::string>(text), [&](const Part& p) {
    if (++count == record) chosen = p;
  });
  if (!chosen)
    return Error{path, 0,
                 "the file holds " + std::to_string(count) + (count == 1 ? " record" : " records") +
                     ": there is no record " + std::to_string(record)};
  return loadPart(*chosen, path);
}

void appendMove(RoundRecord& round, const Match& before, Player who, const Move& move) {
  Statement s;
  s.kind = Statement::Kind::Move;
  s.player = who;
  s.move = move;
  s.moveText = before.moveText(move);
  round.statements.push_back(s);
}

std::string legalText(const Match& m, const Move& move) {
  if (move.kind == MoveKind::Draw) return "draw";
  if (move.kind == MoveKind::Pass) return "pass";
  if (move.end == End::None) return tileText(move.tile);
  return m.moveText(move);
}

std::string write(const Record& rec) {
  std::ostringstream o;
  auto comments = [&](const Texts& cs) {
    for (const auto& c : cs) o << '#' << commentText(c) << "\n";
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
        o << "solution " << sol.text << (sol.comment.empty() ? "" : "  #" + commentText(sol.comment)) << "\n";
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
        o << '#' << commentText(s.comment);
      else if (!s.comment.empty())
        o << "  #" << commentText(s.comment);
      o << "\n";
    }
  }
  return o.str();
}

std::string saveFile(const std::string& path, std::string_view text) { return files::writeAtomic(path, text); }

}  // namespace dom::dgn
