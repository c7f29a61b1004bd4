// Authorization, offline mode, closing and request parsing of the simulator.

#include "sim_fixture.hpp"

namespace tglink::testing {
namespace {
namespace json = boost::json;

std::string auth_state(const json::object& update) {
  return std::string(update.at("authorization_state").as_object().at("@type").as_string());
}

TEST_F(SimTest, AuthFlowGoesThroughTheRealStatesToReady) {
  int client = td_->create_client();
  EXPECT_EQ(auth_state(td_->wait_update(client, "updateAuthorizationState")),
            "authorizationStateWaitTdlibParameters");
  td_->send(client, tdlib_parameters(temp_.path() / "db"));
  EXPECT_EQ(auth_state(td_->wait_update(client, "updateAuthorizationState")),
            "authorizationStateWaitPhoneNumber");
  td_->send(client, json::object{{"@type", "checkAuthenticationBotToken"}, {"token", kBotToken}});
  EXPECT_EQ(auth_state(td_->wait_update(client, "updateAuthorizationState")),
            "authorizationStateReady");
  json::object state;
  do {
    state = td_->wait_update(client, "updateConnectionState");
  } while (connection_state(state) != "connectionStateReady");

  json::object me = request(client, {{"@type", "getMe"}});
  EXPECT_EQ(me.at("@type"), "user");
  EXPECT_EQ(me.at("id").to_number<std::int64_t>(), kBotId);
  EXPECT_EQ(me.at("type").as_object().at("@type"), "userTypeBot");
  EXPECT_FALSE(me.at("usernames").as_object().at("editable_username").as_string().empty());
}

TEST_F(SimTest, MalformedTokenGetsTelegramsError) {
  int client = new_client();
  json::object answer =
      request(client, {{"@type", "checkAuthenticationBotToken"}, {"token", "123:short"}});
  EXPECT_EQ(answer.at("@type"), "error");
  EXPECT_EQ(answer.at("code").to_number<int>(), 400);
  EXPECT_EQ(answer.at("message"), "ACCESS_TOKEN_INVALID");
  EXPECT_EQ(request(client, {{"@type", "getAuthorizationState"}}).at("@type"),
            "authorizationStateWaitPhoneNumber");
}

TEST_F(SimTest, OfflineClientWaitsForNetworkAndKeepsTheTokenPending) {
  int client = new_client(/*offline=*/true);
  EXPECT_EQ(connection_state(td_->wait_update(client, "updateConnectionState")),
            "connectionStateWaitingForNetwork");
  td_->send(client, json::object{{"@type", "checkAuthenticationBotToken"},
                                 {"token", kBotToken},
                                 {"@extra", "token"}});
  json::object me = request(client, {{"@type", "getMe"}});
  EXPECT_EQ(me.at("code").to_number<int>(), 401);
  EXPECT_EQ(me.at("message"), "Unauthorized");
  for (const json::object& message : td_->drain(std::chrono::milliseconds(100))) {
    EXPECT_FALSE(message.contains("@extra")) << json::serialize(message);
  }
  // Closing aborts the pending request, as the real library does.
  td_->send(client, json::object{{"@type", "close"}});
  json::object aborted = td_->wait_for([](const json::object& message) {
    return message.contains("@extra") && message.at("@extra") == "token";
  });
  EXPECT_EQ(aborted.at("code").to_number<int>(), 500);
  EXPECT_EQ(aborted.at("message"), "Request aborted");
}

TEST_F(SimTest, NetworkComingBackCompletesThePendingLogin) {
  int client = new_client(/*offline=*/true);
  td_->send(client, json::object{{"@type", "checkAuthenticationBotToken"},
                                 {"token", kBotToken},
                                 {"@extra", "token"}});
  request(client,
          {{"@type", "setNetworkType"}, {"type", json::object{{"@type", "networkTypeWiFi"}}}});
  json::object answer = td_->wait_for([](const json::object& message) {
    return message.contains("@extra") && message.at("@extra") == "token";
  });
  EXPECT_EQ(answer.at("@type"), "ok");
}

TEST_F(SimTest, CloseGoesThroughClosingToClosed) {
  int client = login();
  EXPECT_EQ(request(client, {{"@type", "close"}}).at("@type"), "ok");
  json::object closing;
  do {
    closing = td_->wait_update(client, "updateAuthorizationState");
  } while (auth_state(closing) != "authorizationStateClosing");
  EXPECT_EQ(auth_state(td_->wait_update(client, "updateAuthorizationState")),
            "authorizationStateClosed");
}

TEST_F(SimTest, ParseErrorsComeBackAtOnceInAnyState) {
  int client = td_->create_client();
  json::object unknown = request(client, {{"@type", "noSuchMethod"}});
  EXPECT_EQ(unknown.at("code").to_number<int>(), 400);
  EXPECT_EQ(unknown.at("message"),
            "Failed to parse JSON object as TDLib request: Unknown class \"noSuchMethod\"");
  json::object wrong = request(client, {{"@type", "getChat"}, {"chat_id", "abc"}});
  EXPECT_EQ(
      wrong.at("message"),
      "Failed to parse JSON object as TDLib request: Can't parse as an integer string \"abc\"");
  json::object kind = request(client, {{"@type", "getTextEntities"}, {"text", 5}});
  EXPECT_EQ(kind.at("message"),
            "Failed to parse JSON object as TDLib request: Expected String, but receive Number");
  json::object early = request(client, {{"@type", "getMe"}});
  EXPECT_EQ(early.at("message"),
            "Initialization parameters are needed: call setTdlibParameters first");
}

TEST_F(SimTest, ExecuteAnswersSynchronousMethodsOnly) {
  json::object entities = td_->execute(R"({"@type":"getTextEntities","text":"/start now"})");
  ASSERT_EQ(entities.at("@type"), "textEntities");
  json::object first = entities.at("entities").as_array().at(0).as_object();
  EXPECT_EQ(first.at("type").as_object().at("@type"), "textEntityTypeBotCommand");
  EXPECT_EQ(first.at("length").to_number<int>(), 6);
  EXPECT_EQ(td_->execute(R"({"@type":"getMe"})").at("message"),
            "The method can't be executed synchronously");
}

TEST_F(SimTest, LogChannelHasEveryBotAsAdministrator) {
  int client = login();
  json::object chat = request(client, {{"@type", "getChat"}, {"chat_id", kLogChannel}});
  EXPECT_EQ(chat.at("type").as_object().at("@type"), "chatTypeSupergroup");
  EXPECT_TRUE(chat.at("type").as_object().at("is_channel").as_bool());
  json::object member = request(
      client, {{"@type", "getChatMember"},
               {"chat_id", kLogChannel},
               {"member_id", json::object{{"@type", "messageSenderUser"}, {"user_id", kBotId}}}});
  EXPECT_EQ(member.at("status").as_object().at("@type"), "chatMemberStatusAdministrator");
}

}  // namespace
}  // namespace tglink::testing
