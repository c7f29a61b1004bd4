#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/config.hpp"
#include "real_tdlib_fixture.hpp"
#include "support/build_paths.hpp"
#include "support/io_wait.hpp"
#include "support/temp_dir.hpp"
#include "telegram/bot_pool.hpp"

namespace tglink {
namespace {

using testing::run_until;

constexpr const char* kMainToken = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";
constexpr const char* kExtraToken = "987654321:AAFextraExtraExtraExtraExtraExtra0";
constexpr std::chrono::seconds kCloseTimeout{60};

// A well-formed token that cannot work, against the real library with no network at all.
class BotPoolRealTest : public testing::RealTdlibTest {
 protected:
  Config offline_config() const {
    Config config;
    config.bot_token = kMainToken;
    config.api_id = 12345;
    config.api_hash = "0123456789abcdef0123456789abcdef";
    config.data_dir = dir_.path();
    config.tdjson_path = TGLINK_REAL_TDJSON;
    config.tdlib_network_none = true;
    return config;
  }

  static bool waits_offline_for_token(const BotSession& bot) {
    return bot.tdlib_authorization_state() == "authorizationStateWaitPhoneNumber" &&
           bot.connection() == ConnectionState::waiting_for_network;
  }

  // Closes the pool and returns what the completion reported.
  bool close(BotPool& pool) {
    std::optional<bool> result;
    pool.close(kCloseTimeout, [&](bool all_closed) { result = all_closed; });
    EXPECT_TRUE(run_until(io_, [&] { return result.has_value(); }));
    return result.value_or(false);
  }

  std::string all_log_text() const {
    std::string text;
    for (const LogRecord& record : log_.recent(LogLevel::Debug, 10000)) {
      text += record.text + "\n";
    }
    return text;
  }

  testing::TempDir dir_;
};

TEST_F(BotPoolRealTest, OfflineBotSendsItsTokenButNeverConnects) {
  BotPool pool(io_.get_executor(), offline_config(), log_, library_);
  std::vector<std::string> heard;
  pool.subscribe_state(
      [&](const BotSession& bot) { heard.push_back(bot.tdlib_authorization_state()); });
  pool.start();

  ASSERT_TRUE(run_until(io_, [&] { return waits_offline_for_token(pool.main_bot()); }));
  const BotSession& bot = pool.main_bot();
  EXPECT_EQ(bot.auth_state(), BotAuthState::authorizing);  // token sent, answer never comes
  EXPECT_FALSE(bot.connected());
  EXPECT_EQ(pool.connected_count(), 0u);
  EXPECT_FALSE(pool.statuses().at(0).connected);
  EXPECT_FALSE(bot.me());
  EXPECT_THAT(heard, ::testing::Contains("authorizationStateWaitPhoneNumber"));
  EXPECT_EQ(bot.data_directory(), dir_.path() / "tdlib" / "123456789");
  EXPECT_TRUE(std::filesystem::exists(bot.data_directory() / "td.binlog"));

  EXPECT_TRUE(close(pool));
  EXPECT_TRUE(pool.all_closed());
  EXPECT_EQ(bot.auth_state(), BotAuthState::closed);
  EXPECT_EQ(bot.tdlib_authorization_state(), "authorizationStateClosed");
  EXPECT_TRUE(log_.recent(LogLevel::Error, 10).empty()) << all_log_text();
  EXPECT_THAT(all_log_text(), ::testing::Not(::testing::HasSubstr("AAHdqTcvCH1vGWJxfSeofSAs")));
}

TEST_F(BotPoolRealTest, GetMeOfAnOfflineBotAnswersUnauthorized) {
  BotPool pool(io_.get_executor(), offline_config(), log_, library_);
  pool.start();
  ASSERT_TRUE(run_until(io_, [&] { return waits_offline_for_token(pool.main_bot()); }));

  std::optional<boost::json::object> answer;
  boost::asio::co_spawn(
      io_,
      [&]() -> boost::asio::awaitable<void> {
        boost::json::object get_me{{"@type", "getMe"}};
        answer = co_await pool.main_bot().client().request(std::move(get_me));
      },
      boost::asio::detached);
  ASSERT_TRUE(run_until(io_, [&] { return answer.has_value(); }));
  ASSERT_TRUE(td_error(*answer));
  EXPECT_EQ(td_error(*answer)->code, 401);
  EXPECT_EQ(td_error(*answer)->message, "Unauthorized");

  EXPECT_TRUE(close(pool));
}

TEST_F(BotPoolRealTest, EveryBotGetsItsOwnClientAndDirectoryAndAllClose) {
  Config config = offline_config();
  config.additional_bot_tokens = {kExtraToken};
  BotPool pool(io_.get_executor(), config, log_, library_);
  pool.start();
  ASSERT_EQ(pool.size(), 2u);
  ASSERT_TRUE(run_until(io_, [&] {
    return waits_offline_for_token(pool.bot(0)) && waits_offline_for_token(pool.bot(1));
  }));
  EXPECT_TRUE(std::filesystem::exists(dir_.path() / "tdlib" / "123456789" / "td.binlog"));
  EXPECT_TRUE(std::filesystem::exists(dir_.path() / "tdlib" / "987654321" / "td.binlog"));
  EXPECT_EQ(pool.connected_count(), 0u);

  std::optional<bool> closed;
  boost::asio::co_spawn(
      io_,
      [&]() -> boost::asio::awaitable<void> { closed = co_await pool.async_close(kCloseTimeout); },
      boost::asio::detached);
  ASSERT_TRUE(run_until(io_, [&] { return closed.has_value(); }));
  EXPECT_TRUE(*closed);
  EXPECT_EQ(pool.bot(1).auth_state(), BotAuthState::closed);
}

TEST_F(BotPoolRealTest, MalformedTokenIsRefusedBeforeAnyClientExists) {
  Config config = offline_config();
  config.additional_bot_tokens = {"no-colon-secret"};
  try {
    BotPool pool(io_.get_executor(), config, log_, library_);
    ADD_FAILURE() << "a malformed token was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("ADDITIONAL_BOT_TOKENS entry #1"));
    EXPECT_THAT(e.what(), ::testing::Not(::testing::HasSubstr("no-colon-secret")));
  }
}

TEST_F(BotPoolRealTest, ClosingAPoolThatNeverStartedCompletesAtOnce) {
  BotPool pool(io_.get_executor(), offline_config(), log_, library_);
  EXPECT_TRUE(close(pool));
}

}  // namespace
}  // namespace tglink
