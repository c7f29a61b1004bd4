// What the operator's dashboard keeps (schema step 13), on SQLite and PostgreSQL: marks that only
// rise (a one-time link opens once), minutes added per node, each link's traffic per day for the
// week's top files, node reports replaced, new users per day, and old history deleted.

#include <gtest/gtest.h>

#include "each_store.hpp"
#include "store_records.hpp"

namespace tglink {
namespace {

using DashboardStoreTest = testing::EachStoreTest;
TGLINK_ON_EACH_STORE(DashboardStoreTest);

LinkRecord make_link(std::int64_t message_id, std::string name) {
  LinkRecord link;
  link.message_id = message_id;
  link.user_id = 7;
  link.file_name = std::move(name);
  link.file_size = 1000;
  link.created_unix = 1'800'000'000;
  return link;
}

TEST_P(DashboardStoreTest, AMarkOnlyRisesAndRisesOnce) {
  EXPECT_EQ(store.mark("dashboard link:7"), 0);
  EXPECT_TRUE(store.raise_mark("dashboard link:7", 1000));
  EXPECT_FALSE(store.raise_mark("dashboard link:7", 1000));  // the same link a second time
  EXPECT_FALSE(store.raise_mark("dashboard link:7", 999));   // an older link
  EXPECT_EQ(store.mark("dashboard link:7"), 1000);
  EXPECT_TRUE(store.raise_mark("dashboard link:7", 1001));
  EXPECT_EQ(store.mark("dashboard link:7"), 1001);
  EXPECT_EQ(store.mark("dashboard link:8"), 0);
}

TEST_P(DashboardStoreTest, MinutesAddUpPerNodeAndMinute) {
  store.add_minute_traffic({MinuteTraffic{"a", 600, 3, 300}, MinuteTraffic{"b", 600, 1, 10},
                            MinuteTraffic{"a", 660, 2, 20}});
  store.add_minute_traffic({MinuteTraffic{"a", 600, 1, 5}, MinuteTraffic{"a", 60, 9, 9}});
  const std::vector<MinuteTraffic> expected{MinuteTraffic{"a", 600, 4, 305},
                                            MinuteTraffic{"a", 660, 2, 20},
                                            MinuteTraffic{"b", 600, 1, 10}};
  EXPECT_EQ(store.minute_traffic_since(600), expected);
  EXPECT_THROW(store.add_minute_traffic({MinuteTraffic{"", 600, 1, 1}}), StoreError);
}

TEST_P(DashboardStoreTest, TopLinksCountOnlyTheDaysAskedFor) {
  store.add_link(make_link(1 << 20, "old favourite.mkv"));
  store.add_link(make_link(2 << 20, "this week's.mp4"));
  store.add_link_traffic_on_day("2026-11-01", {LinkTraffic{1 << 20, 5, 9000}});
  store.add_link_traffic_on_day("2026-11-25", {LinkTraffic{1 << 20, 1, 100}});
  store.add_link_traffic_on_day("2026-11-26", {LinkTraffic{2 << 20, 2, 500}});
  store.add_link_traffic_on_day(
      "2026-11-27", {LinkTraffic{2 << 20, 1, 200}, LinkTraffic{3 << 20, 1, 99999}});  // no record
  const std::vector<LinkTrafficTotal> week = store.top_links_since("2026-11-21", 10);
  ASSERT_EQ(week.size(), 2U);
  EXPECT_EQ(week[0].link.file_name, "this week's.mp4");
  EXPECT_EQ(week[0].bytes, 700);
  EXPECT_EQ(week[0].downloads, 3);
  EXPECT_EQ(week[0].link.bytes_served, 700);
  EXPECT_EQ(week[1].link.message_id, 1 << 20);
  EXPECT_EQ(week[1].bytes, 100);
  EXPECT_EQ(week[1].link.bytes_served, 9100);  // all-time totals beside the week's
  EXPECT_EQ(store.top_links_since("2026-11-21", 1).size(), 1U);
  EXPECT_THROW((void)store.top_links_since("last week", 10), StoreError);
  EXPECT_THROW(store.add_link_traffic_on_day("27.11.2026", {LinkTraffic{1 << 20, 1, 1}}),
               StoreError);
  EXPECT_EQ(store.find_link(1 << 20)->bytes_served, 9100);  // the refused call changed nothing
}

TEST_P(DashboardStoreTest, TrafficWithoutADayCountsOnlyInTheTotals) {
  store.add_link(make_link(1 << 20, "a.bin"));
  store.add_link_traffic({LinkTraffic{1 << 20, 1, 50}});
  EXPECT_TRUE(store.top_links_since("2000-01-01", 10).empty());
  EXPECT_EQ(store.find_link(1 << 20)->bytes_served, 50);
}

TEST_P(DashboardStoreTest, ANodeReportIsReplaced) {
  store.save_node_report(NodeReport{"node-b", 100, R"({"bots":[]})"});
  store.save_node_report(NodeReport{"node-a", 110, "{}"});
  store.save_node_report(NodeReport{"node-b", 120, R"({"bots":[1]})"});
  const std::vector<NodeReport> reports = store.node_reports();
  ASSERT_EQ(reports.size(), 2U);
  EXPECT_EQ(reports[0].node_id, "node-a");
  EXPECT_EQ(reports[1].reported_unix, 120);
  EXPECT_EQ(reports[1].report_json, R"({"bots":[1]})");
  EXPECT_THROW(store.save_node_report(NodeReport{"", 1, "{}"}), StoreError);
}

TEST_P(DashboardStoreTest, NewUsersAreCountedPerUtcDay) {
  const std::int64_t day = 1'795'737'600;  // 2026-11-27T00:00:00Z
  for (const std::int64_t seen : {day - 1, day, day + 86'399, day + 86'400}) {
    UserRecord user = testing::make_user(seen, "u");
    user.first_seen_unix = seen;
    store.upsert_user(user);
  }
  const std::vector<DayCount> expected{DayCount{"2026-11-27", 2}, DayCount{"2026-11-28", 1}};
  EXPECT_EQ(store.new_users_per_day(day), expected);
}

TEST_P(DashboardStoreTest, OldHistoryGoesAndRecentStays) {
  store.add_link(make_link(1 << 20, "a.bin"));
  store.add_minute_traffic({MinuteTraffic{"a", 60, 1, 1}, MinuteTraffic{"a", 120, 1, 1}});
  store.add_link_traffic_on_day("2026-11-01", {LinkTraffic{1 << 20, 1, 1}});
  store.add_link_traffic_on_day("2026-11-27", {LinkTraffic{1 << 20, 1, 2}});
  EXPECT_EQ(store.delete_dashboard_history(120, "2026-11-20"), 2);
  EXPECT_EQ(store.minute_traffic_since(0).size(), 1U);
  ASSERT_EQ(store.top_links_since("2000-01-01", 10).size(), 1U);
  EXPECT_EQ(store.top_links_since("2000-01-01", 10)[0].bytes, 2);
}

}  // namespace
}  // namespace tglink
