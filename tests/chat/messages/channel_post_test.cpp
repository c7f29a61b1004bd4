// Channel mode's pure pieces: which updates are channel posts and what of them counts, the buttons
// a post gets, and /ban taking a channel id.
#include "chat/messages/channel_post.hpp"

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

#include "chat/commands/ban_target.hpp"
#include "chat/uploads/channel_buttons.hpp"
#include "config/config.hpp"

namespace tglink {
namespace {

namespace json = boost::json;

json::object update_with(const std::string& extra) {
  return json::parse(R"({"@type":"updateNewMessage","message":{"@type":"message","id":1048576,
    "chat_id":-1003000000003,"is_channel_post":true,"is_outgoing":false,
    "sender_id":{"@type":"messageSenderChat","chat_id":-1003000000003},
    "media_album_id":"4611686018427387905",
    "content":{"@type":"messageVideo","video":{"@type":"video","file_name":"a.mp4",
      "mime_type":"video/mp4","video":{"@type":"file","id":5,"size":3221225472,
      "remote":{"@type":"remoteFile","id":"r","unique_id":"AgAD7"}}}})" +
                     extra + "}}")
      .as_object();
}

TEST(ChannelPost, ReadsTheFileItsUniqueIdAndAlbum) {
  const std::optional<ChannelPost> post = channel_post(update_with(""));
  ASSERT_TRUE(post.has_value());
  EXPECT_EQ(post->chat_id, -1003000000003);
  EXPECT_EQ(post->message_id, 1048576);
  ASSERT_TRUE(post->file.has_value());
  EXPECT_EQ(post->file->size, 3221225472);  // past 2^31
  EXPECT_EQ(post->file_unique_id, "AgAD7");
  EXPECT_EQ(post->media_album_id, 4611686018427387905);  // past 2^53, read exactly
  EXPECT_FALSE(post->forwarded);
  EXPECT_FALSE(post->has_keyboard);
  EXPECT_TRUE(is_linkable_in_channel(*post->file));
}

TEST(ChannelPost, ForwardedAndButtonedPostsAreMarked) {
  const auto forwarded = channel_post(update_with(
      R"(,"forward_info":{"@type":"messageForwardInfo","date":1,"origin":{"@type":"messageOriginChannel","chat_id":-1002,"message_id":1,"author_signature":""},"public_service_announcement_type":""})"));
  ASSERT_TRUE(forwarded.has_value());
  EXPECT_TRUE(forwarded->forwarded);
  const auto buttoned = channel_post(
      update_with(R"(,"reply_markup":{"@type":"replyMarkupInlineKeyboard","rows":[]})"));
  ASSERT_TRUE(buttoned.has_value());
  EXPECT_TRUE(buttoned->has_keyboard);
}

TEST(ChannelPost, PrivateMessagesAndTheBotsOwnPostsAreNot) {
  json::object own = update_with("");
  own["message"].as_object()["is_outgoing"] = true;
  EXPECT_FALSE(channel_post(own).has_value());
  json::object private_message = update_with("");
  private_message["message"].as_object()["is_channel_post"] = false;
  EXPECT_FALSE(channel_post(private_message).has_value());
  EXPECT_TRUE(is_channel_chat(-1003000000003));
  EXPECT_FALSE(is_channel_chat(42));
  EXPECT_FALSE(is_channel_chat(-42));  // a basic group
}

TEST(ChannelPost, VoiceNotesAndStickersAreLeftAlone) {
  EXPECT_FALSE(is_linkable_in_channel(IncomingFile{FileKind::voice, "v.ogg", "audio/ogg", 1}));
  EXPECT_FALSE(is_linkable_in_channel(IncomingFile{FileKind::sticker, "s", "image/webp", 1}));
  EXPECT_TRUE(is_linkable_in_channel(IncomingFile{FileKind::photo, "p.jpg", "image/jpeg", 1}));
}

TEST(ChannelButtons, DownloadStreamAndPlayForAVideo) {
  Config config;
  config.base_url = "https://files.example.com";
  const MadeLink video{IncomingFile{FileKind::video, "a.mp4", "video/mp4", 5}, "TOKEN", {}};
  const auto rows = channel_buttons(config, video);
  ASSERT_EQ(rows.size(), 2U);
  ASSERT_EQ(rows[0].size(), 2U);
  EXPECT_EQ(rows[0][0].text, "Download");
  EXPECT_EQ(rows[0][0].url, "https://files.example.com/dl/TOKEN");
  EXPECT_EQ(rows[0][1].text, "Stream");
  EXPECT_EQ(rows[1][0].text, "Play");
  const MadeLink document{IncomingFile{FileKind::document, "a.pdf", "application/pdf", 5}, "T", {}};
  const auto only = channel_buttons(config, document);
  ASSERT_EQ(only.size(), 1U);
  EXPECT_EQ(only[0].size(), 1U);
}

TEST(ChannelButtons, NoneWhenTelegramWouldRefuseTheHost) {
  Config config;
  config.base_url = "http://localhost:8080";
  config.video_frontend_url = "http://localhost:8080/player";
  const MadeLink video{IncomingFile{FileKind::video, "a.mp4", "video/mp4", 5}, "TOKEN", {}};
  EXPECT_TRUE(channel_buttons(config, video).empty());
}

TEST(ChannelButtons, TheEditAndTheReplyRequests) {
  const json::object edit =
      edit_reply_markup_request(-1003, 1048576, {{InlineButton::link("Download", "https://a.b/")}});
  EXPECT_EQ(edit.at("@type").as_string(), "editMessageReplyMarkup");
  EXPECT_EQ(edit.at("reply_markup").at("@type").as_string(), "replyMarkupInlineKeyboard");
  const json::object reply = reply_under_request(-1003, 1048576, plain_reply("links"));
  EXPECT_EQ(reply.at("reply_to").at("message_id").as_int64(), 1048576);
}

TEST(ChannelBan, AChannelIdIsATarget) {
  EXPECT_EQ(parse_ban_arguments("-1003000000003", true)->user_id, -1003000000003);
  EXPECT_FALSE(parse_ban_arguments("-5", true).has_value());
}

}  // namespace
}  // namespace tglink
