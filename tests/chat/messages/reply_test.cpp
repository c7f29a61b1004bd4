// Replies as TDLib requests: URL buttons Telegram would refuse (LinkManager::check_link) are left
// out, since one of them would make TDLib refuse the whole message.

#include "chat/messages/reply.hpp"

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

TEST(Reply, ALongReplyIsSplitWithTheKeyboardOnTheLastMessage) {
  Reply reply;
  for (int i = 0; i < 300; ++i) reply.text.line("line " + std::to_string(i) + " of a long list");
  reply.keyboard.push_back({InlineButton::callback("More", "more")});
  const std::vector<Reply> messages = split_reply(reply);
  ASSERT_GT(messages.size(), 1U);
  std::string joined;
  for (std::size_t i = 0; i < messages.size(); ++i) {
    EXPECT_LE(messages[i].text.utf16_size(), 4096);
    EXPECT_EQ(messages[i].keyboard.empty(), i + 1 < messages.size());
    joined += messages[i].text.text();
  }
  EXPECT_EQ(joined, reply.text.text());
}

TEST(Reply, AnEditTooLongForOneMessageIsCutWithAnEllipsis) {
  Reply reply;
  reply.text.plain(std::string(5000, 'x'));
  const Reply cut = one_message_reply(reply);
  EXPECT_EQ(cut.text.utf16_size(), 4096);
  EXPECT_TRUE(cut.text.text().ends_with("x…"));
}

}  // namespace
}  // namespace tglink
