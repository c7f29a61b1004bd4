#include "telegram/bot_token.hpp"

#include <gtest/gtest.h>

#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_false_for;

TEST(BotToken, IdIsTheNumberBeforeTheColon) {
  EXPECT_EQ(bot_id_from_token("123456789:AAH-secret_part"), 123456789);
}

TEST(BotToken, MalformedTokensHaveNoId) {
  expect_false_for(bot_id_from_token, {"", "123456789", ":secret", "123456789:", "12a456:secret",
                                       "-5:secret", "0:secret", "99999999999999999999999:secret"});
}

}  // namespace
}  // namespace tglink
