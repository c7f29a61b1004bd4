// Channels as the simulator plays them (src/sim/simulator_channels.cpp): an owner's post reaches a
// bot administrator as TDLib delivers a channel post; editMessageReplyMarkup follows
// MessagesManager::can_edit_message and counts in the channel's limit; leaveChat; uploads over
// the sender's limit are refused as Telegram refuses them; one file_unique_id per path.

#include <string>

#include "sim_fixture.hpp"

namespace tglink::testing {
namespace {
namespace json = boost::json;

constexpr std::int64_t kChannel = -1003000000003;

json::object keyboard_edit(std::int64_t message_id) {
  json::object button{{"@type", "inlineKeyboardButton"},
                      {"text", "Download"},
                      {"type", json::object{{"@type", "inlineKeyboardButtonTypeUrl"},
                                            {"url", "https://files.example.com/dl/x"}}}};
  return json::object{
      {"@type", "editMessageReplyMarkup"},
      {"chat_id", kChannel},
      {"message_id", message_id},
      {"reply_markup", json::object{{"@type", "replyMarkupInlineKeyboard"},
                                    {"rows", json::array{json::array{std::move(button)}}}}}};
}

class SimChannelTest : public SimTest {
 protected:
  // A logged-in bot, administrator of kChannel with these rights, and the owner's post of a file
  // there as the bot received it; answers the post's message object.
  json::object posted(bool can_edit, bool forwarded = false) {
    client_ = login();
    control_->create_channel(kChannel, "Films");
    control_->set_bot_rights(kChannel, kBotId, true, can_edit);
    sim::ChannelPostRequest post;
    post.chat_id = kChannel;
    post.path = make_file("film.mp4", 5000).string();
    post.kind = "video";
    post.forwarded = forwarded;
    control_->post_to_channel(post);
    return td_->wait_update(client_, "updateNewMessage").at("message").as_object();
  }

  int client_ = 0;
};

TEST_F(SimChannelTest, APostArrivesAsAChannelPostFromTheChannel) {
  const json::object message = posted(true);
  EXPECT_EQ(message.at("is_channel_post"), true);
  EXPECT_EQ(message.at("is_outgoing"), false);
  EXPECT_EQ(message.at("chat_id").to_number<std::int64_t>(), kChannel);
  EXPECT_EQ(message.at("sender_id").at("@type"), "messageSenderChat");
  EXPECT_FALSE(message.contains("forward_info"));
  ASSERT_EQ(control_->messages(kChannel).size(), 1U);  // the owner's post is listed
}

TEST_F(SimChannelTest, EditingTheKeyboardNeedsCanEditMessages) {
  const json::object message = posted(false);
  const std::int64_t id = message.at("id").to_number<std::int64_t>();
  const json::object refused = request(client_, keyboard_edit(id));
  ASSERT_EQ(refused.at("@type"), "error") << json::serialize(refused);
  EXPECT_EQ(refused.at("code").to_number<int>(), 400);
  EXPECT_EQ(refused.at("message"), "Message can't be edited");
  EXPECT_TRUE(control_->messages(kChannel).at(0).keyboard.empty());
  EXPECT_EQ(control_->counters(kBotId).messages_edited, 0);
}

TEST_F(SimChannelTest, AForwardedPostCannotBeEdited) {
  const json::object message = posted(true, true);
  EXPECT_EQ(message.at("forward_info").at("origin").at("@type"), "messageOriginChannel");
  const json::object refused =
      request(client_, keyboard_edit(message.at("id").to_number<std::int64_t>()));
  EXPECT_EQ(refused.at("message"), "Message can't be edited") << json::serialize(refused);
}

TEST_F(SimChannelTest, TheKeyboardEditCountsInTheChannelsLimit) {
  const json::object message = posted(true);
  const std::int64_t id = message.at("id").to_number<std::int64_t>();
  sim::BotSettingsPatch patch;
  patch.limit_channel = sim::SendLimitPatch{1, 3600};
  control_->set_bot(kBotId, patch);
  const json::object edited = request(client_, keyboard_edit(id));
  ASSERT_EQ(edited.at("@type"), "message") << json::serialize(edited);
  EXPECT_EQ(control_->messages(kChannel).at(0).keyboard.at(0).at(0).text, "Download");
  EXPECT_EQ(control_->counters(kBotId).messages_edited, 1);
  // get_reply_markup(only_inline_keyboard): a reply keyboard is refused, before the limit.
  json::object reply_keyboard = keyboard_edit(id);
  reply_keyboard["reply_markup"] =
      json::object{{"@type", "replyMarkupShowKeyboard"}, {"rows", json::array{}}};
  const json::object not_inline = request(client_, reply_keyboard);
  EXPECT_EQ(not_inline.at("message"), "Inline keyboard expected") << json::serialize(not_inline);
  // The same keyboard again is over the channel's one message an hour: waited out past 60 s.
  const json::object again = request(client_, keyboard_edit(id));
  EXPECT_EQ(again.at("code").to_number<int>(), 429) << json::serialize(again);
  EXPECT_EQ(control_->counters(kBotId).edit_flood_waits, 1);
}

TEST_F(SimChannelTest, LeavingEndsTheMembershipAndAPrivateChatCannotBeLeft) {
  const std::int64_t message_id = posted(true).at("id").to_number<std::int64_t>();
  const json::object left =
      request(client_, json::object{{"@type", "leaveChat"}, {"chat_id", kChannel}});
  EXPECT_EQ(left.at("@type"), "ok") << json::serialize(left);
  const json::object status = control_->call(
      json::object{{"op", "chat_member"}, {"chat_id", kChannel}, {"user_id", kBotId}});
  EXPECT_EQ(status.at("status"), "left");
  // have_input_peer(AccessRights::Edit) fails in a channel the bot left.
  const json::object no_access = request(client_, keyboard_edit(message_id));
  EXPECT_EQ(no_access.at("message"), "Can't access the chat") << json::serialize(no_access);
  control_->send_text(kUserId, "/start");
  td_->wait_update(client_, "updateNewMessage");
  const json::object refused =
      request(client_, json::object{{"@type", "leaveChat"}, {"chat_id", kUserId}});
  EXPECT_EQ(refused.at("message"), "Can't leave private chats") << json::serialize(refused);
}

TEST_F(SimChannelTest, UploadsOverTheSendersLimitAreRefusedAndAPathIsOneFile) {
  login();
  control_->create_user(kUserId, "Ann");
  const std::filesystem::path big = make_file("big.bin", std::int64_t{2100} * 1024 * 1024);
  sim::SendFileRequest request;
  request.user_id = kUserId;
  request.path = big.string();
  EXPECT_THROW(control_->send_file(request), std::runtime_error);
  control_->create_user(kUserId, "Ann", "", true);  // with Premium
  EXPECT_NO_THROW(control_->send_file(request));

  control_->create_channel(kChannel, "Films", true);
  sim::ChannelPostRequest post;
  post.chat_id = kChannel;
  post.path = make_file("song.mp3", 100).string();
  EXPECT_EQ(control_->post_to_channel(post).file_unique_id,
            control_->post_to_channel(post).file_unique_id);
}

}  // namespace
}  // namespace tglink::testing
