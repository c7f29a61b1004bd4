// private_message: which updateNewMessage updates are a user's own message to the bot, read with
// TDLib's types (int53 ids as numbers, int64 album ids as strings).
#include "chat/messages/incoming_message.hpp"

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

namespace tglink {
namespace {

namespace json = boost::json;

// An updateNewMessage as TDLib writes it, with `message_fields` added to the message.
json::object update_with(std::string_view message_fields) {
  const std::string text =
      R"({"@type":"updateNewMessage","message":{"@type":"message","id":3145728,)"
      R"("sender_id":{"@type":"messageSenderUser","user_id":42},"is_outgoing":false,)"
      R"("content":{"@type":"messageText","text":{"@type":"formattedText","text":"/start"}})" +
      std::string(message_fields) + "}}";
  return json::parse(text).as_object();
}

TEST(IncomingMessage, ReadsAUsersOwnMessage) {
  const std::optional<IncomingMessage> message = private_message(update_with(
      R"(,"chat_id":42,"media_album_id":"13732479283823232",)"
      R"("reply_to":{"@type":"messageReplyToMessage","chat_id":42,"message_id":2097152})"));
  ASSERT_TRUE(message);
  EXPECT_EQ(message->chat_id, 42);
  EXPECT_EQ(message->user_id, 42);
  EXPECT_EQ(message->message_id, 3145728);
  EXPECT_EQ(message->text, "/start");
  EXPECT_EQ(message->reply_to_message_id, 2097152);
  EXPECT_EQ(message->media_album_id, 13732479283823232);
}

TEST(IncomingMessage, GroupsChannelsAndOtherChatsAreNotPrivate) {
  EXPECT_FALSE(private_message(update_with(R"(,"chat_id":-1001234567890)")));
  EXPECT_FALSE(private_message(update_with(R"(,"chat_id":43)")));
}

TEST(IncomingMessage, AMistypedIdMakesNoMessage) {
  // TDLib writes chat ids (int53) as numbers; a string is not TDLib's, so not a private chat.
  EXPECT_FALSE(private_message(update_with(R"(,"chat_id":"42")")));
  EXPECT_FALSE(private_message(update_with(R"(,"chat_id":42.0)")));
  EXPECT_FALSE(private_message(update_with("")));
}

TEST(IncomingMessage, AMistypedAlbumIdOrAReplyElsewhereIsLeftOut) {
  const std::optional<IncomingMessage> message = private_message(update_with(
      R"(,"chat_id":42,"media_album_id":"12ab",)"
      R"("reply_to":{"@type":"messageReplyToMessage","chat_id":7,"message_id":2097152})"));
  ASSERT_TRUE(message);
  EXPECT_EQ(message->media_album_id, 0);
  EXPECT_EQ(message->reply_to_message_id, 0);
}

}  // namespace
}  // namespace tglink
