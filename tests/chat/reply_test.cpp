// Replies as TDLib requests: URL buttons Telegram would refuse (LinkManager::check_link) are left
// out, since one of them would make TDLib refuse the whole message.

#include "chat/reply.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

namespace json = boost::json;

TEST(Reply, RefusedUrlButtonsAreLeftOutAndTheOthersKept) {
  Reply reply = plain_reply("Join");
  reply.keyboard.push_back({InlineButton::link("Join", "https://t.me/news")});
  reply.keyboard.push_back({InlineButton::link("Local", "http://localhost:8080/x")});
  reply.keyboard.push_back({InlineButton::callback("I've joined", "fsub:joined")});
  const json::object request = send_message_request(42, reply);
  const json::array& rows = request.at("reply_markup").at("rows").as_array();
  ASSERT_EQ(rows.size(), 2U);
  EXPECT_EQ(rows[0].at(0).at("type").at("url"), "https://t.me/news");
  EXPECT_EQ(rows[1].at(0).at("type").at("@type"), "inlineKeyboardButtonTypeCallback");
}

TEST(Reply, AKeyboardOfRefusedButtonsOnlyIsNotSent) {
  Reply reply = plain_reply("Your link");
  reply.keyboard.push_back({InlineButton::link("Play Video", "http://localhost:8080/player")});
  const json::object request = send_message_request(42, reply);
  EXPECT_FALSE(request.contains("reply_markup"));
  EXPECT_TRUE(sendable_rows(reply.keyboard).empty());
}

}  // namespace
}  // namespace tglink
