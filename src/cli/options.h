// SPDX-License-Identifier: MIT
// The command line's shared checks: one place that says what a value may be.
#pragma once
#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

namespace dom::cli {

// A usage error (exit 2) naming the option, thrown while the options are read.
struct UsageError {
  std::string message;
};

// The one reader of numbers on the command line: a strict whole decimal number, digits only (no
// sign, space, `0x`, exponent or empty value), within [lo, hi]. With `size`, it may end in K, M or G
// (KiB, MiB, GiB). Throws a UsageError naming `option` otherwise ("--seed: '-1' is not a whole
// number from 0 to 18446744073709551615").
[[nodiscard]] std::uint64_t wholeNumber(const std::string& option, const std::string& text, std::uint64_t lo,
                                        std::uint64_t hi, bool size = false);

// The first option or argument of `sub` (a parsed subcommand) given with an empty value, as a
// usage message ("--as: an empty value ..."), or empty when there is none. Flags are not values.
[[nodiscard]] std::string emptyValue(const CLI::App& sub);

// Names the type of every option's value in the help of `app` and its subcommands (`--games UINT`,
// `--max-size SIZE`, `--rules RULES`): the numbers are read as text by wholeNumber, so CLI11 alone
// would call them TEXT.
void nameTypes(CLI::App& app);

// CLI11's own errors (an unknown option, a missing subcommand) start with the program's name, as
// every other error of `name` does: "dominoes: The following argument was not expected: --nope".
void nameErrors(CLI::App& app, const std::string& name);

}  // namespace dom::cli
