// SPDX-License-Identifier: MIT
// The studio's panes by name, and its view settings: one struct, range-checked on load, saved next
// to imgui.ini as `Key=value` lines.
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "studio/model/viewmodel.h"

namespace dom::studio {

enum class Pane : std::uint8_t {
  Table,
  Hands,
  Stock,
  Timeline,
  Branches,
  Rules,
  Score,
  Editor,
  Scenarios,
  Log,
  Tracker,
  Analysis,
  Puzzles,
  Learn,
  Write,  // writing a lesson (authoring.h)
  Count
};
inline constexpr int kPanes = static_cast<int>(Pane::Count);
[[nodiscard]] const char* name(Pane p);
// Its title in English, marked for translation (the View menu's entry and the window's title: _()).
[[nodiscard]] const char* titleWord(Pane p);
[[nodiscard]] bool parsePane(std::string_view text, Pane& out);

// One try of a puzzle: which ("FILE#N"), solved or not, and when (milliseconds since the epoch; 0
// for a try saved before the studio kept times: older than any timed one).
struct PuzzleTry {
  std::string id;
  bool solved = false;
  std::int64_t at = 0;
  bool operator==(const PuzzleTry&) const = default;
};

// The learner's puzzle record (the puzzle trainer, trainer.h): a Glicko-2 rating, the streak of
// puzzles solved in a row, and the last tries, newest last.
struct LearnerProgress {
  double rating = 1500, deviation = 350, volatility = 0.06;
  int streak = 0;
  std::vector<PuzzleTry> history;  // the newest kMaxHistory, oldest first
  std::string theme;               // the next puzzle has this theme ("" any)
  static constexpr std::size_t kMaxHistory = 200;
  // The result of the last try of puzzle `id`, if it was tried.
  [[nodiscard]] std::optional<bool> result(const std::string& id) const;
  // No try yet: the rating is not the learner's. The first try starts it at the puzzle's rating
  // (the books are rated on the ladder's scale, random 0: docs/puzzles.md, Rating).
  [[nodiscard]] bool rated() const { return !history.empty(); }
};

// The text sizes View > Text size offers, in percent.
inline constexpr std::array<int, 5> kTextSizes = {100, 125, 150, 175, 200};

// View settings in one struct, range-checked on load, saved next to imgui.ini.
struct Settings {
  Visibility visibility = Visibility::All;
  bool teaching = false;  // reveals the stock in draw order
  bool animate = true;    // moves fade in when played or stepped
  bool ghosts = true;
  float speed = 1.0f;  // autoplay moves per second
  float computerDelay = 0.4f;
  // View > Text size, in percent of the UI font (a projector: docs/studio.md); kTextSizes.
  int textSize = 100;
  std::array<bool, kPanes> open{true,  true,  true,  true,  false, true,  true,
                                false, false, false, false, false, false, false};
  std::vector<std::string> recent;
  std::string language;  // chosen in View > Language ("" follows the environment)
  // The last outside engine a new game seated (New game > Outside engine...): the spec's part after
  // "engine:" (its settings in brackets first, if any). An example engine until one is started.
  std::string engineCommand = "python3 examples/engines/random_engine.py";
  LearnerProgress learner;
  // Learn mode: the best stars of each lesson finished (its file name), in the order first finished.
  std::vector<std::pair<std::string, int>> lessonStars;
  [[nodiscard]] int starsOf(const std::string& lesson) const;
  void setStars(const std::string& lesson, int stars);  // keeps the best
  void clamp();
  [[nodiscard]] bool isOpen(Pane p) const { return open[static_cast<std::size_t>(p)]; }
};

// One `Key=value` line of the saved settings, validated field by field: a value that is not a whole
// number (flags, visibility, panes) or a finite number in range (speed, delay) is refused with the
// reason and the setting keeps its value. Returns empty or the reason.
[[nodiscard]] std::string applySetting(Settings& s, std::string_view key, std::string_view value);
// The saved settings as `Key=value` lines. A recent path holding a line break is left out, so that no
// path can add lines of its own to the settings file.
[[nodiscard]] std::string settingsText(const Settings& s);

// Another studio's progress saved into ours (two studios on one settings file): each lesson's best
// stars, and the puzzle tries of both, a try in both lists counted once, ordered by time, the newest
// kMaxHistory kept. Every other setting stays ours (the last one to save wins).
void mergeProgress(Settings& ours, const Settings& theirs);

// File > Export progress (issue 52 #17): the learner's progress as CSV for a teacher to collect, a row
// an item under a header: `learner,kind,item,stars,result,rating,time` (kind lesson: its best stars;
// puzzle: each try kept, solved or missed, with its UTC time; rating: the puzzle rating and its
// deviation). Fields are quoted as RFC 4180 says, and a text that a spreadsheet would read as a
// formula (starting = + - @) is prefixed with '.
[[nodiscard]] std::string progressCsv(const Settings& s, std::string_view learner);

// The settings file is ImGui's ini: `[Type][Name]` sections, the studio's own in this one.
inline constexpr std::string_view kSettingsSection = "[DominoesStudio][Settings]";
// The studio's settings as a file's text holds them (the lines of every kSettingsSection, applied in
// order as the studio reads them; a bad line keeps the default).
[[nodiscard]] Settings settingsOfIni(std::string_view ini);
// An ini's text as the studio hands it to ImGui, whose reading is quadratic in the sections of a type
// (each one looked up in a list): of each `[Type][Name]`, the last section only, where the first stood;
// at most kMaxIniSections of each type, names with "###" (the studio's own windows) first, then in
// the file's order. The studio's own section passes whole.
inline constexpr std::size_t kMaxIniSections = 256;
[[nodiscard]] std::string iniToLoad(std::string_view ini);
// Why a settings file that exists cannot be read as one ("" when it can): a NUL byte, or text with
// no `[` section at all. The studio then leaves the file as it is and saves nothing over it.
[[nodiscard]] std::string iniUnreadable(std::string_view ini);
// Saves the settings to `path`: under an exclusive lock (flock on PATH.lock, next to it), what the
// file holds now is read and its progress merged into a copy of `ours` (mergeProgress), `text` of
// the merged settings written by temp file and rename. A file there that cannot be read as settings
// is left untouched (an error). Returns empty or "cannot save PATH: reason"; `merged` gets the
// settings written.
[[nodiscard]] std::string saveSettingsFile(const std::string& path, const Settings& ours,
                                           const std::function<std::string(const Settings&)>& text,
                                           Settings* merged = nullptr);

}  // namespace dom::studio
