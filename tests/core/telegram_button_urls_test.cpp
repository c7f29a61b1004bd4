// The URLs tglink may put in buttons and text URL entities: those TDLib's
// LinkManager::check_link accepts (checked against the simulator's model of it too).

#include "core/telegram_button_urls.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

TEST(TelegramLinkCheckTest, PublicHttpAndHttpsUrlsAreAccepted) {
  EXPECT_TRUE(telegram_accepts_link("https://files.example.com/dl/abc"));
  EXPECT_TRUE(telegram_accepts_link("http://files.example.com:8080/player?stream=x"));
  EXPECT_TRUE(telegram_accepts_link("HTTPS://Files.Example.COM"));
  EXPECT_TRUE(telegram_accepts_link("http://127.0.0.1:8080/dl/a"));
  EXPECT_TRUE(telegram_accepts_link("http://[::1]:8080/dl/a"));
  EXPECT_TRUE(telegram_accepts_link("https://t.me/+abcdef"));
}

TEST(TelegramLinkCheckTest, AHostWithoutADotIsRefused) {
  EXPECT_FALSE(telegram_accepts_link("http://localhost:8080/dl/abc"));
  EXPECT_FALSE(telegram_accepts_link("http://localhost/player?stream=x"));
  EXPECT_FALSE(telegram_accepts_link("https://intranet/x"));
}

TEST(TelegramLinkCheckTest, OtherSchemesAndMalformedUrlsAreRefused) {
  EXPECT_FALSE(telegram_accepts_link("ftp://files.example.com/x"));
  EXPECT_FALSE(telegram_accepts_link("files.example.com/x"));
  EXPECT_FALSE(telegram_accepts_link("http://files.example.com:0/"));
  EXPECT_FALSE(telegram_accepts_link("http://files.example.com:99999/"));
  EXPECT_FALSE(telegram_accepts_link("http://files.example.com:port/"));
  EXPECT_FALSE(telegram_accepts_link("http:///x"));
  EXPECT_FALSE(telegram_accepts_link("http://[zz]/x"));
  EXPECT_FALSE(telegram_accepts_link("http://exa<mple.com/"));
  EXPECT_FALSE(telegram_accepts_link(""));
}

TEST(TelegramLinkCheckTest, LoopbackUrlsAreThoseOfThisMachine) {
  EXPECT_TRUE(is_loopback_url("http://localhost:8080"));
  EXPECT_TRUE(is_loopback_url("http://LOCALHOST"));
  EXPECT_TRUE(is_loopback_url("http://127.0.0.1:8080/player"));
  EXPECT_TRUE(is_loopback_url("http://[::1]:8080"));
  EXPECT_FALSE(is_loopback_url("https://files.example.com"));
  EXPECT_FALSE(is_loopback_url("http://192.168.1.5:8080"));
}

}  // namespace
}  // namespace tglink
