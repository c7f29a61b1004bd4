// The dashboard with two nodes on one PostgreSQL and one simulated Telegram: a /dashboard link
// from the leader opens on the other node, and then on neither again; that node's page shows both
// nodes (each node's report comes from the store); and /dashboard off on the leader ends the
// session the other node made.
#include <map>
#include <memory>
#include <string>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "cluster_support.hpp"
#include "support/postgres_server.hpp"
#include "support/sim_harness.hpp"
#include "support/sim_world.hpp"

namespace tglink::testing {
namespace {

namespace json = boost::json;

constexpr std::int64_t kDashboardAdmin = 7790000;

SimHarnessOptions node_options(testing::SimWorld& world, const std::string& url,
                               const std::string& id) {
  SimHarnessOptions options;
  options.world = &world;
  options.env["DATABASE_URL"] = url;
  options.env["NODE_ID"] = id;
  options.env["ADMINS"] = std::to_string(kDashboardAdmin);
  return options;
}

HttpResult get(SimHarness& node, const std::string& path, const std::string& cookie = "") {
  HttpCall call;
  call.target = path;
  if (!cookie.empty()) call.headers["Cookie"] = cookie;
  return node.call(call);
}

// The node ids the data endpoint lists.
std::vector<std::string> listed_nodes(SimHarness& node, const std::string& cookie) {
  std::vector<std::string> ids;
  const HttpResult data = get(node, "/admin/data", cookie);
  if (data.status != 200) return ids;
  const json::value answer = json::parse(data.body);
  for (const json::value& entry : answer.at("nodes").as_array()) {
    ids.emplace_back(entry.at("node_id").as_string());
  }
  return ids;
}

TEST(DashboardCluster, ALinkOpensOnceOnAnyNodeWhosePageShowsEveryNode) {
  testing::ScratchPostgresDatabase db;
  testing::SimWorld world;
  SimHarness leader(node_options(world, db.url(), "edge-a"));
  ASSERT_TRUE(eventually([&] { return testing::leads(leader); })) << "edge-a never led";
  SimHarness follower(node_options(world, db.url(), "edge-b"));
  world.sim().create_user(kDashboardAdmin, "Ada");

  world.sim().send_text(kDashboardAdmin, "/dashboard");
  const auto answers = world.sim().wait_messages(kDashboardAdmin, 1, kBotReplyWaitMs);
  ASSERT_EQ(answers.size(), 1U);
  const std::string link = testing::link_path_in(answers[0].text, "/admin/");
  ASSERT_FALSE(link.empty()) << answers[0].text;

  const HttpResult opened = get(follower, link);
  ASSERT_EQ(opened.status, 303) << opened.body;
  const std::string set_cookie = opened.header("set-cookie");
  const std::string cookie = set_cookie.substr(0, set_cookie.find(';'));
  EXPECT_EQ(get(leader, link).status, 404) << "the link opened a second time, on another node";
  EXPECT_EQ(get(follower, link).status, 404);

  // The leader's report reaches the store within its save interval (30 s).
  EXPECT_TRUE(eventually([&] {
    const std::vector<std::string> ids = listed_nodes(follower, cookie);
    return ids == std::vector<std::string>{"edge-b", "edge-a"};
  })) << "edge-b's page never showed both nodes";
  EXPECT_EQ(get(leader, "/admin/data", cookie).status, 200);  // the session holds on every node

  world.sim().send_text(kDashboardAdmin, "/dashboard off");
  ASSERT_EQ(world.sim().wait_messages(kDashboardAdmin, 2, kBotReplyWaitMs).size(), 2U);
  EXPECT_EQ(get(follower, "/admin/data", cookie).status, 404);
  EXPECT_EQ(get(leader, "/admin/data", cookie).status, 404);
}

}  // namespace
}  // namespace tglink::testing
