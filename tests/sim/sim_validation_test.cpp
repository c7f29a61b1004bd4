// Requests the simulator refuses the way TDLib does: URLs LinkManager::check_link rejects,
// setTdlibParameters and setOption arguments, and chat member and invite link requests a bot
// may not make.

#include "sim_fixture.hpp"

namespace tglink::testing {
namespace {
namespace json = boost::json;

constexpr std::int64_t kOtherUser = 5550002;
constexpr std::int64_t kForcedChannel = -1009876543210;

json::object url_button(const std::string& url) {
  json::object button{
      {"@type", "inlineKeyboardButton"},
      {"text", "Open"},
      {"type", json::object{{"@type", "inlineKeyboardButtonTypeUrl"}, {"url", url}}}};
  return json::object{{"@type", "replyMarkupInlineKeyboard"},
                      {"rows", json::array{json::array{button}}}};
}

// "Download: <url>" with the URL as a plain URL entity or as a text URL behind the word.
json::object link_text(const std::string& url, const char* entity_type) {
  const std::string text = "Download: " + url;
  json::object type{{"@type", entity_type}};
  if (std::string(entity_type) == "textEntityTypeTextUrl") type["url"] = url;
  json::object entity{{"@type", "textEntity"},
                      {"offset", 10},
                      {"length", static_cast<std::int64_t>(url.size())},
                      {"type", std::move(type)}};
  return json::object{
      {"@type", "inputMessageText"},
      {"text", json::object{
                   {"@type", "formattedText"}, {"text", text}, {"entities", json::array{entity}}}}};
}

json::object send(json::object content, json::value keyboard = nullptr) {
  json::object request{{"@type", "sendMessage"},
                       {"chat_id", kUserId},
                       {"input_message_content", std::move(content)}};
  if (!keyboard.is_null()) request["reply_markup"] = std::move(keyboard);
  return request;
}

class SimValidationTest : public SimTest {
 protected:
  json::object send_to_user(json::object content, json::value keyboard = nullptr) {
    return request(client_, send(std::move(content), std::move(keyboard)));
  }
  int client_ = 0;
};

TEST_F(SimValidationTest, AButtonToAHostWithoutADotRefusesTheWholeMessage) {
  client_ = login();
  control_->send_text(kUserId, "/start");
  json::object answer =
      send_to_user(link_text("https://files.example.com/dl/a", "textEntityTypeUrl"),
                   url_button("http://localhost:8080/player?stream=x"));
  EXPECT_EQ(answer.at("code").to_number<int>(), 400);
  EXPECT_EQ(answer.at("message"),
            "Inline keyboard button URL 'http://localhost:8080/player?stream=x' is invalid: Wrong "
            "HTTP URL");
  EXPECT_TRUE(control_->messages(kUserId).empty());
}

TEST_F(SimValidationTest, ATextUrlToAHostWithoutADotRefusesTheWholeMessage) {
  client_ = login();
  control_->send_text(kUserId, "/start");
  json::object answer =
      send_to_user(link_text("http://localhost:8080/dl/a", "textEntityTypeTextUrl"));
  EXPECT_EQ(answer.at("code").to_number<int>(), 400);
  EXPECT_EQ(answer.at("message"),
            "Entity URL 'http://localhost:8080/dl/a' is invalid: Wrong HTTP URL");
  answer = send_to_user(link_text("ftp://files.example.com/a", "textEntityTypeTextUrl"));
  EXPECT_EQ(answer.at("message"),
            "Entity URL 'ftp://files.example.com/a' is invalid: Unsupported URL protocol");
  EXPECT_TRUE(control_->messages(kUserId).empty());
}

TEST_F(SimValidationTest, ADocumentsCaptionAndKeyboardAreCheckedToo) {
  client_ = login();
  control_->send_text(kUserId, "/start");
  const std::filesystem::path path = make_file("logs.txt", 100);
  const std::string url = "http://intranet/logs";
  json::object entity{{"@type", "textEntity"},
                      {"offset", 0},
                      {"length", 4},
                      {"type", json::object{{"@type", "textEntityTypeTextUrl"}, {"url", url}}}};
  json::object document{
      {"@type", "inputMessageDocument"},
      {"document", json::object{{"@type", "inputFileLocal"}, {"path", path.string()}}},
      {"caption",
       json::object{
           {"@type", "formattedText"}, {"text", "logs"}, {"entities", json::array{entity}}}}};
  json::object answer = send_to_user(document);
  EXPECT_EQ(answer.at("message").as_string(),
            "Entity URL '" + url + "' is invalid: Wrong HTTP URL");
  document["caption"] = json::object{{"@type", "formattedText"}, {"text", "logs"}};
  answer = send_to_user(document, url_button(url));
  EXPECT_EQ(answer.at("message").as_string(),
            "Inline keyboard button URL '" + url + "' is invalid: Wrong HTTP URL");
  EXPECT_TRUE(control_->messages(kUserId).empty());
}

TEST_F(SimValidationTest, PlainUrlsInTheTextAreNotChecked) {
  client_ = login();
  control_->send_text(kUserId, "/start");
  json::object answer = send_to_user(link_text("http://localhost:8080/dl/a", "textEntityTypeUrl"));
  EXPECT_EQ(answer.at("@type"), "message") << json::serialize(answer);
  EXPECT_EQ(control_->wait_messages(kUserId, 1).at(0).text, "Download: http://localhost:8080/dl/a");
}

TEST_F(SimValidationTest, AcceptedButtonUrlsAreKeptNormalized) {
  client_ = login();
  control_->send_text(kUserId, "/start");
  json::object answer =
      send_to_user(link_text("x", "textEntityTypeBold"), url_button("HTTPS://Files.Example.com"));
  ASSERT_EQ(answer.at("@type"), "message") << json::serialize(answer);
  EXPECT_EQ(control_->wait_messages(kUserId, 1).at(0).keyboard.at(0).at(0).url,
            "https://files.example.com/");
}

TEST_F(SimValidationTest, AnEditWithABadUrlIsRefusedAndChangesNothing) {
  client_ = login();
  control_->send_text(kUserId, "/start");
  request(client_, send(link_text("https://a.example.com/", "textEntityTypeUrl")));
  json::object sent = td_->wait_update(client_, "updateMessageSendSucceeded");
  const std::int64_t id = sent.at("message").as_object().at("id").to_number<std::int64_t>();
  json::object answer =
      request(client_, {{"@type", "editMessageText"},
                        {"chat_id", kUserId},
                        {"message_id", id},
                        {"reply_markup", url_button("http://localhost/")},
                        {"input_message_content", link_text("b", "textEntityTypeBold")}});
  EXPECT_EQ(answer.at("message"),
            "Inline keyboard button URL 'http://localhost/' is invalid: Wrong HTTP URL");
  const sim::SimMessage message = control_->messages(kUserId).at(0);
  EXPECT_EQ(message.text, "Download: https://a.example.com/");
  EXPECT_FALSE(message.edited);
}

json::object parameters(const std::string& directory) {
  return {{"@type", "setTdlibParameters"},
          {"database_directory", directory},
          {"api_id", 94575},
          {"api_hash", "a3406de8d171bb422bb6ddf3bbd800e2"},
          {"system_language_code", "en"},
          {"device_model", "test"},
          {"application_version", "1"}};
}

TEST_F(SimValidationTest, SetTdlibParametersRefusesMissingIdentityFieldsInTdlibsOrder) {
  const int client = td_->create_client();
  const std::string directory = (temp_.path() / "params").string();
  const std::pair<const char*, json::value> cases[] = {
      {"api_id", 0},
      {"api_hash", ""},
      {"system_language_code", ""},
      {"device_model", ""},
      {"application_version", ""},
  };
  const char* messages[] = {
      "Valid api_id must be provided. Can be obtained at https://my.telegram.org",
      "Valid api_hash must be provided. Can be obtained at https://my.telegram.org",
      "System language code must be non-empty",
      "Device model must be non-empty",
      "Application version must be non-empty",
  };
  json::object all_bad = parameters(directory);
  for (const auto& [field, value] : cases) all_bad[field] = value;
  EXPECT_EQ(request(client, all_bad).at("message"), messages[0]);
  for (std::size_t i = 0; i < std::size(cases); ++i) {
    json::object bad = parameters(directory);
    bad[cases[i].first] = cases[i].second;
    json::object answer = request(client, bad);
    EXPECT_EQ(answer.at("code").to_number<int>(), 400) << cases[i].first;
    EXPECT_EQ(answer.at("message"), messages[i]) << cases[i].first;
  }
  // The client is still waiting for parameters, and takes good ones.
  EXPECT_EQ(request(client, {{"@type", "getMe"}}).at("message"),
            "Initialization parameters are needed: call setTdlibParameters first");
  EXPECT_EQ(request(client, parameters(directory)).at("@type"), "ok");
}

TEST_F(SimValidationTest, SetOptionRefusesUnknownReadOnlyAndMistypedOptions) {
  client_ = login();
  auto set = [&](const char* name, json::object value) {
    json::object answer =
        request(client_, {{"@type", "setOption"}, {"name", name}, {"value", value}});
    return answer.at("@type") == "ok" ? std::string("ok")
                                      : std::string(answer.at("message").as_string());
  };
  const json::object yes{{"@type", "optionValueBoolean"}, {"value", true}};
  EXPECT_EQ(set("ignore_file_names", yes), "ok");
  EXPECT_EQ(set("no_such_option", yes), "Option can't be set");
  EXPECT_EQ(set("version", {{"@type", "optionValueString"}, {"value", "9"}}),
            "Option can't be set");
  EXPECT_EQ(set("ignore_file_names", {{"@type", "optionValueInteger"}, {"value", "1"}}),
            "Option \"ignore_file_names\" must have boolean value");
  EXPECT_EQ(set("x-note", {{"@type", "optionValueString"}, {"value", "kept"}}), "ok");
  json::object note = request(client_, {{"@type", "getOption"}, {"name", "x-note"}});
  EXPECT_EQ(note.at("value"), "kept");
  EXPECT_EQ(set("x-note", {{"@type", "optionValueEmpty"}}), "ok");
  EXPECT_EQ(request(client_, {{"@type", "getOption"}, {"name", "x-note"}}).at("@type"),
            "optionValueEmpty");
}

json::object member_request(std::int64_t chat_id, std::int64_t user_id) {
  return {{"@type", "getChatMember"},
          {"chat_id", chat_id},
          {"member_id", json::object{{"@type", "messageSenderUser"}, {"user_id", user_id}}}};
}

TEST_F(SimValidationTest, GetChatMemberNeedsAnAdministratorInAChannel) {
  client_ = login();
  control_->create_user(kOtherUser, "Other", "other");
  control_->send_text(kUserId, "/start");
  control_->create_channel(kForcedChannel, "Forced");
  control_->set_member(kForcedChannel, kUserId, "member");
  control_->set_member(kForcedChannel, kBotId, "member");
  json::object answer = request(client_, member_request(kForcedChannel, kUserId));
  EXPECT_EQ(answer.at("message"), "CHAT_ADMIN_REQUIRED");
  control_->set_member(kForcedChannel, kBotId, "admin");
  answer = request(client_, member_request(kForcedChannel, kUserId));
  EXPECT_EQ(answer.at("status").as_object().at("@type"), "chatMemberStatusMember");
  // A private chat has two members: the user and the bot.
  EXPECT_EQ(request(client_, member_request(kUserId, kOtherUser)).at("message"),
            "Member not found");
  EXPECT_EQ(request(client_, member_request(kUserId, kUserId)).at("@type"), "chatMember");
}

TEST_F(SimValidationTest, CreateChatInviteLinkAnswersAChatInviteLinkForAnAdministrator) {
  client_ = login();
  control_->create_channel(kForcedChannel, "Forced");
  json::object create{{"@type", "createChatInviteLink"},
                      {"chat_id", kForcedChannel},
                      {"name", "tglink"},
                      {"expiration_date", 0},
                      {"member_limit", 0},
                      {"creates_join_request", false}};
  EXPECT_EQ(request(client_, create).at("message"), "Not enough rights to manage chat invite link");
  control_->set_member(kForcedChannel, kBotId, "admin");
  json::object link = request(client_, create);
  ASSERT_EQ(link.at("@type"), "chatInviteLink") << json::serialize(link);
  EXPECT_EQ(link.at("invite_link").as_string().subview(0, 14), "https://t.me/+");
  EXPECT_EQ(link.at("name"), "tglink");
  EXPECT_EQ(link.at("creator_user_id").to_number<std::int64_t>(), kBotId);
  EXPECT_EQ(link.at("is_revoked"), false);
  EXPECT_EQ(link.at("is_primary"), false);
  EXPECT_NE(request(client_, create).at("invite_link"), link.at("invite_link"));
  create["creates_join_request"] = true;
  create["member_limit"] = 5;
  EXPECT_EQ(request(client_, create).at("message"),
            "Member limit can't be specified for links requiring administrator approval");
  json::object private_chat = create;
  private_chat["chat_id"] = kUserId;
  control_->send_text(kUserId, "/start");
  EXPECT_EQ(request(client_, private_chat).at("message"), "Can't invite members to a private chat");
}

}  // namespace
}  // namespace tglink::testing
