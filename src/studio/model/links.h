// SPDX-License-Identifier: MIT
// Links that open the studio on something (docs/web.md): the part of the web page's address after
// '#' (or the desktop's --link), e.g. "lesson=5", "puzzle=en-linea/17", "scenario=tip_count_the_tiles",
// and "dgn=..." for a record carried in the link itself (the page inflates it into a file first).
#pragma once
#include <string>
#include <string_view>

#include "studio/model/session.h"

namespace dom::studio {

struct LinkTarget {
  Intents intents;    // what opens it
  std::string error;  // "" when the link names something that exists, else why not (for the status line)
};

// The intents that open what `link` names. `recordFile` is where the page put a dgn= link's record.
[[nodiscard]] LinkTarget linkIntents(std::string_view link, const std::string& recordFile = "/tmp/link.dgn");

// The link of what is on screen: the lesson ("lesson=N"), the puzzle of a book ("puzzle=RULES/N"), the
// scenario ("scenario=NAME"); "" when it is none of these (a record travels as dgn=, which the page
// makes from the record's text).
[[nodiscard]] std::string linkOf(const Session& s);

// The link of what is on screen for File > Share link: linkOf, else the record itself as
// "dgn=" + base64url(raw DEFLATE of its DGN text), which the page inflates (links.cpp says why the
// DEFLATE is of stored blocks).
[[nodiscard]] std::string shareLink(const Session& s);
// The parts of a dgn= link: DEFLATE (RFC 1951) of stored blocks, and base64url without padding.
[[nodiscard]] std::string deflateStored(std::string_view bytes);
[[nodiscard]] std::string base64url(std::string_view bytes);

}  // namespace dom::studio
