#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "real_tdlib_fixture.hpp"
#include "support/io_wait.hpp"
#include "telegram/td_client.hpp"
#include "telegram/td_receiver.hpp"

namespace tglink {
namespace {

using TdReceiverRealTest = testing::RealTdlibTest;

TEST_F(TdReceiverRealTest, StopIsSafeBeforeStartAndTwice) {
  TdReceiver receiver(library_, log_, [](std::int32_t, boost::json::object) {});
  receiver.stop();
  receiver.start();
  EXPECT_TRUE(receiver.running());
  receiver.stop();
  receiver.stop();
  EXPECT_FALSE(receiver.running());
}

TEST_F(TdReceiverRealTest, HandsOnParsedMessagesWithTheirClientId) {
  std::mutex mutex;
  std::vector<std::pair<std::int32_t, std::string>> received;  // (client id, @type)
  std::atomic<bool> closed{false};
  TdReceiver receiver(library_, log_, [&](std::int32_t id, boost::json::object message) {
    const std::scoped_lock lock(mutex);
    received.emplace_back(id, std::string(message.at("@type").as_string()));
    closed = closed || is_closed_update(message);
  });
  receiver.start();
  const std::int32_t client = library_->create_client_id();
  library_->send(client, R"({"@type":"setNetworkType","type":{"@type":"networkTypeNone"}})");
  library_->send(client, R"({"@type":"close"})");
  const auto deadline = std::chrono::steady_clock::now() + testing::kHangLimit;
  while (!closed && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  receiver.stop();
  ASSERT_TRUE(closed);
  const std::scoped_lock lock(mutex);
  ASSERT_FALSE(received.empty());
  for (const auto& [id, type] : received) {
    EXPECT_EQ(id, client) << type;
  }
}

}  // namespace
}  // namespace tglink
