// SPDX-License-Identifier: MIT
// Decimal numbers read from text the way std::from_chars reads floating point (a leading '-', digits,
// a '.', an exponent, "inf" and "nan"; no space, no '+', no hexadecimal), in every standard library
// the project builds with: the web build's libc++ has no floating-point from_chars.
#pragma once
#include <optional>
#include <string_view>

namespace dom {

// `s` read whole as a number; nullopt when it is not one or has anything after it.
[[nodiscard]] std::optional<double> parseDecimal(std::string_view s);

}  // namespace dom
