// SPDX-License-Identifier: MIT
// The DGN reader's words (internal, not installed): a line's tokens, its checks and escapes, and a
// task's form read without its position. Shared by the reader (dgn_reader.cpp) and the writer.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/dgn.h"

namespace dom::dgn::lex {

// A UTF-8 byte-order mark, ignored at the start of a line.
inline constexpr std::string_view kBom = "\xEF\xBB\xBF";

struct Token {
  std::string text;
  bool quoted = false;
};

// Checks that a line is UTF-8 text; returns a message or empty.
[[nodiscard]] std::string checkText(std::string_view s);
// Reads one escape at the start of `s` into `out`; its length, or 0 when `s` starts with no escape.
[[nodiscard]] std::size_t unescape(std::string_view s, std::string& out);
// The message for a backslash that starts no escape.
[[nodiscard]] std::string unknownEscape(std::string_view s);
// A comment's text as the writer keeps it (control characters as spaces, no trailing spaces).
[[nodiscard]] std::string commentText(std::string_view s);
// Reads the next word or quoted string of a line from `i` into `t` (false at the end, at the `#`
// comment, then in `comment`, or on an error, then in `error`).
bool nextToken(std::string_view s, std::size_t& i, Token& t, std::optional<std::string>& comment, std::string& error);
// Splits a line into words and quoted strings, and the `#` comment ending it; a message on error.
// With `limit`, stops after that many tokens and sets `rest` to where the line goes on.
[[nodiscard]] std::string tokenize(std::string_view s, std::vector<Token>& out, std::optional<std::string>& comment,
                                   std::size_t limit = SIZE_MAX, std::size_t* rest = nullptr);
// Whether a line is an `expect legal` statement (read as a stream of words).
[[nodiscard]] bool isExpectLegal(std::string_view s);
// A word as a negative example writes it back.
[[nodiscard]] std::string writtenWord(const Token& t);
[[nodiscard]] std::optional<long long> parseNumber(std::string_view s);
[[nodiscard]] std::optional<Player> parsePlayer(std::string_view s);

// A task's form (dgn.md, Lessons and tasks), read without its position: the task, and a play's
// words of each move (for the reader to resolve them against the position).
struct ReadTask {
  Task task;
  std::vector<std::vector<std::string>> moveWords;
};
// task KIND WORDS... "prompt" ["explanation"].
[[nodiscard]] std::variant<ReadTask, std::string> readTask(const std::vector<Token>& toks);

// No statement but `expect legal` (read as a stream) takes more words than this (`expect hand A`
// and 28 tiles is the longest): a line of a million words is split only this far, never whole.
inline constexpr std::size_t kMaxWords = 40;

}  // namespace dom::dgn::lex
