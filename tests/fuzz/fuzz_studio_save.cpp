// SPDX-License-Identifier: MIT
// libFuzzer target: the studio's open-and-save path through its session model (no window). A record
// the session opens saves as a file that reads back, and opening that file again gives the same record.
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <variant>

#include "core/dgn.h"
#include "core/files.h"
#include "studio/model/session.h"

namespace {
// Inputs and saves go to a folder of this process (in /dev/shm when there is one: fsync is cheap
// there), removed at exit.
struct Scratch {
  std::string dir;
  Scratch() {
    namespace fs = std::filesystem;
    const fs::path base = fs::is_directory("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
    dir = (base / ("fuzz_studio_save." + std::to_string(::getpid()))).string();
    fs::create_directories(dir);
  }
  ~Scratch() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
};
const std::string& folder() {
  static const Scratch scratch;
  return scratch.dir;
}
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  spdlog::set_level(spdlog::level::off);  // the session logs every open and save
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace dom;
  const std::string in = folder() + "/in.dgn", out = folder() + "/out.dgn";
  if (!files::writeAtomic(in, std::string_view(reinterpret_cast<const char*>(data), size)).empty()) __builtin_trap();
  studio::Session s;
  s.apply(studio::openIntent(in));
  if (s.filePath() != in) return 0;  // refused with an error, as the reader refuses it: nothing to save
  s.apply(studio::intent::Save{out});
  if (s.filePath() != out) __builtin_trap();  // a record the studio opened must save
  const auto saved = files::readText(out);
  if (!std::holds_alternative<std::string>(saved)) __builtin_trap();
  const std::string& text = std::get<std::string>(saved);
  // The saved file is a record the reader accepts and the writer's fixed point...
  auto again = dgn::read(text, out);
  if (!std::holds_alternative<dgn::Record>(again)) __builtin_trap();
  if (dgn::write(std::get<dgn::Record>(again)) != text) __builtin_trap();
  // ...and the studio opens it again as the same record.
  studio::Session t;
  t.apply(studio::openIntent(out));
  if (t.filePath() != out) __builtin_trap();
  if (dgn::write(t.timeline().record()) != dgn::write(s.timeline().record())) __builtin_trap();
  return 0;
}
