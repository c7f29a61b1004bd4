#pragma once
// Tests that drive an outside program (curl, aria2c, ffmpeg, ffprobe) skip, naming it, on a
// machine without it. Under CI=true (.ci/run) a missing program fails the test instead: CI has
// run `scripts/install-deps.sh --test`, so a missing one means a test that did not run.

#include <cstdlib>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

namespace tglink::testing {

// Whether a skip for something missing is a failure: CI=true in the environment.
inline bool skips_fail() {
  const char* ci = std::getenv("CI");
  return ci != nullptr && std::string_view(ci) == "true";
}

// Whether `program` is on the PATH.
inline bool program_installed(const std::string& program) {
  return std::system(("command -v '" + program + "' >/dev/null 2>&1").c_str()) == 0;
}

}  // namespace tglink::testing

// Skips the test when `program` is missing, or fails it under CI=true; either way naming it.
#define TGLINK_REQUIRE_PROGRAM(program)                                                           \
  if (!::tglink::testing::program_installed(program)) {                                           \
    if (::tglink::testing::skips_fail()) {                                                        \
      FAIL() << (program) << " is not installed, and under CI=true a missing program fails; "     \
             << "scripts/install-deps.sh --test installs it";                                     \
    }                                                                                             \
    GTEST_SKIP() << (program) << " is not installed; scripts/install-deps.sh --test installs it"; \
  }
