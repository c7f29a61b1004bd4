// The simulated clock: advance_time moves message dates and wakes timed work at once, without a
// real wait.

#include "sim_fixture.hpp"

namespace tglink::testing {
namespace {
namespace json = boost::json;

std::int64_t date_of_new_message(TdJsonDriver& td, int client) {
  json::object update = td.wait_update(client, "updateNewMessage");
  return update.at("message").as_object().at("date").to_number<std::int64_t>();
}

TEST_F(SimTest, AdvanceTimeMovesMessageDates) {
  int client = login();
  control_->send_text(kUserId, "before");
  const std::int64_t before = date_of_new_message(*td_, client);
  control_->advance_time(3600);
  control_->send_text(kUserId, "after");
  const std::int64_t after = date_of_new_message(*td_, client);
  EXPECT_GE(after - before, 3600);
  EXPECT_LT(after - before, 3600 + 60);
}

TEST_F(SimTest, AdvanceTimeWakesADownloadPartThatIsDueLater) {
  int client = login();
  int file = receive_file(client, make_file("slow.bin", 1000), "document");
  sim::BotSettingsPatch slow;
  slow.latency_ms = 3600.0 * 1000;  // one simulated hour per part
  control_->set_bot(kBotId, slow);
  request(client, {{"@type", "downloadFile"}, {"file_id", file}, {"priority", 1}});
  EXPECT_EQ(control_->counters(kBotId).parts, 0);
  control_->advance_time(3599);
  EXPECT_EQ(control_->counters(kBotId).parts, 0);
  control_->advance_time(1);
  EXPECT_EQ(control_->counters(kBotId).parts, 1);  // done before advance_time answered
  wait_file(file, [](const json::object& f) {
    return f.at("local").as_object().at("is_downloading_completed").as_bool();
  });
}

TEST_F(SimTest, AdvanceTimeRefusesABackwardStep) {
  login();
  EXPECT_THROW(control_->advance_time(-1), std::runtime_error);
  EXPECT_THROW(control_->call({{"op", "advance_time"}}), std::runtime_error);
}

}  // namespace
}  // namespace tglink::testing
