// The chat side across nodes: Telegram (and the simulator's shared world) gives a bot's
// updates to one session, the newest logged in, which is rarely the leader's. Here the leader
// starts FIRST, so a follower's session receives the users' messages; each must still be
// answered, once: relayed through the store (chat/message_relay.hpp) while the leader lives, after
// a follower restarts, and after the leader is SIGKILLed and another node takes over.

#include <chrono>
#include <csignal>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "broadcast_world.hpp"
#include "cluster_support.hpp"
#include "store/postgres_connection.hpp"
#include "streaming_support.hpp"
#include "support/postgres_server.hpp"
#include "support/sim_harness.hpp"
#include "support/sim_world.hpp"

namespace tglink::testing {
namespace {

using namespace std::chrono_literals;

constexpr std::int64_t kFailoverAdmin = 7790000;
constexpr std::int64_t kFailoverUser = 7790001;

SimWorldOptions one_user_world() {
  SimWorldOptions options;
  options.sim_config_json = testing::broadcast_world_config(
      testing::BroadcastWorld{kFailoverAdmin, kFailoverUser, 1, "unused", {}});
  return options;
}

class FailoverCluster {
 public:
  FailoverCluster() : world_(one_user_world()) {}

  SimHarness& start(const std::string& id) {
    SimHarnessOptions options;
    options.world = &world_;
    options.env["DATABASE_URL"] = db_.url();
    options.env["NODE_ID"] = id;
    options.env["ADMINS"] = std::to_string(kFailoverAdmin);
    nodes_[id] = std::make_unique<SimHarness>(options);
    return *nodes_.at(id);
  }

  SimHarness& node(const std::string& id) { return *nodes_.at(id); }
  sim::ControlClient& sim() { return world_.sim(); }

  // Relayed messages the leader has claimed: proof that the relay, not luck, carried them.
  std::int64_t relayed_and_claimed() {
    const PgResult result =
        PgConnection(db_.url()).query("SELECT count(*) FROM relayed_updates WHERE claimed = 1");
    return result.int_at(0, 0);
  }

 private:
  testing::ScratchPostgresDatabase db_;
  SimWorld world_;  // before the nodes: it outlives them
  std::map<std::string, std::unique_ptr<SimHarness>> nodes_;
};

// The link answered for an upload of `file`, downloaded from `node`, is the file, byte for byte.
void expect_serves(SimHarness& node, const std::string& link, const std::filesystem::path& file) {
  ASSERT_FALSE(link.empty()) << "no link in the bot's answer";
  const HttpResult got = node.get(link);
  ASSERT_EQ(got.status, 200) << got.body.substr(0, 200);
  EXPECT_TRUE(got.body == testing::read_file(file)) << "downloaded bytes differ";
}

TEST(ClusterFailover, UsersAreAnsweredWhicheverNodesSessionGetsTheirMessages) {
  FailoverCluster cluster;
  SimHarness& first = cluster.start("edge-a");
  ASSERT_TRUE(eventually([&] { return leads(first); })) << "edge-a, alone, never led";
  cluster.start("edge-b");
  cluster.start("edge-c");  // the newest session: it gets the bot's updates
  ASSERT_TRUE(leads(first));
  const auto file = first.make_file("failover.zip", kMiB, 21);

  // 1. The leader started first still answers: edge-c relays the message to it.
  const std::string link = testing::upload(cluster.sim(), kFailoverUser, file);
  expect_serves(first, link, file);
  EXPECT_GE(cluster.relayed_and_claimed(), 1) << "the message did not go through the relay";

  // 2. A follower that restarts after the leader takes the updates over; still answered.
  cluster.node("edge-b").restart();
  expect_serves(first, testing::upload(cluster.sim(), kFailoverUser, file), file);

  // 3. The leader is killed; whichever node takes over answers the user's next file.
  ASSERT_EQ(first.process().stop(SIGKILL, 30s), 128 + SIGKILL);
  std::string next;
  ASSERT_TRUE(eventually([&] {
    for (const char* id : {"edge-b", "edge-c"}) {
      if (leads(cluster.node(id))) next = id;
    }
    return !next.empty();
  })) << "no node took over";
  const std::string after = testing::upload(cluster.sim(), kFailoverUser, file);
  expect_serves(cluster.node(next), after, file);
  expect_serves(cluster.node(next == "edge-b" ? "edge-c" : "edge-b"), after, file);

  // Exactly one answer per message: a last message, answered after the three uploads, finds
  // three links and one answer to itself.
  const std::size_t before = cluster.sim().messages(kFailoverUser).size();
  cluster.sim().send_text(kFailoverUser, "/help");
  const auto chat = cluster.sim().wait_messages(kFailoverUser, before + 1, kBotReplyWaitMs);
  ASSERT_EQ(chat.size(), before + 1);
  int links = 0;
  for (const sim::SimMessage& message : chat) {
    if (!testing::link_path_in(message.text, "/dl/").empty()) ++links;
  }
  EXPECT_EQ(links, 3);
}

}  // namespace
}  // namespace tglink::testing
