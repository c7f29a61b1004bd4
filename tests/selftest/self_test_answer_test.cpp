// What the self-test makes of BASE_URL and of the answers that come back, without a network.

#include "selftest/self_test_answer.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tglink {
namespace {

using ::testing::HasSubstr;

SelfTestTarget target_of(std::string_view base_url) {
  const std::optional<SelfTestTarget> target = parse_self_test_target(base_url);
  EXPECT_TRUE(target.has_value()) << base_url;
  return target.value_or(SelfTestTarget{});
}

// What the self-test of `base_url` makes of tglink's own answer to GET `path`, whose status
// must be `status`.
SelfTestResult judge_own_answer(std::string_view base_url, const std::string& path, int status) {
  const HttpResponse response = self_test_response("n1", path);
  EXPECT_EQ(response.status, status) << path;
  return judge_self_test_answer(target_of(base_url), SelfTestAnswer{status, "", "", response.body},
                                "n1");
}

TEST(SelfTestTarget, TakesBaseUrlApart) {
  const SelfTestTarget plain = target_of("http://localhost:8080");
  EXPECT_FALSE(plain.https);
  EXPECT_EQ(plain.host, "localhost");
  EXPECT_EQ(plain.port, 8080);
  EXPECT_EQ(plain.url(), "http://localhost:8080/_tglink/self-test");
  const SelfTestTarget prefixed = target_of("https://files.example.com/files/");
  EXPECT_TRUE(prefixed.https);
  EXPECT_EQ(prefixed.port, 443);
  EXPECT_EQ(prefixed.request_path(), "/files/_tglink/self-test");
  const SelfTestTarget v6 = target_of("http://[::1]:9000");
  EXPECT_EQ(v6.host, "::1");
  EXPECT_EQ(v6.host_header, "[::1]:9000");
  EXPECT_FALSE(parse_self_test_target("ftp://example.com").has_value());
  EXPECT_FALSE(parse_self_test_target("http://example.com:99999").has_value());
}

TEST(SelfTestAnswer, NonceIsFreshHex) {
  const std::string a = make_self_test_nonce();
  EXPECT_EQ(a.size(), 32u);
  EXPECT_EQ(a.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_NE(a, make_self_test_nonce());
}

TEST(SelfTestAnswer, OwnAnswerPasses) {
  const SelfTestResult result =
      judge_own_answer("http://localhost:8080", "/_tglink/self-test", 200);
  EXPECT_TRUE(result.passed()) << result.message;
}

TEST(SelfTestAnswer, UnstrippedPrefixIsNamed) {
  const SelfTestResult result =
      judge_own_answer("https://example.com/files", "/files/_tglink/self-test", 404);
  EXPECT_EQ(result.step, SelfTestStep::kPathPrefix);
  EXPECT_THAT(result.message, HasSubstr("\"/files\" still in front"));
  EXPECT_THAT(result.message, HasSubstr("handle_path /files/*"));
}

TEST(SelfTestAnswer, RedirectSaysWhereTo) {
  const SelfTestResult result = judge_self_test_answer(
      target_of("http://example.com"),
      SelfTestAnswer{301, "nginx", "https://example.com/_tglink/self-test", "<html>"}, "n1");
  EXPECT_EQ(result.step, SelfTestStep::kHttpStatus);
  EXPECT_THAT(result.message, HasSubstr("redirects to https://example.com/_tglink/self-test"));
  EXPECT_THAT(result.message, HasSubstr("Server: nginx"));
}

TEST(SelfTestAnswer, BadGatewayPointsAtTheUpstream) {
  const SelfTestResult result = judge_self_test_answer(target_of("https://example.com"),
                                                       SelfTestAnswer{502, "Caddy", "", ""}, "n1");
  EXPECT_EQ(result.step, SelfTestStep::kHttpStatus);
  EXPECT_THAT(result.message, HasSubstr("cannot reach tglink"));
}

TEST(SelfTestAnswer, DescribeNamesTheStep) {
  const SelfTestResult failed{"https://x.example/_tglink/self-test", SelfTestStep::kDns, "no"};
  EXPECT_EQ(describe(failed), "Self-test of https://x.example/_tglink/self-test FAILED at DNS: no");
  EXPECT_EQ(short_status(std::nullopt), "not run yet");
  EXPECT_EQ(step_name(SelfTestStep::kTcpConnect), "tcp_connect");
}

}  // namespace
}  // namespace tglink
