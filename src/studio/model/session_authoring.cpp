// SPDX-License-Identifier: MIT
// The session's half of writing a lesson (authoring.h): a line the teacher writes is checked at the
// current position and kept there, or refused with what `dominoes check` would say.
#include <spdlog/spdlog.h>

#include <variant>

#include "studio/model/authoring.h"
#include "studio/model/i18n.h"
#include "studio/model/session.h"

namespace dom::studio {

bool Session::applyAuthoring(const Intent& in) {
  const auto* write = std::get_if<intent::WriteLesson>(&in);
  const auto* unwrite = std::get_if<intent::UnwriteLesson>(&in);
  if (!write && !unwrite) return false;
  if (course_.active() || editing()) {
    // A lesson on the table is the learner's: its record is written from a game or an opened file.
    writeError_ = course_.active()
                      ? _("Go back to the course first: a lesson is written from a game or an opened record.")
                      : _("Start play from the edited position first: a lesson is written on the timeline.");
    status(writeError_);
    return true;
  }
  const int node = timeline_.currentIndex();
  if (unwrite) {
    if (timeline_.removeStatement(unwrite->node, unwrite->statement)) {
      unsaved_ = true;
      writeError_.clear();
      status(_("taken out of the lesson: save to keep the change"));
    }
    return true;
  }
  auto read = authoring::read(timeline_, node, write->line);
  if (const auto* why = std::get_if<std::string>(&read)) {
    writeError_ = *why;
    status(i18n::format(_("not added: {0}"), {*why}));
    spdlog::info("lesson line refused: {}: {}", write->line, *why);
    return true;
  }
  auto& line = std::get<authoring::Line>(read);
  writeError_.clear();
  using K = authoring::Line::Kind;
  switch (line.kind) {
    case K::Title: timeline_.setTitle(line.text); break;
    case K::About: timeline_.setAbout(line.text); break;
    case K::Note:
    case K::Task:
      timeline_.addStatement(node, line.statement);
      if (line.then) {
        // The record goes on with the task's answer, as a lesson's must (dominoes check).
        timeline_.play(*line.then);
        timeline_.jump(node);
      }
      break;
  }
  unsaved_ = true;
  status(line.kind == K::Task ? _("task added: it checks at this position; save the lesson to keep it")
                              : _("added to the lesson: save to keep it"));
  return true;
}

}  // namespace dom::studio
