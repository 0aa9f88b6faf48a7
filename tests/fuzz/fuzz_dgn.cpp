// SPDX-License-Identifier: MIT
// libFuzzer target: the DGN reader must reject any input with an error, never crash or hang.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/dgn.h"
#include "core/summary.h"
#ifdef DOMINOES_FUZZ_TIMELINE
#include "studio/model/timeline.h"
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto r = dom::dgn::load(text, "fuzz.dgn");
  if (auto* l = std::get_if<dom::dgn::Loaded>(&r)) {
    // A valid record must also survive the summary, the layout and the writer's round trip.
    (void)dom::summary(l->match).dump();
    (void)l->match.layout();
    const std::string w = dom::dgn::write(l->record);
    auto again = dom::dgn::read(w, "fuzz-rewritten.dgn");
    if (!std::holds_alternative<dom::dgn::Record>(again)) __builtin_trap();
    if (dom::dgn::write(std::get<dom::dgn::Record>(again)) != w) __builtin_trap();
#ifdef DOMINOES_FUZZ_TIMELINE
    // The studio's open and save: an unchanged record saves as the canonical writer writes it.
    dom::studio::Timeline t;
    if (!l->record.rounds.empty()) {
      if (t.load(text, "fuzz.dgn")) __builtin_trap();
      t.last();
      if (dom::dgn::write(t.record()) != w) __builtin_trap();
    }
#endif
  }
  return 0;
}
