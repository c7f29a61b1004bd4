#pragma once
// Looks settings up in the process environment and .env together, and collects problems.
// The process environment wins over .env, as with every dotenv tool: a value set for one run
// (`PORT=9000 tglink`) overrides the file. A name that is set but empty, or only spaces, counts
// as not set, so `PORT=` in a compose file falls back to the default.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/config_problem.hpp"
#include "config/env_map.hpp"

namespace tglink {

struct EnvValue {
  std::string name;   // the name it was found under (the alias, when that was the one set)
  std::string value;  // trimmed, never empty
};

class EnvReader {
 public:
  EnvReader(const EnvMap& process_env, const EnvMap& dotenv);

  [[nodiscard]] std::optional<EnvValue> get(std::string_view name) const;

  // `name` or its `alias`. When both are set to different values that is a problem, reported
  // here under `name`, and nothing is returned.
  [[nodiscard]] std::optional<EnvValue> get_either(std::string_view name, std::string_view alias,
                                                   std::string_view example);

  void report(std::string_view variable, std::string message, std::string_view example);
  [[nodiscard]] std::vector<ConfigProblem> take_problems() { return std::move(problems_); }

 private:
  const EnvMap& process_env_;
  const EnvMap& dotenv_;
  std::vector<ConfigProblem> problems_;
};

}  // namespace tglink
