// SPDX-License-Identifier: MIT
// The command line's shared checks.
#include "cli/options.h"

#include <charconv>
#include <string_view>
#include <system_error>
#include <utility>

#include "core/files.h"

namespace dom::cli {

std::uint64_t wholeNumber(const std::string& option, const std::string& text, std::uint64_t lo, std::uint64_t hi,
                          bool size) {
  auto bad = [&] {
    return UsageError{option + ": '" + files::cut(text) + "' is not a whole number from " + std::to_string(lo) +
                      " to " + std::to_string(hi) + (size ? " (bytes, or with K, M or G)" : "")};
  };
  std::string_view digits = text;
  std::uint64_t unit = 1;
  if (size && !digits.empty()) {
    const char last = digits.back();
    if (last == 'K' || last == 'k') unit = std::uint64_t{1} << 10;
    if (last == 'M' || last == 'm') unit = std::uint64_t{1} << 20;
    if (last == 'G' || last == 'g') unit = std::uint64_t{1} << 30;
    if (unit > 1) digits.remove_suffix(1);
  }
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) throw bad();
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (ec != std::errc{} || end != digits.data() + digits.size() || n > hi / unit) throw bad();
  n *= unit;
  if (n < lo || n > hi) throw bad();
  return n;
}

std::string emptyValue(const CLI::App& sub) {
  for (const CLI::Option* opt : sub.get_options()) {
    if (opt->get_expected_min() == 0 || opt->count() == 0) continue;  // a flag, or not given
    for (const std::string& value : opt->results())
      if (value.empty()) {
        if (opt->nonpositional())
          return opt->get_name(false, true) +
                 ": '' is an empty value, not allowed (leave the option out for its default)";
        return opt->get_name() + ": '' is an empty value, not allowed";
      }
  }
  return {};
}

void nameTypes(CLI::App& app) {
  static const std::pair<const char*, const char*> kTypes[] = {
      {"--max-size", "SIZE"}, {"--size", "SIZE"},     {"--record", "UINT"},      {"--seed", "UINT"},
      {"--games", "UINT"},    {"--depth", "UINT"},    {"--samples", "UINT"},     {"--positions", "UINT"},
      {"--left", "UINT"},     {"--nodes", "UINT"},    {"--threads", "UINT"},     {"--count", "UINT"},
      {"--rules", "RULES"},   {"--a", "PLAYER"},      {"--b", "PLAYER"},         {"--out", "FILE"},
      {"--as", "A|B|all"},    {"--themes", "THEMES"}, {"--policy-data", "FILE"}, {"--plot", "FILE"},
      {"--levels", "LEVELS"}};
  for (CLI::Option* opt : app.get_options()) {
    if (opt->get_expected_min() == 0 || !opt->nonpositional()) continue;
    for (const auto& [name, type] : kTypes)
      if (opt->check_lname(std::string(name).substr(2))) opt->type_name(type);
  }
  // `match --out` is a folder.
  if (app.get_name() == "match") app.get_option("--out")->type_name("DIR");
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) nameTypes(*sub);
}

void nameErrors(CLI::App& app, const std::string& name) {
  app.failure_message([name](const CLI::App*, const CLI::Error& e) {
    return name + ": " + e.what() + "\nRun with --help for more information.\n";
  });
}

}  // namespace dom::cli
