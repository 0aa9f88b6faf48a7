// Draws the studio's icon, a 6-4 domino on a green felt disc, as PNGs of the sizes given:
// make_icon OUT_DIR 48 128 256 writes OUT_DIR/dominoes-studio-48.png and so on. Matches data/dominoes-studio.svg.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

namespace {

struct Rgba {
  float r, g, b, a;
};

// Coverage of a pixel by a shape given as a signed distance (negative inside), anti-aliased.
float cover(float d) { return std::clamp(0.5f - d, 0.0f, 1.0f); }

float roundedBox(float x, float y, float cx, float cy, float hw, float hh, float r) {
  const float qx = std::abs(x - cx) - hw + r, qy = std::abs(y - cy) - hh + r;
  const float ox = std::max(qx, 0.0f), oy = std::max(qy, 0.0f);
  return std::sqrt(ox * ox + oy * oy) + std::min(std::max(qx, qy), 0.0f) - r;
}

void over(Rgba& dst, Rgba src, float k) {
  const float a = src.a * k;
  dst.r = src.r * a + dst.r * (1 - a);
  dst.g = src.g * a + dst.g * (1 - a);
  dst.b = src.b * a + dst.b * (1 - a);
  dst.a = a + dst.a * (1 - a);
}

std::vector<unsigned char> draw(int n) {
  std::vector<unsigned char> px(static_cast<std::size_t>(n) * n * 4);
  const float s = static_cast<float>(n) / 256.0f;  // the design is on a 256 x 256 grid
  // Pips of 6 (top half) and 4 (bottom half), in design units.
  const float six[6][2] = {{104, 50}, {152, 50}, {104, 82}, {152, 82}, {104, 114}, {152, 114}};
  const float four[4][2] = {{104, 150}, {152, 150}, {104, 198}, {152, 198}};
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const float fx = (static_cast<float>(x) + 0.5f) / s, fy = (static_cast<float>(y) + 0.5f) / s;
      Rgba c{0, 0, 0, 0};
      const float disc = std::hypot(fx - 128, fy - 128) - 124;
      over(c, {0.12f, 0.42f, 0.25f, 1}, cover(disc * s));
      over(c, {0, 0, 0, 0.35f}, cover(roundedBox(fx, fy, 134, 134, 52, 100, 16) * s));  // shadow
      over(c, {0.98f, 0.96f, 0.89f, 1}, cover(roundedBox(fx, fy, 128, 128, 52, 100, 16) * s));
      over(c, {0.25f, 0.22f, 0.2f, 1}, cover(roundedBox(fx, fy, 128, 132, 40, 3, 1.5f) * s));  // divider
      for (const auto& p : six) over(c, {0.1f, 0.1f, 0.12f, 1}, cover((std::hypot(fx - p[0], fy - p[1]) - 11) * s));
      for (const auto& p : four) over(c, {0.1f, 0.1f, 0.12f, 1}, cover((std::hypot(fx - p[0], fy - p[1]) - 11) * s));
      unsigned char* o = &px[(static_cast<std::size_t>(y) * n + x) * 4];
      const float a = std::max(c.a, 1e-6f);
      o[0] = static_cast<unsigned char>(std::lround(std::clamp(c.r / a, 0.0f, 1.0f) * 255));
      o[1] = static_cast<unsigned char>(std::lround(std::clamp(c.g / a, 0.0f, 1.0f) * 255));
      o[2] = static_cast<unsigned char>(std::lround(std::clamp(c.b / a, 0.0f, 1.0f) * 255));
      o[3] = static_cast<unsigned char>(std::lround(std::clamp(c.a, 0.0f, 1.0f) * 255));
    }
  return px;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: make_icon OUT_DIR SIZE...\n");
    return 2;
  }
  for (int i = 2; i < argc; ++i) {
    const int n = std::atoi(argv[i]);
    if (n < 16 || n > 1024) {
      std::fprintf(stderr, "make_icon: size %s is not in 16..1024\n", argv[i]);
      return 2;
    }
    const std::string out = std::string(argv[1]) + "/dominoes-studio-" + argv[i] + ".png";
    const auto px = draw(n);
    if (!stbi_write_png(out.c_str(), n, n, 4, px.data(), n * 4)) {
      std::fprintf(stderr, "make_icon: cannot write %s\n", out.c_str());
      return 1;
    }
  }
  return 0;
}
