#pragma once
// The bridge between EnvMap and this process's real environment (environ).

#include "config/env_map.hpp"

namespace tglink {

// A copy of every variable in this process's environment.
[[nodiscard]] EnvMap read_process_environment();

// Puts each value into the process environment unless that name is already set, so the
// process environment keeps winning over .env. Needed because code loaded into this process
// (the TDLib simulator) reads settings such as LOG_CHANNEL with getenv. setenv is not
// thread-safe: call this at start, before any thread exists.
void export_missing_to_process_environment(const EnvMap& values);

}  // namespace tglink
