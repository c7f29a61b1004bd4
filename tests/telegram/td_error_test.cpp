#include <gtest/gtest.h>

#include "telegram/telegram_client.hpp"

namespace tglink {
namespace {

TEST(TdError, ErrorAnswerGivesCodeAndMessage) {
  const boost::json::object answer = make_td_error(401, "Unauthorized");
  EXPECT_TRUE(is_error(answer));
  const std::optional<TdError> error = td_error(answer);
  ASSERT_TRUE(error);
  EXPECT_EQ(error->code, 401);
  EXPECT_EQ(error->message, "Unauthorized");
}

TEST(TdError, OtherAnswersAreNotErrors) {
  const boost::json::object ok{{"@type", "ok"}};
  EXPECT_FALSE(is_error(ok));
  EXPECT_FALSE(td_error(ok));
  EXPECT_FALSE(is_error(boost::json::object{}));
  EXPECT_EQ(td_type(ok), "ok");
  EXPECT_EQ(td_type(boost::json::object{{"@type", 5}}), "");
}

}  // namespace
}  // namespace tglink
