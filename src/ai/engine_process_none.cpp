// SPDX-License-Identifier: MIT
// Builds without processes (the web page): no outside engine can be started, and the spec
// "engine:..." is refused with that reason (ai::parseEngineSpec).
#include "ai/engine.h"

namespace dom::ai {

bool enginesSupported() { return false; }

std::unique_ptr<EngineProcess> startEngineProcess(const std::string&, std::string& error) {
  error = "outside engines run as processes, which this build cannot start";
  return nullptr;
}

}  // namespace dom::ai
