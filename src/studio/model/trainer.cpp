// SPDX-License-Identifier: MIT
// The puzzle trainer's model: reading a collection's puzzles, choosing the next, rating the learner.
#include "studio/model/trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <tuple>

#include <nlohmann/json.hpp>

#include "ai/glicko2.h"
#include "ai/puzzle_gen.h"
#include "studio/model/i18n.h"
#include "studio/model/settings.h"

namespace dom::studio {

namespace {

std::variant<std::vector<dgn::Part>, dgn::Error> partsOf(const std::string& path, std::string& text) {
  auto read = dgn::readFile(path);
  if (auto* e = std::get_if<dgn::Error>(&read)) return *e;
  text = std::move(std::get<std::string>(read));
  return dgn::splitRecords(text);
}

}  // namespace

std::variant<TrainerPuzzle, dgn::Error> loadPuzzle(const std::string& path, int number) {
  std::string text;
  auto parts = partsOf(path, text);
  if (auto* e = std::get_if<dgn::Error>(&parts)) return *e;
  const auto& all = std::get<std::vector<dgn::Part>>(parts);
  if (number < 1 || static_cast<std::size_t>(number) > all.size())
    return dgn::Error{path, 0,
                      "the file holds " + std::to_string(all.size()) + (all.size() == 1 ? " record" : " records") +
                          ": there is no puzzle " + std::to_string(number)};
  const dgn::Part& part = all[static_cast<std::size_t>(number - 1)];
  auto loaded = dgn::loadPart(part, path);
  if (auto* e = std::get_if<dgn::Error>(&loaded)) return *e;
  const dgn::Record& rec = std::get<dgn::Loaded>(loaded).record;
  if (!rec.puzzle)
    return dgn::Error{path, part.dgnLine ? part.dgnLine : part.firstLine,
                      "record " + std::to_string(number) + " is not a puzzle: it has no 'puzzle' line"};
  TrainerPuzzle p;
  p.file = path;
  p.number = number;
  p.title = rec.puzzle->title;
  p.themes = rec.puzzle->themes;
  p.rating = rec.puzzle->rating.value_or(static_cast<int>(std::lround(ai::ladderMiddle(rec.rules))));
  p.rules = rec.rules;
  p.setup = rec.rounds.front();
  Match start(rec.rules);
  if (const std::string e = start.startSetup(p.setup); !e.empty() || !start.toMove())
    return dgn::Error{path, rec.puzzle->line, e.empty() ? "the puzzle's round is over" : e};
  p.mover = *start.toMove();
  for (const dgn::Solution& s : rec.puzzle->solutions) p.solutions.push_back(s.move);
  for (const dgn::Statement& st : rec.rounds.front().statements)
    if (st.kind == dgn::Statement::Kind::Note) p.note += (p.note.empty() ? "" : "\n") + st.note;
  return p;
}

std::variant<std::vector<PuzzleCard>, dgn::Error> listPuzzles(const std::string& path) {
  std::string text;
  auto parts = partsOf(path, text);
  if (auto* e = std::get_if<dgn::Error>(&parts)) return *e;
  std::vector<PuzzleCard> cards;
  int number = 0;
  for (const dgn::Part& part : std::get<std::vector<dgn::Part>>(parts)) {
    ++number;
    auto rec = dgn::read(part.text, path, {}, part.firstLine);
    if (auto* e = std::get_if<dgn::Error>(&rec)) return *e;
    const auto& pz = std::get<dgn::Record>(rec).puzzle;
    if (pz)
      cards.push_back(
          {number, pz->title, pz->themes,
           pz->rating.value_or(static_cast<int>(std::lround(ai::ladderMiddle(std::get<dgn::Record>(rec).rules))))});
  }
  return cards;
}

namespace {

// The rating the next puzzle is chosen near: the learner's, or before any try the lower quartile of
// the book's ratings.
double targetRating(const std::vector<PuzzleCard>& cards, const LearnerProgress& learner) {
  if (learner.rated() || cards.empty()) return learner.rating;
  std::vector<double> r;
  r.reserve(cards.size());
  for (const PuzzleCard& c : cards) r.push_back(c.rating);
  const auto q = r.begin() + static_cast<std::ptrdiff_t>(r.size() / 4);
  std::nth_element(r.begin(), q, r.end());
  return *q;
}

}  // namespace

int nextPuzzle(const std::vector<PuzzleCard>& cards, const LearnerProgress& learner, const std::string& file,
               int current) {
  const double target = targetRating(cards, learner);
  int best = 0;
  std::tuple<int, double, int> bestKey{};
  for (const PuzzleCard& c : cards) {
    if (c.number == current) continue;
    if (!learner.theme.empty() && std::find(c.themes.begin(), c.themes.end(), learner.theme) == c.themes.end())
      continue;
    const auto result = learner.result(file + "#" + std::to_string(c.number));
    const int group = !result ? 0 : !*result ? 1 : 2;
    const std::tuple<int, double, int> key{group, std::abs(c.rating - target), c.number};
    if (best == 0 || key < bestKey) {
      best = c.number;
      bestKey = key;
    }
  }
  return best;
}

double recordTry(LearnerProgress& learner, const TrainerPuzzle& p, bool solved) {
  const std::string id = p.id();
  const bool first = !learner.result(id).has_value();
  if (!learner.rated()) {  // the first try of all: the scale is the puzzle's, the deviation the widest
    learner.rating = p.rating;
    learner.deviation = 350;
  }
  learner.streak = solved ? learner.streak + 1 : 0;
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  learner.history.push_back(PuzzleTry{id, solved, std::chrono::duration_cast<std::chrono::milliseconds>(now).count()});
  if (learner.history.size() > LearnerProgress::kMaxHistory) learner.history.erase(learner.history.begin());
  if (!first) return 0;
  const ai::glicko2::Rating before{learner.rating, learner.deviation, learner.volatility};
  const ai::glicko2::Rating puzzle{static_cast<double>(p.rating), kPuzzleDeviation, 0.06};
  const ai::glicko2::Rating after = ai::glicko2::update(before, {{puzzle, solved ? 1.0 : 0.0}});
  learner.rating = std::clamp(after.r, 0.0, 4000.0);
  learner.deviation = std::clamp(after.rd, 30.0, 350.0);  // never so sure that it stops moving
  learner.volatility = std::clamp(after.vol, 0.0, 1.0);
  return learner.rating - before.r;
}

std::vector<std::string_view> puzzleThemeChoices() {
  std::vector<std::string_view> v{""};
  v.insert(v.end(), dgn::kPuzzleThemes.begin(), dgn::kPuzzleThemes.end());
  return v;
}

const char* puzzleThemeLabel(std::string_view theme) {
  static constexpr std::pair<std::string_view, const char*> kLabels[] = {
      {"", N_("Any theme")},
      {"heavy", N_("Heavy tiles first")},
      {"doubles", N_("Doubles")},
      {"variety", N_("Keep variety")},
      {"strongest", N_("Your strongest number")},
      {"read", N_("Read the opponent")},
      {"count", N_("Count the tiles")},
      {"block", N_("Block")},
  };
  for (const auto& [t, label] : kLabels)
    if (t == theme) return label;
  return N_("Any theme");
}

std::string puzzleNoteText(const std::string& note) {
  if (note.empty() || i18n::language() == "en") return note;
  if (std::string whole = S_(note.c_str()); whole != note) return whole;
  // The book's notes are sentences of a small bank, each translated on its own.
  std::string out, sentence;
  for (std::size_t i = 0; i < note.size(); ++i) {
    sentence += note[i];
    const bool end = (note[i] == '.' || note[i] == '!' || note[i] == '?') &&
                     (i + 1 == note.size() || note[i + 1] == ' ' || note[i + 1] == '\n');
    if (!end) continue;
    out += S_(sentence.c_str());
    sentence.clear();
    if (i + 1 < note.size()) out += note[++i];  // the space or line break between sentences
  }
  return out + (sentence.empty() ? std::string() : i18n::trScenarioLines(sentence));
}

nlohmann::json trainerState(const Trainer& t, const LearnerProgress& l) {
  using nlohmann::json;
  json p = {{"learner_rating", l.rated() ? json(std::lround(l.rating)) : json(nullptr)},
            {"learner_deviation", std::lround(l.deviation)},
            {"streak", l.streak},
            {"tries", l.history.size()},
            {"theme", l.theme}};
  if (!t.active()) {
    p["id"] = nullptr;
    return p;
  }
  const TrainerPuzzle& z = *t.puzzle;
  p["id"] = z.id();
  p["file"] = z.file;
  p["number"] = z.number;
  p["count"] = t.cards.size();
  p["title"] = z.title;
  p["themes"] = z.themes;
  p["rating"] = z.rating;
  p["mover"] = std::string(1, letter(z.mover));
  p["solved"] = t.solved ? json(*t.solved) : json(nullptr);
  p["tried"] = t.tried;
  p["verdict"] = t.verdict;
  p["judging"] = t.judging;
  p["rating_change"] = t.ratingChange;
  return p;
}

}  // namespace dom::studio
