// SPDX-License-Identifier: MIT
// The settings file (issue 42): the newest puzzle tries kept, two studios' progress merged under a
// lock, a file that cannot be read left untouched, and a file of many sections read in linear work.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/files.h"
#include "studio/model/settings.h"

using namespace dom;
using namespace dom::studio;

namespace {

std::filesystem::path tempDir(const std::string& tag) {
  const auto dir = std::filesystem::temp_directory_path() / ("studio-settings-" + tag + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The file's text as the studio writes it: a window of ImGui's, then the settings section.
std::string fileText(const Settings& s) {
  return "[Window][###table]\nPos=1,2\nSize=3,4\n\n" + std::string(kSettingsSection) + "\n" + settingsText(s) + "\n";
}

std::size_t count(std::string_view text, std::string_view what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string_view::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("settings: more than 200 puzzle tries keep the newest 200 (issue 42 #16)") {
  std::string ini = std::string(kSettingsSection) + "\n";
  for (int i = 1; i <= 250; ++i) ini += "PuzzleTry=book.dgn#" + std::to_string(i) + "=1@" + std::to_string(i) + "\n";
  const Settings s = settingsOfIni(ini);
  REQUIRE(s.learner.history.size() == LearnerProgress::kMaxHistory);
  CHECK(s.learner.history.front().id == "book.dgn#51");
  CHECK(s.learner.history.back().id == "book.dgn#250");
  CHECK(s.learner.history.back().at == 250);
  // An older file's tries (no time) are read too, in the file's order.
  Settings old;
  for (int i = 1; i <= 300; ++i) REQUIRE(applySetting(old, "PuzzleTry", "f#" + std::to_string(i) + "=0").empty());
  old.clamp();
  REQUIRE(old.learner.history.size() == LearnerProgress::kMaxHistory);
  CHECK(old.learner.history.back().id == "f#300");
  CHECK(old.learner.history.back().at == 0);
  CHECK(applySetting(old, "PuzzleTry", "f#1=1@x") == "is FILE#N=0 or FILE#N=1");
  CHECK(applySetting(old, "PuzzleTry", "f#1=1@") == "is FILE#N=0 or FILE#N=1");
  CHECK(applySetting(old, "PuzzleTry", "f#1=1@-5") == "is FILE#N=0 or FILE#N=1");
  CHECK(applySetting(old, "PuzzleTry", "f#1=12") == "is FILE#N=0 or FILE#N=1");
}

TEST_CASE("settings: two studios saving one file both keep their progress (issue 42 #11)") {
  const auto dir = tempDir("merge");
  const std::string path = (dir / "imgui.ini").string();
  // Both studios started from the same file: one lesson with 1 star, one try.
  Settings start;
  start.setStars("01-first.dgn", 1);
  start.learner.history.push_back({"book.dgn#1", false, 1000});
  REQUIRE(files::writeAtomic(path, fileText(start)).empty());
  Settings a = settingsOfIni(slurp(path));
  Settings b = settingsOfIni(slurp(path));
  REQUIRE(a.lessonStars.size() == 1);
  // Each gains its own progress.
  a.setStars("01-first.dgn", 3);
  a.setStars("02-second.dgn", 2);
  a.learner.history.push_back({"book.dgn#2", true, 2000});
  a.speed = 2;
  b.setStars("01-first.dgn", 2);
  b.setStars("03-third.dgn", 1);
  b.learner.history.push_back({"book.dgn#3", true, 1500});
  b.learner.history.push_back({"book.dgn#4", false, 2500});
  b.speed = 4;
  REQUIRE(saveSettingsFile(path, a, fileText).empty());
  Settings written;
  REQUIRE(saveSettingsFile(path, b, fileText, &written).empty());
  const Settings back = settingsOfIni(slurp(path));
  CHECK(back.starsOf("01-first.dgn") == 3);  // the best of both
  CHECK(back.starsOf("02-second.dgn") == 2);
  CHECK(back.starsOf("03-third.dgn") == 1);
  std::vector<std::string> ids;
  for (const PuzzleTry& t : back.learner.history) ids.push_back(t.id);
  // Every try once, by time.
  CHECK(ids == std::vector<std::string>{"book.dgn#1", "book.dgn#3", "book.dgn#2", "book.dgn#4"});
  CHECK(back.speed == 4);  // any other setting: the last to save wins
  CHECK(written.learner.history == back.learner.history);
  // The window entries are the writer's, the save atomic (no temp file left) and the lock file kept.
  CHECK(count(slurp(path), "[Window][###table]") == 1);
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++files;
  CHECK(files == 2);
  CHECK(std::filesystem::exists(path + ".lock"));
  // Saving again from a studio that knew nothing of the other keeps everything.
  REQUIRE(saveSettingsFile(path, a, fileText).empty());
  CHECK(settingsOfIni(slurp(path)).learner.history.size() == 4);
  CHECK(settingsOfIni(slurp(path)).starsOf("03-third.dgn") == 1);
  std::filesystem::remove_all(dir);
}

TEST_CASE("settings: a file that cannot be read as settings is never saved over (issue 42 #12)") {
  const auto dir = tempDir("unread");
  const std::string path = (dir / "imgui.ini").string();
  Settings s;
  s.setStars("01-first.dgn", 3);
  // Over the 16 MiB limit.
  const std::string big = fileText(s) + std::string(files::kDefaultMaxSize, '#');
  REQUIRE(files::writeAtomic(path, big).empty());
  const std::string err = saveSettingsFile(path, Settings{}, fileText);
  CHECK(err.find(path) != std::string::npos);
  CHECK(err.find("left as it is") != std::string::npos);
  CHECK(err.find("--max-size") == std::string::npos);
  CHECK(slurp(path) == big);
  // Not the studio's: no section, or a NUL byte.
  for (const std::string& text : {std::string("my notes\nnot settings\n"), std::string("[Window][x]\n\0\n", 14)}) {
    REQUIRE(files::writeAtomic(path, text).empty());
    CHECK_FALSE(iniUnreadable(text).empty());
    CHECK_FALSE(saveSettingsFile(path, Settings{}, fileText).empty());
    CHECK(slurp(path) == text);
  }
  CHECK(iniUnreadable("").empty());
  CHECK(iniUnreadable(fileText(s)).empty());
  std::filesystem::remove_all(dir);
}

TEST_CASE("settings: 100,000 window entries reach ImGui as a bounded few, the studio's own kept (issue 42 #9)") {
  Settings s;
  s.visibility = Visibility::AsB;
  std::string ini;
  for (int i = 0; i < 100000; ++i)
    ini += "[Window][Window " + std::to_string(i) + "]\nPos=" + std::to_string(i) + ",0\nSize=10,10\nCollapsed=0\n\n";
  ini += "[Window][###table]\nPos=5,6\nSize=7,8\n\n[Window][###table]\nPos=9,9\nSize=7,8\n\n";
  ini += "[Window][Window 7]\nPos=77,0\n\n";
  ini += std::string(kSettingsSection) + "\n" + settingsText(s) + "\n";
  ini += "[Table][0x1]\nColumn 0 Width=4\n";
  REQUIRE(ini.size() > 4000000);
  const std::string load = iniToLoad(ini);
  CHECK(count(load, "[Window]") == kMaxIniSections);
  CHECK(count(load, "[Window][###table]") == 1);
  CHECK(load.find("[Window][###table]\nPos=9,9\n") != std::string::npos);  // the last one read
  CHECK(load.find("[Window][Window 7]\nPos=77,0\n") != std::string::npos);
  CHECK(load.find("[Window][Window 254]\n") != std::string::npos);
  CHECK(load.find("[Window][Window 255]\n") == std::string::npos);  // 255 others and the studio's own
  CHECK(count(load, "[Table][0x1]") == 1);
  CHECK(settingsOfIni(load).visibility == Visibility::AsB);
  CHECK(iniToLoad("") == "");
}

TEST_CASE("settings: the last outside engine's command is kept, and a command cannot add lines (issue 46)") {
  Settings s;
  CHECK(s.engineCommand == "python3 examples/engines/random_engine.py");  // an example until one is started
  CHECK(applySetting(s, "Engine", "[ms=200]:./mybot --fast").empty());
  CHECK(s.engineCommand == "[ms=200]:./mybot --fast");
  CHECK_FALSE(applySetting(s, "Engine", "").empty());
  CHECK(s.engineCommand == "[ms=200]:./mybot --fast");
  CHECK(settingsText(s).find("Engine=[ms=200]:./mybot --fast\n") != std::string::npos);
  s.engineCommand = "bot\nPuzzleRating=9999";
  CHECK(settingsText(s).find("9999") == std::string::npos);
}

TEST_CASE("settings: the progress a teacher collects as CSV (issue 52 #17)") {
  Settings s;
  s.setStars("01_highest_double_leads.dgn", 3);
  s.setStars("05_choosing_the_end.dgn", 2);
  s.learner.history.push_back({"en-linea.dgn#3", true, 1765051262000});
  s.learner.history.push_back({"en-linea.dgn#4", false, 0});
  s.learner.rating = 1523.4;
  s.learner.deviation = 120.2;
  const std::string csv = progressCsv(s, "Ana, \"la\" =1");
  CHECK(csv ==
        "learner,kind,item,stars,result,rating,time\r\n"
        "\"Ana, \"\"la\"\" =1\",lesson,01_highest_double_leads.dgn,3,done,,\r\n"
        "\"Ana, \"\"la\"\" =1\",lesson,05_choosing_the_end.dgn,2,done,,\r\n"
        "\"Ana, \"\"la\"\" =1\",puzzle,en-linea.dgn#3,,solved,,2025-12-06T20:01:02Z\r\n"
        "\"Ana, \"\"la\"\" =1\",puzzle,en-linea.dgn#4,,missed,,\r\n"
        "\"Ana, \"\"la\"\" =1\",rating,puzzles,,,1523 +- 120,\r\n");
  CHECK(progressCsv(Settings{}, "Bo") == "learner,kind,item,stars,result,rating,time\r\n");
  // A name that is a formula is text in a spreadsheet.
  CHECK(progressCsv(s, "=HYPERLINK(1)").find("\n'=HYPERLINK(1),lesson") != std::string::npos);
}
