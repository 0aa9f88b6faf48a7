// SPDX-License-Identifier: MIT
// A lesson's worksheet (worksheet.h): Cairo's PDF surface, text shaped by HarfBuzz over FreeType faces
// that fontconfig finds (DejaVu Sans, and Noto Sans Devanagari for Hindi's script), the table drawn
// from the studio's scene.
#include "studio/print/worksheet.h"

#include <cairo-ft.h>
#include <cairo-pdf.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb-ft.h>
#include <hb.h>

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/files.h"
#include "studio/model/course.h"
#include "studio/model/disclosure.h"
#include "studio/model/i18n.h"
#include "studio/model/scene.h"
#include "studio/model/timeline.h"

namespace dom::studio {

namespace {

constexpr double kPageW = 595.0, kPageH = 842.0, kMargin = 48.0;  // A4, points
constexpr double kTextW = kPageW - 2 * kMargin;

// The file of the font fontconfig matches for a pattern ("DejaVu Sans:bold"), or "".
std::string fontFile(const char* pattern) {
  FcPattern* p = FcNameParse(reinterpret_cast<const FcChar8*>(pattern));
  if (!p) return {};
  FcConfigSubstitute(nullptr, p, FcMatchPattern);
  FcDefaultSubstitute(p);
  FcResult r = FcResultNoMatch;
  FcPattern* m = FcFontMatch(nullptr, p, &r);
  std::string out;
  FcChar8* file = nullptr;
  if (m && FcPatternGetString(m, FC_FILE, 0, &file) == FcResultMatch) out = reinterpret_cast<const char*>(file);
  if (m) FcPatternDestroy(m);
  FcPatternDestroy(p);
  return out;
}

// One face: FreeType's, HarfBuzz's font over it, Cairo's font face over it.
struct Face {
  FT_Face ft = nullptr;
  hb_font_t* hb = nullptr;
  cairo_font_face_t* cairo = nullptr;
};

// FreeType's library, made once and kept for the process: Cairo may keep a face in its font cache
// after the worksheet is written, and a face must not outlive its library.
FT_Library freetype() {
  static FT_Library lib = [] {
    FT_Library l = nullptr;
    FT_Init_FreeType(&l);
    return l;
  }();
  return lib;
}

// Cairo's hold on a FreeType face: given up when Cairo drops the font face.
const cairo_user_data_key_t kFaceKey{};
void releaseFace(void* face) { FT_Done_Face(static_cast<FT_Face>(face)); }

// The faces a worksheet writes with: Latin regular and bold, Devanagari regular and bold (Noto Sans
// Devanagari is only recommended: without it Devanagari is written with the Latin faces, as boxes).
class Fonts {
 public:
  Fonts() = default;
  ~Fonts() {
    for (Face& f : faces_) {
      if (f.hb) hb_font_destroy(f.hb);  // its reference to the FreeType face
      if (f.cairo) cairo_font_face_destroy(f.cairo);
      if (f.ft) FT_Done_Face(f.ft);
    }
  }
  Fonts(const Fonts&) = delete;
  Fonts& operator=(const Fonts&) = delete;
  // "" or which font is missing.
  std::string load() {
    const std::array<const char*, 4> patterns = {"DejaVu Sans", "DejaVu Sans:bold", "Noto Sans Devanagari",
                                                 "Noto Sans Devanagari:bold"};
    for (std::size_t i = 0; i < patterns.size(); ++i) {
      const std::string file = fontFile(patterns[i]);
      Face& f = faces_[i];
      if (file.empty() || FT_New_Face(freetype(), file.c_str(), 0, &f.ft) != 0) {
        f.ft = nullptr;
        if (i < 2) return std::string("no font for '") + patterns[i] + "' (fonts-dejavu-core)";
        continue;
      }
      f.hb = hb_ft_font_create_referenced(f.ft);
      f.cairo = cairo_ft_font_face_create_for_ft_face(f.ft, 0);
      FT_Reference_Face(f.ft);
      cairo_font_face_set_user_data(f.cairo, &kFaceKey, f.ft, releaseFace);
    }
    return {};
  }
  Face& face(bool devanagari, bool bold) {
    Face& f = faces_[(devanagari ? 2 : 0) + (bold ? 1 : 0)];
    return f.ft ? f : faces_[bold ? 1 : 0];
  }

 private:
  std::array<Face, 4> faces_{};
};

// The next code point of UTF-8 text at `i` (advanced past it); a bad byte reads as itself.
char32_t nextCodePoint(std::string_view s, std::size_t& i) {
  const auto c = static_cast<unsigned char>(s[i++]);
  const int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
  char32_t cp = extra == 3 ? c & 0x07 : extra == 2 ? c & 0x0F : extra == 1 ? c & 0x1F : c;
  for (int k = 0; k < extra && i < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i++]) & 0x3F);
  return cp;
}

bool isDevanagari(char32_t c) { return (c >= 0x0900 && c <= 0x097F) || (c >= 0xA8E0 && c <= 0xA8FF); }
// Spaces, digits, punctuation and joiners go with the run they are in.
bool isNeutral(char32_t c) { return c < 0x41 || (c >= 0x5B && c <= 0x60) || c == 0x200C || c == 0x200D; }

// Text set in one face: shaped, drawn, measured.
struct Run {
  std::string_view text;
  bool devanagari = false;
};

// The runs of one script each (Devanagari, or the rest).
std::vector<Run> runsOf(std::string_view s) {
  std::vector<Run> out;
  std::size_t start = 0;
  bool deva = false, decided = false;
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t at = i;
    const char32_t c = nextCodePoint(s, i);
    if (isNeutral(c)) continue;
    const bool d = isDevanagari(c);
    if (decided && d != deva) {
      out.push_back({s.substr(start, at - start), deva});
      start = at;
    }
    deva = d;
    decided = true;
  }
  if (start < s.size()) out.push_back({s.substr(start), deva});
  return out;
}

// Writes text on the page: shaping, measuring, wrapping.
class Writer {
 public:
  Writer(cairo_t* cr, Fonts& fonts) : cr_(cr), fonts_(fonts) {}
  // The width of a line of text at `size` points.
  double width(std::string_view text, double size, bool bold) {
    double w = 0;
    for (const Run& r : runsOf(text)) w += shape(r, size, bold, nullptr, 0, 0);
    return w;
  }
  // Draws one line with its baseline at y; returns its width.
  double line(std::string_view text, double x, double y, double size, bool bold) {
    for (const Run& r : runsOf(text)) x += shape(r, size, bold, cr_, x, y);
    return x;
  }
  // Draws text wrapped to `w` (its own line breaks kept) from the top y; returns the y under it.
  double paragraph(std::string_view text, double x, double y, double w, double size, bool bold = false) {
    const double lead = size * 1.35;
    for (std::size_t at = 0; at <= text.size();) {
      const std::size_t nl = std::min(text.find('\n', at), text.size());
      for (const std::string_view l : wrapped(text.substr(at, nl - at), w, size, bold)) {
        y += lead;
        line(l, x, y - size * 0.3, size, bold);
      }
      at = nl + 1;
    }
    return y + size * 0.4;
  }

 private:
  cairo_t* cr_;
  Fonts& fonts_;

  // The words of one line of text, cut into lines no wider than w (a word wider than w alone).
  std::vector<std::string_view> wrapped(std::string_view text, double w, double size, bool bold) {
    std::vector<std::string_view> lines;
    std::size_t start = 0, lastBreak = std::string_view::npos;
    for (std::size_t i = 0; i <= text.size(); ++i) {
      if (i < text.size() && text[i] != ' ') continue;
      if (width(text.substr(start, i - start), size, bold) > w && lastBreak != std::string_view::npos) {
        lines.push_back(text.substr(start, lastBreak - start));
        start = lastBreak + 1;
      }
      lastBreak = i;
    }
    if (start < text.size() || lines.empty()) lines.push_back(text.substr(std::min(start, text.size())));
    return lines;
  }

  // Shapes a run; draws it at (x, y) when cr is set. Returns its advance in points.
  double shape(const Run& r, double size, bool bold, cairo_t* cr, double x, double y) {
    Face& f = fonts_.face(r.devanagari, bold);
    const auto units = static_cast<FT_F26Dot6>(size * 64);
    FT_Set_Char_Size(f.ft, 0, units, 72, 72);
    hb_ft_font_changed(f.hb);
    hb_buffer_t* buf = hb_buffer_create();
    hb_buffer_add_utf8(buf, r.text.data(), static_cast<int>(r.text.size()), 0, static_cast<int>(r.text.size()));
    hb_buffer_guess_segment_properties(buf);
    hb_shape(f.hb, buf, nullptr, 0);
    unsigned n = 0;
    const hb_glyph_info_t* info = hb_buffer_get_glyph_infos(buf, &n);
    const hb_glyph_position_t* pos = hb_buffer_get_glyph_positions(buf, &n);
    std::vector<cairo_glyph_t> glyphs(n);
    double pen = 0;
    for (unsigned i = 0; i < n; ++i) {
      glyphs[i] = {info[i].codepoint, x + pen + pos[i].x_offset / 64.0, y - pos[i].y_offset / 64.0};
      pen += pos[i].x_advance / 64.0;
    }
    if (cr && n > 0) {
      cairo_set_font_face(cr, f.cairo);
      cairo_set_font_size(cr, size);
      cairo_show_glyphs(cr, glyphs.data(), static_cast<int>(n));
    }
    hb_buffer_destroy(buf);
    return pen;
  }
};

// A tile at (x, y, w, h) in points: ivory, a line between its halves, black pips (first: left or top).
void drawTile(cairo_t* cr, double x, double y, double w, double h, int first, int second) {
  const double r = std::min(w, h) * 0.12;
  cairo_new_sub_path(cr);
  cairo_arc(cr, x + w - r, y + r, r, -1.5708, 0);
  cairo_arc(cr, x + w - r, y + h - r, r, 0, 1.5708);
  cairo_arc(cr, x + r, y + h - r, r, 1.5708, 3.14159);
  cairo_arc(cr, x + r, y + r, r, 3.14159, 4.71239);
  cairo_close_path(cr);
  cairo_set_source_rgb(cr, 0.98, 0.96, 0.9);
  cairo_fill_preserve(cr);
  cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
  cairo_set_line_width(cr, std::min(w, h) * 0.04);
  cairo_stroke(cr);
  const bool across = w >= h;
  const double s = across ? w / 2 : h / 2;  // a half's side
  if (across) {
    cairo_move_to(cr, x + s, y + h * 0.12);
    cairo_line_to(cr, x + s, y + h * 0.88);
  } else {
    cairo_move_to(cr, x + w * 0.12, y + s);
    cairo_line_to(cr, x + w * 0.88, y + s);
  }
  cairo_stroke(cr);
  // The pips of 0..6 on a 3x3 grid of a half (row-major cells 0..8).
  static constexpr std::array<std::array<int, 6>, 7> kCells = {
      {{}, {4}, {0, 8}, {0, 4, 8}, {0, 2, 6, 8}, {0, 2, 4, 6, 8}, {0, 2, 3, 5, 6, 8}}};
  for (int half = 0; half < 2; ++half) {
    const int pips = std::clamp(half == 0 ? first : second, 0, 6);
    const double hx = across ? x + half * s : x, hy = across ? y : y + half * s;
    for (int k = 0; k < pips; ++k) {
      const int cell = kCells[static_cast<std::size_t>(pips)][static_cast<std::size_t>(k)];
      const double cx = hx + s * (0.25 + 0.25 * (cell % 3)), cy = hy + s * (0.25 + 0.25 * (cell / 3));
      cairo_new_sub_path(cr);
      cairo_arc(cr, cx, cy, s * 0.085, 0, 6.28319);
    }
    cairo_fill(cr);
  }
}

// The table as the studio draws it while a task waits: the scene of the position (veiled: no end
// marked blocked, no ghost), fitted into the box at y of height h; returns the y under it.
double drawTable(cairo_t* cr, Writer& w, const Match& m, double y, double h) {
  const TableScene s = sceneOf(m, kNoTile, false, kNoTile, !disclosureWhile(true).blocking);
  double x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9;
  auto grow = [&](double ax, double ay, double bx, double by) {
    x0 = std::min(x0, ax), y0 = std::min(y0, ay), x1 = std::max(x1, bx), y1 = std::max(y1, by);
  };
  for (const SceneTile& t : s.tiles) grow(t.units.x, t.units.y, t.units.x + t.units.w, t.units.y + t.units.h);
  for (const SceneEnd& e : s.ends)
    grow(e.labelUx - kLabelUnits, e.labelUy - kLabelUnits, e.labelUx + kLabelUnits, e.labelUy + kLabelUnits);
  if (s.tiles.empty()) x0 = y0 = 0, x1 = 8, y1 = 4;  // before the lead: an empty felt
  x0 -= 1, y0 -= 1, x1 += 1, y1 += 1;
  // Where tiles are placed freely the table's edges block ends (lesson 8): the whole table is drawn.
  if (m.rules().layout == LayoutRule::Free) x0 = y0 = 0, x1 = 2.0 * s.tableW, y1 = 2.0 * s.tableH;
  const double scale = std::min({kTextW / (x1 - x0), h / (y1 - y0), 14.0});
  const double ox = kMargin + (kTextW - (x1 - x0) * scale) / 2 - x0 * scale, oy = y - y0 * scale;
  cairo_set_source_rgb(cr, 0.16, 0.42, 0.27);
  cairo_rectangle(cr, ox + x0 * scale, y, (x1 - x0) * scale, (y1 - y0) * scale);
  cairo_fill(cr);
  for (const SceneTile& t : s.tiles)
    drawTile(cr, ox + t.units.x * scale, oy + t.units.y * scale, t.units.w * scale, t.units.h * scale, t.first,
             t.second);
  for (const SceneEnd& e : s.ends) {
    const double cx = ox + e.labelUx * scale, cy = oy + e.labelUy * scale, r = kLabelUnits * scale * 0.45;
    cairo_set_source_rgb(cr, 0.05, 0.15, 0.1);
    cairo_arc(cr, cx, cy, r, 0, 6.28319);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 1, 0.88, 0.43);
    const std::string label(1, e.label);
    const double size = r * 1.3;
    w.line(label, cx - w.width(label, size, true) / 2, cy + size * 0.36, size, true);
  }
  cairo_set_source_rgb(cr, 0, 0, 0);
  return y + (y1 - y0) * scale + 10;
}

// A hand's tiles in a row of small upright-less tiles (wrapped), under its label; returns the y under.
// The tiles of `hand`, heaviest first, tw x th points each and `gap` apart, in rows that wrap at the
// text's width; with `boxes`, an empty box to tick under each. Returns the y under the last row.
double tileRows(cairo_t* cr, Mask hand, double y, double tw, double th, double gap, bool boxes) {
  double x = kMargin;
  forEachHeaviestFirst(hand, [&](Tile t) {
    if (x + tw > kMargin + kTextW) x = kMargin, y += th + (boxes ? 30 : gap);
    drawTile(cr, x, y, tw, th, high(t), low(t));
    cairo_set_source_rgb(cr, 0, 0, 0);
    if (boxes) {
      cairo_set_line_width(cr, 1);
      cairo_rectangle(cr, x + tw / 2 - 7, y + th + 5, 14, 14);
      cairo_stroke(cr);
    }
    x += tw + gap;
  });
  return y + th + (boxes ? 34 : gap + 4);
}

double drawHand(cairo_t* cr, Writer& w, const std::string& label, Mask hand, double y) {
  y = w.paragraph(label, kMargin, y, kTextW, 10.5);
  return tileRows(cr, hand, y, 34, 17, 6, false);
}

// An empty box to tick, with its word after it; returns the x after the word.
double tickBox(cairo_t* cr, Writer& w, const std::string& word, double x, double y) {
  cairo_set_line_width(cr, 1);
  cairo_rectangle(cr, x, y, 14, 14);
  cairo_stroke(cr);
  return w.line(word, x + 20, y + 11, 11, false) + 24;
}

// Room to answer, by the task's kind: boxes to tick, or a line to write on; returns the y under it.
double answerRoom(cairo_t* cr, Writer& w, const dgn::Task& task, const Match& m, Player mover, double y) {
  using K = dgn::Task::Kind;
  y += 6;
  if (task.kind == K::Tiles)  // every tile of the mover's hand, a box under each
    return tileRows(cr, m.state().hand[static_cast<std::size_t>(idx(mover))], y, 40, 20, 14, true);
  if (task.kind == K::End || task.kind == K::Draw || task.kind == K::Pass) {
    double x = kMargin;
    if (task.kind == K::End) {
      for (const char* e : {"L", "R"}) x = tickBox(cr, w, i18n::format(_("End {0}"), {e}), x, y);
    } else {
      for (const char* word : {N_("Play"), N_("Draw"), N_("Pass")}) x = tickBox(cr, w, _(word), x, y);
    }
    return y + 30;
  }
  y = w.paragraph(task.kind == K::Points ? std::string(_("points")) + ":" : std::string(_("Your answer:")), kMargin, y,
                  kTextW, 11);
  cairo_set_line_width(cr, 0.6);
  for (int k = 0; k < (task.kind == K::Points ? 1 : 2); ++k) {
    y += 24;
    cairo_move_to(cr, kMargin, y);
    cairo_line_to(cr, kMargin + kTextW, y);
    cairo_stroke(cr);
  }
  return y + 12;
}

// The notes of the task's node that stand before it (after any earlier task of the node), translated.
std::string notesBefore(const Timeline& t, const LessonStep& step) {
  std::string out;
  const auto& statements = t.node(step.node).statements;
  for (std::size_t i = 0; i < step.statement && i < statements.size(); ++i) {
    if (statements[i].kind == dgn::Statement::Kind::Task) out.clear();
    if (statements[i].kind == dgn::Statement::Kind::Note)
      out += (out.empty() ? "" : "\n") + i18n::trScenarioLines(statements[i].note);
  }
  return out;
}

// One task's page: the lesson's title, "Task N of M", the notes, the table, the hands, the stock, the
// question and room to answer.
void taskPage(cairo_t* cr, Writer& w, const Timeline& t, const std::vector<LessonStep>& steps, std::size_t k) {
  const LessonStep& step = steps[k];
  const Match& m = t.node(step.node).match;
  const dgn::Task task = translatedTask(step.task);
  const Player mover = m.toMove().value_or(Player::A);
  cairo_set_source_rgb(cr, 0, 0, 0);
  double y = w.paragraph(i18n::trScenarioLines(t.title()), kMargin, kMargin - 10, kTextW, 16, true);
  y = w.paragraph(i18n::format(_("Task {0} of {1}"), {std::to_string(k + 1), std::to_string(steps.size())}), kMargin, y,
                  kTextW, 10.5);
  if (const std::string notes = notesBefore(t, step); !notes.empty()) y = w.paragraph(notes, kMargin, y, kTextW, 10.5);
  y = drawTable(cr, w, m, y + 6, 250);
  for (const Player p : {Player::A, Player::B}) {
    const Mask hand = m.state().hand[static_cast<std::size_t>(idx(p))];
    const int n = count(hand);
    const std::string tiles = i18n::format(P_("{0} tile", "{0} tiles", n), {std::to_string(n)});
    y = drawHand(cr, w, i18n::format(_("{0}: {1}"), {std::string(1, letter(p)), tiles}), hand, y);
  }
  const int stock = m.state().stockCount();
  y = w.paragraph(i18n::format(_("{0}: {1}"),
                               {_("Stock"), i18n::format(P_("{0} tile", "{0} tiles", stock), {std::to_string(stock)})}),
                  kMargin, y, kTextW, 10.5);
  y = w.paragraph(task.prompt, kMargin, y + 8, kTextW, 13, true);
  answerRoom(cr, w, task, m, mover, y);
}

// The last page: every task's answer, its explanation and the notes that follow it.
void answerKey(cairo_t* cr, Writer& w, const Timeline& t, const std::vector<LessonStep>& steps) {
  double y = w.paragraph(i18n::trScenarioLines(t.title()), kMargin, kMargin - 10, kTextW, 16, true);
  y = w.paragraph(_("Answer key"), kMargin, y, kTextW, 13, true);
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const dgn::Task task = translatedTask(steps[k].task);
    const Match& m = t.node(steps[k].node).match;
    if (y > kPageH - 140) {
      cairo_show_page(cr);
      y = kMargin;
    }
    y = w.paragraph(std::to_string(k + 1) + ". " + task.prompt, kMargin, y + 4, kTextW, 10.5, true);
    y = w.paragraph(answerWords(task, m), kMargin + 14, y, kTextW - 14, 10.5);
    std::string why = task.explanation;
    if (const std::string after = notesAfter(t, steps[k]); !after.empty()) why += (why.empty() ? "" : "\n") + after;
    if (!why.empty()) {
      cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
      y = w.paragraph(why, kMargin + 14, y, kTextW - 14, 9.5);
      cairo_set_source_rgb(cr, 0, 0, 0);
    }
  }
}

// The PDF's bytes, written to a string (Cairo's stream writer).
cairo_status_t appendBytes(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace

std::string writeWorksheet(const std::string& lessonPath, const std::string& pdfPath) {
  Timeline t;
  if (auto err = t.loadFile(lessonPath)) return err->text();
  if (auto err = checkLesson(lessonPath)) return err->text();
  const std::vector<LessonStep> steps = lessonSteps(t);
  if (steps.empty()) return dgn::Error{lessonPath, 0, "the record has no task: it is not a lesson"}.text();
  Fonts fonts;
  if (std::string err = fonts.load(); !err.empty()) return err;
  std::string bytes;
  cairo_surface_t* surface = cairo_pdf_surface_create_for_stream(appendBytes, &bytes, kPageW, kPageH);
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, i18n::trScenarioLines(t.title()).c_str());
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Dominoes Studio");
  cairo_t* cr = cairo_create(surface);
  Writer w(cr, fonts);
  for (std::size_t k = 0; k < steps.size(); ++k) {
    taskPage(cr, w, t, steps, k);
    cairo_show_page(cr);
  }
  answerKey(cr, w, t, steps);
  cairo_show_page(cr);
  cairo_destroy(cr);
  cairo_surface_finish(surface);
  const cairo_status_t status = cairo_surface_status(surface);
  cairo_surface_destroy(surface);
  if (status != CAIRO_STATUS_SUCCESS)
    return std::string("cannot draw the worksheet: ") + cairo_status_to_string(status);
  return files::writeAtomic(pdfPath, bytes);
}

}  // namespace dom::studio
