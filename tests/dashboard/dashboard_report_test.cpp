#include "dashboard/dashboard_report.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "support/fake_clock.hpp"

namespace tglink {
namespace {

using namespace std::chrono_literals;
using testing::utc;

constexpr std::int64_t kGiB = 1024LL * 1024 * 1024;

TEST(DashboardReport, ProjectsTheMonthAtThePaceSoFar) {
  // 10 GiB in the first 10 of November's 30 days: 30 GiB by its end.
  EXPECT_EQ(project_month(10 * kGiB, utc(2026, 11, 11)), 30 * kGiB);
  // February 2026 has 28 days: 7 GiB in 7 days is 28 GiB.
  EXPECT_EQ(project_month(7 * kGiB, utc(2026, 2, 8)), 28 * kGiB);
  // In the month's first hour the pace means little: the projection is what was used.
  EXPECT_EQ(project_month(5 * kGiB, utc(2026, 11, 1, 0, 30)), 5 * kGiB);
  EXPECT_EQ(project_month(0, utc(2026, 11, 20)), 0);
}

TEST(DashboardReport, NodeFactsRoundTripThroughTheStoresJson) {
  NodeFacts node;
  node.node_id = "edge-1";
  node.leader = true;
  node.reported_unix = 1'800'000'000;
  node.bots = {BotFacts{"123", "files_bot", true, "ready", 2, 1, 8.5e6}};
  node.streams = {StreamFacts{"10.0.0.1", "a <b>.mkv", 30}, StreamFacts{"10.0.0.1", "c", 5}};
  node.cache_bytes = 1000;
  node.cache_limit_bytes = 10 * kGiB;
  node.conversions = ConversionFacts{"remux and transcode", 1, 8, 1, 2};
  node.self_test = SelfTestFacts{true, false, "FAILED at DNS"};
  const std::optional<NodeFacts> read = node_facts_from_json(node_facts_json(node));
  ASSERT_TRUE(read);
  EXPECT_EQ(read->node_id, "edge-1");
  EXPECT_TRUE(read->leader);
  ASSERT_EQ(read->bots.size(), 1U);
  EXPECT_EQ(read->bots[0].username, "files_bot");
  EXPECT_DOUBLE_EQ(read->bots[0].download_bytes_per_second, 8.5e6);
  ASSERT_EQ(read->streams.size(), 2U);
  EXPECT_EQ(read->streams[0].file, "a <b>.mkv");
  EXPECT_EQ(read->cache_limit_bytes, 10 * kGiB);
  EXPECT_EQ(read->conversions.queued, 2);
  EXPECT_EQ(read->self_test.summary, "FAILED at DNS");
  EXPECT_FALSE(node_facts_from_json("not json"));
  EXPECT_FALSE(node_facts_from_json(R"({"version": 99})"));
}

TEST(DashboardReport, TrafficShowsEveryNodeWithThisNodesRingFirst) {
  const SystemTime now = utc(2026, 11, 27, 12);
  MinuteRing ring;
  ring.add(now, 3, 30);
  const NodeMinutes own{"me", ring.last_day(now)};
  const std::int64_t minute = MinuteRing::minute_of(now);
  const std::vector<NodeMinutes> nodes = traffic_by_node(
      {MinuteTraffic{"me", minute, 1, 1}, MinuteTraffic{"other", minute - 60, 5, 50}}, own, now);
  ASSERT_EQ(nodes.size(), 2U);
  EXPECT_EQ(nodes[0].node_id, "me");
  EXPECT_EQ(nodes[0].minutes.back().requests, 3);  // the ring, not the stored row
  EXPECT_EQ(nodes[1].node_id, "other");
  EXPECT_EQ(nodes[1].minutes[nodes[1].minutes.size() - 2].bytes, 50);
}

TEST(DashboardReport, AnswerCarriesEveryPartAndNamesAsPlainStrings) {
  DashboardData data;
  data.node_id = "me";
  data.bandwidth = BandwidthFacts{"2026-11", 100, 1000, 300};
  data.total_users = 4;
  data.new_users = {DayCount{"2026-11-27", 2}};
  LinkTrafficTotal top;
  top.link.file_name = "</script><script>alert(1)</script>.mp4";
  top.link.user_id = 77;
  top.bytes = 500;
  data.top_files = {top};
  data.warnings = {WarningLine{1, "WARNING", "bot 2 <stalled>"}};
  const SystemTime now = utc(2026, 11, 27, 12);
  data.traffic = {NodeMinutes{"me", MinuteRing().last_day(now)}};
  const std::string text = dashboard_json(data, now);
  const boost::json::object answer = boost::json::parse(text).as_object();
  EXPECT_EQ(answer.at("bandwidth").at("projected_bytes").as_int64(), 300);
  EXPECT_EQ(answer.at("users").at("total").as_int64(), 4);
  EXPECT_EQ(answer.at("top_files").at(0).at("name").as_string(),
            "</script><script>alert(1)</script>.mp4");
  EXPECT_EQ(answer.at("traffic").at("nodes").at(0).at("requests").as_array().size(),
            MinuteRing::kMinutes);
  EXPECT_EQ(answer.at("traffic").at("step_seconds").as_int64(), 60);
  EXPECT_EQ(answer.at("warnings").at(0).at("text").as_string(), "bot 2 <stalled>");
}

}  // namespace
}  // namespace tglink
