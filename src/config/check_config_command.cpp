#include "config/check_config_command.hpp"

#include "config/config_summary.hpp"
#include "config/config_warnings.hpp"

namespace tglink {

int run_check_config(const EnvMap& env, const EnvMap& dotenv, std::ostream& out, std::ostream& err,
                     ConfigMode mode, const ConfigDefaults& defaults) {
  const ConfigLoadResult result = load_config(env, dotenv, mode, defaults);
  if (!result.ok()) {
    err << format_problems(result.problems) << '\n';
    return 2;
  }
  out << "The configuration is valid. Effective settings:\n" << summarize_config(*result.config);
  const std::vector<std::string> warnings = config_warnings(*result.config, mode);
  if (!warnings.empty()) out << "\nWarnings:\n";
  for (const std::string& warning : warnings) out << "  - " << warning << '\n';
  return 0;
}

}  // namespace tglink
