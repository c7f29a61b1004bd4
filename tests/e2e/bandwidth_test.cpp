// The monthly bandwidth counts the bytes
// that reached the socket, as they go, even when the client goes away before the end and the
// file is already on disk; and a transfer under way when the month's limit is reached sends at
// most kLimitOverrunBound more.
#include <memory>
#include <thread>
#include <vector>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "e2e/raw_client.hpp"
#include "e2e/streaming_support.hpp"
#include "serving/counting_channel.hpp"
#include "support/eventually.hpp"

namespace tglink::testing {
namespace {

namespace json = boost::json;

constexpr int kClientReceiveBuffer = 64 * 1024;

json::object api_info(SimHarness& harness) {
  return json::parse(harness.get("/api/info").body).as_object();
}

std::int64_t used_bytes(SimHarness& harness) {
  return api_info(harness).at("bandwidth_info").at("used_bytes").to_number<std::int64_t>();
}

// The server counts a client's last bytes when it notices the client is gone: wait for that.
bool wait_until_no_stream(SimHarness& harness) {
  return eventually([&] {
    const json::object info = api_info(harness);
    return info.at("streaming_info").at("active_streams").to_number<std::int64_t>() == 0;
  });
}

// Reads `wanted` body bytes of a GET, then closes the connection; the body bytes received.
std::uint64_t read_then_drop(std::uint16_t port, const std::string& target, std::uint64_t wanted,
                             std::uint64_t* unread_bound) {
  RawClient client{port, kClientReceiveBuffer};
  if (!client.send(testing::get_request(target))) return 0;
  if (client.read_head().status != 200) return 0;
  const std::uint64_t got = client.drain(wanted);
  // What the server sent and this client never read: its receive buffer, plus what was still
  // in the server's send queue when the connection was reset.
  *unread_bound = client.receive_buffer() + testing::tcp_send_buffer_max();
  return got;
}

void warm_cache(SimHarness& harness, const PostedFile& file) {
  const testing::HttpResult whole = harness.get("/dl/" + file.token);
  ASSERT_EQ(whole.status, 200);
  ASSERT_TRUE(whole.complete);
}

// A file of `size` bytes posted as `name` and downloaded once: what follows is served from the
// cache.
PostedFile cached_file(SimHarness& harness, const std::string& name, std::uint64_t size) {
  const PostedFile file = testing::post_file(harness, harness.make_file(name, size));
  warm_cache(harness, file);
  return file;
}

TEST(Bandwidth, ClientThatLeavesACachedFileEarlyIsCounted) {
  SimHarness harness;
  const std::uint64_t size = 48 * kMiB;
  const PostedFile file = cached_file(harness, "big.bin", size);
  const std::int64_t before = used_bytes(harness);
  std::uint64_t unread_bound = 0;
  const std::uint64_t received =
      read_then_drop(harness.port(), "/dl/" + file.token, 20 * kMiB, &unread_bound);
  ASSERT_EQ(received, 20 * kMiB);
  ASSERT_TRUE(wait_until_no_stream(harness));
  const auto counted = static_cast<std::uint64_t>(used_bytes(harness) - before);
  EXPECT_GE(counted, received);
  EXPECT_LE(counted, received + unread_bound);
}

// 20 concurrent clients leave at 20 different places; the counter grows by what they received.
void twenty_clients_that_drop(bool cached, bool four_bots = false) {
  SimHarnessOptions options;
  if (four_bots) options.env["ADDITIONAL_BOT_TOKENS"] = testing::kThreeExtraBotTokens;
  SimHarness harness{options};
  if (four_bots) {
    ASSERT_TRUE(testing::wait_for_bots_connected(harness, testing::four_bot_ids()));
  }
  const std::uint64_t size = 32 * kMiB;
  const PostedFile file = testing::post_file(harness, harness.make_file("twenty.bin", size));
  if (cached) warm_cache(harness, file);
  const std::int64_t before = used_bytes(harness);
  constexpr int kClients = 20;
  std::vector<std::uint64_t> received(kClients, 0);
  std::vector<std::uint64_t> unread(kClients, 0);
  std::vector<std::thread> clients;
  for (int i = 0; i < kClients; ++i) {
    clients.emplace_back([&, i] {
      // 1 MiB + i * 700 KiB + i: every client leaves at a different place.
      const std::uint64_t wanted = kMiB + static_cast<std::uint64_t>(i) * 700 * 1024 + i;
      received[i] = read_then_drop(harness.port(), "/dl/" + file.token, wanted, &unread[i]);
    });
  }
  for (std::thread& client : clients) client.join();
  ASSERT_TRUE(wait_until_no_stream(harness));
  std::uint64_t total_received = 0;
  std::uint64_t total_unread = 0;
  for (int i = 0; i < kClients; ++i) {
    ASSERT_GT(received[i], 0U) << "client " << i;
    total_received += received[i];
    total_unread += unread[i];
  }
  const auto counted = static_cast<std::uint64_t>(used_bytes(harness) - before);
  EXPECT_GE(counted, total_received);
  EXPECT_LE(counted, total_received + total_unread);
}

// A clean stop counts every byte that reached a socket, also those of a 1 MiB counting slice
// (serving/counting_channel.hpp) that was only partly sent when SIGTERM came. Eight clients stop
// reading at eight places, so their transfers are held mid-slice through the drain until the
// server closes the sockets. The clients then read to the end: a server's closed socket still
// delivers what the kernel took, so each client receives exactly what the server's writes
// handed over, and after a restart the stored total must be that, to the byte.
TEST(Bandwidth, TransfersCutByACleanStopAreCountedToTheByteAfterARestart) {
  SimHarness harness;
  const std::uint64_t size = 16 * kMiB;
  const PostedFile file = cached_file(harness, "stop.bin", size);
  const std::int64_t before = used_bytes(harness);
  constexpr int kClients = 8;
  std::vector<std::unique_ptr<RawClient>> clients;
  std::vector<std::uint64_t> received;
  for (int i = 0; i < kClients; ++i) {
    clients.push_back(std::make_unique<RawClient>(harness.port(), kClientReceiveBuffer));
    ASSERT_TRUE(clients.back()->send(testing::get_request("/dl/" + file.token)));
    ASSERT_EQ(clients.back()->read_head().status, 200);
    const std::uint64_t wanted = 2 * kMiB + static_cast<std::uint64_t>(i) * kMiB / kClients + 7;
    received.push_back(clients.back()->drain(wanted));
    ASSERT_EQ(received.back(), wanted) << "client " << i;
  }
  ASSERT_EQ(harness.stop(), 0) << harness.process().output();
  std::uint64_t total_received = 0;
  for (int i = 0; i < kClients; ++i) {
    received[i] += clients[i]->drain(size);
    EXPECT_LT(received[i], size) << "client " << i << " got the whole file before the stop";
    total_received += received[i];
  }
  harness.restart();
  ASSERT_TRUE(harness.wait_for_api_status(200)) << harness.process().output();
  EXPECT_EQ(used_bytes(harness) - before, static_cast<std::int64_t>(total_received));
}

TEST(Bandwidth, TwentyClientsThatDropAreCountedAsWhatTheyReceived) {
  twenty_clients_that_drop(true);
}

// The same while the file is still coming from Telegram.
TEST(Bandwidth, TwentyClientsThatDropDuringAColdStreamAreCountedAsWhatTheyReceived) {
  twenty_clients_that_drop(false);
}

// The same with the stream spread over four bots.
TEST(Bandwidth, TwentyClientsThatDropDuringAStreamOverFourBotsAreCountedAsWhatTheyReceived) {
  twenty_clients_that_drop(false, true);
}

TEST(Bandwidth, TransfersUnderWayWhenTheLimitIsReachedStopWithinTheBound) {
  SimHarnessOptions options;
  options.env["BANDWIDTH_LIMIT_GB"] = "0.0078125";  // 8 MiB
  SimHarness harness{options};
  const std::int64_t limit = 8 * static_cast<std::int64_t>(kMiB);
  const std::uint64_t size = 64 * kMiB;
  const PostedFile file = testing::post_file(harness, harness.make_file("over.bin", size));
  constexpr int kClients = 3;
  std::vector<int> status(kClients, 0);
  std::vector<std::uint64_t> received(kClients, 0);
  std::vector<std::thread> clients;
  for (int i = 0; i < kClients; ++i) {
    clients.emplace_back([&, i] {
      RawClient client{harness.port(), kClientReceiveBuffer};
      client.send(testing::get_request("/dl/" + file.token));
      status[i] = client.read_head().status;
      if (status[i] == 200) received[i] = client.drain(size);
    });
  }
  for (std::thread& client : clients) client.join();
  ASSERT_TRUE(wait_until_no_stream(harness));
  int transfers = 0;
  for (int i = 0; i < kClients; ++i) {
    if (status[i] == 429) continue;
    ASSERT_EQ(status[i], 200) << "client " << i;
    ++transfers;
    // Each transfer began under the limit (at most `limit` bytes went before it was reached)
    // and sent at most the bound after: it cannot have had the whole file.
    EXPECT_LE(received[i], static_cast<std::uint64_t>(limit) + kLimitOverrunBound)
        << "client " << i;
  }
  ASSERT_GE(transfers, 1);
  const std::int64_t used = used_bytes(harness);
  EXPECT_GE(used, limit);
  EXPECT_LE(used, limit + transfers * static_cast<std::int64_t>(kLimitOverrunBound));
  EXPECT_EQ(harness.get("/dl/" + file.token).status, 429);
}

}  // namespace
}  // namespace tglink::testing
