#include "browser/browser_script.hpp"

#include <cstdlib>
#include <iostream>

#include <gtest/gtest.h>

#include "support/build_paths.hpp"
#include "support/sim_harness.hpp"

namespace tglink::testing {

int run_logged(const std::string& command, const std::filesystem::path& log) {
  const std::string line = command + " >" + log.string() + " 2>&1";
  return std::system(line.c_str());
}

std::filesystem::path browser_dir() {
  return std::filesystem::path(TGLINK_SOURCE_DIR) / "tests" / "browser";
}

ScriptRun run_browser_script(const std::string& script, const std::string& arguments,
                             const std::filesystem::path& log) {
  ScriptRun run;
  run.status = run_logged("cd " + std::string(TGLINK_SOURCE_DIR) + " && node " +
                              (browser_dir() / script).string() + " " + arguments,
                          log);
  run.output = read_file(log);
  std::cout << run.output;
  return run;
}

void expect_script_passed(const ScriptRun& run, const std::string& tglink_output) {
  EXPECT_EQ(run.status, 0) << run.output << "\ntglink's log:\n" << tglink_output;
  EXPECT_NE(run.output.find(" passed, 0 failed"), std::string::npos) << run.output;
}

}  // namespace tglink::testing
