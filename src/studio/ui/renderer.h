// SPDX-License-Identifier: MIT
// The table renderer: our own shaders drawing felt, shadows, tiles, ghosts and markers into a
// framebuffer that the Table pane shows as an ImGui image.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "studio/model/sprite.h"

namespace dom::studio {

class TableRenderer {
 public:
  TableRenderer() = default;
  TableRenderer(const TableRenderer&) = delete;
  TableRenderer& operator=(const TableRenderer&) = delete;
  ~TableRenderer() = default;
  // Frees the GL objects; call while the context is current.
  void release();
  // Compiles the embedded shaders; on failure returns the log and the caller falls back.
  // `breakShader` compiles a broken fragment shader instead (to test the fallback).
  [[nodiscard]] std::string init(bool breakShader = false);
  [[nodiscard]] bool ready() const { return program_ != 0; }
  // Draws sprites into the framebuffer texture of size w x h; table = the felt rectangle.
  void render(int w, int h, const float table[4], const std::vector<Sprite>& sprites);
  [[nodiscard]] unsigned texture() const { return tex_; }

 private:
  // The framebuffer's texture (re)made w x h.
  void resizeTarget(int w, int h);
  // verts_: the felt's quad, then each sprite's (with room for its shadow or its edge).
  void fillVertices(int w, int h, const std::vector<Sprite>& sprites);
  unsigned program_ = 0, vao_ = 0, vbo_ = 0, fbo_ = 0, tex_ = 0;
  int w_ = 0, h_ = 0;
  int locViewport_ = -1, locTable_ = -1;
  std::vector<float> verts_;
  std::size_t lastHash_ = 0;
};

}  // namespace dom::studio
