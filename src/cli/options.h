// The command line's shared checks: one place that says what a value may be.
#pragma once
#include <CLI/CLI.hpp>

#include <string>

namespace dom::cli {

// The first option or argument of `sub` (a parsed subcommand) given with an empty value, as a
// usage message ("--as: an empty value ..."), or empty when there is none. Flags are not values.
[[nodiscard]] std::string emptyValue(const CLI::App& sub);

}  // namespace dom::cli
