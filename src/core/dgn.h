// SPDX-License-Identifier: MIT
// DGN, the text format for game logs, positions and scenarios: reading, replaying and writing.
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/match.h"
#include "core/movetext.h"

namespace dom::dgn {

// A line number: 64-bit, so that a file of more than 2^31 lines is still counted right.
using LineNo = std::int64_t;

struct Error {
  std::string file;
  LineNo line = 0;
  std::string message;
  [[nodiscard]] std::string text() const;  // "FILE:LINE: message"
};

enum class ExpectKind { Turn, Ends, Legal, Hand, Stock, Result, Score, Match, Error };

struct Expect {
  ExpectKind kind = ExpectKind::Turn;
  std::optional<Player> player;            // Turn (nullopt: none), Hand, Result/Match winner (nullopt: tie)
  std::vector<int> ends;                   // Ends: empty before the lead
  Mask hand = 0;                           // Hand
  int number = 0;                          // Stock count; Result points
  RoundStatus how = RoundStatus::Blocked;  // Result
  bool none = false;                       // Result/Match: "none" (no round over yet / match on)
  std::array<int, 2> score{};              // Score
  std::string text;                        // Error: the expected message fragment
};

// A `task` statement of a lesson (dgn.md, Lessons and tasks): what the learner must do at the position
// where it stands. The reader checks its form; lesson::validate checks its answer against the position.
struct Task {
  enum class Kind : std::uint8_t { Play, Draw, Pass, End, Tiles, Points } kind = Kind::Play;
  LineNo line = 0;
  std::vector<Move> moves;  // Play: the moves asked for (resolved against the position when legal there)
  End end = End::None;      // End: the end that is blocked
  Mask tiles = 0;           // Tiles: the tiles that can be played
  int points = 0;           // Points: what the round just ended scores
  std::string prompt, explanation;
  std::string text;  // the words after `task`, as written (one space apart, strings quoted): what the writer writes
};

struct Statement {
  // Comment: a line holding only one. Task: a lesson's `task` line (`task` holds it).
  enum class Kind : std::uint8_t { Move, Note, Expect, Comment, Task } kind = Kind::Move;
  LineNo line = 0;
  Player player = Player::A;  // Move (other kinds do not keep a player)
  Move move;                  // Move: as read; after a replay, resolved (end, drawn tile). Kept for moves only.
  bool rejected = false;      // a negative example after `expect error`: checked, not played;
                              // moveText then holds the whole statement as written
  std::string moveText;       // Move: the canonical text, filled by the replay
  std::string note;           // Note
  std::string expectText;     // Expect: its words after "expect", as written (normalised spaces); the
                              // reader checks an expect as it reads it, so its words are all it keeps
  std::string comment;        // the `#` comment ending the line (its text after '#'); a Comment's text
  std::optional<Task> task;   // Task
};

// A list of statements held compactly in one chunked byte string: a statement costs its text and a
// few bytes (a `note "x"` line of 9 bytes takes about 4), so that reading a record takes memory
// within a small multiple of the file. Statements are read back by value; iteration decodes them
// in turn (the reference an iterator gives stays valid until it moves on).
class Statements {
 public:
  class Iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = Statement;
    using difference_type = std::ptrdiff_t;
    using pointer = const Statement*;
    using reference = const Statement&;
    Iterator() = default;
    [[nodiscard]] const Statement& operator*() const { return current_; }
    [[nodiscard]] const Statement* operator->() const { return &current_; }
    Iterator& operator++();
    Iterator operator++(int) {
      Iterator old = *this;
      ++*this;
      return old;
    }
    [[nodiscard]] bool operator==(const Iterator& o) const { return index_ == o.index_; }

   private:
    friend class Statements;
    Iterator(const Statements* list, std::size_t index, std::uint64_t offset, LineNo prevLine);
    void decode();
    const Statements* list_ = nullptr;
    std::size_t index_ = 0;
    std::uint64_t offset_ = 0, next_ = 0;
    LineNo prevLine_ = 0;
    Statement current_;
  };
  using value_type = Statement;
  using const_iterator = Iterator;
  using iterator = Iterator;

  [[nodiscard]] std::size_t size() const { return count_; }
  [[nodiscard]] bool empty() const { return count_ == 0; }
  [[nodiscard]] Iterator begin() const;
  [[nodiscard]] Iterator end() const;
  // By value (const: assigning to a member of the copy would change nothing); walks from the
  // nearest of every 64th statement.
  [[nodiscard]] const Statement operator[](std::size_t i) const;
  [[nodiscard]] const Statement back() const;
  void push_back(const Statement& s);
  void replace(std::size_t i, const Statement& s);  // rewrites the list: for tests and rare edits
  void clear();
  [[nodiscard]] std::uint64_t bytes() const { return size_; }  // the encoded size

 private:
  static constexpr std::size_t kChunk = std::size_t{1} << 16;
  static constexpr std::size_t kStride = 64;  // an index entry every kStride statements
  struct Mark {
    std::uint64_t offset = 0;
    LineNo prevLine = 0;
  };
  void put(std::string_view bytes);
  void putNumber(std::uint64_t n);
  [[nodiscard]] unsigned char byteAt(std::uint64_t offset) const;
  [[nodiscard]] std::uint64_t number(std::uint64_t& offset) const;
  void text(std::uint64_t& offset, std::string& out) const;
  void putTask(const Task& t);
  void readTask(std::uint64_t& offset, Task& t) const;
  std::vector<std::string> chunks_;  // every chunk but the last holds exactly kChunk bytes
  std::uint64_t size_ = 0;
  std::size_t count_ = 0;
  std::vector<Mark> marks_;  // where statements kStride, 2 kStride... start (0 starts at 0)
  std::uint64_t lastOffset_ = 0;
  LineNo lastLine_ = 0, lastPrevLine_ = 0;
};

// A list of texts (comments) held as compactly as Statements: a record of millions of comment
// lines costs about its size. Iteration gives each text in turn.
class Texts {
 public:
  class Iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = std::string;
    using difference_type = std::ptrdiff_t;
    using pointer = const std::string*;
    using reference = const std::string&;
    Iterator() = default;
    explicit Iterator(Statements::Iterator it) : it_(std::move(it)) {}
    [[nodiscard]] const std::string& operator*() const { return it_->comment; }
    [[nodiscard]] const std::string* operator->() const { return &it_->comment; }
    Iterator& operator++() {
      ++it_;
      return *this;
    }
    Iterator operator++(int) {
      Iterator old = *this;
      ++it_;
      return old;
    }
    [[nodiscard]] bool operator==(const Iterator& o) const { return it_ == o.it_; }

   private:
    Statements::Iterator it_;
  };
  using value_type = std::string;
  using const_iterator = Iterator;
  using iterator = Iterator;
  Texts() = default;
  Texts(std::initializer_list<std::string> texts) {
    for (const auto& t : texts) push_back(t);
  }
  void push_back(std::string text);
  void clear() { list_.clear(); }
  [[nodiscard]] std::size_t size() const { return list_.size(); }
  [[nodiscard]] bool empty() const { return list_.empty(); }
  [[nodiscard]] Iterator begin() const { return Iterator(list_.begin()); }
  [[nodiscard]] Iterator end() const { return Iterator(list_.end()); }
  [[nodiscard]] std::string operator[](std::size_t i) const { return list_[i].comment; }
  [[nodiscard]] bool operator==(const std::vector<std::string>& v) const;

 private:
  Statements list_;
};

// A round as recorded: its deal or setup is the match's one position type (hands, stock, line,
// lead, turn, score), then the statements that follow it.
struct RoundRecord : Setup {
  LineNo sourceLine = 0;  // the `round` statement's line
  int number = 1;
  std::optional<std::uint64_t> seed;  // the deal came from `seed N` (the replay fills hands/stock)
  bool setup = false;                 // `line` or `turn` given
  Texts dealComments;                 // comments on the round and deal lines, written after the deal
  Statements statements;
};

// A `solution` line of a puzzle: a move of the player to move in the setup, not played.
struct Solution {
  LineNo line = 0;
  Move move;            // the legal move it names (end resolved)
  std::string text;     // its canonical text, as a record writes the move
  std::string comment;  // the `#` comment ending its line
};

// A puzzle (dgn.md, Puzzles): one round from a setup, closed to chance, with the moves that win by force.
struct Puzzle {
  LineNo line = 0;  // the `puzzle` statement's line
  std::string title;
  std::vector<std::string> themes;  // `theme`: words of kPuzzleThemes
  std::optional<int> rating;        // `rating`: 0..kMaxRating
  std::vector<Solution> solutions;  // after the setup, in the order written
};
inline constexpr int kMaxRating = 4000;
inline constexpr std::array<std::string_view, 7> kPuzzleThemes{"heavy", "doubles", "variety", "strongest",
                                                               "read",  "count",   "block"};

struct Record {
  std::string rulesText;  // as written after `rules`
  Rules rules;
  std::optional<std::array<std::string, 2>> players;
  std::string title, about;
  // Comments kept so that a record is written back whole: those before `dgn 1` are written first,
  // those on or between the header's lines after the header.
  Texts leadingComments, headerComments;
  std::vector<RoundRecord> rounds;
  std::optional<Puzzle> puzzle;  // set by a `puzzle` line
};

// Parses and replays: valid when every statement parses, every move is legal and every expect holds.
// `visit`, when given, is called after the deal of each round and after each statement, with the
// match as it stands then (statement is null right after a deal).
using Visit = std::function<void(const RoundRecord&, const Statement*, const Match&)>;
// `firstLine` numbers the text's first line (a record that starts further down a file).
[[nodiscard]] std::variant<Record, Error> read(std::string_view text, std::string_view file, const Visit& visit = {},
                                               LineNo firstLine = 1);
// The final position of a valid record.
struct Loaded {
  Record record;
  Match match;
};

// A collection: a file of several records, each from its own `dgn` line. A `dgn` line (its first
// word `dgn`, not quoted) starts a new record when a statement stands before it in the current one;
// the blank and comment lines just before it go with the new record (its leading comments).
struct Part {
  std::string_view text;  // the record's lines, its final newline included
  LineNo firstLine = 1;   // the file's number of its first line
  LineNo dgnLine = 0;     // the line of its `dgn` statement (0 when it has none)
};
// Calls f with each record of a text in order; a text without two records is one part (the whole text).
void forEachRecord(std::string_view text, const std::function<void(const Part&)>& f);
// The same parts in a vector.
[[nodiscard]] std::vector<Part> splitRecords(std::string_view text);

// Reads a text of one record; a collection is refused ("the file holds N records...") on the second
// record's `dgn` line. `firstLine` numbers the text's first line (a part of a collection).
[[nodiscard]] std::variant<Loaded, Error> load(std::string_view text, std::string_view file, LineNo firstLine = 1);
// Reads one part of a collection as a record on its own, with the file's line numbers.
[[nodiscard]] std::variant<Loaded, Error> loadPart(const Part& part, std::string_view file);
// Reads the file through files::readText (regular files of at most maxSize bytes); a file that
// cannot be read is "PATH:0: reason". The path `-` is standard input, read through files::readStream
// within the same limit ("-:0: standard input is over the limit of ...").
[[nodiscard]] std::variant<std::string, Error> readFile(const std::string& path,
                                                        std::uint64_t maxSize = std::uint64_t{16} << 20);
// readFile, then load: a file of one record. With `record` K (1, 2, ...), the K-th record of the
// file instead, a collection's or not ("PATH:0: the file holds 2 records: there is no record 3").
[[nodiscard]] std::variant<Loaded, Error> loadFile(const std::string& path,
                                                   std::uint64_t maxSize = std::uint64_t{16} << 20,
                                                   std::uint64_t record = 0);

// Starts a record's round on a match (deal or setup); an error message if the position is illegal.
[[nodiscard]] std::string startRound(Match& match, const RoundRecord& round);
// Appends `move` by `who` (legal in `before`) to a round being recorded, with its canonical text.
void appendMove(RoundRecord& round, const Match& before, Player who, const Move& move);

// The canonical text of a record: write(read(x)) is a fixed point. Moves use their canonical text.
// Quoted text escapes `"` and `\` and never holds a raw control character: a newline, tab and
// carriage return are written \n, \t and \r, any other as \xHH (the reader reads them back).
[[nodiscard]] std::string write(const Record& record);
// Writes through files::writeAtomic (mkstemp, fsync, rename, folder fsync; regular targets only,
// mode kept); returns "cannot save PATH: reason" or empty.
[[nodiscard]] std::string saveFile(const std::string& path, std::string_view text);

// A move's canonical words: core/movetext.h (dom::legalText), here for the readers of records.
using dom::legalText;
// A quoted string as the writer writes it, with the escapes above.
[[nodiscard]] std::string quote(std::string_view text);

}  // namespace dom::dgn
