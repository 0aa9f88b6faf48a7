// SPDX-License-Identifier: MIT
// Links that open the studio on something (links.h).
#include "studio/model/links.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <filesystem>

#include "core/dgn.h"
#include "core/dgn_lex.h"
#include "core/files.h"
#include "studio/model/course.h"
#include "studio/model/i18n.h"
#include "studio/model/paths.h"
#include "studio/model/scenarios.h"

namespace dom::studio {
namespace {
namespace fs = std::filesystem;

// A positive whole number, digits only.
int positive(std::string_view s) {
  int n = 0;
  if (s.empty() || s.size() > 6 || s.front() < '0' || s.front() > '9') return 0;
  const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  return ec == std::errc{} && p == s.data() + s.size() ? n : 0;
}

// A name made of letters, digits, '-' and '_' only: never a path.
bool plainName(std::string_view s) {
  if (s.empty() || s.size() > 100) return false;
  for (const char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
      return false;
  return true;
}

LinkTarget failed(std::string_view link, const std::string& why) {
  return {{}, i18n::format(_("the link #{0} opens nothing: {1}"), {files::cut(link, 80), why})};
}

LinkTarget lessonLink(std::string_view link, std::string_view value) {
  const int n = positive(value);
  const auto lessons = listScenarios(paths::dataDir("lessons"));
  if (n == 0 || n > static_cast<int>(lessons.size()))
    return failed(link, i18n::format(_("the course has lessons 1 to {0}"), {std::to_string(lessons.size())}));
  return {{intent::StartLesson{lessons[static_cast<std::size_t>(n - 1)].path}}, {}};
}

LinkTarget puzzleLink(std::string_view link, std::string_view value) {
  const auto slash = value.find('/');
  const std::string_view book = value.substr(0, slash);
  const int n = slash == std::string_view::npos ? 1 : positive(value.substr(slash + 1));
  std::error_code ec;
  const fs::path file = fs::path(paths::dataDir("puzzles")) / (std::string(book) + ".dgn");
  if (!plainName(book) || !fs::is_regular_file(file, ec))
    return failed(link, i18n::format(_("there is no puzzle book '{0}'"), {files::cut(book, 40)}));
  if (n == 0) return failed(link, _("a puzzle's number counts from 1"));
  return {{intent::OpenPuzzle{file.string(), n, true}}, {}};
}

LinkTarget scenarioLink(std::string_view link, std::string_view value) {
  std::error_code ec;
  const fs::path file = fs::path(paths::scenariosDir()) / (std::string(value) + ".dgn");
  if (!plainName(value) || !fs::is_regular_file(file, ec))
    return failed(link, i18n::format(_("there is no scenario '{0}'"), {files::cut(value, 40)}));
  return {{intent::Open{file.string(), true}}, {}};
}

}  // namespace

namespace {
// Whether a record's file is a lesson, that is, whether it has a `task` statement: a line whose first
// word is `task` (a quoted string never holds a raw line break, so no line of a string starts one).
// Read once as text, not replayed: the lesson's own opening reads and checks it, and says what is
// wrong with a broken one.
bool holdsTasks(const std::string& file) {
  auto text = files::readText(file);
  if (!std::holds_alternative<std::string>(text)) return false;
  const std::string_view all = std::get<std::string>(text);
  for (std::size_t at = 0; at < all.size();) {
    const std::size_t end = std::min(all.find('\n', at), all.size());
    std::string_view line = all.substr(at, end - at);
    if (line.starts_with(dgn::lex::kBom)) line.remove_prefix(dgn::lex::kBom.size());
    const std::size_t word = line.find_first_not_of(" \t");
    if (word != std::string_view::npos && line.substr(word).starts_with("task") &&
        (line.size() == word + 4 || line[word + 4] == ' ' || line[word + 4] == '\t'))
      return true;
    at = end + 1;
  }
  return false;
}

LinkTarget targetOf(std::string_view link, const std::string& recordFile) {
  const auto eq = link.find('=');
  const std::string_view key = link.substr(0, eq);
  const std::string_view value = eq == std::string_view::npos ? std::string_view() : link.substr(eq + 1);
  if (key == "lesson") return lessonLink(link, value);
  if (key == "puzzle") return puzzleLink(link, value);
  if (key == "scenario") return scenarioLink(link, value);
  if (key == "dgn") {
    std::error_code ec;
    if (!fs::is_regular_file(recordFile, ec) || fs::file_size(recordFile, ec) == 0)
      return failed(link, _("its record could not be read (the link may be cut short)"));
    // A lesson travels in a link too, the teacher's own included: it opens as a lesson, tasks and all.
    if (holdsTasks(recordFile)) return {{intent::StartLesson{recordFile}}, {}};
    return {{intent::Open{recordFile, true}}, {}};
  }
  return failed(link, _("links are #lesson=N, #puzzle=BOOK/N, #scenario=NAME or #dgn=RECORD"));
}

}  // namespace

LinkTarget linkIntents(std::string_view link, const std::string& recordFile) {
  // After the target, '&'-separated flags: "lock" opens a lesson locked for a class (course.h).
  const std::string_view target = link.substr(0, link.find('&'));
  bool lock = false;
  for (std::size_t at = link.find('&'); at != std::string_view::npos;) {
    const std::size_t next = link.find('&', at + 1);
    const std::string_view flag = link.substr(at + 1, next == std::string_view::npos ? next : next - at - 1);
    if (flag != "lock")
      return failed(link, i18n::format(_("'{0}' is not a flag of a link (only &lock is)"), {files::cut(flag, 40)}));
    lock = true;
    at = next;
  }
  LinkTarget t = targetOf(target, recordFile);
  if (lock) {
    auto* start = t.intents.empty() ? nullptr : std::get_if<intent::StartLesson>(&t.intents.front());
    if (!start && t.error.empty()) return failed(link, _("only a lesson can be locked"));
    if (start) start->lock = true;
  }
  return t;
}

// A record in a link is DEFLATE of stored blocks: every inflater (the browser's DecompressionStream
// included) reads them, and they need no compressor in the studio (the web build has no zlib from
// Debian). A game's record of 1 to 3 KB gives a link of 1.4 to 4 KB, which browsers and mail keep.
std::string deflateStored(std::string_view bytes) {
  std::string out;
  std::size_t at = 0;
  do {
    const std::size_t n = std::min<std::size_t>(bytes.size() - at, 0xffff);
    const bool last = at + n == bytes.size();
    out.push_back(static_cast<char>(last ? 1 : 0));  // BFINAL, BTYPE 00 (stored), then byte aligned
    const auto len = static_cast<std::uint16_t>(n), nlen = static_cast<std::uint16_t>(~len);
    for (const std::uint16_t v : {len, nlen}) {
      out.push_back(static_cast<char>(v & 0xff));
      out.push_back(static_cast<char>(v >> 8));
    }
    out.append(bytes.substr(at, n));
    at += n;
  } while (at < bytes.size());
  return out;
}

std::string base64url(std::string_view bytes) {
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string out;
  std::uint32_t acc = 0;
  int bits = 0;
  for (const char c : bytes) {
    acc = (acc << 8) | static_cast<unsigned char>(c);
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out.push_back(kDigits[(acc >> bits) & 63]);
    }
  }
  if (bits > 0) out.push_back(kDigits[(acc << (6 - bits)) & 63]);
  return out;
}

std::string shareLink(const Session& s) {
  const std::string lock = s.course().locked ? "&lock" : "";
  if (std::string link = linkOf(s); !link.empty()) return link + lock;
  // A lesson of no course (a teacher's own) travels whole, as its file says it: the timeline on
  // screen holds only what the learner has reached.
  if (s.course().active())
    if (auto text = files::readText(s.course().file, 1 << 20); std::holds_alternative<std::string>(text))
      return "dgn=" + base64url(deflateStored(std::get<std::string>(text))) + lock;
  return "dgn=" + base64url(deflateStored(dgn::write(s.timeline().record())));
}

std::string linkOf(const Session& s) {
  if (s.course().active()) {
    const auto lessons = listScenarios(paths::dataDir("lessons"));
    for (std::size_t i = 0; i < lessons.size(); ++i)
      if (lessons[i].file == s.course().name) return "lesson=" + std::to_string(i + 1);
  }
  if (const auto& p = s.trainer().puzzle) {
    const fs::path file(p->file);
    if (fs::path(paths::dataDir("puzzles")) == file.parent_path())
      return "puzzle=" + file.stem().string() + "/" + std::to_string(p->number);
  }
  const fs::path open(s.filePath());
  if (!s.filePath().empty() && fs::path(paths::scenariosDir()) == open.parent_path())
    return "scenario=" + open.stem().string();
  return {};
}

}  // namespace dom::studio
