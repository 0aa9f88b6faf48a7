// SPDX-License-Identifier: MIT
// The page writes no worksheet: Cairo, HarfBuzz and FreeType are not built for it (docs/web.md).
#include "studio/model/i18n.h"
#include "studio/ui/print.h"

namespace dom::studio {

std::string printWorksheet(const std::string& /*lessonPath*/, const std::string& /*pdfPath*/) {
  return _("the page writes no worksheet: use the desktop studio or `dominoes worksheet` (docs/web.md)");
}

}  // namespace dom::studio
