// The view settings: each `Key=value` line checked on load, written back as lines; the panes' names.
#include "studio/model/settings.h"
#include "studio/model/i18n.h"

#include "core/dgn.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <optional>
#include <sstream>

namespace dom::studio {

const char* name(Pane p) {
  static const char* const names[] = {"table",  "hands",     "stock", "timeline", "branches", "rules",   "score",
                                      "editor", "scenarios", "log",   "tracker",  "analysis", "puzzles", "learn"};
  static_assert(std::size(names) == kPanes);
  return names[static_cast<int>(p)];
}

const char* titleWord(Pane p) {
  static const char* const titles[] = {N_("Table"),     N_("Hands"), N_("Stock"),        N_("Timeline"),
                                       N_("Branches"),  N_("Rules"), N_("Score"),        N_("Position editor"),
                                       N_("Scenarios"), N_("Log"),   N_("Tile tracker"), N_("Analysis"),
                                       N_("Puzzles"),   N_("Learn")};
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
  for (const std::string& h : history)
    if (h.size() == id.size() + 2 && h.compare(0, id.size(), id) == 0 && h[id.size()] == '=') found = h.back() == '1';
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
// A finite number in [lo, hi] ("nan", "inf", "1e99", "2x" are refused), else nullopt.
std::optional<float> strictFloat(std::string_view v, float lo, float hi) {
  float f = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), f);
  if (v.empty() || ec != std::errc() || end != v.data() + v.size() || !std::isfinite(f) || f < lo || f > hi)
    return std::nullopt;
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
    // FILE#N=0|1, the file's path without a line break (the settings file is lines).
    const auto eq = value.rfind('=');
    if (eq == std::string_view::npos || eq + 2 != value.size() || (value.back() != '0' && value.back() != '1') ||
        value.find('#') == std::string_view::npos)
      return "is FILE#N=0 or FILE#N=1";
    if (l.history.size() < LearnerProgress::kMaxHistory) l.history.emplace_back(value);
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
  if (key == "Language") {
    if (!i18n::known(value)) return "is not a language (en, es, fr, pl, hi, pseudo)";
    s.language = value;
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

std::string settingsText(const Settings& s) {
  std::ostringstream o;
  o << "Visibility=" << static_cast<int>(s.visibility) << "\nTeaching=" << (s.teaching ? 1 : 0)
    << "\nAnimate=" << (s.animate ? 1 : 0) << "\nGhosts=" << (s.ghosts ? 1 : 0) << "\n";
  char num[64];
  std::snprintf(num, sizeof num, "Speed=%.2f\nComputerDelay=%.2f\n", static_cast<double>(s.speed),
                static_cast<double>(s.computerDelay));
  o << num;
  for (int i = 0; i < kPanes; ++i)
    o << "Pane." << name(static_cast<Pane>(i)) << "=" << (s.open[static_cast<std::size_t>(i)] ? 1 : 0) << "\n";
  if (!s.language.empty()) o << "Language=" << s.language << "\n";
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
  for (const auto& t : l.history)
    if (t.find_first_of("\r\n") == std::string::npos) o << "PuzzleTry=" << t << "\n";
  return o.str();
}
}  // namespace dom::studio
