#pragma once
// `tglink check-config`: validates the configuration without starting anything.

#include <ostream>

#include "config/config_loader.hpp"
#include "config/env_map.hpp"

namespace tglink {

// Prints every problem to `err` and returns 2, or prints a summary of the effective settings
// to `out` (secrets masked: at most a bot's public id is shown), then any config_warnings, and
// returns 0. `dotenv` is the
// already-parsed .env; the caller reports errors in the file itself.
[[nodiscard]] int run_check_config(const EnvMap& env, const EnvMap& dotenv, std::ostream& out,
                                   std::ostream& err, ConfigMode mode = ConfigMode::Bot,
                                   const ConfigDefaults& defaults = build_config_defaults());

}  // namespace tglink
