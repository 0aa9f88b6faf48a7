// SPDX-License-Identifier: MIT
// The web page's worker (docs/web.md): a second WebAssembly module, built with Emscripten's
// BUILD_AS_WORKER, that does the searches beside the page, so that no frame waits for one. The page
// asks, as text:
// - a computer's move: `player SPEC` and then the engine protocol's request for the position
//   (ai::engineRequest); the worker answers with `time MS` (how long the player thought) and then
//   ai::engineAnswer's text: the same player, made from the same seed, makes the same move as in the
//   desktop studio;
// - a position's analysis: ai::analysisRequest's text, answered with ai::analysisAnswer's;
// - the record's analysis: `analyse-record` and the record, answered with ai::recordAnalysisAnswer's;
// - a puzzle's verdict: ai::verdictRequest's text, answered with ai::verdictAnswer's.
// An analysis says how far it is as it goes (`progress P`, a provisional answer).
#include <emscripten.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <string_view>

#include "ai/analysis.h"
#include "ai/engine.h"
#include "ai/puzzle.h"

namespace {
// Tells the page how far an analysis is, at each whole percent ("progress 0.42").
void progress(double p) {
  static int told = -1;
  const int now = static_cast<int>(p * 100);
  if (now == told) return;
  told = now;
  char text[32];
  const int n = std::snprintf(text, sizeof text, "progress %.2f", p);
  emscripten_worker_respond_provisionally(text, n);
}

std::string answerOf(std::string_view in) {
  const std::size_t nl = in.find('\n');
  if (in.starts_with("analyse ")) return dom::ai::analysisAnswer(in, nullptr, progress);
  if (in.starts_with("analyse-record\n")) return dom::ai::recordAnalysisAnswer(in, nullptr, progress);
  if (in.starts_with("judge ")) return dom::ai::verdictAnswer(in);
  if (!in.starts_with("player ") || nl == std::string_view::npos)
    return "error the request's first line is neither 'player SPEC' nor 'analyse ...'\n";
  const auto t0 = std::chrono::steady_clock::now();
  const std::string answer = dom::ai::engineAnswer(std::string(in.substr(7, nl - 7)), in.substr(nl + 1));
  // How long the player thought, first: the page's own clock would add the wait for its next frame.
  char ms[48];
  std::snprintf(ms, sizeof ms, "time %.3f\n",
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  return ms + answer;
}
}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE void dom_worker_ask(char* data, int size) {
  std::string answer;
  try {
    answer = answerOf(std::string_view(data, data && size > 0 ? static_cast<std::size_t>(size) : 0));
  } catch (const std::exception& e) {
    answer = std::string("error ") + e.what() + "\n";
  }
  emscripten_worker_respond(answer.data(), static_cast<int>(answer.size()));
}
