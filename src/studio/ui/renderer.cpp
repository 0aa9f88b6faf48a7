// SPDX-License-Identifier: MIT
// Table renderer: compiles the embedded shaders and draws sprites into a framebuffer texture.
#include "studio/ui/renderer.h"

#include "studio_gl.h"

#include <algorithm>
#include <functional>
#include <string>
#include <string_view>

#include "studio/platform/platform.h"

namespace dom::studio {

std::string_view shaderSource(std::string_view name);  // embedded_shaders.cpp

namespace {
// The shader for the platform's context: its #version line first (OpenGL ES allows nothing before
// it), then its default precision, then the source without its own #version line.
std::string forContext(std::string_view src) {
  const platform::GlContext gl = platform::glContext();
  std::string out = std::string(gl.glsl) + "\n" + gl.precision + "\n";
  const auto v = src.find("#version");
  if (v == std::string_view::npos) return out.append(src);
  const auto eol = src.find('\n', v);
  out.append(src.substr(0, v));
  if (eol != std::string_view::npos) out.append(src.substr(eol + 1));
  return out;
}

std::string compile(GLenum type, std::string_view source, GLuint& out) {
  if (source.empty()) return "shader source is missing";
  const std::string src = forContext(source);
  out = glCreateShader(type);
  const char* text = src.data();
  const GLint len = static_cast<GLint>(src.size());
  glShaderSource(out, 1, &text, &len);
  glCompileShader(out);
  GLint ok = 0;
  glGetShaderiv(out, GL_COMPILE_STATUS, &ok);
  if (ok) return {};
  char log[2048] = {};
  glGetShaderInfoLog(out, sizeof log, nullptr, log);
  glDeleteShader(out);
  out = 0;
  return log;
}
}  // namespace

void TableRenderer::release() {
  if (fbo_) glDeleteFramebuffers(1, &fbo_);
  if (tex_) glDeleteTextures(1, &tex_);
  if (vbo_) glDeleteBuffers(1, &vbo_);
  if (vao_) glDeleteVertexArrays(1, &vao_);
  if (program_) glDeleteProgram(program_);
  fbo_ = tex_ = vbo_ = vao_ = program_ = 0;
}

std::string TableRenderer::init(bool breakShader) {
  GLuint vs = 0, fs = 0;
  if (auto e = compile(GL_VERTEX_SHADER, shaderSource("table.vert.glsl"), vs); !e.empty())
    return "table.vert.glsl: " + e;
  if (auto e = compile(GL_FRAGMENT_SHADER,
                       breakShader ? std::string_view("#version 330 core\nvoid main() { undefined(); }\n")
                                   : shaderSource("table.frag.glsl"),
                       fs);
      !e.empty()) {
    glDeleteShader(vs);
    return "table.frag.glsl: " + e;
  }
  const GLuint prog = glCreateProgram();
  glAttachShader(prog, vs);
  glAttachShader(prog, fs);
  glLinkProgram(prog);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(prog, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetProgramInfoLog(prog, sizeof log, nullptr, log);
    glDeleteProgram(prog);
    return std::string("link: ") + log;
  }
  program_ = prog;
  locViewport_ = glGetUniformLocation(program_, "uViewport");
  locTable_ = glGetUniformLocation(program_, "uTable");
  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &vbo_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  const GLsizei stride = 12 * sizeof(float);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(0));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(2 * sizeof(float)));
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(4 * sizeof(float)));
  glEnableVertexAttribArray(3);
  glVertexAttribPointer(3, 4, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(8 * sizeof(float)));
  glBindVertexArray(0);
  return {};
}

namespace {
// The picture's hash: the size, the felt rectangle and every sprite.
std::size_t pictureHash(int w, int h, const float table[4], const std::vector<Sprite>& sprites) {
  std::size_t hash = std::hash<int>{}(w * 65536 + h);
  auto mix = [&](float v) { hash = hash * 1099511628211ULL ^ std::hash<float>{}(v); };
  for (int i = 0; i < 4; ++i) mix(table[i]);
  for (const Sprite& s : sprites) {
    mix(s.cx);
    mix(s.cy);
    mix(s.w);
    mix(s.h);
    mix(s.alpha);
    mix(static_cast<float>(s.first * 64 + s.second * 8 + s.kind));
  }
  return hash;
}

// The GL bindings that render() changes, saved at construction and restored by restore().
struct SavedBindings {
  GLint fbo = 0, vao = 0, program = 0, buffer = 0;
  GLint viewport[4] = {};
  SavedBindings() {
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &fbo);
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vao);
    glGetIntegerv(GL_CURRENT_PROGRAM, &program);
    glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &buffer);
    glGetIntegerv(GL_VIEWPORT, viewport);
  }
  void restore() const {
    glBindFramebuffer(GL_FRAMEBUFFER, static_cast<GLuint>(fbo));
    glBindVertexArray(static_cast<GLuint>(vao));
    glUseProgram(static_cast<GLuint>(program));
    glBindBuffer(GL_ARRAY_BUFFER, static_cast<GLuint>(buffer));
    glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
  }
};
}  // namespace

void TableRenderer::resizeTarget(int w, int h) {
  if (!tex_) glGenTextures(1, &tex_);
  glBindTexture(GL_TEXTURE_2D, tex_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  if (!fbo_) glGenFramebuffers(1, &fbo_);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex_, 0);
  w_ = w;
  h_ = h;
}

void TableRenderer::fillVertices(int w, int h, const std::vector<Sprite>& sprites) {
  verts_.clear();
  auto quad = [&](const Sprite& s, float margin) {
    const float hw = s.w * 0.5f + margin, hh = s.h * 0.5f + margin;
    const float corners[6][2] = {{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, -hh}, {hw, hh}, {-hw, hh}};
    for (const auto& c : corners) {
      const float v[12] = {s.cx + c[0],
                           s.cy + c[1],
                           c[0],
                           c[1],
                           s.w,
                           s.h,
                           static_cast<float>(s.first),
                           static_cast<float>(s.second),
                           static_cast<float>(s.kind),
                           s.alpha,
                           1.0f,
                           0.0f};
      verts_.insert(verts_.end(), v, v + 12);
    }
  };
  Sprite felt;
  felt.kind = Sprite::Felt;
  felt.cx = static_cast<float>(w) * 0.5f;
  felt.cy = static_cast<float>(h) * 0.5f;
  felt.w = static_cast<float>(w);
  felt.h = static_cast<float>(h);
  quad(felt, 0);
  // The felt quad's "local" coordinates are not used; the shader reads vPos.
  for (const Sprite& s : sprites) {
    const float m = s.kind == Sprite::Shadow ? std::min(s.w, s.h) * 0.6f : 4.0f;
    quad(s, m);
  }
}

void TableRenderer::render(int w, int h, const float table[4], const std::vector<Sprite>& sprites) {
  if (!program_ || w <= 0 || h <= 0) return;
  // Software GL makes every redraw expensive: draw only when the picture changed.
  const std::size_t hash = pictureHash(w, h, table, sprites);
  if (hash == lastHash_ && fbo_ && w == w_ && h == h_) return;
  lastHash_ = hash;
  const SavedBindings saved;
  if (w != w_ || h != h_ || !fbo_) resizeTarget(w, h);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glViewport(0, 0, w, h);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_DEPTH_TEST);
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);

  fillVertices(w, h, sprites);
  glUseProgram(program_);
  glUniform2f(locViewport_, static_cast<float>(w), static_cast<float>(h));
  glUniform4f(locTable_, table[0], table[1], table[2], table[3]);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(verts_.size() * sizeof(float)), verts_.data(), GL_STREAM_DRAW);
  glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(verts_.size() / 12));
  saved.restore();
}

}  // namespace dom::studio
