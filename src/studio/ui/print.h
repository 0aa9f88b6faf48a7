// SPDX-License-Identifier: MIT
// File > Worksheet of the lesson: the desktop writes it with the worksheet writer (print_desktop.cpp,
// studio/print/worksheet.h); the page has no Cairo and says so (print_web.cpp, docs/web.md).
#pragma once
#include <string>

namespace dom::studio {

// Writes the lesson's worksheet to `pdfPath`; the status line's words: what was written, or why not.
[[nodiscard]] std::string printWorksheet(const std::string& lessonPath, const std::string& pdfPath);

}  // namespace dom::studio
