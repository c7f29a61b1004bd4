#include <string>
#include <vector>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/post.hpp>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "real_tdlib_fixture.hpp"
#include "support/io_wait.hpp"
#include "telegram/td_client.hpp"
#include "telegram/td_receiver.hpp"
#include "telegram/tdlib_setup_requests.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;
using testing::run_until;

// One TdClient on the real library, fed by its own TdReceiver, taken offline at once.
class TdClientRealTest : public testing::RealTdlibTest {
 protected:
  TdClientRealTest()
      : client_(library_, io_.get_executor()),
        receiver_(library_, log_, [this](std::int32_t id, boost::json::object message) {
          boost::asio::post(io_, [this, id, message = std::move(message)]() mutable {
            on_message(id, std::move(message));
          });
        }) {
    client_.subscribe("updateAuthorizationState", [this](const boost::json::object& update) {
      states_.emplace_back(update.at("authorization_state").at("@type").as_string());
    });
    receiver_.start();
    client_.send(network_none_request(), [](const boost::json::object&) {});
  }

  // Closes the client for real whatever the test did, so TDLib is left with nothing open.
  ~TdClientRealTest() override {
    if (!tdlib_closed_) {
      library_->send(client_.id(), R"({"@type":"close"})");
      EXPECT_TRUE(run_until(io_, [this] { return tdlib_closed_; }));
    }
    receiver_.stop();
  }

  void on_message(std::int32_t id, boost::json::object message) {
    if (id != client_.id()) {
      return;
    }
    tdlib_closed_ = tdlib_closed_ || is_closed_update(message);
    client_.deliver(std::move(message));
  }

  // Starts a coroutine that sends request and stores its answer in *answer.
  void spawn_request(boost::json::object request, std::optional<boost::json::object>* answer) {
    boost::asio::co_spawn(
        io_,
        [this, request = std::move(request), answer]() mutable -> boost::asio::awaitable<void> {
          *answer = co_await client_.request(std::move(request));
        },
        boost::asio::detached);
  }

  TdClient client_;
  TdReceiver receiver_;
  std::vector<std::string> states_;
  bool tdlib_closed_ = false;
};

TEST_F(TdClientRealTest, ConcurrentRequestsEachGetTheirOwnAnswer) {
  constexpr int kStrings = 8;
  std::vector<std::optional<boost::json::object>> strings(kStrings);
  std::vector<std::optional<boost::json::object>> squares(kStrings);
  std::optional<boost::json::object> version;
  std::optional<boost::json::object> bad;
  for (int i = 0; i < kStrings; ++i) {
    spawn_request({{"@type", "testCallString"}, {"x", "value " + std::to_string(i)}}, &strings[i]);
    spawn_request({{"@type", "testSquareInt"}, {"x", i}}, &squares[i]);
  }
  spawn_request({{"@type", "getOption"}, {"name", "version"}}, &version);
  spawn_request({{"@type", "x"}}, &bad);

  const auto all_answered = [&] {
    for (int i = 0; i < kStrings; ++i) {
      if (!strings[i] || !squares[i]) {
        return false;
      }
    }
    return version && bad;
  };
  ASSERT_TRUE(run_until(io_, all_answered));
  for (int i = 0; i < kStrings; ++i) {
    EXPECT_EQ(strings[i]->at("@type"), "testString");
    EXPECT_EQ(strings[i]->at("value").as_string(), "value " + std::to_string(i));
    EXPECT_EQ(squares[i]->at("value"), i * i);
    EXPECT_FALSE(strings[i]->contains("@extra"));
  }
  EXPECT_EQ(version->at("@type"), "optionValueString");
  ASSERT_TRUE(td_error(*bad));
  EXPECT_EQ(td_error(*bad)->code, 400);
  EXPECT_THAT(td_error(*bad)->message,
              HasSubstr("Failed to parse JSON object as TDLib request: Unknown class \"x\""));
  // Only setNetworkType is left: TDLib holds it until setTdlibParameters, never sent here.
  EXPECT_EQ(client_.pending_count(), 1u);
}

TEST_F(TdClientRealTest, UpdatesReachTheirSubscribers) {
  ASSERT_TRUE(run_until(io_, [this] { return !states_.empty(); }));
  EXPECT_EQ(states_.front(), "authorizationStateWaitTdlibParameters");
}

TEST_F(TdClientRealTest, ClosedClientAnswersEveryLaterRequestWithClientClosed) {
  client_.send({{"@type", "close"}}, [](const boost::json::object&) {});
  ASSERT_TRUE(run_until(io_, [this] { return client_.closed(); }));
  EXPECT_EQ(states_.back(), "authorizationStateClosed");

  std::optional<boost::json::object> answer;
  spawn_request({{"@type", "getOption"}, {"name", "version"}}, &answer);
  ASSERT_TRUE(run_until(io_, [&] { return answer.has_value(); }));
  ASSERT_TRUE(td_error(*answer));
  EXPECT_EQ(td_error(*answer)->code, 500);
  EXPECT_EQ(td_error(*answer)->message, "client closed");
}

TEST_F(TdClientRealTest, RequestsPendingAtCloseAreFailedAndLateAnswersDropped) {
  std::optional<boost::json::object> answer;
  client_.send({{"@type", "testCallString"}, {"x", "late"}},
               [&](boost::json::object a) { answer = std::move(a); });
  // The closed update is delivered before the io_context has run, so the real answer is
  // still on its way.
  client_.deliver({{"@type", "updateAuthorizationState"},
                   {"authorization_state", {{"@type", "authorizationStateClosed"}}}});
  ASSERT_TRUE(answer);
  EXPECT_EQ(td_error(*answer)->message, "client closed");
  EXPECT_EQ(client_.pending_count(), 0u);
  // The destructor closes the TDLib client; TDLib's own answer then finds nothing to complete.
}

}  // namespace
}  // namespace tglink
