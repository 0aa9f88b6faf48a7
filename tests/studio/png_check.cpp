// Checks a studio screenshot against its state dump: the picture is not blank, and the table shows
// ivory tile pixels inside the rectangle of every tile core's layout placed.
#include <stb_image.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: studio_png_check SHOT.png STATE.json\n");
    return 2;
  }
  int w = 0, h = 0, n = 0;
  unsigned char* px = stbi_load(argv[1], &w, &h, &n, 3);
  if (!px) {
    std::fprintf(stderr, "cannot read %s\n", argv[1]);
    return 1;
  }
  std::ifstream in(argv[2]);
  const auto state = nlohmann::json::parse(in, nullptr, false);
  if (state.is_discarded()) {
    std::fprintf(stderr, "cannot read %s\n", argv[2]);
    return 1;
  }
  auto at = [&](int x, int y) { return px + (static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) * 3; };
  // Not blank: many distinct colours.
  long distinct = 0;
  unsigned prev = 0;
  for (int i = 0; i < w * h; i += 97) {
    const unsigned char* p = px + static_cast<std::size_t>(i) * 3;
    const unsigned c = static_cast<unsigned>(p[0]) << 16 | static_cast<unsigned>(p[1]) << 8 | p[2];
    if (c != prev) ++distinct;
    prev = c;
  }
  int failures = 0;
  if (distinct < 200) {
    std::fprintf(stderr, "the picture looks blank (%ld colour changes)\n", distinct);
    ++failures;
  }
  // The table: felt (green dominant) somewhere in its rectangle.
  const auto& table = state.at("table");
  const int tx = static_cast<int>(table.at("x").get<double>()), ty = static_cast<int>(table.at("y").get<double>());
  const int tw = static_cast<int>(table.at("w").get<double>()), th = static_cast<int>(table.at("h").get<double>());
  int green = 0;
  for (int y = ty; y < ty + th && y < h; y += 7)
    for (int x = tx; x < tx + tw && x < w; x += 7) {
      const unsigned char* p = at(x, y);
      if (p[1] > p[0] + 20 && p[1] > p[2]) ++green;
    }
  if (green < 50) {
    std::fprintf(stderr, "no felt in the table area\n");
    ++failures;
  }
  // Every placed tile: mostly ivory pixels inside its rectangle (pips and divider are dark).
  int tiles = 0;
  for (const auto& t : table.at("tiles")) {
    if (t.at("ghost").get<bool>()) continue;
    ++tiles;
    const double x = t.at("x").get<double>(), y = t.at("y").get<double>(), tw2 = t.at("w").get<double>(), th2 = t.at("h").get<double>();
    int ivory = 0, total = 0;
    for (double v = 0.2; v <= 0.8; v += 0.1)
      for (double u = 0.15; u <= 0.85; u += 0.1) {
        const int px2 = static_cast<int>(x + u * tw2), py2 = static_cast<int>(y + v * th2);
        if (px2 < 0 || py2 < 0 || px2 >= w || py2 >= h) continue;
        const unsigned char* p = at(px2, py2);
        ++total;
        if (p[0] > 170 && p[1] > 160 && p[2] > 120 && p[0] >= p[2]) ++ivory;
      }
    if (total == 0 || ivory * 2 < total) {
      std::fprintf(stderr, "tile %s at %.0f,%.0f: only %d of %d pixels are ivory\n", t.at("tile").get<std::string>().c_str(), x, y, ivory, total);
      ++failures;
    }
  }
  if (tiles == 0 && !state.at("line").empty()) {
    std::fprintf(stderr, "the line has tiles but none was drawn\n");
    ++failures;
  }
  stbi_image_free(px);
  std::printf("%s: %d tiles checked, %d failures\n", argv[1], tiles, failures);
  return failures ? 1 : 0;
}
