// SPDX-License-Identifier: MIT
// Issue 26 #1: the studio's text drawing fuzzed with long and odd strings. A headless ImGui context
// (no window, no GL: the draw lists are built and never rendered) draws seeded random strings the
// ways the panes do: cut under the table (shownText at kCaptionShown, wrapped), in a tooltip (cut
// at 1,000, wrapped at 28 ems), as a log line, in a table cell cut with an ellipsis, and whole,
// a display line at a time through a list clipper (textLines). Strings: up to 2 MB of words, words
// of a million letters, runs of newlines, control characters, invalid UTF-8, combining marks,
// Devanagari, CJK and emoji the font lacks. Oracle: ImGui's own assertions (an abort), and no draw
// list past 64K vertices for its 16-bit indices. Usage: studio_text_draw_fuzz [ITERATIONS] [SEED]
#include <imgui.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "studio/model/viewmodel.h"

namespace {
using dom::studio::kCaptionShown;
using dom::studio::shownText;
using dom::studio::textLines;

// A random piece of odd text.
std::string piece(std::mt19937_64& rng) {
  static const std::vector<std::string> odd = {
      "word ",
      "\n",
      "\n\n\n",
      "\t",
      "\x1b[2J",
      "\x07",
      "\xff\xfe",
      "\xc3",
      "\xe2\x82",
      "e\xcc\x81",
      "\xe0\xa4\xa8\xe0\xa4\xae\xe0\xa4\xb8\xe0\xa5\x8d\xe0\xa4\xa4\xe0\xa5\x87",
      "\xe4\xb8\xad",
      "\xf0\x9f\x81\xa3",
      "%s%n%d",
      "##id",
      "###",
      " ",
      "\xef\xbf\xbd"};
  std::uniform_int_distribution<int> kind(0, 9);
  switch (kind(rng)) {
    case 0: return std::string(std::uniform_int_distribution<int>(1, 1000000)(rng), 'x');  // one long word
    case 1: return std::string(std::uniform_int_distribution<int>(1, 20000)(rng), '\n');
    default: {
      std::string s;
      const int n = std::uniform_int_distribution<int>(1, 2000)(rng);
      for (int i = 0; i < n; ++i) s += odd[std::uniform_int_distribution<std::size_t>(0, odd.size() - 1)(rng)];
      return s;
    }
  }
}

std::string oddText(std::mt19937_64& rng) {
  std::string s;
  const int pieces = std::uniform_int_distribution<int>(1, 6)(rng);
  for (int i = 0; i < pieces && s.size() < 2000000; ++i) s += piece(rng);
  return s;
}

void drawAll(const std::string& text) {
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(400, 300));
  ImGui::Begin("Table");
  ImGui::TextWrapped("%s", shownText(text, kCaptionShown).c_str());  // the note under the table
  ImGui::TextWrapped("%s", shownText(text, 1000).c_str());           // the status line, a log line
  ImGui::End();
  ImGui::SetNextWindowPos(ImVec2(400, 0));
  ImGui::SetNextWindowSize(ImVec2(300, 300));
  ImGui::Begin("Note");  // the whole note: only the lines in view are drawn
  const auto lines = textLines(text, 80);
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(lines.size()));
  while (clip.Step())
    for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
      const auto l = lines[static_cast<std::size_t>(i)];
      ImGui::TextUnformatted(l.data(), l.data() + l.size());
    }
  ImGui::End();
  ImGui::SetNextWindowPos(ImVec2(700, 0));
  ImGui::BeginTooltip();  // a tooltip: cut, wrapped at 28 ems
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28);
  ImGui::TextUnformatted(shownText(text, 1000).c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
  ImGui::Render();
}
}  // namespace

int main(int argc, char** argv) {
  const int iterations = argc > 1 ? std::atoi(argv[1]) : 300;
  const auto seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 26ULL;
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(1280, 800);
  io.DeltaTime = 1.0f / 60;
  io.Fonts->AddFontDefault();
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  std::mt19937_64 rng(seed);
  long long bytes = 0;
  int most = 0;
  for (int i = 0; i < iterations; ++i) {
    const std::string text = oddText(rng);
    bytes += static_cast<long long>(text.size());
    drawAll(text);
    const ImDrawData* d = ImGui::GetDrawData();
    for (int k = 0; k < d->CmdListsCount; ++k) {
      const ImDrawList* l = d->CmdLists[k];
      most = std::max(most, l->VtxBuffer.Size);
      if (l->VtxBuffer.Size >= (1 << 16)) {
        std::fprintf(stderr, "FAIL: iteration %d (seed %llu): a draw list of %d vertices for %zu bytes of text\n", i,
                     static_cast<unsigned long long>(seed), l->VtxBuffer.Size, text.size());
        return 1;
      }
    }
  }
  ImGui::DestroyContext();
  std::printf("ok: %d strings, %lld bytes drawn, at most %d vertices in a draw list\n", iterations, bytes, most);
  return 0;
}
