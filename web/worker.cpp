// SPDX-License-Identifier: MIT
// The web page's worker (docs/web.md): a second WebAssembly module, built with Emscripten's
// BUILD_AS_WORKER, that decides the computer's moves beside the page, so that no frame waits for a
// search. The page sends `player SPEC` and then the engine protocol's request for the position
// (ai::engineRequest); the worker answers with `time MS` (how long the player thought) and then
// ai::engineAnswer's text: the same player, made from the same seed, makes the same move as in the
// desktop studio.
#include <emscripten.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <string_view>

#include "ai/engine.h"

extern "C" EMSCRIPTEN_KEEPALIVE void dom_worker_decide(char* data, int size) {
  std::string answer;
  const std::string_view in(data, data && size > 0 ? static_cast<std::size_t>(size) : 0);
  const std::size_t nl = in.find('\n');
  if (!in.starts_with("player ") || nl == std::string_view::npos) {
    answer = "error the request's first line is not 'player SPEC'\n";
  } else {
    const auto t0 = std::chrono::steady_clock::now();
    try {
      answer = dom::ai::engineAnswer(std::string(in.substr(7, nl - 7)), in.substr(nl + 1));
    } catch (const std::exception& e) {
      answer = std::string("error ") + e.what() + "\n";
    }
    // How long the player thought, first: the page's own clock would add the wait for its next frame.
    char ms[48];
    std::snprintf(ms, sizeof ms, "time %.3f\n",
                  std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    answer = ms + answer;
  }
  emscripten_worker_respond(answer.data(), static_cast<int>(answer.size()));
}
