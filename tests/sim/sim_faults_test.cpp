// Faults injected per bot: 429 on parts, disconnects, throughput.

#include "sim_fixture.hpp"

namespace tglink::testing {
namespace {
namespace json = boost::json;

constexpr std::int64_t kMiB = 1024 * 1024;

std::string connection_state(const json::object& update) {
  return std::string(update.at("state").as_object().at("@type").as_string());
}

TEST_F(SimTest, FloodOnOnePartFailsTheWholeDownload) {
  int client = login();
  int file = receive_file(client, make_file("f.bin", 10 * kMiB), "document");
  control_->fault(kBotId, "flood", {{"count", 1}, {"retry_after", 7}});
  json::object answer = request(
      client,
      {{"@type", "downloadFile"}, {"file_id", file}, {"priority", 1}, {"synchronous", true}});
  EXPECT_EQ(answer.at("code").to_number<int>(), 429);
  EXPECT_EQ(answer.at("message"), "Too Many Requests: retry after 7");
  json::object failed = wait_file(file, [](const json::object& f) {
    const json::object& local = f.at("local").as_object();
    return !local.at("is_downloading_active").as_bool();
  });
  EXPECT_FALSE(failed.at("local").as_object().at("is_downloading_completed").as_bool());
  // The fault was for one part only: the next attempt completes.
  json::object retry = request(
      client,
      {{"@type", "downloadFile"}, {"file_id", file}, {"priority", 1}, {"synchronous", true}});
  EXPECT_TRUE(retry.at("local").as_object().at("is_downloading_completed").as_bool());
}

TEST_F(SimTest, DisconnectAndReconnectAreReportedAsConnectionStates) {
  int client = login();
  json::object state;
  do {
    state = td_->wait_update(client, "updateConnectionState");
  } while (connection_state(state) != "connectionStateReady");
  control_->fault(kBotId, "disconnect");
  EXPECT_EQ(connection_state(td_->wait_update(client, "updateConnectionState")),
            "connectionStateConnecting");
  control_->fault(kBotId, "reconnect");
  do {
    state = td_->wait_update(client, "updateConnectionState");
  } while (connection_state(state) != "connectionStateReady");
}

TEST_F(SimTest, DownloadStallsWhileDisconnectedAndResumesAfter) {
  int client = login();
  int file = receive_file(client, make_file("s.bin", kMiB), "document");
  control_->fault(kBotId, "disconnect");
  request(client, {{"@type", "downloadFile"}, {"file_id", file}, {"priority", 1}});
  EXPECT_EQ(control_->counters(kBotId).parts, 0);
  control_->fault(kBotId, "reconnect");
  wait_file(file, [](const json::object& f) {
    return f.at("local").as_object().at("is_downloading_completed").as_bool();
  });
  EXPECT_EQ(control_->counters(kBotId).bytes_downloaded, kMiB);
}

}  // namespace
}  // namespace tglink::testing
