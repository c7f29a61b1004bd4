#pragma once
// One thing wrong with the configuration, and the message that lists them all.

#include <string>
#include <vector>

namespace tglink {

struct ConfigProblem {
  std::string variable;  // "PORT", or "MAX_LINKS_PER_DAY" for an alias conflict
  std::string message;   // what is wrong, e.g. "\"abc\" is not a port number (1-65535)"
  std::string example;   // a right value, e.g. "PORT=8080"; may be empty

  // "PORT: \"abc\" is not a port number (1-65535); example: PORT=8080"
  [[nodiscard]] std::string describe() const;
};

// One message for a person: a line per problem, then a hint to run `tglink check-config`.
[[nodiscard]] std::string format_problems(const std::vector<ConfigProblem>& problems);

}  // namespace tglink
