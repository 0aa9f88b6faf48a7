// SPDX-License-Identifier: MIT
// The machine-readable summary of a position (dgn.md's `dominoes replay --json`).
#pragma once
#include <nlohmann/json.hpp>

#include "core/match.h"

namespace dom {

[[nodiscard]] nlohmann::ordered_json summary(const Match& m);

}  // namespace dom
