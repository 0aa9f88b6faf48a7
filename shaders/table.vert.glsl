// SPDX-License-Identifier: MIT
// Table renderer: one quad per sprite (felt, shadow, tile, ghost, marker) in framebuffer pixels.
#version 330 core
layout(location = 0) in vec2 aPos;    // pixels, origin top-left
layout(location = 1) in vec2 aLocal;  // pixels relative to the sprite's centre
layout(location = 2) in vec4 aTile;   // width, height (pixels), first pip, second pip
layout(location = 3) in vec4 aStyle;  // kind, alpha, pixel scale, unused
uniform vec2 uViewport;
out vec2 vPos;
out vec2 vLocal;
out vec4 vTile;
out vec4 vStyle;
void main() {
  vPos = aPos;
  vLocal = aLocal;
  vTile = aTile;
  vStyle = aStyle;
  vec2 ndc = aPos / uViewport * 2.0 - 1.0;
  gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
}
