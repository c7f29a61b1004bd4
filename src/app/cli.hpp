#pragma once
// The command line: `tglink` serves; `tglink check-config` only validates the settings;
// `tglink demo [--send FILE...]` runs the local demo on the TDLib simulator.

namespace tglink {

// Returns the process exit code: 0 ok, 1 runtime failure, 2 bad configuration or usage.
int run_cli(int argc, char** argv);

}  // namespace tglink
