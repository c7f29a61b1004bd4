#include "config/check_config_command.hpp"

#include "config/config_summary.hpp"

namespace tglink {

int run_check_config(const EnvMap& env, const EnvMap& dotenv, std::ostream& out, std::ostream& err,
                     ConfigMode mode, const ConfigDefaults& defaults) {
  const ConfigLoadResult result = load_config(env, dotenv, mode, defaults);
  if (!result.ok()) {
    err << format_problems(result.problems) << '\n';
    return 2;
  }
  out << "The configuration is valid. Effective settings:\n" << summarize_config(*result.config);
  return 0;
}

}  // namespace tglink
