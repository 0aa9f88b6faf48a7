// SPDX-License-Identifier: MIT
// A record's statements stored compactly (dgn.h: Statements, Texts): a byte stream, not a vector
// of structs, so that a record's memory stays within a few times its file.
#include <algorithm>
#include <cstring>

#include "core/dgn.h"

namespace dom::dgn {

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

}  // namespace dom::dgn
