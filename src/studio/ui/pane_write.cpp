// SPDX-License-Identifier: MIT
// The Write a lesson pane (docs/lessons.md, "Writing a lesson"): a teacher turns the position on the
// table into a lesson. The title and about head the file; at each position, captions and tasks of
// every kind, each checked live by the checker `dominoes check lessons/` runs; Save writes the lesson
// file and Try it in Learn opens it as the learner will see it.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <array>

#include "studio/model/authoring.h"
#include "studio/model/i18n.h"
#include "studio/ui/app.h"

namespace dom::studio {

namespace {

using TK = dgn::Task::Kind;

constexpr std::array<TK, 6> kFormKinds{TK::Play, TK::Draw, TK::Pass, TK::End, TK::Tiles, TK::Points};

// What the answer field takes, for each kind (its hint when empty).
const char* answerHint(TK k) {
  switch (k) {
    case TK::Play: return N_("the moves that answer it: 6-2 L, 6-2 R");
    case TK::Draw:
    case TK::Pass: return N_("(no answer to write: the move is the answer)");
    case TK::End: return N_("the blocked end: L or R");
    case TK::Tiles: return N_("every tile that can be played: 6-2 5-4");
    case TK::Points: return N_("the points the round scores: 17");
  }
  return "";
}

const char* kindTitle(TK k) {
  switch (k) {
    case TK::Play: return N_("Play a tile");
    case TK::Draw: return N_("Draw");
    case TK::Pass: return N_("Pass");
    case TK::End: return N_("Tap the blocked end");
    case TK::Tiles: return N_("Pick every tile that can be played");
    case TK::Points: return N_("Count the round's points");
  }
  return "";
}

// The last item's rect (window pixels) as shown["fields"][id], for the dump and the scripts' clicks.
void shownField(const char* id, nlohmann::json& shown) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  shown["fields"][id] = {a.x, a.y, b.x - a.x, b.y - a.y};
}

// A line in the colour of its verdict: green when it checks, red with the reason when not.
void verdictLine(const std::string& error, const char* right) {
  const bool ok = error.empty();
  ImGui::PushStyleColor(ImGuiCol_Text, ok ? ImVec4(0.45f, 0.85f, 0.45f, 1) : ImVec4(1, 0.45f, 0.4f, 1));
  ImGui::TextWrapped("%s", ok ? right : error.c_str());
  ImGui::PopStyleColor();
}

}  // namespace

void WritePane::refresh(const App& app) {
  const Session& s = app.session();
  const TK kind = kFormKinds[static_cast<std::size_t>(kind_)];
  const std::string line = authoring::taskLine(kind, answer_, prompt_, explanation_);
  if (s.generation() == generation_ && line == formLine_) return;
  const bool moved = s.generation() != generation_;
  generation_ = s.generation();
  formLine_ = line;
  const Timeline& t = s.timeline();
  if (moved) {
    title_ = t.title();
    about_ = t.about();
    const authoring::Check c = authoring::check(t, s.filePath().empty() ? "lesson.dgn" : s.filePath());
    lessonTasks_ = c.tasks;
    lessonError_ = c.error ? c.error->text() : std::string();
  }
  if (prompt_.empty()) {
    formError_ = _("Write the question the learner reads.");
    return;
  }
  auto read = authoring::read(t, t.currentIndex(), line);
  formError_ = std::holds_alternative<std::string>(read) ? std::get<std::string>(read) : std::string();
}

void WritePane::draw(const App& app, Intents& out) {
  shown_ = nlohmann::json::object();
  if (!app.beginPane(Pane::Write, out)) return;
  if (app.session().course().active()) {
    ImGui::TextWrapped("%s", _("A lesson is on: go back to the course to write one (a lesson is written from a game, "
                               "the position editor or an opened record)."));
    shown_["blocked"] = true;
    ImGui::End();
    return;
  }
  refresh(app);
  drawHeader(app, out);
  drawHere(app, out);
  drawCaption(out);
  drawTask(app, out);
  drawLesson(app, out);
  ImGui::End();
}

namespace {

// A header field: its label (wrapped), the field, and the `WORD "..."` line written when the field is
// left after an edit (or Enter) with a text that is not the record's already.
void headerField(const char* label, const char* word, std::string& value, const std::string& recorded,
                 nlohmann::json& shown, Intents& out) {
  ImGui::TextWrapped("%s", label);
  ImGui::SetNextItemWidth(-1);
  ImGui::InputText((std::string("##") + word).c_str(), &value);
  shownField(word, shown);
  if (ImGui::IsItemDeactivatedAfterEdit() && !value.empty() && value != recorded)
    out.push_back(intent::WriteLesson{std::string(word) + " " + dgn::quote(value)});
}

}  // namespace

// The header: the lesson's title and what it teaches (the record's `title` and `about`).
void WritePane::drawHeader(const App& app, Intents& out) {
  const Timeline& t = app.session().timeline();
  headerField(_("Title"), "title", title_, t.title(), shown_, out);
  headerField(_("What it teaches"), "about", about_, t.about(), shown_, out);
  ImGui::Separator();
}

// What stands at this position, each with its own Remove.
void WritePane::drawHere(const App& app, Intents& out) {
  const Timeline& t = app.session().timeline();
  const int node = t.currentIndex();
  const Node& n = t.current();
  ImGui::TextWrapped("%s", i18n::format(_("At this position (move {0}):"), {std::to_string(n.depth)}).c_str());
  nlohmann::json here = nlohmann::json::array();
  for (std::size_t i = 0; i < n.statements.size(); ++i) {
    const dgn::Statement& st = n.statements[i];
    if (st.kind != dgn::Statement::Kind::Note && st.kind != dgn::Statement::Kind::Task) continue;
    const std::string text =
        st.kind == dgn::Statement::Kind::Note ? authoring::noteLine(st.note) : "task " + st.task->text;
    ImGui::PushID(static_cast<int>(i));
    if (shownButton(_("Remove"), "remove_" + std::to_string(i), shown_)) out.push_back(intent::UnwriteLesson{node, i});
    ImGui::SameLine();
    ImGui::TextWrapped("%s", text.c_str());
    ImGui::PopID();
    here.push_back({{"statement", i}, {"line", text}});
  }
  if (here.empty()) ImGui::TextDisabled("%s", _("nothing yet"));
  shown_["here"] = here;
  ImGui::Separator();
}

void WritePane::drawCaption(Intents& out) {
  ImGui::TextWrapped("%s", _("Caption (shown at this position)"));
  ImGui::SetNextItemWidth(-1);
  ImGui::InputText("##caption", &caption_);
  shownField("caption", shown_);
  ImGui::BeginDisabled(caption_.empty());
  if (shownButton(_("Add caption"), "add_caption", shown_)) {
    out.push_back(intent::WriteLesson{authoring::noteLine(caption_)});
    caption_.clear();
  }
  ImGui::EndDisabled();
  ImGui::Separator();
}

// A task, checked as it is written.
void WritePane::drawTask(const App& app, Intents& out) {
  const Timeline& t = app.session().timeline();
  const int node = t.currentIndex();
  const TK kind = kFormKinds[static_cast<std::size_t>(kind_)];
  ImGui::TextWrapped("%s", _("Task at this position"));
  ImGui::SetNextItemWidth(-1);
  const bool comboOpen = ImGui::BeginCombo("##kind", _(kindTitle(kind)));
  shownField("kind", shown_);
  if (comboOpen) {
    for (std::size_t i = 0; i < kFormKinds.size(); ++i)
      if (ImGui::Selectable(_(kindTitle(kFormKinds[i])), static_cast<int>(i) == kind_, 0, ImVec2(0, tapRow())))
        kind_ = static_cast<int>(i);
    ImGui::EndCombo();
  }
  if (kind != TK::Draw && kind != TK::Pass) {
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##answer", _(answerHint(kind)), &answer_);
    shownField("answer", shown_);
    if (shownButton(_("Fill in the answer"), "suggest", shown_)) answer_ = authoring::suggestion(t, node, kind);
    if (ImGui::IsItemHovered())
      tooltip(_("The answer that is right at this position (a play: the record's next move)."));
  }
  ImGui::SetNextItemWidth(-1);
  ImGui::InputTextWithHint("##prompt", _("the question the learner reads"), &prompt_);
  shownField("prompt", shown_);
  ImGui::SetNextItemWidth(-1);
  ImGui::InputTextWithHint("##explanation", _("why (shown after a wrong answer; optional)"), &explanation_);
  shownField("explanation", shown_);
  refresh(app);
  verdictLine(formError_, _("It checks at this position."));
  ImGui::BeginDisabled(!formError_.empty());
  if (shownButton(_("Add task"), "add_task", shown_)) {
    out.push_back(intent::WriteLesson{formLine_});
    prompt_.clear();
    explanation_.clear();
    answer_.clear();
  }
  ImGui::EndDisabled();
  shown_["form"] = {{"kind", authoring::kindWord(kind)}, {"line", formLine_}, {"error", formError_}};
  ImGui::Separator();
}

// The whole lesson, as `dominoes check` reads the file it is saved as; Save as and Try it in Learn.
void WritePane::drawLesson(const App& app, Intents& out) {
  const Session& s = app.session();
  const Timeline& t = s.timeline();
  const std::string tasks = i18n::format(P_("The lesson has {0} task.", "The lesson has {0} tasks.", lessonTasks_),
                                         {std::to_string(lessonTasks_)});
  verdictLine(lessonError_, (tasks + " " + _("dominoes check finds nothing wrong.")).c_str());
  shown_["lesson"] = {{"tasks", lessonTasks_}, {"error", lessonError_}, {"title", t.title()}, {"about", t.about()}};
  if (!s.writeError().empty()) shown_["refused"] = s.writeError();
  const ActionContext ctx = app.actionContext();
  actionButton("file.save_as", ctx, out, &shown_, "save_as");
  sameLineIfFits(buttonWidth(_("Try it in Learn")));
  ImGui::BeginDisabled(lessonTasks_ == 0 || !lessonError_.empty());
  if (shownButton(_("Try it in Learn"), "try", shown_)) {
    if (s.filePath().empty()) {
      out.push_back(intentOf(intent::WindowCmd::SaveAsDialog));
    } else {
      out.push_back(intent::Save{s.filePath()});
      out.push_back(intent::StartLesson{s.filePath()});
    }
  }
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    tooltip(_("Saves the lesson and opens it in the Learn pane, as a learner sees it."));
}

void WritePane::dump(nlohmann::json& j) const { j["writePane"] = shown_; }

}  // namespace dom::studio
