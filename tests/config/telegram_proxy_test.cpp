// TELEGRAM_PROXY: the three forms parse into TDLib's proxy fields; anything else is refused
// with a message that names the setting and never repeats a password or secret.
#include "config/telegram_proxy.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/config_summary.hpp"
#include "config_test_env.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using namespace tglink::testing;

TelegramProxy parsed(std::string_view url) {
  auto result = parse_telegram_proxy(url);
  if (const std::string* problem = std::get_if<std::string>(&result)) {
    ADD_FAILURE() << url << ": " << *problem;
    return {};
  }
  return std::get<TelegramProxy>(result);
}

std::string problem_of(std::string_view url) {
  auto result = parse_telegram_proxy(url);
  if (const std::string* problem = std::get_if<std::string>(&result)) return *problem;
  ADD_FAILURE() << url << " was accepted";
  return {};
}

TEST(TelegramProxyTest, ParsesSocks5WithAndWithoutCredentials) {
  const TelegramProxy plain = parsed("socks5://127.0.0.1:1080");
  EXPECT_EQ(plain.kind, ProxyKind::socks5);
  EXPECT_EQ(plain.host, "127.0.0.1");
  EXPECT_EQ(plain.port, 1080);
  EXPECT_EQ(plain.username, "");
  const TelegramProxy named = parsed("socks5://alice:p@ss:w0rd@proxy.example.com:9050");
  EXPECT_EQ(named.username, "alice");
  EXPECT_EQ(named.password, "p@ss:w0rd");  // the host follows the last '@'
  EXPECT_EQ(named.host, "proxy.example.com");
  EXPECT_EQ(named.port, 9050);
}

TEST(TelegramProxyTest, ParsesHttpAndIpv6Hosts) {
  const TelegramProxy http = parsed("http://u:p@[2001:db8::1]:3128/");
  EXPECT_EQ(http.kind, ProxyKind::http);
  EXPECT_EQ(http.host, "2001:db8::1");
  EXPECT_EQ(http.port, 3128);
  EXPECT_EQ(redacted_proxy_url(http), "http://u:***@[2001:db8::1]:3128");
}

TEST(TelegramProxyTest, ParsesMtprotoSecrets) {
  const TelegramProxy plain = parsed("mtproto://00112233445566778899aabbccddeeff@mt.example:443");
  EXPECT_EQ(plain.kind, ProxyKind::mtproto);
  EXPECT_EQ(plain.secret, "00112233445566778899aabbccddeeff");
  parsed("mtproto://dd00112233445566778899aabbccddeeff@mt.example:443");
  parsed("mtproto://ee00112233445566778899aabbccddeeff6578616d706c652e636f6d@mt.example:443");
  EXPECT_EQ(redacted_proxy_url(plain), "mtproto://***@mt.example:443");
}

TEST(TelegramProxyTest, RefusesWhatTdlibCouldNotUse) {
  EXPECT_THAT(problem_of("https://proxy:443"), HasSubstr("socks5://"));
  EXPECT_THAT(problem_of("socks5://proxy"), HasSubstr("port"));
  EXPECT_THAT(problem_of("socks5://proxy:0"), HasSubstr("1 to 65535"));
  EXPECT_THAT(problem_of("socks5://proxy:65536"), HasSubstr("1 to 65535"));
  EXPECT_THAT(problem_of("socks5://:1080"), HasSubstr("host"));
  EXPECT_THAT(problem_of("socks5://bad host:1080"), HasSubstr("host"));
  EXPECT_THAT(problem_of("socks5://onlyuser@proxy:1080"), HasSubstr("user:password"));
  EXPECT_THAT(problem_of("http://proxy:3128/path"), HasSubstr("path"));
  EXPECT_THAT(problem_of("mtproto://mt.example:443"), HasSubstr("secret"));
  EXPECT_THAT(problem_of("mtproto://nothex@mt.example:443"), HasSubstr("secret"));
  EXPECT_THAT(problem_of("mtproto://ab00112233445566778899aabbccddeeff@mt:443"),
              HasSubstr("secret"));
}

TEST(TelegramProxyTest, SecretsAreListedForMasking) {
  EXPECT_EQ(proxy_secrets(parsed("socks5://u:hunter22@h:1")), std::vector<std::string>{"hunter22"});
  EXPECT_TRUE(proxy_secrets(parsed("socks5://h:1")).empty());
}

TEST(TelegramProxyTest, ConfigReportsABadValueWithoutRepeatingIt) {
  EnvMap env = valid_bot_env();
  env["TELEGRAM_PROXY"] = "socks5://user:supersecret@proxy";
  const ConfigLoadResult result = load_bot(env);
  ASSERT_FALSE(result.ok());
  EXPECT_THAT(problem_text(result), HasSubstr("TELEGRAM_PROXY"));
  EXPECT_THAT(problem_text(result), Not(HasSubstr("supersecret")));
}

TEST(TelegramProxyTest, ConfigSummaryShowsTheProxyRedacted) {
  EnvMap env = valid_bot_env();
  env["TELEGRAM_PROXY"] = "socks5://user:supersecret@proxy:1080";
  const ConfigLoadResult result = load_bot(env);
  ASSERT_TRUE(result.ok()) << problem_text(result);
  ASSERT_TRUE(result.config->telegram_proxy.has_value());
  const std::string summary = summarize_config(*result.config);
  EXPECT_THAT(summary, HasSubstr("socks5://user:***@proxy:1080"));
  EXPECT_THAT(summary, Not(HasSubstr("supersecret")));
}

}  // namespace
}  // namespace tglink
