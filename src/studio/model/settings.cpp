// SPDX-License-Identifier: MIT
// The view settings: each `Key=value` line checked on load, written back as lines; the panes' names.
#include "studio/model/settings.h"
#include "studio/model/i18n.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "core/decimal.h"
#include "core/dgn.h"
#include "core/files.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <optional>
#include <sstream>
#include <unordered_map>

namespace dom::studio {

const char* name(Pane p) {
  static const char* const names[] = {"table",   "hands",    "stock",   "timeline",  "branches",
                                      "rules",   "score",    "editor",  "scenarios", "log",
                                      "tracker", "analysis", "puzzles", "learn",     "write"};
  static_assert(std::size(names) == kPanes);
  return names[static_cast<int>(p)];
}

const char* titleWord(Pane p) {
  static const char* const titles[] = {N_("Table"),     N_("Hands"), N_("Stock"),         N_("Timeline"),
                                       N_("Branches"),  N_("Rules"), N_("Score"),         N_("Position editor"),
                                       N_("Scenarios"), N_("Log"),   N_("Tile tracker"),  N_("Analysis"),
                                       N_("Puzzles"),   N_("Learn"), N_("Write a lesson")};
  static_assert(std::size(titles) == kPanes);
  return titles[static_cast<int>(p)];
}

bool parsePane(std::string_view text, Pane& out) {
  for (int i = 0; i < kPanes; ++i)
    if (text == name(static_cast<Pane>(i))) {
      out = static_cast<Pane>(i);
      return true;
    }
  return false;
}

void Settings::clamp() {
  // std::clamp lets a NaN through (every comparison is false): a NaN speed would freeze autoplay.
  if (!std::isfinite(speed)) speed = Settings{}.speed;
  if (!std::isfinite(computerDelay)) computerDelay = Settings{}.computerDelay;
  speed = std::clamp(speed, 0.25f, 8.0f);
  computerDelay = std::clamp(computerDelay, 0.0f, 5.0f);
  if (static_cast<int>(visibility) > 2) visibility = Visibility::All;
  if (recent.size() > 8) recent.resize(8);
  auto& h = learner.history;
  if (h.size() > LearnerProgress::kMaxHistory)
    h.erase(h.begin(), h.end() - static_cast<std::ptrdiff_t>(LearnerProgress::kMaxHistory));
}

int Settings::starsOf(const std::string& lesson) const {
  for (const auto& [name, n] : lessonStars)
    if (name == lesson) return n;
  return 0;
}

void Settings::setStars(const std::string& lesson, int stars) {
  for (auto& [name, n] : lessonStars)
    if (name == lesson) {
      n = std::max(n, stars);
      return;
    }
  if (lessonStars.size() < 1000) lessonStars.emplace_back(lesson, stars);
}

std::optional<bool> LearnerProgress::result(const std::string& id) const {
  // The newest try of `id`: the history runs oldest first.
  std::optional<bool> found;
  for (const PuzzleTry& h : history)
    if (h.id == id) found = h.solved;
  return found;
}

namespace {
// A whole number in [lo, hi] written as digits only (no sign, no spaces), else nullopt.
std::optional<int> strictInt(std::string_view v, int lo, int hi) {
  int n = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (v.empty() || v[0] == '-' || v[0] == '+' || ec != std::errc() || end != v.data() + v.size() || n < lo || n > hi)
    return std::nullopt;
  return n;
}
// A whole number from 0 written as digits only, else nullopt.
std::optional<std::int64_t> strictInt64(std::string_view v) {
  std::int64_t n = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (v.empty() || v[0] == '-' || v[0] == '+' || ec != std::errc() || end != v.data() + v.size()) return std::nullopt;
  return n;
}
// A finite number in [lo, hi] ("nan", "inf", "1e99", "2x" are refused), else nullopt.
std::optional<float> strictFloat(std::string_view v, float lo, float hi) {
  const auto d = parseDecimal(v);
  if (!d) return std::nullopt;
  const auto f = static_cast<float>(*d);  // 1e99 becomes inf: refused below
  if (!std::isfinite(f) || f < lo || f > hi) return std::nullopt;
  return f;
}

// The learner's keys (Puzzle*), each range-checked; "is not a setting" for any other key.
std::string applyLearner(LearnerProgress& l, std::string_view key, std::string_view value) {
  auto real = [&](double& d, float lo, float hi) -> std::string {
    const auto x = strictFloat(value, lo, hi);
    if (!x)
      return "is a number from " + std::to_string(static_cast<int>(lo)) + " to " + std::to_string(static_cast<int>(hi));
    d = static_cast<double>(*x);
    return {};
  };
  if (key == "PuzzleRating") return real(l.rating, 0, 4000);
  if (key == "PuzzleDeviation") return real(l.deviation, 0, 350);
  if (key == "PuzzleVolatility") return real(l.volatility, 0, 1);
  if (key == "PuzzleStreak") {
    const auto n = strictInt(value, 0, 1000000);
    if (!n) return "is a whole number from 0";
    l.streak = *n;
    return {};
  }
  if (key == "PuzzleTheme") {
    if (!value.empty() &&
        std::find(dgn::kPuzzleThemes.begin(), dgn::kPuzzleThemes.end(), value) == dgn::kPuzzleThemes.end())
      return "is not a puzzle theme";
    l.theme = value;
    return {};
  }
  if (key == "PuzzleTry") {
    // FILE#N=0|1, then @TIME (milliseconds since the epoch) when saved by a studio that keeps times;
    // the file's path without a line break (the settings file is lines).
    const auto eq = value.rfind('=');
    const std::string_view after = eq == std::string_view::npos ? std::string_view() : value.substr(eq + 1);
    const auto at = after.size() > 2 && after[1] == '@' ? strictInt64(after.substr(2)) : std::optional<std::int64_t>(0);
    if (eq == std::string_view::npos || after.empty() || (after[0] != '0' && after[0] != '1') ||
        (after.size() > 1 && !(after.size() > 2 && after[1] == '@')) || !at ||
        value.substr(0, eq).find('#') == std::string_view::npos)
      return "is FILE#N=0 or FILE#N=1";
    // The file runs oldest first: the newest kMaxHistory are kept (clamp() drops the oldest).
    l.history.push_back(PuzzleTry{std::string(value.substr(0, eq)), after[0] == '1', *at});
    if (l.history.size() > 2 * LearnerProgress::kMaxHistory)
      l.history.erase(l.history.begin(), l.history.end() - static_cast<std::ptrdiff_t>(LearnerProgress::kMaxHistory));
    return {};
  }
  return "is not a setting";
}
}  // namespace

std::string applySetting(Settings& s, std::string_view key, std::string_view value) {
  auto flag = [&](bool& b) -> std::string {
    const auto n = strictInt(value, 0, 1);
    if (!n) return "is 0 or 1";
    b = *n != 0;
    return {};
  };
  auto number = [&](float& f, float lo, float hi) -> std::string {
    const auto x = strictFloat(value, lo, hi);
    if (!x) return "is a number from " + std::to_string(lo).substr(0, 4) + " to " + std::to_string(hi).substr(0, 4);
    f = *x;
    return {};
  };
  if (key == "Visibility") {
    const auto n = strictInt(value, 0, 2);
    if (!n) return "is 0, 1 or 2";
    s.visibility = static_cast<Visibility>(*n);
    return {};
  }
  if (key == "Teaching") return flag(s.teaching);
  if (key == "Animate") return flag(s.animate);
  if (key == "Ghosts") return flag(s.ghosts);
  if (key == "Speed") return number(s.speed, 0.25f, 8.0f);
  if (key == "ComputerDelay") return number(s.computerDelay, 0.0f, 5.0f);
  if (key == "TextSize") {
    const auto n = strictInt(value, 100, 200);
    if (!n || std::find(kTextSizes.begin(), kTextSizes.end(), *n) == kTextSizes.end())
      return "is 100, 125, 150, 175 or 200";
    s.textSize = *n;
    return {};
  }
  if (key == "Language") {
    if (!i18n::known(value)) return "is not a language (en, es, fr, pl, hi, pseudo)";
    s.language = value;
    return {};
  }
  if (key == "Engine") {
    if (value.empty()) return "is an engine's command line";
    s.engineCommand = value;
    return {};
  }
  if (key == "Recent") {
    if (value.empty()) return "is a file path";
    if (s.recent.size() < 8) s.recent.emplace_back(value);
    return {};
  }
  if (auto e = applyLearner(s.learner, key, value); e != "is not a setting") return e;
  if (key == "LessonStars") {  // NAME=1..3, NAME a file name (no '/')
    const auto eq = value.rfind('=');
    const auto n = eq == std::string_view::npos ? std::nullopt : strictInt(value.substr(eq + 1), 1, 3);
    if (!n || eq == 0 || value.substr(0, eq).find('/') != std::string_view::npos) return "is NAME=1, 2 or 3";
    s.setStars(std::string(value.substr(0, eq)), *n);
    return {};
  }
  if (key.substr(0, 5) == "Pane.") {
    Pane p;
    if (!parsePane(key.substr(5), p)) return "is not a pane";
    bool open = false;
    if (auto e = flag(open); !e.empty()) return e;
    s.open[static_cast<std::size_t>(p)] = open;
    return {};
  }
  return "is not a setting";
}

namespace {
// One CSV field: quoted when it holds a comma, a quote or a line break; a formula's first character
// made plain text.
std::string csvField(std::string_view text) {
  std::string t(text);
  if (!t.empty() && (t[0] == '=' || t[0] == '+' || t[0] == '-' || t[0] == '@')) t.insert(0, "'");
  if (t.find_first_of(",\"\r\n") == std::string::npos) return t;
  std::string out = "\"";
  for (const char c : t) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// Milliseconds since the epoch as UTC ISO 8601 ("2026-12-06T20:01:02Z"); "" for 0 (no time kept).
std::string isoTime(std::int64_t ms) {
  if (ms <= 0) return {};
  const std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}
}  // namespace

std::string progressCsv(const Settings& s, std::string_view learner) {
  const std::string who = csvField(learner);
  std::string out = "learner,kind,item,stars,result,rating,time\r\n";
  for (const auto& [name, n] : s.lessonStars)
    out += who + ",lesson," + csvField(name) + "," + std::to_string(n) + ",done,,\r\n";
  for (const PuzzleTry& t : s.learner.history)
    out += who + ",puzzle," + csvField(t.id) + ",," + (t.solved ? "solved" : "missed") + ",," + isoTime(t.at) + "\r\n";
  if (s.learner.rated()) {
    char rating[64];
    std::snprintf(rating, sizeof rating, "%.0f +- %.0f", s.learner.rating, s.learner.deviation);
    out += who + ",rating,puzzles,,," + rating + ",\r\n";
  }
  return out;
}

std::string settingsText(const Settings& s) {
  std::ostringstream o;
  o << "Visibility=" << static_cast<int>(s.visibility) << "\nTeaching=" << (s.teaching ? 1 : 0)
    << "\nAnimate=" << (s.animate ? 1 : 0) << "\nGhosts=" << (s.ghosts ? 1 : 0) << "\n";
  char num[64];
  std::snprintf(num, sizeof num, "Speed=%.2f\nComputerDelay=%.2f\n", static_cast<double>(s.speed),
                static_cast<double>(s.computerDelay));
  o << num;
  if (s.textSize != 100) o << "TextSize=" << s.textSize << "\n";
  for (int i = 0; i < kPanes; ++i)
    o << "Pane." << name(static_cast<Pane>(i)) << "=" << (s.open[static_cast<std::size_t>(i)] ? 1 : 0) << "\n";
  if (!s.language.empty()) o << "Language=" << s.language << "\n";
  if (s.engineCommand.find_first_of("\r\n") == std::string::npos) o << "Engine=" << s.engineCommand << "\n";
  for (const auto& r : s.recent)
    if (r.find_first_of("\r\n") == std::string::npos) o << "Recent=" << r << "\n";
  const LearnerProgress& l = s.learner;
  char learner[160];
  std::snprintf(learner, sizeof learner,
                "PuzzleRating=%.1f\nPuzzleDeviation=%.1f\nPuzzleVolatility=%.5f\nPuzzleStreak=%d\n", l.rating,
                l.deviation, l.volatility, l.streak);
  o << learner;
  if (!l.theme.empty()) o << "PuzzleTheme=" << l.theme << "\n";
  for (const auto& [name, n] : s.lessonStars)
    if (name.find_first_of("\r\n") == std::string::npos) o << "LessonStars=" << name << "=" << n << "\n";
  for (const PuzzleTry& t : l.history) {
    if (t.id.find_first_of("\r\n") != std::string::npos) continue;
    o << "PuzzleTry=" << t.id << "=" << (t.solved ? '1' : '0');
    if (t.at > 0) o << "@" << t.at;
    o << "\n";
  }
  return o.str();
}
void mergeProgress(Settings& ours, const Settings& theirs) {
  for (const auto& [name, n] : theirs.lessonStars) ours.setStars(name, n);
  // A multiset union: a try both lists hold (the same puzzle, result and time, as both read it from
  // the file) is kept once; then the tries by time, oldest first, each list's order kept on a tie.
  std::vector<PuzzleTry>& h = ours.learner.history;
  std::unordered_map<std::string, int> have;
  auto key = [](const PuzzleTry& t) { return t.id + (t.solved ? "=1@" : "=0@") + std::to_string(t.at); };
  for (const PuzzleTry& t : h) ++have[key(t)];
  for (const PuzzleTry& t : theirs.learner.history)
    if (int& n = have[key(t)]; n > 0)
      --n;
    else
      h.push_back(t);
  std::stable_sort(h.begin(), h.end(), [](const PuzzleTry& a, const PuzzleTry& b) { return a.at < b.at; });
  ours.clamp();
}

namespace {

// The sections of an ini text: `[Type][Name]` headers and the lines up to the next one.
struct IniSection {
  std::string_view header, type, name, body;
};

template <class F>
void forEachSection(std::string_view ini, F&& f) {
  std::size_t pos = 0;
  std::optional<IniSection> open;
  auto close = [&](std::size_t end) {
    if (!open) return;
    const char* b = open->body.data();
    open->body = std::string_view(b, static_cast<std::size_t>(ini.data() + end - b));
    f(*open);
    open.reset();
  };
  while (pos < ini.size()) {
    std::size_t eol = ini.find('\n', pos);
    if (eol == std::string_view::npos) eol = ini.size();
    std::string_view line = ini.substr(pos, eol - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::size_t mid = line.find("][");
    if (line.size() >= 4 && line.front() == '[' && line.back() == ']' && mid != std::string_view::npos) {
      close(pos);
      open = IniSection{line, line.substr(1, mid - 1), line.substr(mid + 2, line.size() - mid - 3),
                        ini.substr(std::min(eol + 1, ini.size()), 0)};
    }
    pos = eol + 1;
  }
  close(ini.size());
}

}  // namespace

Settings settingsOfIni(std::string_view ini) {
  Settings s;
  forEachSection(ini, [&](const IniSection& sec) {
    if (sec.header != kSettingsSection) return;
    std::size_t pos = 0;
    while (pos < sec.body.size()) {
      std::size_t eol = sec.body.find('\n', pos);
      if (eol == std::string_view::npos) eol = sec.body.size();
      std::string_view line = sec.body.substr(pos, eol - pos);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      if (const auto eq = line.find('='); eq != std::string_view::npos)
        (void)applySetting(s, line.substr(0, eq), line.substr(eq + 1));
      pos = eol + 1;
    }
  });
  s.clamp();
  return s;
}

std::string iniToLoad(std::string_view ini) {
  // Pass 1: each distinct section once (where it first stood, its last body); the studio's own whole.
  std::vector<IniSection> kept;
  std::unordered_map<std::string_view, std::size_t> where;
  forEachSection(ini, [&](const IniSection& sec) {
    if (sec.type == "DominoesStudio") {
      kept.push_back(sec);
      return;
    }
    const auto [it, added] = where.try_emplace(sec.header, kept.size());
    if (added)
      kept.push_back(sec);
    else
      kept[it->second].body = sec.body;
  });
  // Pass 2: at most kMaxIniSections of a type, "###" names first.
  std::vector<bool> chosen(kept.size(), false);
  std::unordered_map<std::string_view, std::size_t> count;
  for (const bool own : {true, false})
    for (std::size_t i = 0; i < kept.size(); ++i) {
      const IniSection& sec = kept[i];
      if (chosen[i] || (sec.type != "DominoesStudio" && (sec.name.find("###") != std::string_view::npos) != own))
        continue;
      if (sec.type != "DominoesStudio" && count[sec.type] >= kMaxIniSections) continue;
      ++count[sec.type];
      chosen[i] = true;
    }
  std::string out;
  for (std::size_t i = 0; i < kept.size(); ++i) {
    if (!chosen[i]) continue;
    out.append(kept[i].header).append("\n").append(kept[i].body);
    if (!out.empty() && out.back() != '\n') out += '\n';
  }
  return out;
}

std::string iniUnreadable(std::string_view ini) {
  if (ini.find('\0') != std::string_view::npos) return "it holds a NUL byte: it is not a text file";
  if (ini.find_first_not_of(" \t\r\n") == std::string_view::npos) return {};
  bool section = false;
  forEachSection(ini, [&](const IniSection&) { section = true; });
  return section ? std::string() : "it has no [Type][Name] section line: it is not a settings file";
}

namespace {

// An exclusive lock on PATH.lock, held while it lives (none when the file cannot be made: saving
// then goes on unlocked, and fails anyway when the folder is not writable).
class FileLock {
 public:
  explicit FileLock(const std::string& path)
      : fd_(::open((path + ".lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600)) {
    if (fd_ < 0) return;
    while (::flock(fd_, LOCK_EX) != 0 && errno == EINTR) {}
  }
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  ~FileLock() {
    if (fd_ >= 0) ::close(fd_);  // releases the lock
  }

 private:
  int fd_;
};

}  // namespace

std::string saveSettingsFile(const std::string& path, const Settings& ours,
                             const std::function<std::string(const Settings&)>& text, Settings* merged) {
  const FileLock lock(path);
  Settings out = ours;
  std::error_code ec;
  if (std::filesystem::exists(std::filesystem::symlink_status(path, ec))) {
    const auto disk = files::readText(path);
    if (const auto* e = std::get_if<files::ReadError>(&disk)) {
      std::string why = e->message;
      if (const auto hint = why.find(" (--max-size"); hint != std::string::npos) why.resize(hint);
      return "cannot save " + path + ": it cannot be read (" + why + "), and is left as it is";
    }
    const std::string& t = std::get<std::string>(disk);
    if (const std::string why = iniUnreadable(t); !why.empty())
      return "cannot save " + path + ": " + why + ", and it is left as it is";
    mergeProgress(out, settingsOfIni(t));
  }
  std::string err = files::writeAtomic(path, text(out));
  if (merged) *merged = std::move(out);
  return err;
}
}  // namespace dom::studio
