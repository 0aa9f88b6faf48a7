// SPDX-License-Identifier: MIT
// Reading and writing files safely: kind and size checks before reading, atomic replacement on writing.
#include "core/files.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <vector>

namespace dom::files {
namespace {

std::string reason(int err) { return std::strerror(err); }

// Closes a descriptor when it goes out of scope.
struct Fd {
  int fd = -1;
  explicit Fd(int f) : fd(f) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

const char* kindOf(mode_t m) {
  if (S_ISDIR(m)) return "a folder";
  if (S_ISFIFO(m)) return "a FIFO";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  if (S_ISSOCK(m)) return "a socket";
  return "not a regular file";
}

std::string folderOf(const std::string& path) {
  const auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

std::string baseOf(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool writeAll(int fd, std::string_view text, int& err) {
  const char* p = text.data();
  std::size_t left = text.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      err = errno;
      return false;
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return true;
}

// Temp files are named ".NAME.PID.XXXXXX.tmp"; one whose process is gone is a leftover of a killed
// save and is removed by the next save of the same target. A NAME over kMaxTempBase bytes is cut
// and followed by a hash of the whole name (".NAME~HASH."), so that the temp name fits NAME_MAX
// (255) whatever the target's: 1 + 180 + 1 + 16 + 1, a pid and ".XXXXXX.tmp" make at most 218.
constexpr std::size_t kMaxTempBase = 200, kCutTempBase = 180;
std::string tempPrefix(const std::string& base) {
  if (base.size() <= kMaxTempBase) return "." + base + ".";
  std::uint64_t h = 1469598103934665603ULL;  // FNV-1a
  for (const char c : base) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  static const char* const kHex = "0123456789abcdef";
  std::string hash(16, '0');
  for (int i = 15; i >= 0; --i, h >>= 4) hash[static_cast<std::size_t>(i)] = kHex[h & 15];
  return "." + base.substr(0, kCutTempBase) + "~" + hash + ".";
}

void removeLeftovers(const std::string& folder, const std::string& base) {
  DIR* d = ::opendir(folder.c_str());
  if (!d) return;
  const std::string prefix = tempPrefix(base);
  while (const dirent* e = ::readdir(d)) {
    const std::string_view name = e->d_name;
    if (name.size() <= prefix.size() + 4 || name.substr(0, prefix.size()) != prefix ||
        name.substr(name.size() - 4) != ".tmp")
      continue;
    const std::string_view rest = name.substr(prefix.size());
    const auto dot = rest.find('.');
    if (dot == std::string_view::npos || dot == 0) continue;
    long pid = 0;
    bool digits = true;
    for (char c : rest.substr(0, dot)) {
      if (c < '0' || c > '9' || pid > 4'000'000) {
        digits = false;
        break;
      }
      pid = pid * 10 + (c - '0');
    }
    if (!digits || pid <= 0) continue;
    if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;  // still alive, or not ours to judge
    ::unlinkat(::dirfd(d), std::string(name).c_str(), 0);
  }
  ::closedir(d);
}

}  // namespace

std::string sizeText(std::uint64_t bytes) {
  if (bytes >= (std::uint64_t{1} << 20) && bytes % (std::uint64_t{1} << 20) == 0)
    return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= 1024 && bytes % 1024 == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
}

namespace {
// The length of the valid UTF-8 sequence starting s[i] (1 for ASCII), or 0 when it is not one.
std::size_t utf8Length(std::string_view s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) return 1;
  const std::size_t n = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
  const auto c1 = static_cast<unsigned char>(s[i + 1]);
  if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 >= 0xA0) || (c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 >= 0x90))
    return 0;
  return n;
}
}  // namespace

std::string printable(std::string_view text) {
  static const char* const kHex = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t n = utf8Length(text, i);
    const bool c1 = n == 2 && c == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0;  // U+0080..U+009F
    if (n == 0 || c < 0x20 || c == 0x7F) {
      out += {'\\', 'x', kHex[c >> 4], kHex[c & 15]};
      ++i;
    } else if (c1) {
      const auto u = static_cast<unsigned char>(text[i + 1]);
      out += "\\u00";
      out += {kHex[u >> 4], kHex[u & 15]};
      i += 2;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
  return out;
}

std::string cut(std::string_view word, std::size_t max) {
  std::size_t chars = 0, i = 0;
  while (i < word.size()) {
    if (chars == max) return std::string(word.substr(0, i)) + "\u2026";
    const auto c = static_cast<unsigned char>(word[i]);
    i += c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    ++chars;
  }
  return std::string(word);
}

std::string cutWords(std::string_view message, std::size_t max) {
  std::string out;
  out.reserve(std::min<std::size_t>(message.size(), 4096));
  std::size_t i = 0;
  while (i < message.size()) {
    if (message[i] == ' ') {
      out += message[i++];
      continue;
    }
    const std::size_t end = std::min(message.find(' ', i), message.size());
    std::string_view run = message.substr(i, end - i);
    const std::size_t opening = run.size() > max && (run[0] == '\'' || run[0] == '"' || run[0] == '(') ? 1 : 0;
    out += run.substr(0, opening);
    run.remove_prefix(opening);
    std::size_t closing = 0;  // the quote and punctuation that close the run stay whole
    while (closing < 3 && closing < run.size() &&
           std::string_view("'\",:;.)").find(run[run.size() - 1 - closing]) != std::string_view::npos)
      ++closing;
    out += cut(run.substr(0, run.size() - closing), max);
    out += run.substr(run.size() - closing);
    i = end;
  }
  return printable(out);
}

std::variant<std::string, ReadError> readText(const std::string& path, std::uint64_t maxSize) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below anyway.
  Fd fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
  if (fd.fd < 0) return ReadError{"cannot open the file: " + reason(errno)};
  struct stat st {};
  if (::fstat(fd.fd, &st) != 0) return ReadError{"cannot read the file: " + reason(errno)};
  if (S_ISDIR(st.st_mode)) return ReadError{"is a folder, not a file"};
  if (!S_ISREG(st.st_mode)) return ReadError{std::string("is ") + kindOf(st.st_mode) + ", not a regular file"};
  const auto size = static_cast<std::uint64_t>(st.st_size);
  if (size > maxSize)
    return ReadError{"the file is " + sizeText(size) + ", over the limit of " + sizeText(maxSize) +
                     " (--max-size raises it)"};
  // Back to blocking reads for a regular file.
  ::fcntl(fd.fd, F_SETFL, ::fcntl(fd.fd, F_GETFL) & ~O_NONBLOCK);
  std::string text;
  text.resize(static_cast<std::size_t>(size));
  std::size_t got = 0;
  for (;;) {
    if (got == text.size()) {
      // The file may have grown since fstat: read on, within the limit. A small read first, so
      // that a file of the size fstat gave is never copied into a bigger string.
      if (text.size() >= maxSize + 1) break;
      char probe[4096];
      const ssize_t n = ::read(fd.fd, probe, sizeof probe);
      if (n < 0) {
        if (errno == EINTR) continue;
        return ReadError{"cannot read the file: " + reason(errno)};
      }
      if (n == 0) break;
      text.append(probe, static_cast<std::size_t>(n));
      got += static_cast<std::size_t>(n);
      if (got > maxSize) break;
      text.resize(std::min<std::uint64_t>(maxSize + 1, text.size() + 65536));
    }
    const ssize_t n = ::read(fd.fd, text.data() + got, text.size() - got);
    if (n < 0) {
      if (errno == EINTR) continue;
      return ReadError{"cannot read the file: " + reason(errno)};
    }
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  if (got > maxSize) return ReadError{"the file is over the limit of " + sizeText(maxSize) + " (--max-size raises it)"};
  text.resize(got);
  return text;
}

std::variant<std::string, ReadError> readStream(int fd, std::uint64_t maxSize, const std::string& what) {
  std::string text;
  char chunk[65536];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0) {
      if (errno == EINTR) continue;
      return ReadError{"cannot read " + what + ": " + reason(errno)};
    }
    if (n == 0) break;
    if (static_cast<std::uint64_t>(n) > maxSize - std::min<std::uint64_t>(maxSize, text.size()))
      return ReadError{what + " is over the limit of " + sizeText(maxSize) + " (--max-size raises it)"};
    text.append(chunk, static_cast<std::size_t>(n));
  }
  return text;
}

namespace {
// A target with other hard links is rewritten in place, so that every name keeps showing the one
// file (a rename would leave the other names on the old text). The whole new text is on disk in
// the temp file `tmp` first; if the copy fails, the reason says where it is. "" when it worked.
std::string rewriteInPlace(const std::string& target, std::string_view text, const std::string& tmp) {
  auto kept = [&](const std::string& why) {
    return why + "; the target may be partly written, the whole new text is in " + tmp;
  };
  auto abandon = [&](const std::string& why) {
    ::unlink(tmp.c_str());
    return why;
  };
  int err = 0;
  Fd out(::open(target.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK));
  if (out.fd < 0) return abandon(reason(errno));
  struct stat now {};
  if (::fstat(out.fd, &now) != 0) return abandon(reason(errno));
  if (!S_ISREG(now.st_mode))
    return abandon(std::string("it is ") + kindOf(now.st_mode) + "; only a regular file is replaced");
  if (!writeAll(out.fd, text, err)) return kept(reason(err));
  if (::ftruncate(out.fd, static_cast<off_t>(text.size())) != 0) return kept(reason(errno));
  if (::fsync(out.fd) != 0) return kept(reason(errno));
  if (::close(out.fd) != 0) {
    out.fd = -1;
    return kept(reason(errno));
  }
  out.fd = -1;
  return {};
}
}  // namespace

namespace {
// Gives the temp file `fd` the target's owner and group (st), as far as the user may: root may give
// any, another user only a group it belongs to. Clears setuid and setgid when the owner or group
// could not be kept (the bits would then be another user's), and says so in `note`. Returns the
// mode the temp file is to get.
mode_t keepOwner(int fd, const struct stat& st, mode_t mode, std::string& note) {
  struct stat mine {};
  if (::fstat(fd, &mine) != 0) return mode & ~mode_t{S_ISUID | S_ISGID};
  if (mine.st_uid == st.st_uid && mine.st_gid == st.st_gid) return mode;
  if (::fchown(fd, st.st_uid, st.st_gid) == 0) return mode;
  const bool groupKept = mine.st_gid == st.st_gid || ::fchown(fd, static_cast<uid_t>(-1), st.st_gid) == 0;
  const bool ownerKept = mine.st_uid == st.st_uid;
  std::string what = !ownerKept && !groupKept
                         ? "owner " + std::to_string(st.st_uid) + " and group " + std::to_string(st.st_gid)
                     : !ownerKept ? "owner " + std::to_string(st.st_uid)
                                  : "group " + std::to_string(st.st_gid);
  note = "the saved file does not keep its " + what + " (only its owner or root may give it); " +
         (mode & (S_ISUID | S_ISGID) ? "its setuid and setgid bits are cleared" : "it now belongs to you");
  return mode & ~mode_t{S_ISUID | S_ISGID};
}

// Gives a save's notice to the caller's `note`, or to stderr when it keeps none.
void tell(const std::string& text, std::string* note) {
  if (note)
    *note = text;
  else
    std::fprintf(stderr, "%s\n", printable(text).c_str());
}
}  // namespace

std::string canSave(const std::string& path) {
  auto fail = [&](const std::string& why) { return "cannot save " + path + ": " + why; };
  if (path.empty()) return "cannot save: no file name given";
  struct stat st {};
  std::string target = path;
  if (::stat(path.c_str(), &st) == 0) {
    if (!S_ISREG(st.st_mode))
      return fail(std::string("it is ") + kindOf(st.st_mode) + "; only a regular file is replaced");
    if (::faccessat(AT_FDCWD, path.c_str(), W_OK, AT_EACCESS) != 0)
      return fail("you may not write to it (" + reason(errno) + ")");
    char real[PATH_MAX];
    if (::realpath(path.c_str(), real)) target = real;
  } else if (errno != ENOENT) {
    return fail(reason(errno));
  }
  const std::string folder = folderOf(target);
  if (::faccessat(AT_FDCWD, folder.c_str(), W_OK | X_OK, AT_EACCESS) != 0)
    return fail("cannot create a file in " + folder + " (" + reason(errno) + ")");
  return {};
}

std::string writeAtomic(const std::string& path, std::string_view text, std::string* note) {
  auto fail = [&](const std::string& why) { return "cannot save " + path + ": " + why; };
  if (path.empty()) return "cannot save: no file name given";
  std::string target = path;
  mode_t mode = 0;
  bool exists = false;
  nlink_t linkCount = 1;
  struct stat lst {
  }, targetStat{};
  if (::lstat(path.c_str(), &lst) == 0) {
    struct stat st = lst;
    if (S_ISLNK(lst.st_mode)) {
      // Follow the link to its regular target and replace that, so the link stays a link.
      char real[PATH_MAX];
      if (!::realpath(path.c_str(), real) || ::stat(real, &st) != 0)
        return fail("it is a symbolic link whose target cannot be reached");
      target = real;
    }
    if (!S_ISREG(st.st_mode))
      return fail(std::string("it is ") + kindOf(st.st_mode) + "; only a regular file is replaced");
    // The same answer as the shell's `>`: a file the user may not open for writing is not
    // replaced, though the folder would allow a rename over it.
    if (::faccessat(AT_FDCWD, target.c_str(), W_OK, AT_EACCESS) != 0)
      return fail("you may not write to it (" + reason(errno) + ")");
    exists = true;
    mode = st.st_mode & 07777;
    linkCount = st.st_nlink;
    targetStat = st;
  } else if (errno != ENOENT) {
    return fail(reason(errno));
  }
  if (!exists) {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  const std::string folder = folderOf(target), base = baseOf(target);
  removeLeftovers(folder, base);
  std::string tmp = (folder == "/" ? "" : folder) + "/" + tempPrefix(base) + std::to_string(::getpid()) + ".XXXXXX.tmp";
  std::vector<char> name(tmp.begin(), tmp.end());
  name.push_back('\0');
  Fd fd(::mkostemps(name.data(), 4, O_CLOEXEC));
  if (fd.fd < 0) return fail("cannot create a temporary file in " + folder + ": " + reason(errno));
  tmp.assign(name.data());
  int err = 0;
  auto abandon = [&](const std::string& why) {
    ::unlink(tmp.c_str());
    return fail(why);
  };
  std::string ownerNote;
  if (exists && linkCount == 1) mode = keepOwner(fd.fd, targetStat, mode, ownerNote);
  if (::fchmod(fd.fd, mode) != 0) return abandon(reason(errno));
  if (!writeAll(fd.fd, text, err)) return abandon(reason(err));
  if (::fsync(fd.fd) != 0) return abandon(reason(errno));
  if (::close(fd.fd) != 0) {
    fd.fd = -1;
    return abandon(reason(errno));
  }
  fd.fd = -1;
  // A target with other hard links is rewritten in place, so that every name keeps showing the one
  // file (a rename would leave the other names on the old text). The whole new text is on disk in
  // the temp file first; if the copy fails, the message says where it is.
  if (exists && linkCount > 1) {
    std::string why = rewriteInPlace(target, text, tmp);
    if (why.empty()) ::unlink(tmp.c_str());
    return why.empty() ? why : fail(why);
  }
  if (::rename(tmp.c_str(), target.c_str()) != 0) return abandon(reason(errno));
  // The rename itself must reach the disk.
  Fd dir(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (dir.fd >= 0) ::fsync(dir.fd);
  if (!ownerNote.empty()) tell("saved " + path + ", but " + ownerNote, note);
  return {};
}

}  // namespace dom::files
