// Load: MAX_CONNECTIONS refuses the excess with a complete 503 and a close instead of
// failing on EMFILE, and idle keep-alive plus slowloris connections leave the service answering.
// The measured run with 10,000 + 2,000 connections is `bench/run.sh load`; this one checks
// behaviour with small numbers and asserts no timing.
#include <memory>
#include <thread>
#include <vector>

#include <boost/json.hpp>
#include <gtest/gtest.h>
#include <sys/resource.h>

#include "e2e/raw_client.hpp"
#include "e2e/streaming_support.hpp"
#include "ops/open_file_limit.hpp"
#include "support/eventually.hpp"

namespace tglink::testing {
namespace {

namespace json = boost::json;

using Clients = std::vector<std::unique_ptr<RawClient>>;

SimHarnessOptions limited_to(int connections) {
  return with_env({{"MAX_CONNECTIONS", std::to_string(connections)},
                   {"RATE_LIMIT_BURST", "100000"}});  // every client here is 127.0.0.1
}

// A refusal is a whole 503 with the JSON error body, then the end of the connection.
void expect_refused(RawClient& client) {
  const testing::ResponseHead head = client.read_head();
  ASSERT_EQ(head.status, 503) << head.text;
  EXPECT_NE(head.text.find("Retry-After: 1"), std::string::npos) << head.text;
  EXPECT_NE(head.text.find("Connection: close"), std::string::npos) << head.text;
  const std::string body = client.read_some(static_cast<std::size_t>(head.content_length));
  const json::object error = json::parse(body).as_object();
  EXPECT_EQ(error.at("error_code").as_string(), "SERVICE_UNAVAILABLE");
  EXPECT_TRUE(client.closed_by_server());
}

// Opens `count` connections that each had one request answered and stay open, idle.
Clients idle_keep_alive(std::uint16_t port, int count) {
  Clients clients;
  for (int i = 0; i < count; ++i) {
    auto client = std::make_unique<RawClient>(port);
    EXPECT_TRUE(client->send(testing::get_request("/api/info")));
    const testing::ResponseHead head = client->read_head();
    EXPECT_EQ(head.status, 200) << "connection " << i;
    client->read_some(static_cast<std::size_t>(head.content_length));
    clients.push_back(std::move(client));
  }
  return clients;
}

// Opens `count` connections that send the start of a request and never finish it.
Clients slowloris(std::uint16_t port, int count) {
  Clients clients;
  for (int i = 0; i < count; ++i) {
    auto client = std::make_unique<RawClient>(port);
    EXPECT_TRUE(client->send("GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "));
    clients.push_back(std::move(client));
  }
  return clients;
}

// The server has registered a connection once it answers on it; a slowloris one never does, so
// wait until a fresh request is answered after them (connections are accepted in order).
bool answers_api_info(SimHarness& harness) {
  RawClient probe{harness.port()};
  probe.send(testing::get_request("/api/info", false));
  return probe.read_head().status == 200;
}

// One more connection asking for /api/info. Answered (200), it is kept in `held`; otherwise it
// must be refused cleanly (503, then closed by the server), and counts in `refused`.
void connect_one_more(std::uint16_t port, Clients& held, int& refused) {
  auto client = std::make_unique<RawClient>(port);
  ASSERT_TRUE(client->connected());
  client->send(testing::get_request("/api/info"));
  const testing::ResponseHead head = client->read_head();
  if (head.status == 200) {
    client->read_some(static_cast<std::size_t>(head.content_length));
    held.push_back(std::move(client));
    return;
  }
  ASSERT_EQ(head.status, 503) << head.text;
  EXPECT_TRUE(client->closed_by_server());
  ++refused;
}

TEST(ConnectionLimit, ConnectionsPastTheLimitGetA503AndAreClosed) {
  constexpr int kLimit = 8;
  SimHarness harness{limited_to(kLimit)};
  Clients held = idle_keep_alive(harness.port(), kLimit);
  RawClient extra{harness.port()};
  ASSERT_TRUE(extra.connected());
  extra.send(testing::get_request("/api/info"));
  expect_refused(extra);
  // One held connection goes away: its place is free again.
  held.back().reset();
  held.pop_back();
  EXPECT_TRUE(eventually([&] { return answers_api_info(harness); }));
  EXPECT_NE(harness.process().output().find("MAX_CONNECTIONS (8) reached"), std::string::npos);
}

// Without MAX_CONNECTIONS the limit follows RLIMIT_NOFILE, so a small file limit meets 503s, not
// EMFILE. The limit is lowered in this test's own process (each test runs in its own), which
// tglink inherits.
TEST(ConnectionLimit, DefaultLimitFollowsTheOpenFileLimit) {
  constexpr rlim_t kFiles = 400;
  const rlimit small{kFiles, kFiles};
  ASSERT_EQ(::setrlimit(RLIMIT_NOFILE, &small), 0);
  SimHarness harness{with_env({{"RATE_LIMIT_BURST", "100000"}})};
  const std::size_t limit = connections_for_descriptors(kFiles);
  EXPECT_NE(harness.process().output().find("MAX_CONNECTIONS: " + std::to_string(limit)),
            std::string::npos)
      << harness.process().output();
  Clients held;
  int refused = 0;
  while (refused < 5 && held.size() <= limit) {
    ASSERT_NO_FATAL_FAILURE(connect_one_more(harness.port(), held, refused));
  }
  EXPECT_LE(held.size(), limit);
  EXPECT_EQ(refused, 5);
  EXPECT_EQ(harness.process().output().find("accept failed"), std::string::npos);
}

TEST(ConnectionLimit, IdleAndSlowlorisConnectionsLeaveTheServiceAnswering) {
  constexpr int kIdle = 300;
  constexpr int kSlowloris = 100;
  constexpr int kLimit = kIdle + kSlowloris + 10;
  SimHarness harness{limited_to(kLimit)};
  const std::uint64_t size = 3 * 1024 * 1024 + 5;
  const PostedFile file = testing::post_file(harness, harness.make_file("load.bin", size));
  Clients idle = idle_keep_alive(harness.port(), kIdle);
  Clients slow = slowloris(harness.port(), kSlowloris);
  ASSERT_TRUE(answers_api_info(harness));
  // A download among them is whole and exact.
  const testing::HttpResult download = harness.get("/dl/" + file.token);
  ASSERT_EQ(download.status, 200);
  ASSERT_TRUE(download.complete);
  EXPECT_TRUE(download.body == testing::read_range(file.source, 0, size));
  // Fill the last places; every connection past them is refused cleanly, none is reset. (The
  // probes above may still be closing, so how many places are left is not known exactly.)
  Clients filler;
  int refused = 0;
  while (refused < 20) {
    ASSERT_NO_FATAL_FAILURE(connect_one_more(harness.port(), filler, refused));
    ASSERT_LE(filler.size(), static_cast<std::size_t>(kLimit - kIdle - kSlowloris));
  }
  // The held connections are all still usable.
  for (std::size_t i = 0; i < idle.size(); i += 50) {
    ASSERT_TRUE(idle[i]->send(testing::get_request("/api/info")));
    EXPECT_EQ(idle[i]->read_head().status, 200) << "idle connection " << i;
  }
}

}  // namespace
}  // namespace tglink::testing
