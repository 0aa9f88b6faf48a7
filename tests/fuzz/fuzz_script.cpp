// SPDX-License-Identifier: MIT
// libFuzzer target: the studio's script reader (src/studio/model/script_parse.h), no App and no window.
// Oracle: it never crashes or throws; every error names a line of the input and has a bounded
// message (echoed words are cut); commands come in line order; reading is deterministic; and a
// command's own text reads back as the same command.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "studio/model/script_parse.h"

namespace {
void require(bool ok) {
  if (!ok) std::abort();
}

bool same(const dom::studio::ScriptCommand& a, const dom::studio::ScriptCommand& b) {
  return a.kind == b.kind && a.text == b.text && a.arg == b.arg && a.word == b.word && a.pane == b.pane &&
         a.toggle == b.toggle && a.tiles == b.tiles && a.zone == b.zone && a.tile == b.tile && a.player == b.player &&
         a.on == b.on && a.number == b.number && a.seed == b.seed && a.width == b.width && a.height == b.height &&
         a.key == b.key && a.pointer == b.pointer && a.wantText == b.wantText;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto lines = static_cast<int>(std::count(text.begin(), text.end(), '\n')) + 1;
  const dom::studio::ParsedScript a = dom::studio::parseScript(text);
  int last = 0;
  for (const auto& e : a.errors) {
    require(e.line > last && e.line <= lines);  // one error a line at most, in order
    last = e.line;
    require(!e.message.empty() && e.message.size() < 1000);
  }
  last = 0;
  for (const auto& c : a.commands) {
    require(c.line > last && c.line <= lines);
    last = c.line;
    require(!c.text.empty() && c.text.find('\n') == std::string::npos);
    dom::studio::ScriptCommand again;
    std::string error;
    require(dom::studio::parseScriptLine(c.text, again, error) && error.empty());
    again.line = c.line;
    require(same(c, again));
  }
  const dom::studio::ParsedScript b = dom::studio::parseScript(text);
  require(a.commands.size() == b.commands.size() && a.errors.size() == b.errors.size());
  for (std::size_t i = 0; i < a.commands.size(); ++i) require(same(a.commands[i], b.commands[i]));
  for (std::size_t i = 0; i < a.errors.size(); ++i)
    require(a.errors[i].line == b.errors[i].line && a.errors[i].message == b.errors[i].message);
  return 0;
}
