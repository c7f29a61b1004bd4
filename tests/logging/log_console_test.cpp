#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "logging/log.hpp"

namespace tglink {
namespace {

using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using ::testing::Not;

// What a Log with a console sink at `level` prints to stderr for the records `body` writes.
template <typename Body>
std::string console_output(LogLevel level, Body body) {
  ::testing::internal::CaptureStderr();
  {
    Log log(LogOptions{.console_level = level, .ring_capacity = 8, .console = true});
    body(log);
  }
  return ::testing::internal::GetCapturedStderr();
}

TEST(LogConsole, LineHasUtcTimeSpecLevelNameAndText) {
  const std::string output =
      console_output(LogLevel::Info, [](Log& log) { log.warning("disk {} full", "/data"); });
  EXPECT_THAT(output,
              ContainsRegex("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z WARNING +disk /data full\n$"));
}

TEST(LogConsole, RecordsBelowConsoleLevelAreNotPrinted) {
  const std::string output = console_output(LogLevel::Warning, [](Log& log) {
    log.info("chatty");
    log.error("broken");
  });
  EXPECT_THAT(output, Not(HasSubstr("chatty")));
  EXPECT_THAT(output, HasSubstr("ERROR"));
  EXPECT_THAT(output, HasSubstr("broken"));
}

TEST(LogConsole, SecretsAreMaskedBeforeTheConsoleSeesThem) {
  const std::string output = console_output(LogLevel::Debug, [](Log& log) {
    log.add_secret("s3cr3t-token");
    log.debug("using s3cr3t-token now");
  });
  EXPECT_THAT(output, Not(HasSubstr("s3cr3t")));
  EXPECT_THAT(output, HasSubstr("using *** now"));
}

}  // namespace
}  // namespace tglink
