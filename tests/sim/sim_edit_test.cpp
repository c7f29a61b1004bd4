// editMessageText as the server answers a bot through TDLib: an edit that changes nothing is
// refused with MESSAGE_NOT_MODIFIED, and edits count in Telegram's limits on the bot's messages,
// waited out silently up to 60 s and refused with 429 past that.

#include <string>

#include "sim_fixture.hpp"

namespace tglink::testing {
namespace {
namespace json = boost::json;

json::object edit_text(std::int64_t message_id, const std::string& text) {
  return json::object{{"@type", "editMessageText"},
                      {"chat_id", kUserId},
                      {"message_id", message_id},
                      {"input_message_content", text_content(text)}};
}

class SimEditTest : public SimTest {
 protected:
  // A logged-in bot that has sent "first" to the user; answers the message's final id.
  std::int64_t sent_message() {
    client_ = login();
    control_->send_text(kUserId, "/start");
    td_->wait_update(client_, "updateNewMessage");
    request(client_, send_text_request(kUserId, "first"));
    const json::object sent = td_->wait_update(client_, "updateMessageSendSucceeded");
    return sent.at("message").as_object().at("id").to_number<std::int64_t>();
  }

  // One message into the user's chat per `seconds`, so the edit right after the send must wait.
  void limit_private_chat(double seconds) {
    sim::BotSettingsPatch patch;
    patch.limit_private_chat = sim::SendLimitPatch{1, seconds};
    control_->set_bot(kBotId, patch);
  }

  // The edit was answered with the message, and the user's chat shows `text`.
  void expect_edited_to(const json::object& answer, const std::string& text) {
    ASSERT_EQ(answer.at("@type"), "message") << json::serialize(answer);
    EXPECT_EQ(control_->messages(kUserId).at(0).text, text);
  }

  int client_ = 0;
};

TEST_F(SimEditTest, EditThatChangesNothingIsRefusedWithMessageNotModified) {
  const std::int64_t id = sent_message();
  control_->advance_time(2);  // past the chat's one message a second
  expect_td_error(request(client_, edit_text(id, "first")), 400, "MESSAGE_NOT_MODIFIED");
  EXPECT_FALSE(control_->messages(kUserId).at(0).edited);
  EXPECT_EQ(control_->counters(kBotId).messages_edited, 0);

  control_->advance_time(2);
  expect_edited_to(request(client_, edit_text(id, "second")), "second");
  EXPECT_EQ(control_->counters(kBotId).messages_edited, 1);
}

TEST_F(SimEditTest, EditOverTheChatsLimitIsAnsweredOnceTheWaitIsOver) {
  limit_private_chat(30);
  const std::int64_t id = sent_message();
  json::object edit = edit_text(id, "second");
  edit["@extra"] = "late edit";
  td_->send(client_, std::move(edit));
  // The wait is up to 30 s on the simulated clock: the answer comes once it has passed.
  control_->advance_time(31);
  const json::object answer =
      td_->wait_for([](const json::object& m) { return m.contains("@extra"); });
  EXPECT_EQ(answer.at("@extra"), "late edit");
  expect_edited_to(answer, "second");
  EXPECT_EQ(control_->counters(kBotId).edit_flood_waits, 1);
}

TEST_F(SimEditTest, EditWaitingMoreThanAMinuteFailsWith429) {
  limit_private_chat(3600);
  const std::int64_t id = sent_message();
  const json::object answer = request(client_, edit_text(id, "second"));
  ASSERT_EQ(answer.at("@type"), "error") << json::serialize(answer);
  EXPECT_EQ(answer.at("code").to_number<int>(), 429);
  const std::string message(answer.at("message").as_string());
  EXPECT_TRUE(message.starts_with("Too Many Requests: retry after ")) << message;
  EXPECT_EQ(control_->messages(kUserId).at(0).text, "first");
}

TEST_F(SimEditTest, EditWaitsWhileTheBotIsDisconnected) {
  const std::int64_t id = sent_message();
  control_->advance_time(2);
  control_->fault(kBotId, "disconnect");
  json::object edit = edit_text(id, "offline edit");
  edit["@extra"] = "held edit";
  td_->send(client_, std::move(edit));
  control_->advance_time(600);
  EXPECT_EQ(control_->messages(kUserId).at(0).text, "first");
  control_->fault(kBotId, "reconnect");
  const json::object answer =
      td_->wait_for([](const json::object& m) { return m.contains("@extra"); });
  expect_edited_to(answer, "offline edit");
}

}  // namespace
}  // namespace tglink::testing
