// Users writing to a bot, the bot's replies, keyboards, callback queries, copies into channels
// and the ways sending or reading can fail.

#include "sim_fixture.hpp"

namespace tglink::testing {
namespace {
namespace json = boost::json;

json::object callback_keyboard(const std::string& data_base64) {
  json::object button{
      {"@type", "inlineKeyboardButton"},
      {"text", "Delete"},
      {"type", json::object{{"@type", "inlineKeyboardButtonTypeCallback"}, {"data", data_base64}}}};
  json::object link{{"@type", "inlineKeyboardButton"},
                    {"text", "Open"},
                    {"type", json::object{{"@type", "inlineKeyboardButtonTypeUrl"},
                                          {"url", "https://example.org/dl/x"}}}};
  return json::object{{"@type", "replyMarkupInlineKeyboard"},
                      {"rows", json::array{json::array{link, button}}}};
}

TEST_F(SimTest, UserCommandArrivesAsNewMessageWithBotCommandEntity) {
  int client = login();
  control_->send_text(kUserId, "/start hello");
  json::object update = td_->wait_update(client, "updateNewMessage");
  const json::object& message = update.at("message").as_object();
  EXPECT_EQ(message.at("chat_id").to_number<std::int64_t>(), kUserId);
  EXPECT_EQ(message.at("sender_id").as_object().at("user_id").to_number<std::int64_t>(), kUserId);
  EXPECT_EQ(message.at("id").to_number<std::int64_t>() % (1 << 20), 0);
  const json::object& text = message.at("content").as_object().at("text").as_object();
  EXPECT_EQ(text.at("text"), "/start hello");
  EXPECT_EQ(text.at("entities").as_array().at(0).as_object().at("type").as_object().at("@type"),
            "textEntityTypeBotCommand");
}

TEST_F(SimTest, SendMessageAnswersPendingThenSendSucceededAndIsReadable) {
  int client = login();
  control_->send_text(kUserId, "/start");
  json::object sent =
      request(client, {{"@type", "sendMessage"},
                       {"chat_id", kUserId},
                       {"reply_markup", callback_keyboard("ZGVs")},
                       {"input_message_content", text_content("Here is your link")}});
  ASSERT_EQ(sent.at("@type"), "message") << json::serialize(sent);
  EXPECT_EQ(sent.at("sending_state").as_object().at("@type"), "messageSendingStatePending");
  json::object succeeded = td_->wait_update(client, "updateMessageSendSucceeded");
  EXPECT_EQ(succeeded.at("old_message_id"), sent.at("id"));
  std::int64_t id = succeeded.at("message").as_object().at("id").to_number<std::int64_t>();
  EXPECT_EQ(id, std::int64_t{2} << 20);  // the user's /start was server id 1

  std::vector<sim::SimMessage> messages = control_->wait_messages(kUserId, 1);
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0].text, "Here is your link");
  ASSERT_EQ(messages[0].keyboard.size(), 1u);
  EXPECT_EQ(messages[0].keyboard[0][0].url, "https://example.org/dl/x");
  EXPECT_EQ(messages[0].keyboard[0][1].data, "del");

  json::object edited = request(client, {{"@type", "editMessageText"},
                                         {"chat_id", kUserId},
                                         {"message_id", id},
                                         {"input_message_content", text_content("Deleted")}});
  EXPECT_EQ(edited.at("content").as_object().at("text").as_object().at("text"), "Deleted");
  messages = control_->messages(kUserId);
  EXPECT_EQ(messages[0].text, "Deleted");
  EXPECT_TRUE(messages[0].edited);
  EXPECT_TRUE(messages[0].keyboard.empty());
}

TEST_F(SimTest, CallbackQueryRoundTrip) {
  int client = login();
  control_->send_text(kUserId, "/start");
  request(client, {{"@type", "sendMessage"},
                   {"chat_id", kUserId},
                   {"reply_markup", callback_keyboard("ZGVs")},
                   {"input_message_content", text_content("menu")}});
  std::vector<sim::SimMessage> messages = control_->wait_messages(kUserId, 1);
  std::string query = control_->press_button(kUserId, messages[0].message_id, "del");
  json::object update = td_->wait_update(client, "updateNewCallbackQuery");
  EXPECT_EQ(update.at("id").as_string(), query);
  EXPECT_EQ(update.at("payload").as_object().at("data"), "ZGVs");
  request(client,
          {{"@type", "answerCallbackQuery"}, {"callback_query_id", query}, {"text", "Done"}});
  EXPECT_EQ(control_->callback_answer(query), "Done");
}

TEST_F(SimTest, ACallbackQueryIsAnsweredByAnySessionOfItsBotButNoOtherBot) {
  const int first = login();
  const int other_bot = login("654321:AAHanotherSimulatedTokenPart_abcdefgh");
  control_->send_text(kUserId, "/start", kBotId);
  request(first, {{"@type", "sendMessage"},
                  {"chat_id", kUserId},
                  {"reply_markup", callback_keyboard("ZGVs")},
                  {"input_message_content", text_content("menu")}});
  const std::vector<sim::SimMessage> messages = control_->wait_messages(kUserId, 1, 5000, kBotId);
  const int second = login();  // the same bot's newest session: the press goes to it
  const std::string query = control_->press_button(kUserId, messages[0].message_id, "del", kBotId);
  td_->wait_update(second, "updateNewCallbackQuery");

  const json::object refused = request(
      other_bot, {{"@type", "answerCallbackQuery"}, {"callback_query_id", query}, {"text", "X"}});
  EXPECT_EQ(refused.at("@type"), "error");
  EXPECT_EQ(refused.at("message"), "QUERY_ID_INVALID");
  // The first session of the bot (the leader, relayed the press by another node) answers it.
  const json::object answered = request(
      first, {{"@type", "answerCallbackQuery"}, {"callback_query_id", query}, {"text", "Done"}});
  EXPECT_EQ(answered.at("@type"), "ok");
  EXPECT_EQ(control_->callback_answer(query), "Done");
}

TEST_F(SimTest, ForwardWithSendCopyIntoChannelSucceedsWithServerId) {
  int client = login();
  json::object original;
  receive_file(client, make_file("movie.mp4", 3 * 1024 * 1024), "video", &original);
  std::int64_t message_id = original.at("id").to_number<std::int64_t>();
  request(client, {{"@type", "getChat"}, {"chat_id", kLogChannel}});
  json::object answer = request(client, {{"@type", "forwardMessages"},
                                         {"chat_id", kLogChannel},
                                         {"from_chat_id", kUserId},
                                         {"message_ids", json::array{message_id}},
                                         {"send_copy", true}});
  ASSERT_EQ(answer.at("@type"), "messages") << json::serialize(answer);
  const json::object& temporary = answer.at("messages").as_array().at(0).as_object();
  EXPECT_EQ(temporary.at("sending_state").as_object().at("@type"), "messageSendingStatePending");
  json::object succeeded = td_->wait_update(client, "updateMessageSendSucceeded");
  const json::object& copy = succeeded.at("message").as_object();
  EXPECT_EQ(copy.at("chat_id").to_number<std::int64_t>(), kLogChannel);
  EXPECT_EQ(copy.at("id").to_number<std::int64_t>(), std::int64_t{1} << 20);
  EXPECT_TRUE(copy.at("is_channel_post").as_bool());

  json::object read = request(
      client, {{"@type", "getMessage"}, {"chat_id", kLogChannel}, {"message_id", copy.at("id")}});
  const json::object& video = read.at("content").as_object().at("video").as_object();
  EXPECT_EQ(video.at("file_name"), "movie.mp4");
  EXPECT_EQ(video.at("mime_type"), "video/mp4");
  EXPECT_EQ(video.at("video").as_object().at("size").to_number<std::int64_t>(), 3 * 1024 * 1024);
}

TEST_F(SimTest, GetMessageOfDeletedMessageIsNotFound) {
  int client = login();
  json::object original;
  receive_file(client, make_file("a.bin", 1000), "document", &original);
  request(client, {{"@type", "getChat"}, {"chat_id", kLogChannel}});
  request(client, {{"@type", "forwardMessages"},
                   {"chat_id", kLogChannel},
                   {"from_chat_id", kUserId},
                   {"message_ids", json::array{original.at("id")}},
                   {"send_copy", true}});
  td_->wait_update(client, "updateMessageSendSucceeded");
  std::int64_t id = std::int64_t{1} << 20;
  control_->fault(kBotId, "delete_message", {{"chat_id", kLogChannel}, {"message_id", id}});
  json::object answer =
      request(client, {{"@type", "getMessage"}, {"chat_id", kLogChannel}, {"message_id", id}});
  EXPECT_EQ(answer.at("code").to_number<int>(), 404);
  EXPECT_EQ(answer.at("message"), "Not Found");
}

TEST_F(SimTest, BotThatIsNotAdminCanGetTheChatButNotItsMessages) {
  int client = login();
  control_->fault(kBotId, "not_admin", {{"chat_id", kLogChannel}});
  EXPECT_EQ(request(client, {{"@type", "getChat"}, {"chat_id", kLogChannel}}).at("@type"), "chat");
  json::object read =
      request(client, {{"@type", "getMessage"}, {"chat_id", kLogChannel}, {"message_id", 1 << 20}});
  EXPECT_EQ(read.at("@type"), "error");
  EXPECT_EQ(read.at("message"), "CHANNEL_PRIVATE");
  control_->send_text(kUserId, "hi");
  json::object forward = request(client, {{"@type", "forwardMessages"},
                                          {"chat_id", kLogChannel},
                                          {"from_chat_id", kUserId},
                                          {"message_ids", json::array{1 << 20}},
                                          {"send_copy", true}});
  EXPECT_EQ(forward.at("@type"), "error");
}

TEST_F(SimTest, ChannelPostRefusedAfterTheBotLostItsRightsFailsWith400) {
  int client = login();
  request(client, {{"@type", "getChat"}, {"chat_id", kLogChannel}});
  control_->fault(kBotId, "disconnect");  // queued while the bot may still post
  json::object answer = request(client, send_text_request(kLogChannel, "post"));
  ASSERT_EQ(answer.at("@type"), "message") << json::serialize(answer);
  control_->fault(kBotId, "not_admin", {{"chat_id", kLogChannel}});
  control_->fault(kBotId, "reconnect");
  json::object failed = td_->wait_update(client, "updateMessageSendFailed");
  // The server's 403 CHAT_WRITE_FORBIDDEN, which process_send_message_fail_error makes a 400.
  expect_td_error(failed.at("error").as_object(), 400, "CHAT_WRITE_FORBIDDEN");
}

// The error with which a send of "hello" to kUserId fails. Only the server knows why, so the
// send is queued first and fails later, with nothing reaching the user.
json::object refused_send_error(TdJsonDriver& td, int client, sim::ControlClient& control) {
  json::object answer = td.request(client, send_text_request(kUserId, "hello"));
  EXPECT_EQ(answer.at("@type"), "message") << json::serialize(answer);
  json::object failed = td.wait_update(client, "updateMessageSendFailed");
  EXPECT_EQ(failed.at("old_message_id"), answer.at("id"));
  EXPECT_TRUE(control.messages(kUserId).empty());
  return failed.at("error").as_object();
}

// A bot the user has written to, then met with the user's `fault` ("block_bot",
// "deactivate_user"): the error of its next send to the user.
class SimUserFaultTest : public SimTest {
 protected:
  json::object refused_after(const std::string& fault) {
    const int client = login();
    control_->send_text(kUserId, "/start");
    control_->fault(kBotId, fault, {{"user_id", kUserId}});
    return refused_send_error(*td_, client, *control_);
  }
};

TEST_F(SimUserFaultTest, UserWhoBlockedTheBotCannotBeMessaged) {
  // The server's USER_IS_BLOCKED as TDLib 1.8.67 passes it on (process_send_message_fail_error).
  expect_td_error(refused_after("block_bot"), 403, "USER_IS_BLOCKED");
}

TEST_F(SimUserFaultTest, UserWhoDeletedTheAccountCannotBeMessaged) {
  // The server's 400 INPUT_USER_DEACTIVATED, which TDLib turns into this 403.
  expect_td_error(refused_after("deactivate_user"), 403, "User is deactivated");
}

TEST_F(SimTest, BotCannotWriteFirstToAUser) {
  int client = login();
  control_->create_user(kUserId, "Ann");
  request(client, {{"@type", "getChat"}, {"chat_id", kUserId}});  // a bot may load any chat
  // The server's 400 PEER_ID_INVALID, which TDLib turns into this 403 for a bot.
  expect_td_error(refused_send_error(*td_, client, *control_), 403,
                  "Bot can't initiate conversation with a user");

  control_->send_text(kUserId, "/start");  // once the user has written, the bot may answer
  td_->wait_update(client, "updateNewMessage");
  request(client, send_text_request(kUserId, "hello again"));
  td_->wait_update(client, "updateMessageSendSucceeded");
  ASSERT_EQ(control_->messages(kUserId).size(), 1U);
  EXPECT_EQ(control_->messages(kUserId)[0].text, "hello again");
}

TEST_F(SimTest, DocumentFromLocalFileIsSent) {
  int client = login();
  control_->send_text(kUserId, "/logs");
  std::filesystem::path log = make_file("tglink.log", 5000);
  json::object sent =
      request(client, {{"@type", "sendMessage"},
                       {"chat_id", kUserId},
                       {"input_message_content",
                        json::object{{"@type", "inputMessageDocument"},
                                     {"document", json::object{{"@type", "inputFileLocal"},
                                                               {"path", log.string()}}}}}});
  ASSERT_EQ(sent.at("@type"), "message") << json::serialize(sent);
  std::vector<sim::SimMessage> messages = control_->wait_messages(kUserId, 1);
  ASSERT_TRUE(messages[0].file_name.has_value());
  EXPECT_EQ(*messages[0].file_name, "tglink.log");
}

}  // namespace
}  // namespace tglink::testing
