// Faults injected per bot: disconnects and reconnects (flood waits and file references during a
// download: sim_download_faults_test.cpp).

#include "sim_fixture.hpp"

namespace tglink::testing {
namespace {
namespace json = boost::json;

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
