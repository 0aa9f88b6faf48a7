// SPDX-License-Identifier: MIT
// The Puzzles pane: the puzzle trainer's words (trainer.h). Before the learner moves: the puzzle's
// title, number, rating and themes, and what to find. After: the verdict and the note, with the next
// puzzle a click away. Always: the learner's rating, streak and record, and the theme asked for.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "studio/model/i18n.h"
#include "studio/model/viewmodel.h"
#include "studio/ui/app.h"

namespace dom::studio {

namespace {

std::string themesText(const std::vector<std::string>& themes) {
  std::string s;
  for (const std::string& t : themes) s += (s.empty() ? "" : ", ") + std::string(_(puzzleThemeLabel(t)));
  return s;
}

void learnerLine(const LearnerProgress& l, nlohmann::json& shown) {
  int solved = 0;
  for (const PuzzleTry& h : l.history) solved += h.solved ? 1 : 0;
  const std::string text =
      !l.rated() ? std::string(_("Your rating: none yet. Your first puzzle starts it, at that puzzle's rating."))
                 : i18n::format(_("Your rating: {0} (±{1}). Streak: {2}. Solved {3} of {4} tries."),
                                {std::to_string(static_cast<int>(std::lround(l.rating))),
                                 std::to_string(static_cast<int>(std::lround(l.deviation))), std::to_string(l.streak),
                                 std::to_string(solved), std::to_string(l.history.size())});
  ImGui::TextWrapped("%s", text.c_str());
  shown["learner"] = text;
}

// The theme the next puzzle is chosen from: its label beside the combo when both fit, else above it
// (a long word never runs out of the pane).
void themeCombo(const LearnerProgress& l, nlohmann::json& shown, Intents& out) {
  const std::string current = _(puzzleThemeLabel(l.theme));
  const std::string label = _("Theme");
  const float avail = ImGui::GetContentRegionAvail().x, font = ImGui::GetFontSize();
  float width =
      std::min(avail - ImGui::CalcTextSize(label.c_str()).x - ImGui::GetStyle().ItemInnerSpacing.x, font * 14);
  std::string id = label + "###theme";
  if (width < font * 6) {
    ImGui::TextUnformatted(label.c_str());
    noteCut(label, shown);
    id = "###theme";
    width = std::min(avail, font * 14);
  }
  ImGui::SetNextItemWidth(width);
  if (ImGui::BeginCombo(id.c_str(), current.c_str())) {
    for (std::string_view theme : puzzleThemeChoices())
      if (ImGui::Selectable(_(puzzleThemeLabel(theme)), theme == l.theme, 0, ImVec2(0, tapRow()))) {
        out.push_back(intent::SetPuzzleTheme{std::string(theme)});
      }
    ImGui::EndCombo();
  }
}

}  // namespace

void PuzzlesPane::draw(const App& app, Intents& out) {
  shown_ = nlohmann::json::object();
  if (!app.beginPane(Pane::Puzzles, out)) return;
  const Session& s = app.session();
  const Trainer& t = s.trainer();
  const LearnerProgress& l = s.settings().learner;
  if (!t.active()) {
    const std::string text = _("Find the move that wins by force. Every puzzle is proved by the solver.");
    ImGui::TextWrapped("%s", text.c_str());
    shown_["text"] = text;
    actionButton("learn.puzzles", app.actionContext(), out, &shown_, "start");
  } else {
    const TrainerPuzzle& p = *t.puzzle;
    const std::string title = shownText(S_(p.title.c_str()), kTitleShown);
    ImGui::TextWrapped("%s", title.c_str());
    const std::string facts =
        i18n::format(_("Puzzle {0} of {1}, rated {2}. Themes: {3}."),
                     {std::to_string(p.number),
                      std::to_string(std::max<std::size_t>(t.cards.size(), static_cast<std::size_t>(p.number))),
                      std::to_string(p.rating), themesText(p.themes)});
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", facts.c_str());
    ImGui::PopStyleColor();
    shown_["title"] = title;
    shown_["facts"] = facts;
    ImGui::Separator();
    if (!t.solved) {
      verdictFrames_ = 3;
      const std::string ask = i18n::format(
          _("{0} to move. Find the move that wins by force, whatever the tiles you cannot see: play it on the table."),
          {std::string(1, letter(p.mover))});
      ImGui::TextWrapped("%s", ask.c_str());
      shown_["text"] = ask;
    } else {
      // While the solver judges: the verdict so far in the text's own colour, then right or wrong.
      const ImVec4 colour = t.judging   ? ImGui::GetStyleColorVec4(ImGuiCol_Text)
                            : *t.solved ? ImVec4(0.45f, 0.9f, 0.45f, 1)
                                        : ImVec4(1, 0.55f, 0.4f, 1);
      // Next puzzle and Try again above the verdict, scrolled into view when it first shows: a long
      // verdict and note never push them out of a short pane (800x600).
      const ActionContext c = app.actionContext();
      actionButton("learn.puzzle_next", c, out, &shown_, "next");
      noteCut(buttonText(*findAction("learn.puzzle_next"), c), shown_, true);
      sameLineIfFits(actionButtonWidth("learn.puzzle_retry", c));
      actionButton("learn.puzzle_retry", c, out, &shown_, "retry");
      noteCut(buttonText(*findAction("learn.puzzle_retry"), c), shown_, true);
      // (For a few frames: ImGui clamps a scroll to the content measured the frame before.)
      if (verdictFrames_ > 0 && ImGui::GetItemRectMax().y > ImGui::GetWindowDrawList()->GetClipRectMax().y)
        ImGui::SetScrollHereY(1.0f);
      verdictFrames_ = std::max(verdictFrames_ - 1, 0);
      ImGui::PushStyleColor(ImGuiCol_Text, colour);
      ImGui::TextWrapped("%s", t.verdict.c_str());
      ImGui::PopStyleColor();
      shown_["text"] = t.verdict;
      shown_["judging"] = t.judging;
      if (!p.note.empty() && !t.judging) {
        const std::string note = shownText(puzzleNoteText(p.note), kLessonNoteShown);
        ImGui::TextWrapped("%s", note.c_str());
        shown_["note"] = note;
      }
      if (t.ratingChange != 0) {
        char change[32];
        std::snprintf(change, sizeof change, "%+.0f", t.ratingChange);
        ImGui::TextDisabled("%s", i18n::format(_("Rating {0}"), {change}).c_str());
      }
    }
  }
  ImGui::Separator();
  learnerLine(l, shown_);
  themeCombo(l, shown_, out);
  ImGui::End();
}

void PuzzlesPane::dump(nlohmann::json& j) const {
  // The trainer's state is the session's (App::rawState writes "puzzle"); what was drawn is here.
  j["puzzlesPane"] = shown_;
}

}  // namespace dom::studio
