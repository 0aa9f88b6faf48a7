// DGN, the text format for game logs, positions and scenarios: reading, replaying and writing.
#pragma once
#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/match.h"

namespace dom::dgn {

struct Error {
  std::string file;
  int line = 0;
  std::string message;
  [[nodiscard]] std::string text() const;  // "FILE:LINE: message"
};

enum class ExpectKind { Turn, Ends, Legal, Hand, Stock, Result, Score, Match, Error };

struct Expect {
  ExpectKind kind = ExpectKind::Turn;
  std::optional<Player> player;            // Turn (nullopt: none), Hand, Result/Match winner (nullopt: tie)
  std::vector<int> ends;                   // Ends: empty before the lead
  std::vector<Move> legal;                 // Legal
  Mask hand = 0;                           // Hand
  int number = 0;                          // Stock count; Result points
  RoundStatus how = RoundStatus::Blocked;  // Result
  bool none = false;                       // Result/Match: "none" (no round over yet / match on)
  std::array<int, 2> score{};              // Score
  std::string text;                        // Error: the expected message fragment
};

struct Statement {
  enum class Kind { Move, Note, Expect, Comment } kind = Kind::Move;  // Comment: a line holding only one
  int line = 0;
  Player player = Player::A;             // Move
  Move move;                             // Move: as read; after a replay, resolved (end, drawn tile)
  bool rejected = false;                 // a negative example after `expect error`: checked, not played;
                                         // moveText then holds the whole statement as written
  std::string moveText;                  // Move: the canonical text, filled by the replay
  std::string note;                      // Note
  std::shared_ptr<const Expect> expect;  // Expect (held apart: most statements are moves and notes)
  std::string expectText;                // Expect: its words after "expect", as written (normalised spaces)
  std::string comment;                   // the `#` comment ending the line (its text after '#'); a Comment's text
};

// A round as recorded: its deal or setup is the match's one position type (hands, stock, line,
// lead, turn, score), then the statements that follow it.
struct RoundRecord : Setup {
  int sourceLine = 0;  // the `round` statement's line
  int number = 1;
  std::optional<std::uint64_t> seed;      // the deal came from `seed N` (the replay fills hands/stock)
  bool setup = false;                     // `line` or `turn` given
  std::vector<std::string> dealComments;  // comments on the round and deal lines, written after the deal
  std::deque<Statement> statements;       // a deque: no doubling copies while a long record is read
};

struct Record {
  std::string rulesText;  // as written after `rules`
  Rules rules;
  std::optional<std::array<std::string, 2>> players;
  std::string title, about;
  // Comments kept so that a record is written back whole: those before `dgn 1` are written first,
  // those on or between the header's lines after the header.
  std::vector<std::string> leadingComments, headerComments;
  std::vector<RoundRecord> rounds;
};

// Parses and replays: valid when every statement parses, every move is legal and every expect holds.
// `visit`, when given, is called after the deal of each round and after each statement, with the
// match as it stands then (statement is null right after a deal).
using Visit = std::function<void(const RoundRecord&, const Statement*, const Match&)>;
[[nodiscard]] std::variant<Record, Error> read(std::string_view text, std::string_view file, const Visit& visit = {});
// The final position of a valid record.
struct Loaded {
  Record record;
  Match match;
};
[[nodiscard]] std::variant<Loaded, Error> load(std::string_view text, std::string_view file);
// Reads the file through files::readText (regular files of at most maxSize bytes); a file that
// cannot be read is "PATH:0: reason".
[[nodiscard]] std::variant<Loaded, Error> loadFile(const std::string& path,
                                                   std::uint64_t maxSize = std::uint64_t{16} << 20);

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

// "4-1 R left", "6-6", "draw", "pass": the words of a move as in a record or `legal` list.
[[nodiscard]] std::string legalText(const Match& m, const Move& move);
// A quoted string as the writer writes it, with the escapes above.
[[nodiscard]] std::string quote(std::string_view text);

}  // namespace dom::dgn
