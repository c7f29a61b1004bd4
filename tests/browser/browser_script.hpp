#pragma once
// What every browser test driver does around its script: check that the browser and its npm
// driver are installed, run a shell command with its output in a log, write the plan and run one
// of the node scripts in this folder with it, and check how it ended.

#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "support/sim_harness.hpp"

namespace tglink::testing {

// What a script needs: a program ("/usr/bin/chromium") or an npm package of the source tree's
// node_modules ("playwright-core"). Fails naming the missing ones and the script that installs
// them.
[[nodiscard]] ::testing::AssertionResult installed(std::initializer_list<std::string_view> needs);

// Runs a shell command with its output going to `log`. Answers the exit status.
int run_logged(const std::string& command, const std::filesystem::path& log);

// tests/browser in the source tree, where the scripts are.
[[nodiscard]] std::filesystem::path browser_dir();

// <build>/test-results/<suite>, where a script puts its screenshots.
[[nodiscard]] std::filesystem::path screenshots_dir(const std::string& suite);

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

// Writes `plan` into the harness's folder, runs `script` with it (and `phase`, for a script run
// more than once against one plan) and expects every check to pass.
void run_plan(SimHarness& harness, const boost::json::object& plan, const std::string& script,
              const std::string& phase = "");

}  // namespace tglink::testing
