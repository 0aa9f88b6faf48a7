// SPDX-License-Identifier: MIT
// A lesson's worksheet for a class (docs/lessons.md, "Printing a worksheet"): a PDF page a task,
// each with the task's position drawn from the studio's own table scene (scene.h, drawn as while the
// task waits: disclosure.h), both hands, the stock's count, the notes before the task, its question
// and room to answer; the answer key on the last page. In the UI's current language (i18n.h); text
// shaped with HarfBuzz (Devanagari included) and drawn with Cairo.
#pragma once
#include <string>

namespace dom::studio {

// Writes the worksheet of the lesson at `lessonPath` to `pdfPath` (a temporary file renamed over it).
// "" when written, else why not: the lesson refused as `dominoes check` refuses it, a record with no
// task, a font not found, the file not writable.
[[nodiscard]] std::string writeWorksheet(const std::string& lessonPath, const std::string& pdfPath);

}  // namespace dom::studio
