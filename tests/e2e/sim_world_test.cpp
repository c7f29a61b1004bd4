// Several tglink processes on one shared simulated Telegram
// (TGLINK_SIM_WORLD, src/sim/README.md "Shared world"), which outlives any of them, as the real
// Telegram outlives the nodes that use it.
#include "support/sim_world.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include "sim/control_client.hpp"
#include "support/bot_replies.hpp"
#include "support/eventually.hpp"
#include "support/loopback.hpp"
#include "support/sim_harness.hpp"
#include "support/user_file.hpp"

namespace tglink::testing {
namespace {

constexpr std::int64_t kWorldUser = 7770001;
constexpr std::int64_t kOtherBot = 1000000002;
constexpr const char* kOtherBotToken = "1000000002:SIMtoken_second_node_for_world_tests";

SimHarnessOptions on_world(SimWorld& world,
                           const std::string& bot_token = SimHarness::kMainBotToken) {
  SimHarnessOptions options;
  options.world = &world;
  options.env["BOT_TOKEN"] = bot_token;
  return options;
}

bool has_bot(const std::vector<std::int64_t>& bots, std::int64_t bot_id) {
  return std::find(bots.begin(), bots.end(), bot_id) != bots.end();
}

// Sends `path` to `bot_id` as kWorldUser and answers the /dl/ link of the bot's reply.
std::string upload_to_bot(sim::ControlClient& sim, const std::filesystem::path& path,
                          std::int64_t bot_id) {
  sim::SendFileRequest request =
      testing::user_file(kWorldUser, path, "document", "application/zip");
  request.bot_id = bot_id;
  return testing::link_path_in(testing::send_file(sim, request, kBotReplyWaitMs).text, "/dl/");
}

// Polls until the bot is (or is no longer) logged in on the world.
bool wait_for_bot(sim::ControlClient& sim, std::int64_t bot_id, bool logged_in) {
  return eventually([&] { return has_bot(sim.bots(), bot_id) == logged_in; });
}

// `count` ports on 127.0.0.1 that were free a moment ago, all different.
std::vector<std::uint16_t> distinct_free_ports(int count) {
  std::vector<int> sockets;
  std::vector<std::uint16_t> ports(static_cast<std::size_t>(count));
  for (std::uint16_t& port : ports) sockets.push_back(bind_free_loopback_port(port));
  for (const int fd : sockets) ::close(fd);
  return ports;
}

// Polls until the main bot has sent `count` sendMessage requests (answered or still queued).
bool wait_for_send_requests(sim::ControlClient& sim, std::int64_t count) {
  return eventually([&] {
    const boost::json::object requests = sim.counters(SimHarness::kMainBotId).requests;
    const boost::json::value* sent = requests.if_contains("sendMessage");
    return sent != nullptr && sent->to_number<std::int64_t>() >= count;
  });
}

TEST(SimWorld, TwoTglinkProcessesSeeOneTelegram) {
  SimWorld world;
  world.sim().create_user(kWorldUser, "Ann");
  SimHarness first{on_world(world)};
  SimHarness second{on_world(world, kOtherBotToken)};
  const std::vector<std::int64_t> bots = world.sim().bots();
  EXPECT_TRUE(has_bot(bots, SimHarness::kMainBotId));
  EXPECT_TRUE(has_bot(bots, kOtherBot));

  // The user the test created is the same user for both bots, and each answers /start.
  second.sim().send_text(kWorldUser, "/start", kOtherBot);
  EXPECT_EQ(second.sim().wait_messages(kWorldUser, 1, kBotReplyWaitMs, kOtherBot).size(), 1U);

  // A file posted through the first process's bot is downloadable through the second process:
  // its bot reads the first one's post in the shared log channel.
  const auto file = first.make_file("shared.zip", 700000, 5);
  const std::string link = upload_to_bot(first.sim(), file, SimHarness::kMainBotId);
  ASSERT_FALSE(link.empty());
  const testing::HttpResult got = second.get(link);
  ASSERT_EQ(got.status, 200) << got.body.substr(0, 200);
  EXPECT_TRUE(got.body == testing::read_file(file)) << "downloaded bytes differ";
}

TEST(SimWorld, KilledTglinkLeavesTelegramRunningAndARestartContinues) {
  SimWorld world;
  world.sim().create_user(kWorldUser, "Ann");
  SimHarness node{on_world(world)};
  const auto file = node.make_file("before-crash.zip", 300000, 9);
  const std::string link = upload_to_bot(node.sim(), file, SimHarness::kMainBotId);
  ASSERT_FALSE(link.empty());

  ASSERT_EQ(node.process().stop(SIGKILL, std::chrono::seconds(30)), 128 + SIGKILL);
  // Telegram is still there: its control socket answers, the user and the bot's reply remain,
  // and the dead process's TDLib client is gone.
  EXPECT_TRUE(world.server_running());
  EXPECT_TRUE(wait_for_bot(world.sim(), SimHarness::kMainBotId, false));
  EXPECT_EQ(world.sim().messages(kWorldUser, SimHarness::kMainBotId).size(), 1U);

  node.restart();  // a new process, a new TDLib client on the same world
  EXPECT_TRUE(has_bot(world.sim().bots(), SimHarness::kMainBotId));
  const testing::HttpResult got = node.get(link);  // a link from before the crash
  ASSERT_EQ(got.status, 200) << got.body.substr(0, 200);
  EXPECT_TRUE(got.body == testing::read_file(file)) << "downloaded bytes differ";
  node.sim().send_text(kWorldUser, "/start");
  EXPECT_EQ(node.sim().wait_messages(kWorldUser, 2, kBotReplyWaitMs).size(), 2U);
}

TEST(SimWorld, FirstTglinkStartsTheServerAndItOutlivesIt) {
  SimWorldOptions options;
  options.start_server = false;  // the first tglink starts it
  SimWorld world{options};
  SimHarness node{on_world(world)};
  const pid_t server = world.server_pid();
  ASSERT_GT(server, 0) << world.log();
  EXPECT_NE(server, node.process().pid());

  ASSERT_EQ(node.process().stop(SIGKILL, std::chrono::seconds(30)), 128 + SIGKILL);
  EXPECT_TRUE(world.server_running()) << world.log();
  world.sim().create_user(kWorldUser, "Ann");
  EXPECT_TRUE(wait_for_bot(world.sim(), SimHarness::kMainBotId, false));

  // The next process joins the running server rather than starting another.
  node.restart();
  EXPECT_EQ(world.server_pid(), server);
  node.sim().send_text(kWorldUser, "/start");
  EXPECT_EQ(node.sim().wait_messages(kWorldUser, 1, kBotReplyWaitMs).size(), 1U);
}

// What TDLib had not handed to Telegram dies with the process: a reply still queued (the bot was
// offline) when tglink is killed never arrives, even once the bot is back.
TEST(SimWorld, AReplyQueuedInAKilledProcessIsLost) {
  SimWorld world;
  world.sim().create_user(kWorldUser, "Ann");
  SimHarness node{on_world(world)};
  world.sim().fault(SimHarness::kMainBotId, "disconnect");
  node.sim().send_text(kWorldUser, "/start");
  ASSERT_TRUE(wait_for_send_requests(world.sim(), 1)) << "tglink never answered /start";
  EXPECT_EQ(world.sim().counters(SimHarness::kMainBotId).messages_sent, 0);

  ASSERT_EQ(node.process().stop(SIGKILL, std::chrono::seconds(30)), 128 + SIGKILL);
  ASSERT_TRUE(wait_for_bot(world.sim(), SimHarness::kMainBotId, false));
  world.sim().fault(SimHarness::kMainBotId, "reconnect");
  node.restart();
  node.sim().send_text(kWorldUser, "/nonexistent");
  const std::vector<sim::SimMessage> replies =
      node.sim().wait_messages(kWorldUser, 1, kBotReplyWaitMs);
  ASSERT_EQ(replies.size(), 1U);
  EXPECT_NE(replies[0].text.find("Unknown command /nonexistent"), std::string::npos)
      << replies[0].text;
}

TEST(SimWorld, TglinkProcessesStartingTogetherStartOneServer) {
  SimWorldOptions options;
  options.start_server = false;
  SimWorld world{options};
  std::unique_ptr<SimHarness> first;
  std::unique_ptr<SimHarness> second;
  std::string first_error;
  std::string second_error;
  // Ports picked one after the other, while the first is still held, differ.
  const std::vector<std::uint16_t> ports = distinct_free_ports(2);
  auto start = [&world](const char* token, std::uint16_t port, std::unique_ptr<SimHarness>& node,
                        std::string& error) {
    try {
      SimHarnessOptions options = on_world(world, token);
      options.port = port;
      node = std::make_unique<SimHarness>(options);
    } catch (const std::exception& failure) {
      error = failure.what();
    }
  };
  std::thread starting_first(
      [&] { start(SimHarness::kMainBotToken, ports[0], first, first_error); });
  std::thread starting_second([&] { start(kOtherBotToken, ports[1], second, second_error); });
  starting_first.join();
  starting_second.join();
  ASSERT_TRUE(first) << first_error;
  ASSERT_TRUE(second) << second_error;
  const std::vector<std::int64_t> bots = world.sim().bots();
  EXPECT_TRUE(has_bot(bots, SimHarness::kMainBotId));
  EXPECT_TRUE(has_bot(bots, kOtherBot));
  // One server: a second one would have found the world locked and said so in the log.
  EXPECT_EQ(world.log().find("already runs"), std::string::npos) << world.log();
}

}  // namespace
}  // namespace tglink::testing
