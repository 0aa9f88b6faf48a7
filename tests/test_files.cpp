// SPDX-License-Identifier: MIT
// The one way in and out for files: kinds, sizes, atomic replacement, modes, links, leftovers.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cstdio>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/files.h"

namespace fs = std::filesystem;
using namespace dom;

namespace {

fs::path scratch(const char* name) {
  const fs::path p = fs::temp_directory_path() / ("dominoes_files_" + std::to_string(::getpid())) / name;
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void put(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

std::string readErr(const std::string& path, std::uint64_t max = files::kDefaultMaxSize) {
  auto r = files::readText(path, max);
  if (auto* e = std::get_if<files::ReadError>(&r)) return e->message;
  return "";
}

int tempFiles(const fs::path& dir) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().ends_with(".tmp")) ++n;
  return n;
}

}  // namespace

TEST_CASE("files: reading takes regular files only, and checks the size first") {
  const fs::path d = scratch("read");
  put(d / "a.dgn", "dgn 1\n");
  auto ok = files::readText((d / "a.dgn").string());
  REQUIRE(std::holds_alternative<std::string>(ok));
  CHECK(std::get<std::string>(ok) == "dgn 1\n");

  CHECK(readErr((d / "missing.dgn").string()) == "cannot open the file: No such file or directory");
  CHECK(readErr(d.string()) == "is a folder, not a file");
  CHECK(readErr("/dev/null") == "is a character device, not a regular file");
  REQUIRE(::mkfifo((d / "fifo").c_str(), 0600) == 0);
  CHECK(readErr((d / "fifo").string()) == "is a FIFO, not a regular file");  // and it did not block

  put(d / "big.dgn", std::string(100, 'x'));
  CHECK(readErr((d / "big.dgn").string(), 100).empty());
  CHECK(readErr((d / "big.dgn").string(), 99) ==
        "the file is 100 bytes, over the limit of 99 bytes (--max-size raises it)");
  CHECK(files::sizeText(files::kDefaultMaxSize) == "16 MiB");
  fs::remove_all(d);
}

TEST_CASE("files: writing replaces a regular file atomically and keeps its mode") {
  const fs::path d = scratch("write");
  const fs::path f = d / "game.dgn";
  CHECK(files::writeAtomic(f.string(), "one\n").empty());
  CHECK(slurp(f) == "one\n");
  const mode_t mask = ::umask(0);
  ::umask(mask);
  CHECK((fs::status(f).permissions() & fs::perms::all) == static_cast<fs::perms>(0666 & ~mask));

  REQUIRE(::chmod(f.c_str(), 0600) == 0);
  CHECK(files::writeAtomic(f.string(), "two\n").empty());
  CHECK(slurp(f) == "two\n");
  CHECK((fs::status(f).permissions() & fs::perms::all) == static_cast<fs::perms>(0600));
  CHECK(tempFiles(d) == 0);
  fs::remove_all(d);
}

TEST_CASE("files: writing follows a symlink and refuses FIFOs and folders") {
  const fs::path d = scratch("kinds");
  put(d / "real.dgn", "old\n");
  fs::create_symlink("real.dgn", d / "link.dgn");
  CHECK(files::writeAtomic((d / "link.dgn").string(), "new\n").empty());
  CHECK(fs::is_symlink(d / "link.dgn"));
  CHECK(slurp(d / "real.dgn") == "new\n");

  REQUIRE(::mkfifo((d / "fifo").c_str(), 0600) == 0);
  const std::string e = files::writeAtomic((d / "fifo").string(), "x");
  CHECK(e == "cannot save " + (d / "fifo").string() + ": it is a FIFO; only a regular file is replaced");
  CHECK(fs::is_fifo(d / "fifo"));
  fs::create_directory(d / "sub");
  CHECK(files::writeAtomic((d / "sub").string(), "x").find("it is a folder") != std::string::npos);
  CHECK(fs::is_directory(d / "sub"));
  CHECK(files::writeAtomic((d / "nofolder" / "x.dgn").string(), "x").find("cannot create a temporary file") !=
        std::string::npos);
  CHECK(tempFiles(d) == 0);
  fs::remove_all(d);
}

TEST_CASE("files: a temp file left by a killed save is removed by the next save of that target") {
  const fs::path d = scratch("leftover");
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  REQUIRE(child > 0);
  int status = 0;
  ::waitpid(child, &status, 0);  // a pid that is surely gone
  const fs::path dead = d / (".game.dgn." + std::to_string(child) + ".Ab12Cd.tmp");
  const fs::path live = d / (".game.dgn." + std::to_string(::getpid()) + ".Ab12Cd.tmp");
  const fs::path other = d / (".other.dgn." + std::to_string(child) + ".Ab12Cd.tmp");
  put(dead, "partial");
  put(live, "someone saving now");
  put(other, "another target's");
  CHECK(files::writeAtomic((d / "game.dgn").string(), "whole\n").empty());
  CHECK_FALSE(fs::exists(dead));
  CHECK(fs::exists(live));
  CHECK(fs::exists(other));
  fs::remove_all(d);
}

TEST_CASE("files: saving onto a hard-linked file keeps the link: every name shows the new text") {
  const fs::path d = scratch("hardlink");
  const fs::path a = d / "game.dgn", b = d / "same.dgn";
  put(a, "old text, longer than the new one\n");
  REQUIRE(::link(a.c_str(), b.c_str()) == 0);
  ::chmod(a.c_str(), 0640);
  struct stat before {};
  REQUIRE(::stat(a.c_str(), &before) == 0);
  CHECK(files::writeAtomic(a.string(), "new\n").empty());
  CHECK(slurp(a) == "new\n");
  CHECK(slurp(b) == "new\n");  // the other name sees it: the same file, truncated to the new length
  struct stat after {};
  REQUIRE(::stat(b.c_str(), &after) == 0);
  CHECK(after.st_ino == before.st_ino);
  CHECK(after.st_nlink == 2);
  CHECK((after.st_mode & 07777) == 0640);
  CHECK(tempFiles(d) == 0);
  // Through a symlink to one of the names, too; and a longer text than before.
  const fs::path s = d / "link.dgn";
  fs::create_symlink(b, s);
  const std::string longer(100000, 'x');
  CHECK(files::writeAtomic(s.string(), longer).empty());
  CHECK(slurp(a) == longer);
  CHECK(fs::is_symlink(s));
  CHECK(tempFiles(d) == 0);
  fs::remove_all(d);
}

TEST_CASE("files: echoed words are cut to 60 characters with an ellipsis") {
  CHECK(files::cut("short") == "short");
  CHECK(files::cut(std::string(60, 'a')) == std::string(60, 'a'));
  CHECK(files::cut(std::string(61, 'a')) == std::string(60, 'a') + "\u2026");
  CHECK(files::cut("\u00e9\u00e9\u00e9", 2) == "\u00e9\u00e9\u2026");  // counts characters, not bytes
}

TEST_CASE("files: cutWords cuts only long runs and keeps their quotes") {
  CHECK(files::cutWords("unknown statement 'pass'") == "unknown statement 'pass'");
  const std::string longWord(5000, 'x');
  CHECK(files::cutWords("unknown statement '" + longWord + "'") ==
        "unknown statement '" + std::string(60, 'x') + "\u2026'");
  CHECK(files::cutWords("unexpected '" + longWord + "': a heading") ==
        "unexpected '" + std::string(60, 'x') + "\u2026': a heading");
  CHECK(files::cutWords(std::string(61, 'y')) == std::string(60, 'y') + "\u2026");
}

// Issue 26 #10: text echoed to a terminal never carries a control character.
TEST_CASE("files: printable escapes control characters and keeps UTF-8 text") {
  CHECK(files::printable("plain text, é ñ 日本") == "plain text, é ñ 日本");
  CHECK(files::printable("\x1b]0;owned\x07\x1b[2J") == "\\x1b]0;owned\\x07\\x1b[2J");
  CHECK(files::printable("a\tb\nc\rd\x7f") == "a\\x09b\\x0ac\\x0dd\\x7f");
  CHECK(files::printable("\xc2\x9b"
                         "31m") == "\\u009b31m");  // C1 CSI written in UTF-8
  CHECK(files::printable("\xff\xfe ok \xe2\x82") == "\\xff\\xfe ok \\xe2\\x82");
  // Idempotent: an escaped text holds no control character, so escaping it again changes nothing.
  CHECK(files::printable(files::printable("\x1b\x07")) == "\\x1b\\x07");
  CHECK(files::cutWords("unknown statement '\x1b[2J'") == "unknown statement '\\x1b[2J'");
}

// Issue 26 #8: a valid name of 244 to 255 bytes is saved (its temp name passed NAME_MAX); a leftover
// of a killed save of that name is still found by the next save (the cut name is hashed).
TEST_CASE("files: a target of a long name is saved, its temp name within NAME_MAX") {
  const fs::path d = scratch("longname");
  for (const std::size_t n : {std::size_t{200}, std::size_t{201}, std::size_t{244}, std::size_t{255}}) {
    CAPTURE(n);
    const fs::path f = d / (std::string(n - 4, 'g') + ".dgn");
    CHECK(files::writeAtomic(f.string(), "one\n").empty());
    CHECK(files::writeAtomic(f.string(), "two\n").empty());  // over an existing file too
    CHECK(slurp(f) == "two\n");
    CHECK(tempFiles(d) == 0);
  }
  // A leftover temp file of a killed save of a long name (its process gone) is removed by the next
  // save of that name: the cut and hashed prefix is found again.
  const std::string stem(230, 'h');
  const fs::path target = d / (stem + ".dgn");
  CHECK(files::writeAtomic(target.string(), "x\n").empty());
  pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) _exit(0);
  REQUIRE(::waitpid(child, nullptr, 0) == child);
  std::string leftover;
  for (const auto& e : fs::directory_iterator(d))
    if (e.path().filename().string().starts_with("." + stem.substr(0, 180) + "~")) leftover = e.path().string();
  CHECK(leftover.empty());
  // Make one as a killed save would have: the prefix a save of target uses, a dead pid.
  std::string prefix;
  {
    // The prefix a save of target uses (files.cpp): the name's first 180 bytes, '~' and its FNV-1a hash.
    std::uint64_t h = 1469598103934665603ULL;
    for (const char c : stem + ".dgn") h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    prefix = "." + stem.substr(0, 180) + "~" + hex + ".";
  }
  put(d / (prefix + std::to_string(child) + ".abcdef.tmp"), "left by a killed save");
  CHECK(tempFiles(d) == 1);
  CHECK(files::writeAtomic(target.string(), "y\n").empty());
  CHECK(tempFiles(d) == 0);
  CHECK(slurp(target) == "y\n");
  fs::remove_all(d);
}
