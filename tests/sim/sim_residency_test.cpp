// What a client holds in memory: only chats it loaded can be used, and messages unused for
// message_unload_delay are unloaded until getMessage loads them again.

#include "sim_fixture.hpp"

namespace tglink::testing {
namespace {
namespace json = boost::json;

// Wrote to the bot before this client started (say in an earlier run), so the client has not
// loaded the chat, and the bot may answer once it has.
constexpr std::int64_t kQuietUser = 5550002;

json::object copy_request(std::int64_t to, std::int64_t from, const json::value& message_id) {
  return json::object{{"@type", "forwardMessages"},
                      {"chat_id", to},
                      {"from_chat_id", from},
                      {"message_ids", json::array{message_id}},
                      {"send_copy", true}};
}

const json::value& first_message(const json::object& answer) {
  return answer.at("messages").as_array().at(0);
}

class SimResidencyTest : public SimTest {
 protected:
  void SetUp() override {
    SimTest::SetUp();
    control_->create_user(kQuietUser, "Quiet");
    control_->send_text(kQuietUser, "/start", kBotId);  // no client of the bot yet to receive it
    client_ = login();
    receive_file(client_, make_file("held.bin", 1000), "document", &original_);
  }
  json::object copy_to_channel() {
    return request(client_, copy_request(kLogChannel, kUserId, original_.at("id")));
  }
  json::object get_original() {
    return request(
        client_,
        {{"@type", "getMessage"}, {"chat_id", kUserId}, {"message_id", original_.at("id")}});
  }

  int client_ = 0;
  json::object original_;
};

TEST_F(SimResidencyTest, AChatTheClientNeverLoadedCannotBeUsed) {
  expect_td_error(request(client_, send_text_request(kQuietUser, "hello")), 400, "Chat not found");
  expect_td_error(request(client_, copy_request(kQuietUser, kUserId, original_.at("id"))), 400,
                  "Chat to forward messages to not found");
  expect_td_error(request(client_, copy_request(kUserId, kQuietUser, json::value(1 << 20))), 400,
                  "Chat to forward messages from not found");
  EXPECT_TRUE(control_->messages(kQuietUser).empty());
}

TEST_F(SimResidencyTest, GetChatLoadsAnyChatButCreatePrivateChatNeedsAKnownUser) {
  // Without a chat info database TDLib cannot create a chat with a user it has not met.
  expect_td_error(request(client_, {{"@type", "createPrivateChat"}, {"user_id", kQuietUser}}), 400,
                  "Chat info not found");
  // A bot fetches any chat by id from the server.
  json::object chat = request(client_, {{"@type", "getChat"}, {"chat_id", kQuietUser}});
  ASSERT_EQ(chat.at("@type"), "chat") << json::serialize(chat);
  EXPECT_EQ(request(client_, {{"@type", "createPrivateChat"}, {"user_id", kQuietUser}}).at("@type"),
            "chat");
  json::object sent = request(client_, copy_request(kQuietUser, kUserId, original_.at("id")));
  ASSERT_TRUE(first_message(sent).is_object()) << json::serialize(sent);
  td_->wait_update(client_, "updateMessageSendSucceeded");
  EXPECT_EQ(control_->messages(kQuietUser).size(), 1u);
}

TEST_F(SimResidencyTest, TheLogChannelIsUsableOnlyAfterGetChat) {
  expect_td_error(copy_to_channel(), 400, "Chat to forward messages to not found");
  expect_td_error(
      request(client_,
              {{"@type", "getMessage"}, {"chat_id", kLogChannel}, {"message_id", 1 << 20}}),
      400, "Chat not found");
  request(client_, {{"@type", "getChat"}, {"chat_id", kLogChannel}});
  EXPECT_TRUE(first_message(copy_to_channel()).is_object());
}

TEST_F(SimResidencyTest, AClientStartedAfterARestartKnowsNoChat) {
  int restarted = login();  // a new client of the same bot, as after a restart
  expect_td_error(request(restarted, send_text_request(kUserId, "hello")), 400, "Chat not found");
}

TEST_F(SimResidencyTest, UnusedMessageIsUnloadedAfterHalfAnHourUntilGetMessage) {
  request(client_, {{"@type", "getChat"}, {"chat_id", kLogChannel}});
  control_->advance_time(1799);
  EXPECT_TRUE(first_message(copy_to_channel()).is_object());  // used: loaded for 1800 s more
  control_->advance_time(1800);
  json::object unloaded = copy_to_channel();
  ASSERT_EQ(unloaded.at("@type"), "messages") << json::serialize(unloaded);
  EXPECT_TRUE(first_message(unloaded).is_null());
  ASSERT_EQ(get_original().at("@type"), "message");
  EXPECT_TRUE(first_message(copy_to_channel()).is_object());
}

TEST_F(SimResidencyTest, UnloadDelayFollowsTheOption) {
  request(client_, {{"@type", "getChat"}, {"chat_id", kLogChannel}});
  request(client_, {{"@type", "setOption"},
                    {"name", "message_unload_delay"},
                    {"value", json::object{{"@type", "optionValueInteger"}, {"value", "3600"}}}});
  control_->advance_time(3599);
  EXPECT_TRUE(first_message(copy_to_channel()).is_object());
  control_->advance_time(3600);
  EXPECT_TRUE(first_message(copy_to_channel()).is_null());
}

TEST_F(SimResidencyTest, EditingAnUnloadedMessageNeedsGetMessageFirst) {
  request(client_, send_text_request(kUserId, "progress"));
  json::object done = td_->wait_update(client_, "updateMessageSendSucceeded");
  const json::value id = done.at("message").as_object().at("id");
  json::object edit{
      {"@type", "editMessageText"},
      {"chat_id", kUserId},
      {"message_id", id},
      {"input_message_content",
       json::object{{"@type", "inputMessageText"},
                    {"text", json::object{{"@type", "formattedText"}, {"text", "edited"}}}}}};
  control_->advance_time(1800);
  expect_td_error(request(client_, edit), 400, "Message not found");
  request(client_, {{"@type", "getMessage"}, {"chat_id", kUserId}, {"message_id", id}});
  EXPECT_EQ(request(client_, edit).at("@type"), "message");
}

}  // namespace
}  // namespace tglink::testing
