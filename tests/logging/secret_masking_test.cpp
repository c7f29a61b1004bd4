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
  log.add_secret("123456:ABCDEF-ghijkl");  // a bot token's shape, long enough to be glued
  log.error("request to /bot123456:ABCDEF-ghijkl/getMe failed; token 123456:ABCDEF-ghijkl");
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
  masker.add("abcdef");
  masker.add("abcdef-ghijkl");
  EXPECT_EQ(masker.mask("x abcdef-ghijkl y abcdef"), "x *** y ***");
}

TEST(SecretMasking, EmptySecretChangesNothing) {
  SecretMasker masker;
  masker.add("");
  EXPECT_EQ(masker.mask("plain text"), "plain text");
}

TEST(SecretMasking, MaskDoesNotRescanItsOwnReplacement) {
  SecretMasker masker;
  masker.add("******");
  EXPECT_EQ(masker.mask("a ****** b ************"), "a *** b ******");
}

// The bug this rule fixes: with the database password "p", libpq's errors read
// "***ort 1 failed" and "acce***ting".
TEST(SecretMasking, SecretShorterThanTheMinimumIsNotMasked) {
  SecretMasker masker;
  masker.add("p");
  masker.add("12345");
  EXPECT_EQ(masker.mask("connection to server on port 1 failed; accepting 12345"),
            "connection to server on port 1 failed; accepting 12345");
}

TEST(SecretMasking, ShortSecretIsMaskedOnlyAsAWholeValue) {
  SecretMasker masker;
  masker.add("hunter");
  EXPECT_EQ(masker.mask("the hunters met hunter; xhunter, hunter2 and :hunter@ stay"),
            "the hunters met ***; xhunter, hunter2 and :***@ stay");
}

TEST(SecretMasking, LongSecretIsMaskedEvenGluedToOtherText) {
  SecretMasker masker;
  masker.add("0123456789abcdef");  // kGluedSecretLength characters
  EXPECT_EQ(masker.mask("GET /bot0123456789abcdefXYZ and 0123456789abcdef"),
            "GET /bot***XYZ and ***");
}

TEST(SecretMasking, WholeValueRuleAppliesToTextMaskedDirectly) {
  std::string text = "password authentication failed for user \"tglink\" (password Pw-123)";
  mask_whole_values(text, "Pw-123");
  EXPECT_EQ(text, "password authentication failed for user \"tglink\" (password ***)");
  std::string port = "port 5432 failed";
  mask_whole_values(port, "p");
  EXPECT_EQ(port, "port 5432 failed");
}

}  // namespace
}  // namespace tglink
