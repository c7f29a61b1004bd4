// What goes wrong during a download, as TDLib lives through it: FLOOD_WAIT answers to parts are
// waited out with no word to the client until the waits pass 60 s (NetQueryDelayer::delay), an
// expired file reference is repaired by fetching the message again (FileReferenceManager), and a
// deleted message leaves nothing to repair it from.

#include <chrono>
#include <thread>

#include "sim_fixture.hpp"

namespace tglink::testing {
namespace {
namespace json = boost::json;

bool failed(const json::object& file) {
  return !flag(local(file), "is_downloading_active") && !completed(file);
}

class SimDownloadFaultsTest : public SimTest {
 protected:
  void SetUp() override {
    SimTest::SetUp();
    client_ = login();
  }
  void start(int file_id) {
    request(client_, {{"@type", "downloadFile"}, {"file_id", file_id}, {"priority", 1}});
  }
  // A synchronous downloadFile whose answer the test collects later with answer_of().
  void start_synchronous(int file_id, const std::string& extra) {
    td_->send(client_, json::object{{"@type", "downloadFile"},
                                    {"file_id", file_id},
                                    {"priority", 1},
                                    {"synchronous", true},
                                    {"@extra", extra}});
  }
  json::object answer_of(const std::string& extra) {
    return td_->wait_for([&](const json::object& message) {
      const json::value* got = message.if_contains("@extra");
      return got != nullptr && got->is_string() && got->as_string() == extra;
    });
  }
  json::object file(int file_id) {
    return request(client_, {{"@type", "getFile"}, {"file_id", file_id}});
  }
  // Polls the counters until `read` reaches `value` (the engine runs on its own thread).
  void wait_counter(std::int64_t sim::BotCountersView::*field, std::int64_t value) {
    for (int i = 0; i < 2000 && control_->counters(kBotId).*field < value; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ASSERT_EQ(control_->counters(kBotId).*field, value);
  }
  // Moves the simulated clock on, a second at a time, until the download of `file_id` fails.
  void run_clock_until_failed(int file_id) {
    for (int i = 0; i < 3000 && !failed(file(file_id)); ++i) control_->advance_time(1);
    ASSERT_TRUE(failed(file(file_id)));
  }
  // A synchronous download of a new file `name`.bin whose every part is answered
  // FLOOD_WAIT_`retry_after`, run on the simulated clock until it fails: the downloadFile's
  // answer (the fault is cleared again).
  json::object download_under_endless_flood(const std::string& name, int retry_after) {
    const int id = receive_file(client_, make_file(name + ".bin", 50 * 1024), "document");
    control_->fault(kBotId, "flood", {{"count", -1}, {"retry_after", retry_after}});
    start_synchronous(id, name);
    run_clock_until_failed(id);
    json::object answer = answer_of(name);
    control_->fault(kBotId, "clear");
    return answer;
  }
  // Every part request of the bot is answered after `latency`.
  void set_latency_ms(double latency) {
    sim::BotSettingsPatch patch;
    patch.latency_ms = latency;
    control_->set_bot(kBotId, patch);
  }
  // `fault` on the user's `message` while the download's parts wait on a long latency; then the
  // latency drops and the parts in flight are answered.
  void fault_while_parts_in_flight(const std::string& fault, const json::object& message) {
    control_->fault(
        kBotId, fault,
        {{"chat_id", kUserId}, {"message_id", message.at("id").to_number<std::int64_t>()}});
    set_latency_ms(1.0);
    control_->advance_time(60);
  }
  // The updates of `file_id` up to the first for which `last` holds, all of them.
  std::vector<json::object> updates_until(int file_id,
                                          const std::function<bool(const json::object&)>& last) {
    std::vector<json::object> seen;
    wait_file(file_id, [&](const json::object& f) {
      seen.push_back(f);
      return last(f);
    });
    return seen;
  }
  int client_ = 0;
};

TEST_F(SimDownloadFaultsTest, AFloodWaitIsRiddenOutSilently) {
  const int id = receive_file(client_, make_file("one-part.bin", 50 * 1024), "document");
  // FLOOD_WAIT_60: the longest single wait TDLib rides out (a longer one fails at once).
  control_->fault(kBotId, "flood", {{"count", 1}, {"retry_after", 60}});
  start(id);
  wait_counter(&sim::BotCountersView::part_flood_waits, 1);
  json::object waiting = file(id);
  EXPECT_TRUE(flag(local(waiting), "is_downloading_active"));
  EXPECT_EQ(number(local(waiting), "downloaded_size"), 0);
  control_->advance_time(60);
  for (const json::object& update : updates_until(id, completed)) {
    EXPECT_FALSE(failed(update)) << json::serialize(update);
  }
  EXPECT_EQ(control_->counters(kBotId).part_requests, 2);  // sent again after the wait
}

TEST_F(SimDownloadFaultsTest, ASingleFloodWaitOfMoreThanSixtySecondsFailsAtOnce) {
  const int id = receive_file(client_, make_file("long.bin", 50 * 1024), "document");
  control_->fault(kBotId, "flood", {{"count", 1}, {"retry_after", 61}});
  start(id);
  wait_file(id, failed);
  EXPECT_EQ(control_->counters(kBotId).part_flood_waits, 1);
}

TEST_F(SimDownloadFaultsTest, FloodWaitsOfMoreThanSixtySecondsFailTheDownload) {
  const json::object answer = download_under_endless_flood("storm", 20);
  // 20 + 20 + 20 = 60 s were waited out; the fourth FLOOD_WAIT would have made 80.
  EXPECT_EQ(control_->counters(kBotId).part_flood_waits, 4);
  EXPECT_EQ(answer.at("@type"), "error");
  EXPECT_EQ(answer.at("code").to_number<int>(), 400);
  EXPECT_EQ(answer.at("message"), "File download has failed or was canceled");
}

TEST_F(SimDownloadFaultsTest, FloodWaitZeroWaitsOneSecondThenTwiceAsLongEachTime) {
  const json::object answer = download_under_endless_flood("zero", 0);
  // 1 + 2 + 4 + 8 + 16 = 31 s were waited out; the sixth wait, 32 s, would have made 63.
  EXPECT_EQ(control_->counters(kBotId).part_flood_waits, 6);
  EXPECT_EQ(answer.at("message"), "File download has failed or was canceled");
}

TEST_F(SimDownloadFaultsTest, AnExpiredFileReferenceIsRepairedAndTheDownloadGoesOn) {
  json::object message;
  const std::filesystem::path source = make_file("expiring.bin", kMiB);
  const int id = receive_file(client_, source, "document", &message);
  set_latency_ms(60000.0);
  start(id);                                                 // all 16 parts in flight
  fault_while_parts_in_flight("expire_reference", message);  // they answer FILE_REFERENCE_EXPIRED
  const std::vector<json::object> updates = updates_until(id, completed);
  for (const json::object& update : updates) EXPECT_FALSE(failed(update));
  EXPECT_EQ(control_->counters(kBotId).file_reference_repairs, 1);
  EXPECT_EQ(control_->counters(kBotId).bytes_downloaded, kMiB);
  EXPECT_EQ(std::filesystem::file_size(std::string(local(updates.back()).at("path").as_string())),
            static_cast<std::uintmax_t>(kMiB));
}

TEST_F(SimDownloadFaultsTest, AMessageDeletedMidDownloadFailsIt) {
  json::object message;
  const int id = receive_file(client_, make_file("deleted.bin", kMiB), "document", &message);
  set_latency_ms(60000.0);
  start_synchronous(id, "deleted");
  fault_while_parts_in_flight("delete_message", message);
  json::object answer = answer_of("deleted");
  EXPECT_EQ(answer.at("message"), "File download has failed or was canceled");
  EXPECT_TRUE(failed(file(id)));
  EXPECT_EQ(control_->counters(kBotId).bytes_downloaded, 0);
  EXPECT_EQ(control_->counters(kBotId).file_reference_repairs, 0);
}

TEST_F(SimDownloadFaultsTest, ACancelWhileWaitingAnswersTheSynchronousCall) {
  const int id = receive_file(client_, make_file("cancel.bin", kMiB), "document");
  set_latency_ms(60000.0);
  start_synchronous(id, "cancelled");
  request(client_, {{"@type", "cancelDownloadFile"}, {"file_id", id}});
  json::object answer = answer_of("cancelled");
  EXPECT_EQ(answer.at("message"), "File download has failed or was canceled");
}

TEST_F(SimDownloadFaultsTest, AnotherWindowCancelsTheSynchronousCallWaitingForTheFirst) {
  const int id = receive_file(client_, make_file("two.bin", 10 * kMiB), "document");
  set_latency_ms(60000.0);
  start_synchronous(id, "first");
  request(client_, {{"@type", "downloadFile"},
                    {"file_id", id},
                    {"priority", 1},
                    {"offset", 5 * kMiB},
                    {"limit", kMiB}});
  json::object answer = answer_of("first");
  EXPECT_EQ(answer.at("code").to_number<int>(), 200);
  EXPECT_EQ(answer.at("message"), "Canceled by another downloadFile request");
}

}  // namespace
}  // namespace tglink::testing
