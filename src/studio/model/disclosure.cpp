// SPDX-License-Identifier: MIT
#include "studio/model/disclosure.h"

#include "studio/model/session.h"

namespace dom::studio {

Disclosure disclosureWhile(bool taskWaits) {
  if (!taskWaits) return {};
  return {.legality = false,
          .blocking = false,
          .reserve = false,
          .stockFaces = false,
          .pips = false,
          .analysis = false,
          .freeHint = false};
}

Disclosure disclosure(const Session& s) {
  return disclosureWhile(s.course().active() && s.course().pending() != nullptr);
}

}  // namespace dom::studio
