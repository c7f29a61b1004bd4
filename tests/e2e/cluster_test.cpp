// End to end: three tglink nodes on one PostgreSQL (the fixture's server) and one
// simulated Telegram (a shared world). A link made through the leader downloads byte-exact from
// every node; a revocation on the leader holds on the others for their next request; the admin's
// /stats lists the nodes; the monthly bandwidth limit, reached by downloads spread over the
// nodes, holds within the bound docs/scaling.md states; and a leader SIGKILLed in the middle of a
// 500-user broadcast is replaced by the next renewal after its lease runs out, by a node that
// finishes the broadcast, one copy per user.
//
// Which node leads is set up, not left to chance: edge-a starts first and leads before the others
// start. Their sessions log in later, so one of them, not edge-a, receives the users' messages
// (the simulator, like Telegram, gives a bot's updates to its latest session) and relays them to
// edge-a through the store (chat/message_relay.hpp).

#include <chrono>
#include <csignal>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "broadcast_world.hpp"
#include "cluster/leader_lease.hpp"
#include "cluster_support.hpp"
#include "core/time_format.hpp"
#include "lease_takeover.hpp"
#include "serving/bandwidth_meter.hpp"
#include "sim/control_client.hpp"
#include "store/postgres_store.hpp"
#include "streaming_support.hpp"
#include "support/bot_replies.hpp"
#include "support/postgres_server.hpp"
#include "support/sim_harness.hpp"
#include "support/sim_world.hpp"

namespace tglink::testing {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

constexpr std::int64_t kClusterAdmin = 7780000;
constexpr std::int64_t kFirstClusterUser = 7780001;
// The time a lease renewal statement may take (cluster/postgres_lease.cpp).
constexpr std::chrono::milliseconds kLeaseStatementLimit{2000};

// Three nodes on one database and one world: edge-a started first, and leading, then the others.
class Cluster {
 public:
  Cluster(SimWorldOptions world_options, const std::map<std::string, std::string>& env)
      : world_(std::move(world_options)) {
    for (const char* id : {"edge-a", "edge-b", "edge-c"}) {
      SimHarnessOptions options;
      options.world = &world_;
      options.env = env;
      options.env["DATABASE_URL"] = db_.url();
      options.env["NODE_ID"] = id;
      options.env["ADMINS"] = std::to_string(kClusterAdmin);
      nodes_[id] = std::make_unique<SimHarness>(options);
      if (nodes_.size() == 1) {
        EXPECT_TRUE(eventually([&] { return leads(node("edge-a")); })) << "edge-a never led";
      }
    }
  }

  SimHarness& node(const std::string& id) { return *nodes_.at(id); }
  sim::ControlClient& sim() { return world_.sim(); }
  [[nodiscard]] const std::string& url() const { return db_.url(); }

 private:
  ScratchPostgresDatabase db_;
  SimWorld world_;  // before the nodes: it outlives them
  std::map<std::string, std::unique_ptr<SimHarness>> nodes_;
};

SimWorldOptions world_with_users(int users) {
  SimWorldOptions options;
  options.sim_config_json = testing::broadcast_world_config(testing::BroadcastWorld{
      kClusterAdmin, kFirstClusterUser, users, "Hello from the cluster", {}});
  return options;
}

TEST(Cluster, LinksRevocationsAndTheBandwidthLimitHoldOnEveryNode) {
  constexpr std::int64_t kLimit = 32 * kMiB;
  Cluster cluster(world_with_users(1), {{"BANDWIDTH_LIMIT_GB", "0.03125"}});
  SimHarness& leader = cluster.node("edge-a");
  const std::vector<std::string> ids{"edge-a", "edge-b", "edge-c"};

  // 1. A link made through the leader downloads byte-exact from all three nodes.
  const auto file = leader.make_file("cluster.zip", 3 * kMiB, 12);
  const std::string link = upload(cluster.sim(), kFirstClusterUser, file);
  ASSERT_FALSE(link.empty()) << "the leader did not answer the upload";
  const std::string expected = testing::read_file(file);
  for (const std::string& id : ids) {
    const HttpResult got = cluster.node(id).get(link);
    ASSERT_EQ(got.status, 200) << id << ": " << got.body.substr(0, 200);
    EXPECT_TRUE(got.body == expected) << id << ": downloaded bytes differ";
  }

  // 4. A revocation on the leader gives 404 on the others within the revocation bound (README:
  // at once through LISTEN/NOTIFY, else the 5 s re-read; a behaviour, not a timing, is checked).
  const std::string second_link = upload(cluster.sim(), kFirstClusterUser, file);
  ASSERT_FALSE(second_link.empty());
  const std::string revoked = testing::ask(cluster.sim(), kClusterAdmin,
                                           "/revoke " + leader.base_url() + link, kBotReplyWaitMs);
  ASSERT_NE(revoked.find("Revoked"), std::string::npos) << revoked;
  for (const char* id : {"edge-b", "edge-c"}) {
    HttpResult got;
    EXPECT_TRUE(eventually([&] {
      got = cluster.node(id).get(link);
      return got.status == 404;
    })) << id
        << " still serves a revoked link";
    EXPECT_NE(got.body.find("LINK_REVOKED"), std::string::npos) << id << ": " << got.body;
  }

  // The admin's /stats on the leader lists the three nodes, the leader marked.
  ASSERT_TRUE(eventually([&] {
    const std::string stats = testing::ask(cluster.sim(), kClusterAdmin, "/stats", kBotReplyWaitMs);
    return stats.find("• Nodes: 3") != std::string::npos &&
           stats.find("edge-a, leader, last seen") != std::string::npos;
  })) << "the admin's /stats does not list the three nodes";

  // 3. Downloads spread over the nodes reach the limit; every node then refuses, and the month's
  // total exceeds the limit by less than the bound: 8 MiB a node plus 18 MiB for the one
  // download under way (docs/scaling.md, "Global limits").
  const auto refused = [&](const std::string& id) {
    return cluster.node(id).get(second_link).status == 429;
  };
  for (int round = 0; round < 40; ++round) {
    int refusals = 0;
    for (const std::string& id : ids) {
      const HttpResult got = cluster.node(id).get(second_link);
      if (got.status == 429) ++refusals;
    }
    if (refusals == 3) break;
  }
  for (const std::string& id : ids) {
    EXPECT_TRUE(eventually([&] { return refused(id); })) << id << " still serves";
  }
  const std::string month = format_month_utc(std::chrono::system_clock::now());
  for (const std::string& id : ids) {
    EXPECT_EQ(cluster.node(id).process().stop(SIGTERM, 30s), 0);  // flushes its last bytes
  }
  const std::int64_t total = PostgresStore(cluster.url()).bandwidth_used(month);
  const std::int64_t bound = 3 * kBandwidthBatchBytes + 18 * kMiB;
  std::cout << "[ cluster  ] month's total " << total << " bytes, overrun "
            << (total - kLimit) / 1024 << " KiB (bound " << bound / 1024 << " KiB)\n";
  EXPECT_GE(total, kLimit);
  EXPECT_LT(total, kLimit + bound) << "overrun " << (total - kLimit) / kMiB << " MiB";
}

TEST(Cluster, AKilledLeaderIsReplacedByTheNextRenewalAndTheBroadcastReachesEveryUserOnce) {
  constexpr int kUsers = 500;
  const std::string text = "Hello from the cluster";
  Cluster cluster(world_with_users(kUsers), {{"BROADCAST_MESSAGES_PER_SECOND", "25"}});
  SimHarness& leader = cluster.node("edge-a");
  for (std::int64_t user = kFirstClusterUser; user < kFirstClusterUser + kUsers; ++user) {
    cluster.sim().send_text(user, "/start");
  }
  PostgresStore store(cluster.url());
  ASSERT_TRUE(eventually([&] { return store.count_users() >= kUsers; }, 120s))
      << store.count_users() << " users recorded";

  const std::int64_t source = std::int64_t{1} << 20;  // the admin's first message
  cluster.sim().call(json::object{{"op", "send_text"},
                                  {"user_id", kClusterAdmin},
                                  {"text", "/broadcast"},
                                  {"reply_to_message_id", source}});
  const auto admin_chat = cluster.sim().wait_messages(kClusterAdmin, 2, kBotReplyWaitMs);
  ASSERT_GE(admin_chat.size(), 2U);
  const sim::SimMessage& ask = admin_chat.back();
  ASSERT_FALSE(ask.keyboard.empty()) << ask.text;
  cluster.sim().press_button(kClusterAdmin, ask.message_id, ask.keyboard[0][0].data);

  // Counted in the world, which outlives the killed leader.
  const auto copies = [&](std::int64_t user) {
    int count = 0;
    for (const sim::SimMessage& message : cluster.sim().messages(user)) {
      if (message.text == text) ++count;
    }
    return count;
  };
  ASSERT_TRUE(eventually([&] { return copies(kFirstClusterUser + 50) > 0; }, 120s))
      << "the broadcast did not start";
  ASSERT_EQ(leader.process().stop(SIGKILL, 30s), 128 + SIGKILL);
  ASSERT_EQ(copies(kFirstClusterUser + kUsers - 1), 0) << "the broadcast ended before the kill";
  // The killed leader's lease as it left it: it runs out at expires_at_ms, never renewed again.
  const testing::LeaseRow killed = testing::read_lease(cluster.url());
  ASSERT_EQ(killed.holder, "edge-a") << "the lease changed hands before the test could read it";

  std::string new_leader;
  ASSERT_TRUE(eventually(
      [&] {
        for (const char* id : {"edge-b", "edge-c"}) {
          if (leads(cluster.node(id))) new_leader = id;
        }
        return !new_leader.empty();
      },
      60s));
  // Measured against the mechanism, on the clocks of the database and the new leader: the new
  // term begins after the old lease ran out, and by the next renewal after that (a renewal
  // statement is allowed its own 2 s on top), not by a wall-clock bound a loaded machine misses.
  const std::optional<std::int64_t> took_at = testing::took_lease_at(
      cluster.node(new_leader).process().output(), new_leader, killed.term + 1);
  ASSERT_TRUE(took_at.has_value())
      << new_leader << " logged no takeover under term " << killed.term + 1 << ":\n"
      << cluster.node(new_leader).process().output();
  const std::int64_t after_expiry_ms = *took_at - killed.expires_at_ms;
  std::cout << "[ cluster  ] " << new_leader << " took over " << after_expiry_ms
            << " ms after the killed leader's lease ran out\n";
  EXPECT_GE(after_expiry_ms, 0) << "two leaders at once";
  EXPECT_LE(after_expiry_ms, (kLeaseRenewEvery + kLeaseStatementLimit).count());

  ASSERT_TRUE(eventually([&] { return copies(kFirstClusterUser + kUsers - 1) > 0; }, 180s))
      << new_leader << " did not finish the broadcast";
  std::this_thread::sleep_for(500ms);
  std::vector<std::int64_t> missed;
  for (std::int64_t user = kFirstClusterUser; user < kFirstClusterUser + kUsers; ++user) {
    const int got = copies(user);
    EXPECT_LE(got, 1) << "user " << user << " got the message more than once";
    if (got == 0) missed.push_back(user);
  }
  // At most once per user across nodes: the one user claimed by the killed leader whose copy it
  // had not handed to Telegram yet may have none (docs/scaling.md, "Broadcasts across a
  // takeover"); every other user has exactly one.
  EXPECT_LE(missed.size(), 1U) << "first user without a copy: " << missed.front();
}

}  // namespace
}  // namespace tglink::testing
