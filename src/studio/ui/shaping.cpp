// SPDX-License-Identifier: MIT
// Devanagari shaping for ImGui: HarfBuzz shapes, FreeType rasterizes, the atlas holds the glyphs.
#include "studio/ui/shaping.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb-ft.h>
#include <hb.h>
#include <imgui.h>

#include <cmath>
#include <map>
#include <mutex>
#include <tuple>

namespace dom::studio::shaping {
namespace {

constexpr char32_t kFirst = 0xE000, kLast = 0xF8FF;  // the Private Use Area

struct Bitmap {
  int w = 0, h = 0, left = 0, top = 0;
  std::vector<unsigned char> pixels;
};

struct State {
  std::mutex mutex;
  FT_Library ft = nullptr;
  FT_Face face = nullptr;
  hb_font_t* font = nullptr;
  std::map<std::tuple<std::uint32_t, int, int, int>, char32_t> codeOf;
  std::vector<Placed> placed;  // by code point - kFirst
  std::vector<int> rects;      // the atlas's custom rect of each
  std::vector<Bitmap> bitmaps;
  bool frozen = false;                                     // the atlas is built: no glyph can be added
  std::map<std::string, std::string, std::less<>> source;  // a shaped run's code points -> the run
};

State& state() {
  static State s;
  return s;
}

bool isDevanagari(char32_t c) {
  return (c >= 0x0900 && c <= 0x097F) || (c >= 0xA8E0 && c <= 0xA8FF) || (c >= 0x1CD0 && c <= 0x1CFF) || c == 0x200C ||
         c == 0x200D;
}

// Decodes one UTF-8 code point at text[i] (advancing i); U+FFFD for a bad byte.
char32_t next(std::string_view text, std::size_t& i) {
  const auto b = static_cast<unsigned char>(text[i++]);
  int more = b < 0x80 ? 0 : (b >> 5) == 6 ? 1 : (b >> 4) == 14 ? 2 : (b >> 3) == 30 ? 3 : -1;
  if (more < 0) return 0xFFFD;
  char32_t c = more == 0 ? b : more == 1 ? (b & 0x1F) : more == 2 ? (b & 0x0F) : (b & 0x07);
  for (; more > 0; --more) {
    if (i >= text.size() || (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) return 0xFFFD;
    c = (c << 6) | (static_cast<unsigned char>(text[i++]) & 0x3F);
  }
  return c;
}

void append(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

// Calls f(run, isDevanagari) for the runs of text, in order.
template <class F>
void runs(std::string_view text, F f) {
  std::size_t i = 0, start = 0;
  bool deva = false;
  while (i < text.size()) {
    const std::size_t at = i;
    const bool d = isDevanagari(next(text, i));
    if (at > start && d != deva) {
      f(text.substr(start, at - start), deva);
      start = at;
    }
    deva = d;
  }
  if (start < text.size()) f(text.substr(start), deva);
}

std::vector<Placed> shapeLocked(State& s, std::string_view run) {
  std::vector<Placed> out;
  if (!s.font) return out;
  hb_buffer_t* buf = hb_buffer_create();
  hb_buffer_add_utf8(buf, run.data(), static_cast<int>(run.size()), 0, static_cast<int>(run.size()));
  hb_buffer_set_direction(buf, HB_DIRECTION_LTR);
  hb_buffer_set_script(buf, HB_SCRIPT_DEVANAGARI);
  hb_buffer_set_language(buf, hb_language_from_string("hi", -1));
  hb_shape(s.font, buf, nullptr, 0);
  unsigned n = 0;
  const hb_glyph_info_t* info = hb_buffer_get_glyph_infos(buf, &n);
  const hb_glyph_position_t* pos = hb_buffer_get_glyph_positions(buf, &n);
  for (unsigned k = 0; k < n; ++k)
    out.push_back({info[k].codepoint, static_cast<int>(std::lround(pos[k].x_offset / 64.0)),
                   static_cast<int>(std::lround(pos[k].y_offset / 64.0)), pos[k].x_advance});
  hb_buffer_destroy(buf);
  return out;
}

// The code point of a placed glyph: registered now if the atlas is not built yet; 0 when it cannot be.
char32_t codeFor(State& s, const Placed& p) {
  const auto key = std::make_tuple(p.glyph, p.dx, p.dy, p.advance64);
  if (auto it = s.codeOf.find(key); it != s.codeOf.end()) return it->second;
  if (s.frozen || kFirst + s.placed.size() > kLast) return 0;
  const auto c = static_cast<char32_t>(kFirst + s.placed.size());
  s.placed.push_back(p);
  s.codeOf.emplace(key, c);
  return c;
}

}  // namespace

bool init(const std::string& fontFile, float pixels) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  if (s.font) return true;
  if (fontFile.empty() || FT_Init_FreeType(&s.ft) != 0) return false;
  if (FT_New_Face(s.ft, fontFile.c_str(), 0, &s.face) != 0) {
    FT_Done_FreeType(s.ft);
    s.ft = nullptr;
    return false;
  }
  FT_Set_Char_Size(s.face, 0, static_cast<FT_F26Dot6>(std::lround(pixels * 64)), 72, 72);
  s.font = hb_ft_font_create_referenced(s.face);
  return s.font != nullptr;
}

bool ready() { return state().font != nullptr; }

std::vector<Placed> shapeRun(std::string_view run) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  return shapeLocked(s, run);
}

void prepare(std::string_view text) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  if (!s.font) return;
  runs(text, [&](std::string_view run, bool deva) {
    if (deva)
      for (const Placed& p : shapeLocked(s, run)) (void)codeFor(s, p);
  });
}

std::string shape(std::string_view text) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  if (!s.font) return std::string(text);
  std::string out;
  out.reserve(text.size());
  runs(text, [&](std::string_view run, bool deva) {
    if (!deva) {
      out.append(run);
      return;
    }
    std::string shaped;
    for (const Placed& p : shapeLocked(s, run)) {
      const char32_t c = codeFor(s, p);
      if (c == 0) {
        out.append(run);  // a glyph the atlas lacks: the run as it is
        return;
      }
      append(shaped, c);
    }
    s.source.try_emplace(shaped, run);
    out += shaped;
  });
  return out;
}

std::string unshape(std::string_view shaped) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  if (s.source.empty()) return std::string(shaped);
  std::string out;
  out.reserve(shaped.size());
  // A run shaped alone is a maximal span of private code points: Devanagari runs are maximal too,
  // so two of them never meet without other text between.
  for (std::size_t i = 0; i < shaped.size();) {
    std::size_t j = i;
    while (j < shaped.size()) {
      std::size_t k = j;
      const char32_t c = next(shaped, k);
      if (c < kFirst || c > kLast) break;
      j = k;
    }
    if (j > i) {
      const std::string_view span = shaped.substr(i, j - i);
      const auto it = s.source.find(span);
      out.append(it != s.source.end() ? std::string_view(it->second) : span);
      i = j;
    } else {
      std::size_t k = i;
      next(shaped, k);
      out.append(shaped.substr(i, k - i));
      i = k;
    }
  }
  return out;
}

std::vector<Placed> glyphsOf(std::string_view shaped) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  std::vector<Placed> out;
  for (std::size_t i = 0; i < shaped.size();) {
    const char32_t c = next(shaped, i);
    if (c >= kFirst && c < kFirst + s.placed.size()) out.push_back(s.placed[c - kFirst]);
  }
  return out;
}

std::size_t prepared() { return state().placed.size(); }

void addToAtlas(ImFontAtlas* atlas, ImFont* font) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  s.frozen = true;
  if (!s.face) return;
  s.rects.clear();
  s.bitmaps.clear();
  for (std::size_t k = 0; k < s.placed.size(); ++k) {
    const Placed& p = s.placed[k];
    Bitmap b;
    if (FT_Load_Glyph(s.face, p.glyph, FT_LOAD_DEFAULT | FT_LOAD_TARGET_LIGHT) == 0 &&
        FT_Render_Glyph(s.face->glyph, FT_RENDER_MODE_NORMAL) == 0) {
      const FT_Bitmap& bm = s.face->glyph->bitmap;
      b.w = static_cast<int>(bm.width);
      b.h = static_cast<int>(bm.rows);
      b.left = s.face->glyph->bitmap_left;
      b.top = s.face->glyph->bitmap_top;
      b.pixels.resize(static_cast<std::size_t>(b.w) * static_cast<std::size_t>(b.h));
      for (int y = 0; y < b.h; ++y)
        for (int x = 0; x < b.w; ++x) b.pixels[static_cast<std::size_t>(y * b.w + x)] = bm.buffer[y * bm.pitch + x];
    }
    // Offsets from the pen on the baseline (y down); fillAtlas adds the font's ascent.
    const int w = std::max(1, b.w), h = std::max(1, b.h);
    s.rects.push_back(atlas->AddCustomRectFontGlyph(
        font, static_cast<ImWchar>(kFirst + k), w, h, static_cast<float>(p.advance64) / 64.0f,
        ImVec2(static_cast<float>(b.left + p.dx), static_cast<float>(-(b.top + p.dy)))));
    s.bitmaps.push_back(std::move(b));
  }
}

void fillAtlas(ImFontAtlas* atlas, ImFont* font) {
  State& s = state();
  std::lock_guard lock(s.mutex);
  unsigned char* px = nullptr;
  int tw = 0, th = 0;
  atlas->GetTexDataAsAlpha8(&px, &tw, &th);
  if (!px) return;
  const float ascent = std::round(font->Ascent);
  for (std::size_t k = 0; k < s.rects.size(); ++k) {
    const ImFontAtlasCustomRect* r = atlas->GetCustomRectByIndex(s.rects[k]);
    const Bitmap& b = s.bitmaps[k];
    if (!r || !r->IsPacked()) continue;
    for (int y = 0; y < b.h && y < r->Height; ++y)
      for (int x = 0; x < b.w && x < r->Width; ++x)
        px[(r->Y + y) * tw + r->X + x] = b.pixels[static_cast<std::size_t>(y * b.w + x)];
    // The glyph hangs from the line's top: put the baseline where the UI font has it.
    if (auto* g = const_cast<ImFontGlyph*>(font->FindGlyphNoFallback(static_cast<ImWchar>(kFirst + k)))) {
      g->Y0 += ascent;
      g->Y1 += ascent;
    }
  }
}

}  // namespace dom::studio::shaping
