#include "support/fake_telegram_client.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <gtest/gtest.h>

#include "support/io_wait.hpp"

namespace tglink::testing {
namespace {

boost::json::object request(const char* type) { return {{"@type", type}}; }

TEST(FakeTelegramClient, RecordsRequestsInOrder) {
  FakeTelegramClient client;
  client.send(request("getMe"), [](boost::json::object) {});
  client.send(request("getChat"), [](boost::json::object) {});
  EXPECT_EQ(client.sent_types(), (std::vector<std::string>{"getMe", "getChat"}));
  EXPECT_EQ(client.sent_of_type("getChat").size(), 1u);
  EXPECT_EQ(client.pending_count(), 2u);
}

TEST(FakeTelegramClient, AnswersTheOldestPendingRequestOfAType) {
  FakeTelegramClient client;
  std::vector<int> answered;
  client.send(request("getMe"), [&](boost::json::object) { answered.push_back(1); });
  client.send(request("getMe"), [&](boost::json::object) { answered.push_back(2); });

  EXPECT_TRUE(client.answer("getMe", {{"@type", "user"}}));
  EXPECT_EQ(answered, std::vector<int>{1});
  EXPECT_TRUE(client.sent()[0].answered);
  EXPECT_FALSE(client.sent()[1].answered);
  EXPECT_FALSE(client.answer("getChat", {{"@type", "chat"}}));
  EXPECT_EQ(client.pending_count(), 1u);
}

TEST(FakeTelegramClient, FailGivesATdlibErrorObject) {
  FakeTelegramClient client;
  boost::json::object answer;
  client.send(request("getMe"), [&](boost::json::object a) { answer = std::move(a); });
  client.fail("getMe", 401, "Unauthorized");
  ASSERT_TRUE(td_error(answer));
  EXPECT_EQ(td_error(answer)->code, 401);
}

TEST(FakeTelegramClient, ResponderAnswersPendingAndLaterRequests) {
  FakeTelegramClient client;
  int answers = 0;
  client.send(request("getOption"), [&](boost::json::object a) {
    EXPECT_EQ(a.at("@type"), "optionValueString");
    ++answers;
  });
  client.respond_to("getOption", [](const boost::json::object&) {
    return boost::json::object{{"@type", "optionValueString"}, {"value", "x"}};
  });
  EXPECT_EQ(answers, 1);
  client.send(request("getOption"), [&](boost::json::object) { ++answers; });
  EXPECT_EQ(answers, 2);
  EXPECT_EQ(client.pending_count(), 0u);
}

TEST(FakeTelegramClient, PushesUpdatesToSubscribersOfTheirType) {
  FakeTelegramClient client;
  std::vector<std::string> states;
  const SubscriptionId id =
      client.subscribe("updateAuthorizationState", [&](const boost::json::object& update) {
        states.emplace_back(update.at("authorization_state").at("@type").as_string());
      });
  EXPECT_EQ(client.push_authorization_state("authorizationStateReady"), 1u);
  EXPECT_EQ(client.push_connection_state("connectionStateReady"), 0u);
  client.unsubscribe(id);
  EXPECT_EQ(client.push_authorization_state("authorizationStateClosed"), 0u);
  EXPECT_EQ(states, std::vector<std::string>{"authorizationStateReady"});
}

TEST(FakeTelegramClient, RequestAwaitableResumesWithTheAnswer) {
  boost::asio::io_context io;
  FakeTelegramClient client;
  std::optional<boost::json::object> answer;
  boost::asio::co_spawn(
      io,
      [&]() -> boost::asio::awaitable<void> { answer = co_await client.request(request("getMe")); },
      boost::asio::detached);
  // The coroutine keeps the io_context busy until it ends, so run only what is ready.
  ASSERT_TRUE(run_until(io, [&] { return client.pending_count() == 1; }));
  EXPECT_FALSE(answer);
  client.answer("getMe", {{"@type", "user"}, {"id", 7}});
  EXPECT_FALSE(answer);  // resumed through the executor, not inside answer()
  ASSERT_TRUE(run_until(io, [&] { return answer.has_value(); }));
  EXPECT_EQ(answer->at("id"), 7);
}

TEST(FakeTelegramClient, RequestAnsweredInsideSendStillResumes) {
  boost::asio::io_context io;
  FakeTelegramClient client;
  client.respond_to("getMe", [](const boost::json::object&) {
    return boost::json::object{{"@type", "user"}, {"id", 8}};
  });
  std::optional<boost::json::object> answer;
  boost::asio::co_spawn(
      io,
      [&]() -> boost::asio::awaitable<void> { answer = co_await client.request(request("getMe")); },
      boost::asio::detached);
  ASSERT_TRUE(run_until(io, [&] { return answer.has_value(); }));
  EXPECT_EQ(answer->at("id"), 8);
}

}  // namespace
}  // namespace tglink::testing
