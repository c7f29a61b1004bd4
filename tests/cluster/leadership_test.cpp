// Leadership follows the lease's answers and logs each change once, with the reason when the
// database could not be reached.

#include "cluster/leadership.hpp"

#include <deque>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "logging/log.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;

// A lease that answers from a script, and counts releases.
class ScriptedLease final : public LeaderLease {
 public:
  explicit ScriptedLease(std::deque<LeaseRenewal> answers) : answers_(std::move(answers)) {}
  LeaseRenewal renew() override {
    LeaseRenewal next = answers_.front();
    answers_.pop_front();
    return next;
  }
  void release() override { ++releases; }
  [[nodiscard]] const std::string& node_id() const override { return id_; }

  int releases = 0;

 private:
  std::deque<LeaseRenewal> answers_;
  std::string id_ = "edge-1";
};

std::vector<std::string> texts(const Log& log) {
  std::vector<std::string> lines;
  for (const LogRecord& record : log.recent(LogLevel::Info, 100)) {
    lines.push_back(record.text);
  }
  return lines;
}

TEST(LeadershipTest, FollowsTheLeaseAndLogsEachChangeOnce) {
  Log log{LogOptions{.console = false}};
  auto lease = std::make_unique<ScriptedLease>(std::deque<LeaseRenewal>{
      {false, 0, ""}, {true, 3, ""}, {true, 3, ""}, {false, 0, "PostgreSQL db:5432/t: gone"}});
  Leadership leadership(std::move(lease), log);
  EXPECT_FALSE(leadership.leading());

  leadership.renew();
  EXPECT_FALSE(leadership.leading());
  EXPECT_TRUE(texts(log).empty());

  leadership.renew();
  leadership.renew();
  EXPECT_TRUE(leadership.leading());
  ASSERT_EQ(texts(log).size(), 1u);
  EXPECT_EQ(texts(log)[0], "Node edge-1 leads the chat side (term 3)");

  leadership.renew();
  EXPECT_FALSE(leadership.leading());
  ASSERT_EQ(texts(log).size(), 2u);
  EXPECT_THAT(texts(log)[1], HasSubstr("no longer leads the chat side: PostgreSQL db:5432/t"));
}

TEST(LeadershipTest, AFailedRenewalWhileFollowingIsLogged) {
  Log log{LogOptions{.console = false}};
  Leadership leadership(
      std::make_unique<ScriptedLease>(std::deque<LeaseRenewal>{{false, 0, "cannot connect"}}), log);
  leadership.renew();
  ASSERT_EQ(texts(log).size(), 1u);
  EXPECT_THAT(texts(log)[0], HasSubstr("Leader lease not renewed: cannot connect"));
}

TEST(LeadershipTest, ReleasesOnlyALeaseItHolds) {
  Log log{LogOptions{.console = false}};
  auto owned = std::make_unique<ScriptedLease>(std::deque<LeaseRenewal>{{true, 1, ""}});
  ScriptedLease& lease = *owned;
  Leadership leadership(std::move(owned), log);
  leadership.release();
  EXPECT_EQ(lease.releases, 0);
  leadership.renew();
  leadership.release();
  EXPECT_EQ(lease.releases, 1);
  EXPECT_FALSE(leadership.leading());
}

}  // namespace
}  // namespace tglink
