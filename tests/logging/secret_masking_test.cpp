#include <string>

#include <gtest/gtest.h>

#include "logging/log.hpp"
#include "logging/secret_masker.hpp"

namespace tglink {
namespace {

std::string last_text(const Log& log) {
  const std::vector<LogRecord> records = log.recent(LogLevel::Debug, 1);
  return records.empty() ? std::string() : records.back().text;
}

TEST(SecretMasking, ReplacesEveryOccurrenceInLoggedText) {
  Log log(LogOptions{.ring_capacity = 4, .console = false});
  log.add_secret("123456:ABCDEF");
  log.error("request to /bot123456:ABCDEF/getMe failed; token 123456:ABCDEF");
  EXPECT_EQ(last_text(log), "request to /bot***/getMe failed; token ***");
}

TEST(SecretMasking, AppliesToSecretsAddedLater) {
  Log log(LogOptions{.ring_capacity = 4, .console = false});
  log.info("hash abc123");
  log.add_secret("abc123");
  log.info("hash abc123");
  const std::vector<LogRecord> records = log.recent(LogLevel::Debug, 2);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].text, "hash abc123");
  EXPECT_EQ(records[1].text, "hash ***");
}

TEST(SecretMasking, LongerSecretIsHiddenWhole) {
  SecretMasker masker;
  masker.add("abc");
  masker.add("abcdef");
  EXPECT_EQ(masker.mask("x abcdef y abc"), "x *** y ***");
}

TEST(SecretMasking, EmptySecretChangesNothing) {
  SecretMasker masker;
  masker.add("");
  EXPECT_EQ(masker.mask("plain text"), "plain text");
}

TEST(SecretMasking, MaskDoesNotRescanItsOwnReplacement) {
  SecretMasker masker;
  masker.add("**");
  EXPECT_EQ(masker.mask("a**b"), "a***b");
}

}  // namespace
}  // namespace tglink
