// The control socket and client, and the TGLINK_SIM_CONFIG file.

#include <fstream>

#include "sim_fixture.hpp"

namespace tglink::testing {
namespace {
namespace json = boost::json;

TEST_F(SimTest, CountersCountRequestsBytesAndCalls) {
  int client = login();
  int file = receive_file(client, make_file("c.bin", 100000), "document");
  request(client,
          {{"@type", "downloadFile"}, {"file_id", file}, {"priority", 1}, {"synchronous", true}});
  sim::BotCountersView counters = control_->counters(kBotId);
  EXPECT_EQ(counters.bytes_downloaded, 100000);
  EXPECT_EQ(counters.parts, 2);
  EXPECT_EQ(counters.download_file_calls, 1);
  EXPECT_EQ(counters.requests.at("downloadFile").to_number<int>(), 1);
  control_->reset_counters();
  EXPECT_EQ(control_->counters(kBotId).bytes_downloaded, 0);
}

TEST_F(SimTest, ControlErrorsNameTheProblem) {
  try {
    control_->call({{"op", "no_such_op"}});
    FAIL() << "expected an error";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("unknown op \"no_such_op\""), std::string::npos);
  }
  login();
  try {
    control_->wait_messages(kUserId, 1, 50);
    FAIL() << "expected a timeout";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("timed out waiting for 1 messages"),
              std::string::npos);
  }
}

TEST_F(SimTest, UsersAndChannelsCanBeCreatedAndMembershipSet) {
  int client = login();
  control_->create_user(42, "Alice", "alice");
  control_->create_channel(-1009876543210, "Updates");
  control_->set_member(-1009876543210, 42, "member");
  control_->set_member(-1009876543210, kBotId, "admin");
  json::object user = request(client, {{"@type", "getUser"}, {"user_id", 42}});
  EXPECT_EQ(user.at("first_name"), "Alice");
  json::object member = request(
      client, {{"@type", "getChatMember"},
               {"chat_id", -1009876543210},
               {"member_id", json::object{{"@type", "messageSenderUser"}, {"user_id", 42}}}});
  EXPECT_EQ(member.at("status").as_object().at("@type"), "chatMemberStatusMember");
  json::object chat = request(client, {{"@type", "createPrivateChat"}, {"user_id", 42}});
  EXPECT_EQ(chat.at("id").to_number<std::int64_t>(), 42);
  EXPECT_EQ(control_->bots(), std::vector<std::int64_t>{kBotId});
}

class SimConfigTest : public SimTest {
 protected:
  void configure() override {
    std::filesystem::path path = temp_.path() / "sim.json";
    std::ofstream(path) << R"({"tokens":[")" << kBotToken << R"("],
      "ops":[{"op":"create_user","user_id":77,"first_name":"Preset"}]})";
    setenv("TGLINK_SIM_CONFIG", path.c_str(), 1);
  }
};

TEST_F(SimConfigTest, ConfigFileRestrictsTokensAndPresetsTheWorld) {
  int client = new_client();
  json::object other = request(client, {{"@type", "checkAuthenticationBotToken"},
                                        {"token", "999:AAHwellFormedButUnknownTokenSecret_xx"}});
  EXPECT_EQ(other.at("message"), "ACCESS_TOKEN_INVALID");
  EXPECT_EQ(
      request(client, {{"@type", "checkAuthenticationBotToken"}, {"token", kBotToken}}).at("@type"),
      "ok");
  EXPECT_EQ(request(client, {{"@type", "getUser"}, {"user_id", 77}}).at("first_name"), "Preset");
}

}  // namespace
}  // namespace tglink::testing
