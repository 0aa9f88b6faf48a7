// SPDX-License-Identifier: MIT
// Decimal numbers read from text (decimal.h): strtod in the C locale (the studio never sets another),
// after refusing what strtod takes but from_chars does not.
#include "core/decimal.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string>

namespace dom {

std::optional<double> parseDecimal(std::string_view s) {
  if (s.empty() || s.size() > 4096) return std::nullopt;
  const std::string_view body = s.front() == '-' ? s.substr(1) : s;
  if (body.empty()) return std::nullopt;
  const auto first = static_cast<unsigned char>(body.front());
  // No space, no sign after the '-', and no hexadecimal ("0x1p3").
  if (!std::isdigit(first) && first != '.' && first != 'i' && first != 'I' && first != 'n' && first != 'N')
    return std::nullopt;
  if (body.size() > 1 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X')) return std::nullopt;
  const std::string text(s);
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size()) return std::nullopt;
  // Out of range: from_chars reports an error (strtod gives HUGE_VAL or 0 with ERANGE).
  if (errno == ERANGE && (std::isinf(v) || v == 0)) return std::nullopt;
  return v;
}

}  // namespace dom
