// The command line's shared checks.
#include "cli/options.h"

namespace dom::cli {

std::string emptyValue(const CLI::App& sub) {
  for (const CLI::Option* opt : sub.get_options()) {
    if (opt->get_expected_min() == 0 || opt->count() == 0) continue;  // a flag, or not given
    for (const std::string& value : opt->results())
      if (value.empty()) {
        if (opt->nonpositional())
          return opt->get_name(false, true) + ": an empty value is not allowed (leave the option out for its default)";
        return opt->get_name() + ": an empty value is not allowed";
      }
  }
  return {};
}

}  // namespace dom::cli
