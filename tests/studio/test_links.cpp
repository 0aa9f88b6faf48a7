// SPDX-License-Identifier: MIT
// Links that open the studio on something (studio/model/links.h, docs/web.md): each form opens what
// it names, through the session as the page does it, and a link that names nothing says why.
#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "studio/model/links.h"
#include "studio/model/session.h"

using namespace dom;
using namespace dom::studio;

namespace {
Session opened(const std::string& link, const std::string& record = "/nonexistent/link.dgn") {
  Session s;
  LinkTarget t = linkIntents(link, record);
  REQUIRE_MESSAGE(t.error.empty(), t.error);
  s.applyAll(t.intents);
  return s;
}
}  // namespace

TEST_CASE("links: #lesson=N starts the course's Nth lesson, and the link of a lesson is its own") {
  Session s = opened("lesson=1");
  CHECK(s.course().name == "01_highest_double_leads.dgn");
  CHECK(linkOf(s) == "lesson=1");
  Session five = opened("lesson=5");
  CHECK(five.course().name == "05_choosing_the_end.dgn");
  CHECK(linkOf(five) == "lesson=5");
}

TEST_CASE("links: #puzzle=BOOK/N opens that puzzle of the book, and #scenario=NAME that scenario") {
  Session p = opened("puzzle=en-linea/3");
  REQUIRE(p.trainer().puzzle);
  CHECK(p.trainer().puzzle->number == 3);
  CHECK(std::filesystem::path(p.trainer().puzzle->file).filename() == "en-linea.dgn");
  CHECK(linkOf(p) == "puzzle=en-linea/3");
  Session sc = opened("scenario=tip_count_the_tiles");
  CHECK(std::filesystem::path(sc.filePath()).filename() == "tip_count_the_tiles.dgn");
  CHECK(linkOf(sc) == "scenario=tip_count_the_tiles");
}

TEST_CASE("links: #dgn= opens the record the page wrote, whose link is not a name") {
  const auto file = std::filesystem::temp_directory_path() / "dominoes_link_test.dgn";
  std::filesystem::copy_file(std::string(STUDIO_TEST_DIR) + "/game.dgn", file,
                             std::filesystem::copy_options::overwrite_existing);
  Session s = opened("dgn=ignored-by-the-studio", file.string());
  CHECK(s.filePath() == file.string());
  CHECK(linkOf(s).empty());
  std::filesystem::remove(file);
}

TEST_CASE("links: a link that names nothing opens nothing and says why") {
  const std::pair<const char*, const char*> bad[] = {
      {"lesson=0", "lessons 1 to"},
      {"lesson=999", "lessons 1 to"},
      {"lesson=two", "lessons 1 to"},
      {"puzzle=nonesuch/1", "no puzzle book 'nonesuch'"},
      {"puzzle=../../etc/passwd", "no puzzle book"},
      {"puzzle=en-linea/0", "counts from 1"},
      {"scenario=../lessons/01_highest_double_leads", "no scenario"},
      {"scenario=", "no scenario"},
      {"dgn=AAAA", "could not be read"},
      {"chess=e4", "links are"},
  };
  for (const auto& item : bad) {
    // No structured binding: Clang 14 cannot capture one in doctest's message lambdas.
    const char* link = item.first;
    const char* why = item.second;
    const LinkTarget t = linkIntents(link, "/nonexistent/link.dgn");
    CHECK_MESSAGE(t.intents.empty(), link);
    CHECK_MESSAGE(t.error.find(why) != std::string::npos, link << ": " << t.error);
    CHECK_MESSAGE(t.error.find("opens nothing") != std::string::npos, t.error);
  }
}

TEST_CASE("links: Share link's record is DEFLATE of stored blocks in base64url") {
  using namespace std::string_literals;
  CHECK(deflateStored("abc") == "\x01\x03\x00\xfc\xff"s + "abc");
  CHECK(deflateStored("") == "\x01\x00\x00\xff\xff"s);
  // Over 65535 bytes: a block that is not the last, then the last.
  const std::string big(70000, 'x');
  const std::string d = deflateStored(big);
  REQUIRE(d.size() == big.size() + 10);
  CHECK(d.substr(0, 5) == "\x00\xff\xff\x00\x00"s);
  CHECK(d.substr(5 + 65535, 5) == "\x01\x71\x11\x8e\xee"s);  // 70000 - 65535 = 4465 = 0x1171
  CHECK(base64url("foobar") == "Zm9vYmFy");
  CHECK(base64url("fo") == "Zm8");
  CHECK(base64url("f") == "Zg");
  CHECK(base64url("\xfb\xff"s) == "-_8");
}

TEST_CASE("links: Share link gives a lesson's, a puzzle's own link, else the record in the link") {
  CHECK(shareLink(opened("lesson=5")) == "lesson=5");
  CHECK(shareLink(opened("puzzle=en-linea/3")) == "puzzle=en-linea/3");
  Session s;
  const std::string link = shareLink(s);
  REQUIRE(link.starts_with("dgn="));
  CHECK(link.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", 4) ==
        std::string::npos);
}

namespace {
// The page's side of a dgn= link, for stored blocks only: base64url back to bytes, then each block's
// bytes after its 5-byte header (links.cpp writes nothing else).
std::string inflateStoredLink(std::string_view b64) {
  static constexpr std::string_view kDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string bytes;
  std::uint32_t acc = 0;
  int bits = 0;
  for (const char c : b64) {
    acc = (acc << 6) | static_cast<std::uint32_t>(kDigits.find(c));
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push_back(static_cast<char>((acc >> bits) & 0xff));
    }
  }
  std::string out;
  for (std::size_t at = 0; at + 5 <= bytes.size();) {
    const std::size_t n = static_cast<unsigned char>(bytes[at + 1]) | (static_cast<unsigned char>(bytes[at + 2]) << 8);
    out += bytes.substr(at + 5, n);
    const bool last = (bytes[at] & 1) != 0;
    at += 5 + n;
    if (last) break;
  }
  return out;
}
}  // namespace

TEST_CASE(
    "links: a lesson opens locked with &lock, and a teacher's own lesson travels whole in a dgn= link (issue 52 #14, "
    "#15)") {
  Session s = opened("lesson=8&lock");
  REQUIRE(s.course().active());
  CHECK(s.course().locked);
  CHECK(s.course().lockedNow());
  CHECK(shareLink(s) == "lesson=8&lock");
  CHECK_FALSE(linkIntents("lesson=8&bogus").error.empty());
  CHECK_FALSE(linkIntents("scenario=tip_count_the_tiles&lock").error.empty());
  // Locked: no hint, no analysis pane, no other file, no change of view, no leaving, until it is done.
  for (const Intent& in : std::vector<Intent>{intentOf(intent::Cmd::Hint), intent::SetPane{Pane::Analysis, true},
                                              intent::SetPane{Pane::Scenarios, true}, intent::Open{"x.dgn", true},
                                              intent::SetVisibility{Visibility::AsA}, intentOf(intent::Cmd::EndLesson),
                                              intent::SetToggle{intent::Toggle::Teaching, true}}) {
    s.apply(in);
    CHECK(s.statusText().find("locked") != std::string::npos);
  }
  CHECK(s.course().active());
  CHECK_FALSE(s.settings().isOpen(Pane::Analysis));
  CHECK(s.settings().visibility == Visibility::All);
  // The lesson's own steps are not locked; once it is done, nothing is.
  while (s.course().pending()) {
    for (int guard = 0; guard < 200 && !s.lessonWaits(); ++guard) s.apply(intentOf(intent::Cmd::Next));
    const dgn::Task& t = s.course().pending()->task;
    if (t.kind == dgn::Task::Kind::End)
      s.apply(intent::AnswerEnd{t.end});
    else if (t.kind == dgn::Task::Kind::Play)
      s.apply(intent::Play{t.moves.front()});
    else
      s.apply(intent::Play{Move{t.kind == dgn::Task::Kind::Draw ? MoveKind::Draw : MoveKind::Pass}});
  }
  CHECK_FALSE(s.course().lockedNow());
  s.apply(intent::SetPane{Pane::Analysis, true});
  CHECK(s.settings().isOpen(Pane::Analysis));

  // A lesson of no course: its link is its file, whole, and it opens as a lesson (locked if asked).
  const auto own = std::filesystem::temp_directory_path() / "dominoes_own_lesson.dgn";
  std::filesystem::copy_file(
      std::filesystem::path(STUDIO_TEST_DIR) / ".." / ".." / "lessons" / "05_choosing_the_end.dgn", own,
      std::filesystem::copy_options::overwrite_existing);
  Session t;
  t.apply(intent::StartLesson{own.string(), true});
  REQUIRE(t.course().active());
  const std::string link = shareLink(t);
  REQUIRE(link.starts_with("dgn="));
  CHECK(link.ends_with("&lock"));
  const auto carried = std::filesystem::temp_directory_path() / "dominoes_link_lesson.dgn";
  {
    std::ofstream out(carried, std::ios::binary);
    out << inflateStoredLink(std::string_view(link).substr(4, link.size() - 4 - 5));
  }
  Session u = opened(link, carried.string());
  REQUIRE(u.course().active());
  CHECK(u.course().locked);
  CHECK(u.course().steps.size() == t.course().steps.size());
  std::filesystem::remove(own);
  std::filesystem::remove(carried);
}
