#pragma once
// What every browser test driver does around its script: run a shell command with its output in
// a log, run one of the node scripts in this folder against a plan, and check how it ended.

#include <filesystem>
#include <string>

namespace tglink::testing {

// Runs a shell command with its output going to `log`. Answers the exit status.
int run_logged(const std::string& command, const std::filesystem::path& log);

// tests/browser in the source tree, where the scripts are.
[[nodiscard]] std::filesystem::path browser_dir();

struct ScriptRun {
  int status = -1;
  std::string output;  // what the script printed, also echoed to stdout
};

// Runs `node tests/browser/<script> <arguments>` from the source tree (where node_modules is),
// its output in `log`.
ScriptRun run_browser_script(const std::string& script, const std::string& arguments,
                             const std::filesystem::path& log);

// The script exited 0 and its summary counts no failed check; `tglink_output` (the server's log)
// is shown when it did not.
void expect_script_passed(const ScriptRun& run, const std::string& tglink_output);

}  // namespace tglink::testing
