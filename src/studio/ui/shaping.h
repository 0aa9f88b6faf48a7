// SPDX-License-Identifier: MIT
// Devanagari for Dear ImGui. ImGui draws one glyph per code point, which mangles Hindi: the i-matra
// goes before its consonant, conjuncts join, marks stack. So Devanagari runs are shaped with HarfBuzz
// into the glyphs of Noto Sans Devanagari (found by fontconfig), each distinct placed glyph (glyph id,
// offset, advance) gets a code point of the Private Use Area, and FreeType rasterizes it into ImGui's
// font atlas as a custom glyph rect of the UI font. The shaped text is a string of those code points,
// which ImGui then draws one by one in HarfBuzz's order and at its advances. Latin text is untouched.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

struct ImFont;
struct ImFontAtlas;

namespace dom::studio::shaping {

// One glyph as HarfBuzz placed it, in whole pixels (the advance in 1/64 pixel).
struct Placed {
  std::uint32_t glyph = 0;
  int dx = 0, dy = 0;  // HarfBuzz's offset (y up)
  int advance64 = 0;
  [[nodiscard]] bool operator==(const Placed&) const = default;
};

// Opens the font at `pixels` high. False (and nothing is shaped) when it cannot be read.
bool init(const std::string& fontFile, float pixels);
[[nodiscard]] bool ready();

// HarfBuzz's glyphs for a Devanagari run (the reference for the test).
[[nodiscard]] std::vector<Placed> shapeRun(std::string_view run);

// Registers the glyphs of every Devanagari run in `text` (before the atlas is built).
void prepare(std::string_view text);
// `text` with each Devanagari run replaced by the code points of its shaped glyphs. A run with a glyph
// that was not prepared before the atlas was built is left as it is.
[[nodiscard]] std::string shape(std::string_view text);
// The text a shaped text was made from: each span of private code points that shape() made from a
// run, back to that run (for the state's dump and the scripts' checks, which read text, not glyphs).
[[nodiscard]] std::string unshape(std::string_view shaped);
// The placed glyphs a shaped text's private code points stand for, in drawing order (others skipped).
[[nodiscard]] std::vector<Placed> glyphsOf(std::string_view shaped);
[[nodiscard]] std::size_t prepared();

// Adds a custom glyph rect to `font` for every prepared glyph (before atlas->Build()).
void addToAtlas(ImFontAtlas* atlas, ImFont* font);
// After atlas->Build(): draws the glyphs into the atlas's pixels and sets them on the font's baseline.
void fillAtlas(ImFontAtlas* atlas, ImFont* font);

}  // namespace dom::studio::shaping
