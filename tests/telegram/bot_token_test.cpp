#include "telegram/bot_token.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

TEST(BotToken, IdIsTheNumberBeforeTheColon) {
  EXPECT_EQ(bot_id_from_token("123456789:AAH-secret_part"), 123456789);
}

TEST(BotToken, MalformedTokensHaveNoId) {
  EXPECT_FALSE(bot_id_from_token(""));
  EXPECT_FALSE(bot_id_from_token("123456789"));
  EXPECT_FALSE(bot_id_from_token(":secret"));
  EXPECT_FALSE(bot_id_from_token("123456789:"));
  EXPECT_FALSE(bot_id_from_token("12a456:secret"));
  EXPECT_FALSE(bot_id_from_token("-5:secret"));
  EXPECT_FALSE(bot_id_from_token("0:secret"));
  EXPECT_FALSE(bot_id_from_token("99999999999999999999999:secret"));
}

}  // namespace
}  // namespace tglink
