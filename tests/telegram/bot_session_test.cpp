#include "telegram/bot_session.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "logging/log.hpp"
#include "support/fake_telegram_client.hpp"
#include "support/temp_dir.hpp"

namespace tglink {
namespace {

using ::testing::ElementsAre;
using testing::FakeTelegramClient;
using ::testing::HasSubstr;

constexpr const char* kToken = "424242:token-secret-part";

LogOptions quiet() {
  LogOptions options;
  options.console = false;
  return options;
}

class BotSessionTest : public ::testing::Test {
 protected:
  BotSessionTest() : log_(quiet()) {
    auto client = std::make_unique<FakeTelegramClient>();
    client_ = client.get();
    session_ = std::make_unique<BotSession>(settings(true), std::move(client), log_);
    session_->set_change_listener([this](const BotSession&) { ++changes_; });
  }

  BotSettings settings(bool network_none) const {
    BotSettings settings;
    settings.index = 1;
    settings.bot_id = 424242;
    settings.token = kToken;
    settings.api_id = 12345;
    settings.api_hash = "hash-secret";
    settings.data_directory = dir_.path() / "tdlib" / "424242";
    settings.network_none = network_none;
    return settings;
  }

  // Walks the session to the state where the token has been sent.
  void reach_authorizing() {
    session_->start();
    client_->push_authorization_state("authorizationStateWaitTdlibParameters");
    client_->push_authorization_state("authorizationStateWaitPhoneNumber");
  }

  std::string all_log_text() const {
    std::string text;
    for (const LogRecord& record : log_.recent(LogLevel::Debug, 1000)) {
      text += record.text + "\n";
    }
    return text;
  }

  testing::TempDir dir_;
  Log log_;
  FakeTelegramClient* client_ = nullptr;
  std::unique_ptr<BotSession> session_;
  int changes_ = 0;
};

TEST_F(BotSessionTest, StartGoesOfflineBeforeAnythingElseAndSetsOptions) {
  session_->start();
  EXPECT_THAT(client_->sent_types(),
              ElementsAre("setNetworkType", "setOption", "setOption", "setOption"));
  EXPECT_EQ(client_->sent()[0].request.at("type").at("@type"), "networkTypeNone");
  EXPECT_TRUE(std::filesystem::is_directory(dir_.path() / "tdlib" / "424242"));
  EXPECT_EQ(session_->auth_state(), BotAuthState::starting);
}

TEST_F(BotSessionTest, WithNetworkAllowedNoNetworkTypeIsSent) {
  auto client = std::make_unique<FakeTelegramClient>();
  FakeTelegramClient* fake = client.get();
  BotSession online(settings(false), std::move(client), log_);
  online.start();
  EXPECT_THAT(fake->sent_types(), ElementsAre("setOption", "setOption", "setOption"));
}

TEST_F(BotSessionTest, ParametersAreSentWhenTdlibAsksForThem) {
  session_->start();
  client_->push_authorization_state("authorizationStateWaitTdlibParameters");
  const std::vector<boost::json::object> sent = client_->sent_of_type("setTdlibParameters");
  ASSERT_EQ(sent.size(), 1u);
  EXPECT_EQ(sent[0].at("database_directory").as_string(),
            (dir_.path() / "tdlib" / "424242").string());
  EXPECT_EQ(sent[0].at("use_message_database"), false);
  EXPECT_EQ(session_->tdlib_authorization_state(), "authorizationStateWaitTdlibParameters");
}

TEST_F(BotSessionTest, TokenIsSentOnceWhenTdlibWaitsForAPhoneNumber) {
  reach_authorizing();
  client_->push_authorization_state("authorizationStateWaitPhoneNumber");
  const std::vector<boost::json::object> sent =
      client_->sent_of_type("checkAuthenticationBotToken");
  ASSERT_EQ(sent.size(), 1u);
  EXPECT_EQ(sent[0].at("token"), kToken);
  EXPECT_EQ(session_->auth_state(), BotAuthState::authorizing);
  EXPECT_FALSE(session_->connected());
}

TEST_F(BotSessionTest, RefusedTokenIsLoggedWithBotLabelButNeverTheToken) {
  reach_authorizing();
  client_->fail("checkAuthenticationBotToken", 401, "ACCESS_TOKEN_INVALID");
  EXPECT_EQ(session_->auth_state(), BotAuthState::token_rejected);
  const std::string text = all_log_text();
  EXPECT_THAT(text, HasSubstr("additional bot #1"));
  EXPECT_THAT(text, HasSubstr("ACCESS_TOKEN_INVALID"));
  EXPECT_THAT(text, ::testing::Not(HasSubstr("token-secret-part")));
  EXPECT_THAT(text, ::testing::Not(HasSubstr("hash-secret")));
}

TEST_F(BotSessionTest, ReadyBotAsksWhoItIsAndKeepsTheAnswer) {
  reach_authorizing();
  client_->answer("checkAuthenticationBotToken", {{"@type", "ok"}});
  client_->push_authorization_state("authorizationStateReady");
  EXPECT_EQ(session_->auth_state(), BotAuthState::ready);
  ASSERT_EQ(client_->sent_of_type("getMe").size(), 1u);
  client_->answer("getMe", {{"@type", "user"},
                            {"id", 424242},
                            {"first_name", "Link Bot"},
                            {"usernames",
                             {{"@type", "usernames"},
                              {"active_usernames", {"link_bot"}},
                              {"editable_username", "link_bot"}}}});
  ASSERT_TRUE(session_->me());
  EXPECT_EQ(session_->me()->id, 424242);
  EXPECT_EQ(session_->me()->username, "link_bot");
  EXPECT_EQ(session_->me()->first_name, "Link Bot");
  EXPECT_EQ(session_->me()->mention(), "@link_bot");
}

TEST_F(BotSessionTest, ConnectedNeedsLoginAndAnOnlineConnection) {
  reach_authorizing();
  client_->push_connection_state("connectionStateReady");
  EXPECT_EQ(session_->connection(), ConnectionState::ready);
  EXPECT_FALSE(session_->connected());  // online but not logged in

  client_->push_authorization_state("authorizationStateReady");
  EXPECT_TRUE(session_->connected());
  client_->push_connection_state("connectionStateUpdating");
  EXPECT_TRUE(session_->connected());
  client_->push_connection_state("connectionStateConnecting");
  EXPECT_FALSE(session_->connected());
  client_->push_connection_state("connectionStateWaitingForNetwork");
  EXPECT_EQ(session_->connection(), ConnectionState::waiting_for_network);
  EXPECT_FALSE(session_->connected());
}

TEST_F(BotSessionTest, CloseSendsCloseAndAnAbortedTokenCheckIsNoRejection) {
  reach_authorizing();
  session_->close();
  EXPECT_EQ(session_->auth_state(), BotAuthState::closing);
  EXPECT_EQ(client_->sent_of_type("close").size(), 1u);
  client_->fail("checkAuthenticationBotToken", 500, "Request aborted");
  client_->push_authorization_state("authorizationStateClosing");
  EXPECT_EQ(session_->auth_state(), BotAuthState::closing);
  client_->push_authorization_state("authorizationStateClosed");
  EXPECT_EQ(session_->auth_state(), BotAuthState::closed);
  EXPECT_TRUE(log_.recent(LogLevel::Error, 10).empty());

  session_->close();  // already closed: nothing more is sent
  EXPECT_EQ(client_->sent_of_type("close").size(), 1u);
}

TEST_F(BotSessionTest, ListenerHearsEveryChange) {
  session_->start();
  const int before = changes_;
  client_->push_authorization_state("authorizationStateWaitTdlibParameters");
  client_->push_connection_state("connectionStateConnecting");
  EXPECT_EQ(changes_, before + 2);
}

TEST(BotInfoFromUser, NeedsAUserWithAnId) {
  EXPECT_FALSE(bot_info_from_user({{"@type", "chat"}, {"id", 1}}));
  EXPECT_FALSE(bot_info_from_user({{"@type", "user"}}));
  const std::optional<BotInfo> info = bot_info_from_user({{"@type", "user"}, {"id", 5}});
  ASSERT_TRUE(info);
  EXPECT_EQ(info->username, "");
}

}  // namespace
}  // namespace tglink
