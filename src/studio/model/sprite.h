// SPDX-License-Identifier: MIT
// A sprite of the table scene: what the renderer draws (a tile, its shadow, a ghost, a marker...),
// in framebuffer pixels. The model makes them (scene.h); the renderer (ui/renderer.h) draws them.
#pragma once

namespace dom::studio {

struct Sprite {
  // Marker: an open end's ring; Outline: the last move or the chosen ghost; Hover: the ghost a click
  // plays; Blocked: the red bar across a blocked end's front square; Lead: the lead in edit mode.
  enum Kind : int {
    Felt = 0,
    Shadow = 1,
    Tile = 2,
    Ghost = 3,
    Marker = 4,
    Outline = 5,
    Hover = 6,
    Blocked = 7,
    Lead = 8
  };
  float cx = 0, cy = 0, w = 0, h = 0;  // framebuffer pixels
  int first = 0, second = 0;           // pips: left/top half, right/bottom half
  int kind = Tile;
  float alpha = 1.0f;
};

}  // namespace dom::studio
