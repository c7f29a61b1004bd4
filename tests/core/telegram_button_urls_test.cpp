// The URLs tglink may put in buttons and text URL entities: those TDLib's
// LinkManager::check_link accepts (checked against the simulator's model of it too).

#include "core/telegram_button_urls.hpp"

#include <gtest/gtest.h>

#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_false_for;
using testing::expect_true_for;

TEST(TelegramLinkCheckTest, PublicHttpAndHttpsUrlsAreAccepted) {
  expect_true_for(telegram_accepts_link,
                  {"https://files.example.com/dl/abc",
                   "http://files.example.com:8080/player?stream=x", "HTTPS://Files.Example.COM",
                   "http://127.0.0.1:8080/dl/a", "http://[::1]:8080/dl/a", "https://t.me/+abcdef"});
}

TEST(TelegramLinkCheckTest, AHostWithoutADotIsRefused) {
  expect_false_for(
      telegram_accepts_link,
      {"http://localhost:8080/dl/abc", "http://localhost/player?stream=x", "https://intranet/x"});
}

TEST(TelegramLinkCheckTest, OtherSchemesAndMalformedUrlsAreRefused) {
  expect_false_for(
      telegram_accepts_link,
      {"ftp://files.example.com/x", "files.example.com/x", "http://files.example.com:0/",
       "http://files.example.com:99999/", "http://files.example.com:port/", "http:///x",
       "http://[zz]/x", "http://exa<mple.com/", ""});
}

TEST(TelegramLinkCheckTest, LoopbackUrlsAreThoseOfThisMachine) {
  expect_true_for(is_loopback_url, {"http://localhost:8080", "http://LOCALHOST",
                                    "http://127.0.0.1:8080/player", "http://[::1]:8080"});
  expect_false_for(is_loopback_url, {"https://files.example.com", "http://192.168.1.5:8080"});
}

}  // namespace
}  // namespace tglink
