// Telegram's limits on a bot's messages and how TDLib meets them: a FLOOD_WAIT of up to 60 s is
// waited out silently (the send succeeds later), a longer one fails the send with 429.

#include "sim_fixture.hpp"

namespace tglink::testing {
namespace {
namespace json = boost::json;

class SimFloodTest : public SimTest {
 protected:
  // A client that has met kUserId and the log channel, and a file message to copy.
  void SetUp() override {
    SimTest::SetUp();
    client_ = login();
    receive_file(client_, make_file("post.bin", 1000), "document", &original_);
    request(client_, {{"@type", "getChat"}, {"chat_id", kLogChannel}});
  }
  json::object copy_to_channel() {
    return request(client_, {{"@type", "forwardMessages"},
                             {"chat_id", kLogChannel},
                             {"from_chat_id", kUserId},
                             {"message_ids", json::array{original_.at("id")}},
                             {"send_copy", true}});
  }
  void limit(const char* name, int messages, double seconds) {
    control_->call({{"op", "set_bot"},
                    {"bot_id", kBotId},
                    {name, json::object{{"messages", messages}, {"seconds", seconds}}}});
  }
  std::int64_t sent() { return control_->counters(kBotId).messages_sent; }

  int client_ = 0;
  json::object original_;
};

TEST_F(SimFloodTest, PrivateChatFloodWaitIsWaitedOutSilently) {
  limit("limit_private_chat", 1, 50);
  request(client_, send_text_request(kUserId, "first"));
  const json::object second = request(client_, send_text_request(kUserId, "second"));
  td_->wait_update(client_, "updateMessageSendSucceeded");
  EXPECT_EQ(sent(), 1);
  control_->advance_time(49);
  EXPECT_EQ(sent(), 1);
  EXPECT_EQ(control_->counters(kBotId).flood_waits, 1);
  control_->advance_time(1);
  EXPECT_EQ(sent(), 2);
  json::object done = td_->wait_update(client_, "updateMessageSendSucceeded");
  EXPECT_EQ(done.at("old_message_id"), second.at("id"));
  EXPECT_EQ(control_->messages(kUserId).size(), 2u);
}

TEST_F(SimFloodTest, ChannelTakesTwentyPostsAMinuteAndTheNextWaits) {
  for (int i = 0; i < 21; ++i) copy_to_channel();
  for (int i = 0; i < 20; ++i) td_->wait_update(client_, "updateMessageSendSucceeded");
  EXPECT_EQ(control_->messages(kLogChannel).size(), 20u);
  control_->advance_time(60);  // a FLOOD_WAIT of at most 60 s: waited out, no error
  td_->wait_update(client_, "updateMessageSendSucceeded");
  EXPECT_EQ(control_->messages(kLogChannel).size(), 21u);
}

TEST_F(SimFloodTest, GlobalLimitCountsEveryChat) {
  limit("limit_global", 2, 30);
  request(client_, send_text_request(kUserId, "one"));
  copy_to_channel();
  copy_to_channel();  // third message of the bot within 30 s
  td_->wait_update(client_, "updateMessageSendSucceeded");
  td_->wait_update(client_, "updateMessageSendSucceeded");
  EXPECT_EQ(sent(), 2);
  control_->advance_time(30);
  EXPECT_EQ(sent(), 3);
}

TEST_F(SimFloodTest, FloodWaitOverSixtySecondsFailsWith429) {
  limit("limit_channel", 1, 120);
  copy_to_channel();
  td_->wait_update(client_, "updateMessageSendSucceeded");
  const json::object second = copy_to_channel();
  const json::object& pending = second.at("messages").as_array().at(0).as_object();
  json::object failed = td_->wait_update(client_, "updateMessageSendFailed");
  EXPECT_EQ(failed.at("old_message_id"), pending.at("id"));
  const json::object& error = failed.at("error").as_object();
  EXPECT_EQ(error.at("code").to_number<int>(), 429);
  EXPECT_EQ(error.at("message"), "Too Many Requests: retry after 120");
  const json::object& state = failed.at("message").as_object().at("sending_state").as_object();
  EXPECT_EQ(state.at("@type"), "messageSendingStateFailed");
  EXPECT_EQ(state.at("retry_after").to_number<double>(), 120.0);
  EXPECT_EQ(control_->messages(kLogChannel).size(), 1u);
}

TEST_F(SimFloodTest, WaitsAddUpToTheQueryLimit) {
  // One message per 40 s in all: the copy and "third" both wait 40 s (under 60); then the copy
  // gets through and "third" would wait another 40 s, 80 s in all, past the query's 60 s.
  limit("limit_global", 1, 40);
  request(client_, send_text_request(kUserId, "first"));
  copy_to_channel();
  request(client_, send_text_request(kUserId, "third"));
  td_->wait_update(client_, "updateMessageSendSucceeded");
  control_->advance_time(0);  // both have had their first attempt (and their first 40 s wait)
  control_->advance_time(40);
  json::object failed = td_->wait_update(client_, "updateMessageSendFailed");
  EXPECT_EQ(failed.at("error").as_object().at("message"), "Too Many Requests: retry after 40");
  EXPECT_EQ(sent(), 2);
}

TEST_F(SimFloodTest, SetBotRefusesAnEmptyLimit) {
  EXPECT_THROW(limit("limit_channel", 0, 60), std::runtime_error);
  EXPECT_THROW(limit("limit_channel", 1, 0), std::runtime_error);
}

}  // namespace
}  // namespace tglink::testing
