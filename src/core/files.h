// SPDX-License-Identifier: MIT
// One way in and one way out for files: every read checks the kind and size of the file first; every
// write goes to a temp file in the same folder, is fsynced and renamed over the target.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

namespace dom::files {

// Records, scripts and settings larger than this are refused unless the user raises the limit.
inline constexpr std::uint64_t kDefaultMaxSize = std::uint64_t{16} << 20;

struct ReadError {
  std::string message;  // "is a folder, not a file", "cannot open the file: Permission denied", ...
};

// The whole content of a regular file of at most maxSize bytes. A folder, FIFO, device or socket is
// refused without blocking; the size is checked before anything is read.
[[nodiscard]] std::variant<std::string, ReadError> readText(const std::string& path,
                                                            std::uint64_t maxSize = kDefaultMaxSize);

// The whole of an open descriptor (standard input, a pipe) read to its end, refused as soon as it
// passes maxSize bytes: never more than maxSize + 64 KiB is held. `what` names it in the message
// ("standard input is over the limit of 16 MiB (--max-size raises it)").
[[nodiscard]] std::variant<std::string, ReadError> readStream(int fd, std::uint64_t maxSize, const std::string& what);

// Replaces path with text: a temp file made next to the target (mkstemp), written, fsynced, renamed
// over the target, then the folder fsynced. Refuses to replace anything but a regular file (a symlink
// is followed to its regular target), keeps an existing target's permission bits, removes its temp
// file on every failure and removes temp files that dead processes left for the same target.
// Refuses a target the user may not open for writing (faccessat W_OK with the effective ids: the
// same answer as the shell's `>`), though the folder would allow the rename. The new file keeps the
// target's owner and group where the user may give them (fchown: root any, others a group of
// theirs); when it cannot, setuid and setgid are cleared and `note` (stderr when null) says so.
// The temp file's name fits NAME_MAX whatever the target's (a long name is cut and hashed).
// Returns empty on success, else "cannot save PATH: reason".
[[nodiscard]] std::string writeAtomic(const std::string& path, std::string_view text, std::string* note = nullptr);

// Whether writeAtomic could replace path now, asked before long work whose result goes there (a
// ladder's plot): empty, or "cannot save PATH: reason" as writeAtomic would say it (a folder, FIFO or
// device; a file the user may not write; a folder where no file can be made). The save itself
// checks again.
[[nodiscard]] std::string canSave(const std::string& path);

// A word as echoed in a message: at most `max` characters (UTF-8 aware), with an ellipsis when cut.
[[nodiscard]] std::string cut(std::string_view word, std::size_t max = 60);

// A message with every run of more than `max` characters without a space (an echoed word, maybe
// megabytes long) cut with an ellipsis; the quote or punctuation closing the run is kept. The result
// is printable (above): a message may echo control characters from a file.
[[nodiscard]] std::string cutWords(std::string_view message, std::size_t max = 60);

// Text from a file or the user as echoed to a terminal: every control character (C0, DEL, and C1
// written in UTF-8) is escaped, `\x1b` for ESC, `\x07` for BEL, `\u009b` for U+009B; a byte that is
// not part of valid UTF-8 is `\xHH` as well. Valid printable UTF-8 text is kept as it is. Every
// echo of a file's content (errors, `replay`'s text, `check`'s names) goes through it.
[[nodiscard]] std::string printable(std::string_view text);

// "16 MiB", "300 KiB", "12 bytes".
[[nodiscard]] std::string sizeText(std::uint64_t bytes);

}  // namespace dom::files
