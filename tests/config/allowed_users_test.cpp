// ALLOWED_USERS: who may make links besides the admins, validated like ADMINS.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/config.hpp"
#include "config/config_summary.hpp"
#include "config_test_env.hpp"

namespace tglink {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using namespace tglink::testing;

TEST(AllowedUsers, UnsetLetsEveryoneMakeLinks) {
  const Config config = must_load(valid_bot_env());
  EXPECT_TRUE(config.allowed_users.empty());
  EXPECT_TRUE(config.may_make_links(123));
}

TEST(AllowedUsers, SetLetsOnlyThoseAndTheAdmins) {
  const Config config =
      must_load(valid_bot_env_with({{"ALLOWED_USERS", "111, 222 333"}, {"ADMINS", "7"}}));
  EXPECT_THAT(config.allowed_users, ElementsAre(111, 222, 333));
  EXPECT_TRUE(config.may_make_links(222));
  EXPECT_TRUE(config.may_make_links(7));  // an admin
  EXPECT_FALSE(config.may_make_links(444));
}

TEST(AllowedUsers, BadIdsAreNamedWithTheSetting) {
  const ConfigLoadResult result = load_bot_with("ALLOWED_USERS", "12,abc,-5,1099511627776");
  EXPECT_FALSE(result.config.has_value());
  expect_mentions(
      problem_text(result),
      {"ALLOWED_USERS", "\"abc\" is not a Telegram user id (1 to 1099511627775)",
       "\"-5\" is not a Telegram user id", "\"1099511627776\" is not a Telegram user id",
       "ALLOWED_USERS=12345678,87654321"});
}

TEST(AllowedUsers, SummaryShowsTheList) {
  EXPECT_THAT(summarize_config(must_load(valid_bot_env_with({{"ALLOWED_USERS", "111,222"}}))),
              HasSubstr("111, 222"));
  EXPECT_THAT(summarize_config(Config{}), HasSubstr("everyone may make links"));
}

}  // namespace
}  // namespace tglink
