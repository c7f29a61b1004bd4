// Queued sends: the pending message with a yet-unsent id at once, the outcome later as an
// update, and nothing leaving while the bot is disconnected.

#include "sim_fixture.hpp"

namespace tglink::testing {
namespace {
namespace json = boost::json;

std::int64_t id_of(const json::object& message) {
  return message.at("id").to_number<std::int64_t>();
}

bool has_update(const std::deque<json::object>& messages, std::string_view type) {
  for (const json::object& message : messages) {
    if (message.at("@type").as_string() == type) return true;
  }
  return false;
}

TEST_F(SimTest, TemporaryIdsFollowTdlibsYetUnsentForm) {
  int client = login();
  sim::BotSettingsPatch burst;
  burst.limit_private_chat = sim::SendLimitPatch{10, 1.0};
  control_->set_bot(kBotId, burst);
  control_->send_text(kUserId, "/start");  // server message 1
  td_->wait_update(client, "updateNewMessage");
  control_->fault(kBotId, "disconnect");  // both stay pending, so neither id moves on
  const json::object first = request(client, send_text_request(kUserId, "one"));
  const json::object second = request(client, send_text_request(kUserId, "two"));
  // MessageId::get_next_message_id(YetUnsent) after server message 1: 1 << 20 | 1, then + 8.
  const std::int64_t base = std::int64_t{1} << 20;
  EXPECT_EQ(id_of(first), base + 1);
  EXPECT_EQ(id_of(second), base + 9);
  EXPECT_EQ(first.at("sending_state").as_object().at("@type"), "messageSendingStatePending");
  control_->fault(kBotId, "reconnect");
  json::object done = td_->wait_update(client, "updateMessageSendSucceeded");
  EXPECT_EQ(done.at("old_message_id").to_number<std::int64_t>(), base + 1);
  EXPECT_EQ(id_of(done.at("message").as_object()), 2 * base);
  done = td_->wait_update(client, "updateMessageSendSucceeded");
  EXPECT_EQ(done.at("old_message_id").to_number<std::int64_t>(), base + 9);
  EXPECT_EQ(id_of(done.at("message").as_object()), 3 * base);
  // The next temporary id starts after the newest server message.
  EXPECT_EQ(id_of(request(client, send_text_request(kUserId, "three"))), 3 * base + 1);
}

TEST_F(SimTest, SendsWaitWhileDisconnectedAndSucceedAfterReconnect) {
  int client = login();
  control_->send_text(kUserId, "/start");
  td_->wait_update(client, "updateNewMessage");
  control_->fault(kBotId, "disconnect");
  const json::object pending = request(client, send_text_request(kUserId, "queued"));
  ASSERT_EQ(pending.at("@type"), "message") << json::serialize(pending);
  EXPECT_EQ(pending.at("sending_state").as_object().at("@type"), "messageSendingStatePending");
  control_->advance_time(600);
  EXPECT_FALSE(
      has_update(td_->drain(std::chrono::milliseconds(200)), "updateMessageSendSucceeded"));
  EXPECT_TRUE(control_->messages(kUserId).empty());
  control_->fault(kBotId, "reconnect");
  json::object done = td_->wait_update(client, "updateMessageSendSucceeded");
  EXPECT_EQ(done.at("old_message_id"), pending.at("id"));
  ASSERT_EQ(control_->messages(kUserId).size(), 1u);
  EXPECT_EQ(control_->messages(kUserId)[0].text, "queued");
}

TEST_F(SimTest, CopyIntoAChannelIsQueuedToo) {
  int client = login();
  json::object original;
  receive_file(client, make_file("c.bin", 1000), "document", &original);
  request(client, {{"@type", "getChat"}, {"chat_id", kLogChannel}});
  control_->fault(kBotId, "disconnect");
  json::object copied = request(client, {{"@type", "forwardMessages"},
                                         {"chat_id", kLogChannel},
                                         {"from_chat_id", kUserId},
                                         {"message_ids", json::array{original.at("id")}},
                                         {"send_copy", true}});
  const json::object& message = copied.at("messages").as_array().at(0).as_object();
  EXPECT_EQ(message.at("sending_state").as_object().at("@type"), "messageSendingStatePending");
  EXPECT_EQ(id_of(message) & 7, 1);  // yet unsent
  EXPECT_TRUE(control_->messages(kLogChannel).empty());
  control_->fault(kBotId, "reconnect");
  json::object done = td_->wait_update(client, "updateMessageSendSucceeded");
  EXPECT_EQ(done.at("old_message_id"), message.at("id"));
  EXPECT_EQ(control_->messages(kLogChannel).size(), 1u);
}

}  // namespace
}  // namespace tglink::testing
