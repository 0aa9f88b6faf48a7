// SPDX-License-Identifier: MIT
#include <spdlog/spdlog.h>

#include "studio/model/i18n.h"
#include "studio/print/worksheet.h"
#include "studio/ui/print.h"

namespace dom::studio {

std::string printWorksheet(const std::string& lessonPath, const std::string& pdfPath) {
  if (std::string err = writeWorksheet(lessonPath, pdfPath); !err.empty()) {
    spdlog::warn("worksheet: {}", err);
    return i18n::format(_("no worksheet: {0}"), {err});
  }
  spdlog::info("worksheet written to {}", pdfPath);
  return i18n::format(_("wrote the worksheet {0}"), {pdfPath});
}

}  // namespace dom::studio
