// SPDX-License-Identifier: MIT
// Data lookup for the studio, relative to the executable and through XDG.
#include "studio/model/paths.h"

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <system_error>
#include <vector>

#include "core/files.h"

namespace dom::studio::paths {
namespace fs = std::filesystem;

std::string exeDir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : exe.parent_path().string();
}

namespace {

bool isDir(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

std::vector<fs::path> xdgDataDirs() {
  std::vector<fs::path> out;
  if (const char* home = std::getenv("XDG_DATA_HOME"); home && *home)
    out.emplace_back(home);
  else if (const char* h = std::getenv("HOME"); h && *h)
    out.emplace_back(fs::path(h) / ".local/share");
  const char* dirs = std::getenv("XDG_DATA_DIRS");
  std::istringstream in(dirs && *dirs ? dirs : "/usr/local/share:/usr/share");
  for (std::string d; std::getline(in, d, ':');)
    if (!d.empty()) out.emplace_back(d);
  return out;
}

}  // namespace

std::string dataDir(const std::string& name) {
  if (const std::string exe = exeDir(); !exe.empty()) {
    const fs::path p = fs::path(exe) / ".." / "share" / "dominoes-studio" / name;
    if (isDir(p)) return fs::weakly_canonical(p).string();
  }
  for (const fs::path& d : xdgDataDirs())
    if (isDir(d / "dominoes-studio" / name)) return (d / "dominoes-studio" / name).string();
  if (isDir(name)) return name;
  return {};
}

std::string readReason(const std::string& reason) {
  constexpr std::string_view hint = " (--max-size raises it)";
  if (!reason.ends_with(hint)) return reason;
  return reason.substr(0, reason.size() - hint.size()) + " (the studio reads records of up to 16 MiB)";
}

std::string readError(std::string_view path, const std::string& reason) {
  return files::cut(path, 200) + ": " + readReason(reason);
}

}  // namespace dom::studio::paths
