#include "browser/browser_script.hpp"

#include <cstdlib>
#include <fstream>
#include <iostream>

#include "support/build_paths.hpp"

namespace tglink::testing {

::testing::AssertionResult installed(std::initializer_list<std::string_view> needs) {
  std::string missing;
  for (const std::string_view need : needs) {
    const std::filesystem::path where =
        need.starts_with('/') ? std::filesystem::path(need)
                              : std::filesystem::path(TGLINK_SOURCE_DIR) / "node_modules" / need;
    if (!std::filesystem::exists(where)) missing += (missing.empty() ? "" : ", ") + where.string();
  }
  if (missing.empty()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "needs " << missing << ": scripts/install-deps.sh --test";
}

int run_logged(const std::string& command, const std::filesystem::path& log) {
  const std::string line = command + " >" + log.string() + " 2>&1";
  return std::system(line.c_str());
}

std::filesystem::path browser_dir() {
  return std::filesystem::path(TGLINK_SOURCE_DIR) / "tests" / "browser";
}

std::filesystem::path screenshots_dir(const std::string& suite) {
  return std::filesystem::path(TGLINK_BINARY_DIR) / "test-results" / suite;
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

void run_plan(SimHarness& harness, const boost::json::object& plan, const std::string& script,
              const std::string& phase) {
  const std::filesystem::path plan_path = harness.dir() / "plan.json";
  std::ofstream(plan_path) << boost::json::serialize(plan);
  const std::string log = phase.empty() ? "browser.log" : "browser-" + phase + ".log";
  const ScriptRun run = run_browser_script(
      script, phase.empty() ? plan_path.string() : plan_path.string() + " " + phase,
      harness.dir() / log);
  expect_script_passed(run, harness.process().output());
}

}  // namespace tglink::testing
