// SPDX-License-Identifier: MIT
// The DGN records of tests/records and the teaching scenarios of scenarios/: every valid record
// loads, write(read(x)) is a fixed point that replays to the same final position, and every
// invalid record fails on the line its `# error: LINE: FRAGMENT` header names.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "core/dgn.h"
#include "core/summary.h"

namespace fs = std::filesystem;

namespace {

std::vector<std::string> dgnFiles(const std::string& folder) {
  std::vector<std::string> files;
  const fs::path dir = fs::path(DOMINOES_SOURCE_DIR) / folder;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return files;
  for (const auto& entry : fs::directory_iterator(dir, ec))  // not recursive: invalid/ and pending/ are apart
    if (entry.is_regular_file() && entry.path().extension() == ".dgn") files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

void checkValidPart(const dom::dgn::Part& part, const std::string& path) {
  CAPTURE(part.firstLine);
  auto loaded = dom::dgn::loadPart(part, path);
  if (auto* e = std::get_if<dom::dgn::Error>(&loaded)) FAIL_CHECK("invalid: ", e->text());
  REQUIRE(std::holds_alternative<dom::dgn::Loaded>(loaded));
  const auto& original = std::get<dom::dgn::Loaded>(loaded);

  const std::string a = dom::dgn::write(original.record);
  CAPTURE(a);
  auto reread = dom::dgn::read(a, "x");
  if (auto* e = std::get_if<dom::dgn::Error>(&reread)) FAIL_CHECK("the written record does not read back: ", e->text());
  REQUIRE(std::holds_alternative<dom::dgn::Record>(reread));
  const std::string b = dom::dgn::write(std::get<dom::dgn::Record>(reread));
  CHECK(a == b);

  auto reloaded = dom::dgn::load(a, "x");
  REQUIRE(std::holds_alternative<dom::dgn::Loaded>(reloaded));
  CHECK(dom::summary(original.match).dump() == dom::summary(std::get<dom::dgn::Loaded>(reloaded).match).dump());
}

// Each record of a file (a collection holds several) is valid and round-trips on its own.
void checkValid(const std::string& path) {
  CAPTURE(path);
  auto text = dom::dgn::readFile(path);
  REQUIRE(std::holds_alternative<std::string>(text));
  const auto parts = dom::dgn::splitRecords(std::get<std::string>(text));
  for (const auto& part : parts) checkValidPart(part, path);
}

}  // namespace

TEST_CASE("the records of tests/records are valid and round-trip through the writer") {
  const auto files = dgnFiles("tests/records");
  CHECK(files.size() >= 45);
  for (const auto& f : files) checkValid(f);
}

TEST_CASE("the sample puzzles are valid and round-trip through the writer, record by record") {
  const auto files = dgnFiles("puzzles");
  REQUIRE(files.size() >= 1);
  for (const auto& f : files) {
    checkValid(f);
    auto text = dom::dgn::readFile(f);
    REQUIRE(std::holds_alternative<std::string>(text));
    CHECK(dom::dgn::splitRecords(std::get<std::string>(text)).size() >= 7);
  }
}

TEST_CASE("the teaching scenarios are valid and round-trip through the writer") {
  const auto files = dgnFiles("scenarios");
  CHECK(files.size() >= 16);
  for (const auto& f : files) {
    checkValid(f);
    auto loaded = dom::dgn::loadFile(f);
    if (auto* l = std::get_if<dom::dgn::Loaded>(&loaded)) {
      CAPTURE(f);
      CHECK(!l->record.title.empty());
      CHECK(!l->record.about.empty());
      int notes = 0, expects = 0;
      for (const auto& r : l->record.rounds)
        for (const auto& s : r.statements) {
          notes += s.kind == dom::dgn::Statement::Kind::Note;
          expects += s.kind == dom::dgn::Statement::Kind::Expect;
        }
      CHECK(notes >= 2);
      CHECK(expects >= 1);
    }
  }
}

TEST_CASE("each invalid record fails on the line its header names") {
  const auto files = dgnFiles("tests/records/invalid");
  CHECK(files.size() >= 20);
  for (const auto& f : files) {
    CAPTURE(f);
    const std::string text = slurp(f);
    const std::string prefix = "# error: ";
    REQUIRE(text.rfind(prefix, 0) == 0);
    const auto eol = text.find('\n');
    const std::string header =
        text.substr(prefix.size(), eol == std::string::npos ? std::string::npos : eol - prefix.size());
    const auto colon = header.find(": ");
    REQUIRE(colon != std::string::npos);
    const int line = std::stoi(header.substr(0, colon));
    const std::string fragment = header.substr(colon + 2);

    auto loaded = dom::dgn::load(text, f);
    REQUIRE(std::holds_alternative<dom::dgn::Error>(loaded));
    const auto& e = std::get<dom::dgn::Error>(loaded);
    CAPTURE(e.text());
    CHECK(e.line == line);
    CHECK(lower(e.message).find(lower(fragment)) != std::string::npos);

    auto fromFile = dom::dgn::loadFile(f);
    REQUIRE(std::holds_alternative<dom::dgn::Error>(fromFile));
    CHECK(std::get<dom::dgn::Error>(fromFile).line == line);
  }
}
