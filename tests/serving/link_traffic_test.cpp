// Each link's downloads and bytes: counted in memory, flushed in one transaction, and never lost
// or shown short while a flush waits for the store or fails.
#include "serving/link_traffic.hpp"

#include <thread>

#include <gtest/gtest.h>

#include "store/sqlite_store.hpp"
#include "support/fake_clock.hpp"
#include "support/forwarding_store.hpp"
#include "support/gate.hpp"
#include "support/temp_dir.hpp"

namespace tglink {
namespace {

constexpr std::int64_t kLink = 42LL << 20;

class TrafficStore final : public testing::ForwardingStore {
 public:
  using ForwardingStore::ForwardingStore;
  int failures_left = 0;
  testing::Gate* gate = nullptr;  // when set, a flush waits there

  void add_link_traffic(const std::vector<LinkTraffic>& traffic) override {
    if (gate != nullptr) gate->pass();
    if (failures_left > 0) {
      --failures_left;
      throw StoreError("server closed the connection unexpectedly");
    }
    ForwardingStore::add_link_traffic(traffic);
  }
};

struct LinkTrafficTest : ::testing::Test {
  testing::TempDir dir{"tglink-traffic"};
  SqliteStore sqlite{(dir.path() / "t.db").string()};
  TrafficStore store{sqlite};
  LinkTrafficMeter meter{store};

  LinkTrafficTest() { sqlite.add_link(LinkRecord{kLink, 7, "clip.mp4", 100, 1, 0}); }
  LinkRecord stored() { return sqlite.find_link(kLink).value(); }
};

TEST_F(LinkTrafficTest, AFailedFlushKeepsTheCountsForTheNext) {
  meter.count_download(kLink);
  meter.count_bytes(kLink, 60);
  store.failures_left = 1;
  EXPECT_THROW(meter.flush(), StoreError);
  meter.count_bytes(kLink, 40);
  EXPECT_EQ(meter.pending(kLink).bytes, 100);
  EXPECT_EQ(meter.pending(kLink).downloads, 1);
  meter.flush();
  EXPECT_EQ(stored().bytes_served, 100);
  EXPECT_EQ(stored().downloads, 1);
  EXPECT_EQ(meter.pending(kLink).bytes, 0);
}

TEST_F(LinkTrafficTest, CountsUnderWayToTheStoreStillShowAsPending) {
  testing::Gate gate;
  store.gate = &gate;
  meter.count_download(kLink);
  meter.count_bytes(kLink, 60);
  std::thread flusher([this] { meter.flush(); });
  ASSERT_TRUE(gate.wait_arrived());
  meter.count_bytes(kLink, 5);  // would wait for the database if flush() held the lock
  EXPECT_EQ(meter.pending(kLink).bytes, 65);
  gate.open();
  flusher.join();
  EXPECT_EQ(stored().bytes_served, 60);
  EXPECT_EQ(meter.pending(kLink).bytes, 5);
}

// With a clock, each flush also counts the bytes on its UTC day: the dashboard's top files.
TEST_F(LinkTrafficTest, WithAClockAFlushCountsTheDayToo) {
  testing::FakeClock clock{testing::utc(2026, 11, 27, 23, 59, 58)};
  LinkTrafficMeter dated{sqlite, &clock};
  dated.count_download(kLink);
  dated.count_bytes(kLink, 70);
  dated.flush();
  clock.advance(std::chrono::seconds(5));  // the next UTC day
  dated.count_bytes(kLink, 30);
  dated.flush();
  EXPECT_EQ(stored().bytes_served, 100);
  const std::vector<LinkTrafficTotal> from_28th = sqlite.top_links_since("2026-11-28", 5);
  ASSERT_EQ(from_28th.size(), 1U);
  EXPECT_EQ(from_28th[0].bytes, 30);
  EXPECT_EQ(sqlite.top_links_since("2026-11-27", 5)[0].bytes, 100);
  EXPECT_EQ(sqlite.top_links_since("2026-11-27", 5)[0].downloads, 1);
}

}  // namespace
}  // namespace tglink
