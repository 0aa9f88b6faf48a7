// SPDX-License-Identifier: MIT
// Table renderer: felt, soft shadows, ivory tiles with rounded corners, anti-aliased pips.
#version 330 core
in vec2 vPos;
in vec2 vLocal;
in vec4 vTile;
in vec4 vStyle;
out vec4 fragColor;
uniform vec4 uTable;  // the table's rectangle in pixels: x, y, w, h

// Signed distance to a box of half-size b with corner radius r.
float sdBox(vec2 p, vec2 b, float r) {
  vec2 q = abs(p) - b + vec2(r);
  return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
}

float hash(vec2 p) { return fract(sin(dot(p, vec2(127.1, 311.7))) * 43758.5453); }

// Pip patterns on a 3x3 grid, bit (row * 3 + col): 0..6.
const int kPips[7] = int[7](0, 16, 257, 273, 325, 341, 365);

float pipDistance(vec2 p, float s, int n, bool across) {
  float d = 1e9;
  float cell = s * 0.26;
  float rad = s * 0.095;
  for (int i = 0; i < 9; ++i) {
    if (((kPips[n] >> i) & 1) == 0) continue;
    vec2 g = vec2(float(i % 3 - 1), float(i / 3 - 1));
    if (across) g = g.yx;
    d = min(d, length(p - g * cell) - rad);
  }
  return d;
}

vec4 felt() {
  vec2 c = uTable.xy + uTable.zw * 0.5;
  vec2 rel = (vPos - c) / (uTable.zw * 0.5);
  float inside = sdBox(vPos - c, uTable.zw * 0.5, 18.0);
  float grain = hash(floor(vPos)) * 0.035 + hash(floor(vPos * 0.5) + 7.0) * 0.025;
  float vignette = 1.0 - 0.28 * dot(rel, rel) * 0.5;
  vec3 green = vec3(0.07, 0.36, 0.21) * vignette + grain;
  vec3 wood = vec3(0.23, 0.14, 0.08) + grain * 0.8;
  float edge = smoothstep(-1.0, 1.0, inside);
  vec3 col = mix(green, wood, edge);
  // A thin darker rim where the felt meets the frame.
  col *= 1.0 - 0.35 * (1.0 - smoothstep(0.0, 5.0, abs(inside)));
  return vec4(col, 1.0);
}

vec4 tile(bool ghost) {
  vec2 b = vTile.xy * 0.5;
  float s = min(b.x, b.y);
  float r = s * 0.22;
  float d = sdBox(vLocal, b, r);
  float body = clamp(0.5 - d, 0.0, 1.0);
  float t = clamp(vLocal.y / b.y * 0.5 + 0.5, 0.0, 1.0);
  vec3 col = mix(vec3(0.995, 0.98, 0.93), vec3(0.90, 0.86, 0.76), t);
  col *= 1.0 - 0.18 * smoothstep(-s * 0.16, 0.0, d);  // bevel
  bool horizontal = vTile.x >= vTile.y;
  vec2 halfCentre = horizontal ? vec2(b.x * 0.5, 0.0) : vec2(0.0, b.y * 0.5);
  float along = horizontal ? vLocal.x : vLocal.y;
  float across = horizontal ? vLocal.y : vLocal.x;
  // Divider line and its brass pin.
  float div = abs(along) - max(0.9, s * 0.035);
  float divMask = clamp(0.5 - div, 0.0, 1.0) * step(abs(across), s * 0.78);
  col = mix(col, vec3(0.25, 0.22, 0.2), divMask);
  float pin = length(vLocal) - s * 0.09;
  col = mix(col, vec3(0.78, 0.62, 0.3), clamp(0.5 - pin, 0.0, 1.0));
  int first = int(vTile.z + 0.5);
  int second = int(vTile.w + 0.5);
  float pd = min(pipDistance(vLocal + halfCentre, s, first, horizontal),
                 pipDistance(vLocal - halfCentre, s, second, horizontal));
  vec3 pipCol = vec3(0.08, 0.08, 0.1);
  col = mix(col, pipCol, clamp(0.5 - pd, 0.0, 1.0));
  if (ghost) {
    float ring = clamp(1.5 - abs(d + 1.0), 0.0, 1.0);
    vec3 g = mix(vec3(1.0, 0.95, 0.7), col, 0.5);
    return vec4(mix(g, vec3(1.0, 0.8, 0.15), ring), max(body * 0.72, ring) * vStyle.y);
  }
  return vec4(col, body * vStyle.y);
}

vec4 shadow() {
  vec2 b = vTile.xy * 0.5;
  float s = min(b.x, b.y);
  float blur = s * 0.35;
  float d = sdBox(vLocal - vec2(s * 0.10, s * 0.16), b, s * 0.22);
  float a = 1.0 - smoothstep(-blur, blur, d);
  return vec4(0.0, 0.02, 0.0, 0.55 * a * vStyle.y);
}

vec4 marker(vec3 colour) {
  float rad = min(vTile.x, vTile.y) * 0.5;
  float d = length(vLocal) - rad;
  float ring = clamp(1.0 - abs(d + 2.0) / 1.6, 0.0, 1.0);
  float fill = clamp(0.5 - d, 0.0, 1.0) * 0.25;
  return vec4(colour, max(ring, fill) * vStyle.y);
}

vec4 outline(vec3 colour) {
  vec2 b = vTile.xy * 0.5;
  float s = min(b.x, b.y);
  float d = sdBox(vLocal, b, s * 0.22);
  float ring = clamp(1.0 - abs(d - 3.0) / 1.5, 0.0, 1.0);
  return vec4(colour, ring * vStyle.y);
}

// A blocked end: a solid red bar with a darker rim.
vec4 bar() {
  vec2 b = vTile.xy * 0.5;
  float d = sdBox(vLocal, b, min(b.x, b.y) * 0.4);
  float body = clamp(0.5 - d, 0.0, 1.0);
  vec3 col = mix(vec3(0.86, 0.1, 0.08), vec3(0.5, 0.03, 0.03), smoothstep(-2.0, 0.0, d));
  return vec4(col, body * vStyle.y);
}

void main() {
  int kind = int(vStyle.x + 0.5);
  if (kind == 0) fragColor = felt();
  else if (kind == 1) fragColor = shadow();
  else if (kind == 2) fragColor = tile(false);
  else if (kind == 3) fragColor = tile(true);
  else if (kind == 4) fragColor = marker(vec3(1.0, 0.84, 0.25));
  else if (kind == 5) fragColor = outline(vec3(1.0, 0.55, 0.15));
  else if (kind == 6) fragColor = outline(vec3(0.55, 0.95, 1.0));
  else if (kind == 7) fragColor = bar();
  else fragColor = outline(vec3(0.35, 0.55, 1.0));
}
