#include "config/process_environment.hpp"

#include <cstdlib>

#include <gtest/gtest.h>

namespace tglink {
namespace {

TEST(ProcessEnvironment, ReadsVariablesIncludingEqualsInValues) {
  ASSERT_EQ(setenv("TGLINK_TEST_READ", "a=b", 1), 0);
  const EnvMap env = read_process_environment();
  ASSERT_TRUE(env.contains("TGLINK_TEST_READ"));
  EXPECT_EQ(env.at("TGLINK_TEST_READ"), "a=b");
  unsetenv("TGLINK_TEST_READ");
}

TEST(ProcessEnvironment, ExportAddsMissingButNeverOverrides) {
  ASSERT_EQ(setenv("TGLINK_TEST_KEEP", "process", 1), 0);
  unsetenv("TGLINK_TEST_ADD");
  export_missing_to_process_environment(
      EnvMap{{"TGLINK_TEST_KEEP", "dotenv"}, {"TGLINK_TEST_ADD", "dotenv"}});
  EXPECT_STREQ(std::getenv("TGLINK_TEST_KEEP"), "process");
  EXPECT_STREQ(std::getenv("TGLINK_TEST_ADD"), "dotenv");
  unsetenv("TGLINK_TEST_KEEP");
  unsetenv("TGLINK_TEST_ADD");
}

}  // namespace
}  // namespace tglink
