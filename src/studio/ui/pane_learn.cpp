// SPDX-License-Identifier: MIT
// The Learn pane: the course (lessons/ in teaching order, each with the stars earned) and, during a
// lesson, its task and the ways to answer it. A play, draw or pass is answered on the table; an end,
// the tiles that can be played and a round's points are answered here.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "studio/model/i18n.h"
#include "studio/model/paths.h"
#include "studio/model/viewmodel.h"
#include "studio/ui/app.h"

namespace dom::studio {

namespace {

// Three stars as drawn shapes (the UI font may lack the glyph): `n` filled, the rest outlined.
void drawStars(int n) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float r = ImGui::GetFontSize() * 0.45f;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  for (int i = 0; i < 3; ++i) {
    const ImVec2 c(p.x + r + static_cast<float>(i) * r * 2.3f, p.y + ImGui::GetTextLineHeight() * 0.5f);
    ImVec2 pts[10];
    for (int k = 0; k < 10; ++k) {
      const float a = -1.5707963f + static_cast<float>(k) * 0.6283185f;
      const float rad = k % 2 == 0 ? r : r * 0.45f;
      pts[k] = ImVec2(c.x + std::cos(a) * rad, c.y + std::sin(a) * rad);
    }
    const ImU32 gold = IM_COL32(240, 200, 70, 255);
    if (i < n) dl->AddConvexPolyFilled(pts, 10, gold);  // ImGui fills concave shapes well enough at this size
    dl->AddPolyline(pts, 10, gold, ImDrawFlags_Closed, 1.2f);
  }
  ImGui::Dummy(ImVec2(r * 2.3f * 3, ImGui::GetTextLineHeight()));
}

const char* kindWord(dgn::Task::Kind k) {
  using TK = dgn::Task::Kind;
  switch (k) {
    case TK::Play: return "play";
    case TK::Draw: return "draw";
    case TK::Pass: return "pass";
    case TK::End: return "end";
    case TK::Tiles: return "tiles";
    case TK::Points: return "points";
  }
  return "play";
}

// A line of advice in the disabled colour, wrapped to the pane (never cut at its edge).
void hintText(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

}  // namespace

void LearnPane::draw(const App& app, Intents& out) {
  shown_ = nlohmann::json::object();
  if (!app.beginPane(Pane::Learn, out)) return;
  if (!listed_) {
    dir_ = paths::dataDir("lessons");
    if (!dir_.empty()) lessons_ = listScenarios(dir_);
    listed_ = true;
  }
  if (app.session().course().active())
    drawLesson(app, out);
  else
    drawCourse(app, out);
  ImGui::End();
}

void LearnPane::drawCourse(const App& app, Intents& out) {
  const Settings& st = app.settings();
  if (lessons_.empty()) {
    ImGui::TextWrapped("%s", _("No lessons were found."));
    return;
  }
  // The first lesson not yet done is offered (the first run opens this pane).
  const auto next =
      std::find_if(lessons_.begin(), lessons_.end(), [&](const ScenarioEntry& e) { return st.starsOf(e.file) == 0; });
  if (next != lessons_.end()) {
    const bool first = next == lessons_.begin();
    ImGui::TextWrapped("%s", first
                                 ? _("New to dominoes? The course teaches the rules and the tips, one task at a time.")
                                 : _("Go on with the course:"));
    if (shownButton(first ? _("Start the first lesson") : _("Next lesson"), "start", shown_)) {
      out.push_back(intent::StartLesson{next->path});
    }
    shown_["offer"] = next->file;
  }
  ImGui::Separator();
  shown_["lessons"] = nlohmann::json::array();
  for (std::size_t i = 0; i < lessons_.size(); ++i) {
    const ScenarioEntry& e = lessons_[i];
    const int stars = st.starsOf(e.file);
    drawStars(stars);
    ImGui::SameLine();
    const std::string label = std::to_string(i + 1) + ". " + shownText(S_(e.title.c_str()), kTitleShown);
    // A long title wraps inside the pane: a selectable row as tall as the wrapped text, the text over it.
    const float wrap = std::max(ImGui::GetContentRegionAvail().x, 1.0f);
    const ImVec2 at = ImGui::GetCursorPos();
    const ImVec2 text = ImGui::CalcTextSize(label.c_str(), nullptr, false, wrap);
    const bool hit =
        ImGui::Selectable(("###lesson" + std::to_string(i)).c_str(), false, 0, ImVec2(wrap, tapRow(text.y)));
    const bool hovered = ImGui::IsItemHovered();
    const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    ImGui::SetCursorPos(at);
    ImGui::PushTextWrapPos(at.x + wrap);
    ImGui::TextUnformatted(label.c_str());
    ImGui::PopTextWrapPos();
    if (hit) {
      out.push_back(intent::StartLesson{e.path});
    }
    if (hovered && !e.about.empty()) tooltip(shownText(S_(e.about.c_str()), kCaptionShown));
    shown_["lessons"].push_back(
        {{"file", e.file}, {"stars", stars}, {"label", label}, {"rect", {lo.x, lo.y, hi.x - lo.x, hi.y - lo.y}}});
  }
}

void LearnPane::drawLesson(const App& app, Intents& out) {
  const Course& c = app.session().course();
  ImGui::TextWrapped("%s", shownText(S_(c.title.c_str()), kTitleShown).c_str());
  const std::size_t shownStep = std::min(c.step + 1, c.steps.size());
  const std::string progress =
      i18n::format(_("Task {0} of {1}"), {std::to_string(shownStep), std::to_string(c.steps.size())});
  hintText(progress.c_str());
  shown_["progress"] = progress;
  ImGui::Separator();
  // A right answer's verdict is about the task before: it stands above the next task's prompt, never
  // under it (a wrong try's reason stands under the prompt it answers).
  const bool verdictFirst = c.lastRight && c.pending() && !c.feedback.empty();
  if (verdictFirst) drawFeedback(c);
  if (const LessonStep* step = c.pending()) {
    if (step->node == app.timeline().currentIndex()) {
      const std::string prompt = i18n::trScenarioLines(step->task.prompt);
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.85f, 0.4f, 1));
      ImGui::TextWrapped("%s", prompt.c_str());
      ImGui::PopStyleColor();
      shown_["prompt"] = prompt;
      drawAnswer(app, *step, out);
    } else {
      // The notes before the task: step on to it (Right arrow, or the Timeline's buttons).
      ImGui::TextWrapped("%s", _("Read the note under the table, then go on."));
      if (shownButton(_("Continue"), "continue", shown_)) out.push_back(intentOf(intent::Cmd::Next));
    }
  }
  if (!verdictFirst && !c.feedback.empty()) drawFeedback(c);
  if (c.stars) {
    drawStars(*c.stars);
    const std::string done =
        i18n::format(P_("{0} wrong try in the lesson.", "{0} wrong tries in the lesson.", c.wrongTries),
                     {std::to_string(c.wrongTries)});
    ImGui::TextWrapped("%s", done.c_str());
    shown_["done"] = done;
    if (app.timeline().currentIndex() != app.timeline().branchPath().back() &&
        shownButton(_("Continue"), "continue", shown_))
      out.push_back(intentOf(intent::Cmd::Next));
  }
  ImGui::Separator();
  if (shownButton(_("Back to the course"), "course", shown_)) out.push_back(intentOf(intent::Cmd::EndLesson));
  // Once done, a lesson of the course goes on to the next one in teaching order, beside Back to the
  // course (a teacher's own lesson has none).
  const auto here =
      std::find_if(lessons_.begin(), lessons_.end(), [&](const ScenarioEntry& e) { return e.file == c.name; });
  if (c.stars && here != lessons_.end() && here + 1 != lessons_.end()) {
    sameLineIfFits(buttonWidth(_("Next lesson")));
    if (shownButton(_("Next lesson"), "next_lesson", shown_)) out.push_back(intent::StartLesson{(here + 1)->path});
    // Scrolled into view when the lesson is done (for a few frames: ImGui clamps a scroll to the
    // content measured the frame before), so a short pane (800x600) shows the way on.
    if (doneFrames_ > 0 && ImGui::GetItemRectMax().y > ImGui::GetWindowDrawList()->GetClipRectMax().y)
      ImGui::SetScrollHereY(1.0f);
  }
  doneFrames_ = c.stars ? std::max(doneFrames_ - 1, 0) : 3;
}

void LearnPane::drawFeedback(const Course& c) {
  ImGui::PushStyleColor(ImGuiCol_Text, c.lastRight ? ImVec4(0.45f, 0.9f, 0.45f, 1) : ImVec4(1, 0.55f, 0.4f, 1));
  ImGui::TextWrapped("%s", c.feedback.c_str());  // a lesson's own words are never cut
  ImGui::PopStyleColor();
  shown_["feedback"] = c.feedback;
  shown_["feedbackAbovePrompt"] = c.lastRight && c.pending();
  if (!c.lastRight) hintText(_("Try again."));
}

void LearnPane::answerHint(const std::string& text) {
  hintText(text.c_str());
  shown_["hint"] = text;
}

void LearnPane::drawAnswer(const App& app, const LessonStep& step, Intents& out) {
  using TK = dgn::Task::Kind;
  const Course& c = app.session().course();
  const bool newTask = answerFor_ != c.step;
  // A wrong answer's reason grows above the answer: it is scrolled into view again, as for a new task.
  const bool wrongAgain = wrongSeen_ != c.wrongTries;
  wrongSeen_ = c.wrongTries;
  if (newTask) {  // a new task: the picks start empty
    answerFor_ = c.step;
    points_ = 0;
  }
  shown_["kind"] = kindWord(step.task.kind);
  switch (step.task.kind) {
    case TK::Play: answerHint(_("Play it on the table.")); break;
    case TK::Draw:
    case TK::Pass:
      // One hint for both: "What must B do?" is answered by the learner, not by the hint.
      answerHint(
          i18n::touch()
              ? std::string(_("Answer on the table or in the Hands pane: play a tile, draw or pass."))
              : i18n::format(_("Answer on the table or in the Hands pane: play a tile, draw ({0}) or pass ({1})."),
                             {keyOf("game.draw"), keyOf("game.pass")}));
      break;
    case TK::End:
      for (int e = 0; e < 2; ++e) {
        const char* label = e == 0 ? _("The L end") : _("The R end");
        if (e) sameLineIfFits(buttonWidth(label));
        if (shownButton(label, e == 0 ? "end-l" : "end-r", shown_)) {
          out.push_back(intent::AnswerEnd{e == 0 ? End::L : End::R});
        }
      }
      break;
    case TK::Tiles: drawPicks(app, out); break;
    case TK::Points:
      // Room for the number beside ImGui's - and + (a frame's height each: 44 CSS pixels on a touch
      // screen, where a finger must also find the number between them).
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4 +
                              2 * (ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x));
      ImGui::InputInt((std::string(_("Points")) + "###points").c_str(), &points_);
      noteNumberField();  // a touch screen shows its number pad for it
      {
        // The field with its - and + (a tap on its left part edits the number: the phone's number pad).
        const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
        shown_["points"] = {{"x", a.x}, {"y", a.y}, {"w", b.x - a.x}, {"h", b.y - a.y}, {"value", points_}};
      }
      points_ = std::clamp(points_, 0, 999);
      sameLineIfFits(buttonWidth(_("Check")));  // else under the field, never squeezed beside it
      if (shownButton(_("Check"), "check", shown_, true)) {
        out.push_back(intent::AnswerPoints{points_});
      }
      break;
  }
  // A new task's answer is scrolled into view when the pane is too short for it (800x600): its
  // bottom at the pane's bottom, the prompt above it.
  // (For a few frames: ImGui clamps a scroll to the content measured the frame before.)
  if (newTask || wrongAgain) scrollFrames_ = 3;
  if (scrollFrames_ > 0) {
    --scrollFrames_;
    if (ImGui::GetItemRectMax().y > ImGui::GetWindowDrawList()->GetClipRectMax().y) ImGui::SetScrollHereY(1.0f);
  }
}

// A tiles task: each tile of the mover's hand as a button that toggles its pick, heaviest first, in
// rows that wrap at the pane's edge (no tile is lost at a line's end), then Check. What was drawn is
// in shown_["picks"]: each tile's rect, whether it is picked and whether it is whole in view.
void LearnPane::drawPicks(const App& app, Intents& out) {
  const auto who = app.match().toMove();
  const Mask hand = who ? app.match().state().hand[idx(*who)] : 0;
  shown_["picks"] = nlohmann::json::object();
  bool first = true;
  forEachHeaviestFirst(hand, [&](Tile t) {
    const std::string text = tileText(t);
    const std::string label = text + "###pick" + text;
    if (!first) sameLineIfFits(buttonWidth(label.c_str()));
    first = false;
    const bool on = (app.session().course().picked & bit(t)) != 0;
    if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(label.c_str())) out.push_back(intent::Select{t, true});  // toggles its pick (Session::picking)
    if (on) ImGui::PopStyleColor();
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    const bool cut = noteCut(text, shown_, true);
    shown_["picks"][text] = {{"x", a.x},       {"y", a.y},     {"w", b.x - a.x},
                             {"h", b.y - a.y}, {"picked", on}, {"whole", !cut}};
  });
  const bool check = shownButton(_("Check"), "check", shown_, true);
  noteCut(_("Check"), shown_, true);
  if (check) {
    out.push_back(intent::AnswerTiles{app.session().course().picked});
  }
}

void LearnPane::dump(nlohmann::json& j) const { j["learnPane"] = shown_; }

}  // namespace dom::studio
