// Leadership follows the lease's answers and logs each change once, with the reason when the
// database could not be reached; it stops leading at its local deadline however renewals hang,
// and tells its listener of every change and every new term.

#include "cluster/leadership.hpp"

#include <deque>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "logging/log.hpp"
#include "support/fake_clock.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;

// A lease that answers from a script, and counts releases.
class ScriptedLease final : public LeaderLease {
 public:
  explicit ScriptedLease(std::deque<LeaseRenewal> answers,
                         std::optional<std::chrono::milliseconds> ttl = kLeaseTtl)
      : answers_(std::move(answers)), ttl_(ttl) {}
  LeaseRenewal renew() override {
    LeaseRenewal next = answers_.front();
    answers_.pop_front();
    return next;
  }
  void release() override { ++releases; }
  [[nodiscard]] const std::string& node_id() const override { return id_; }
  [[nodiscard]] std::optional<std::chrono::milliseconds> ttl() const override { return ttl_; }

  int releases = 0;

 private:
  std::deque<LeaseRenewal> answers_;
  std::optional<std::chrono::milliseconds> ttl_;
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
  testing::FakeClock clock;
  auto lease = std::make_unique<ScriptedLease>(std::deque<LeaseRenewal>{
      {false, 0, ""}, {true, 3, ""}, {true, 3, ""}, {false, 0, "PostgreSQL db:5432/t: gone"}});
  Leadership leadership(std::move(lease), log, clock);
  EXPECT_FALSE(leadership.leading());

  leadership.renew();
  EXPECT_FALSE(leadership.leading());
  EXPECT_TRUE(texts(log).empty());

  leadership.renew();
  leadership.renew();
  EXPECT_TRUE(leadership.leading());
  ASSERT_EQ(texts(log).size(), 1u);
  EXPECT_EQ(texts(log)[0], "Node edge-1 leads the chat side (term 3)");

  // A failed renewal inside the local deadline keeps the lead: one lost round trip moves nothing.
  leadership.renew();
  EXPECT_TRUE(leadership.leading());
  EXPECT_THAT(texts(log).back(), HasSubstr("not renewed (still leading for 5000 ms)"));

  clock.advance(kLeaseTtl - kLeaseSafetyMargin);
  EXPECT_FALSE(leadership.leading());
  EXPECT_EQ(leadership.term(), 0);
}

TEST(LeadershipTest, StopsLeadingAtTheDeadlineAndSaysWhyAtTheNextRenewal) {
  Log log{LogOptions{.console = false}};
  testing::FakeClock clock;
  Leadership leadership(std::make_unique<ScriptedLease>(std::deque<LeaseRenewal>{
                            {true, 4, ""}, {false, 0, "timeout"}, {false, 0, "timeout"}}),
                        log, clock);
  leadership.renew();
  clock.advance(std::chrono::seconds{2});
  leadership.renew();
  EXPECT_TRUE(leadership.leading());
  clock.advance(std::chrono::seconds{3});
  EXPECT_FALSE(leadership.leading());  // before any renewal: the deadline alone ends it
  leadership.renew();
  EXPECT_THAT(texts(log).back(), HasSubstr("edge-1 no longer leads the chat side: timeout"));
}

TEST(LeadershipTest, AnotherHolderEndsTheLeadAtOnce) {
  Log log{LogOptions{.console = false}};
  testing::FakeClock clock;
  Leadership leadership(
      std::make_unique<ScriptedLease>(std::deque<LeaseRenewal>{{true, 1, ""}, {false, 0, ""}}), log,
      clock);
  leadership.renew();
  leadership.renew();
  EXPECT_FALSE(leadership.leading());
}

TEST(LeadershipTest, TellsTheListenerOfEachChangeAndNewTerm) {
  Log log{LogOptions{.console = false}};
  testing::FakeClock clock;
  Leadership leadership(
      std::make_unique<ScriptedLease>(std::deque<LeaseRenewal>{
          {true, 1, ""}, {true, 1, ""}, {false, 0, ""}, {true, 3, ""}, {true, 5, ""}}),
      log, clock);
  std::vector<std::pair<bool, std::int64_t>> heard;
  leadership.on_change([&](bool leading, std::int64_t term) { heard.emplace_back(leading, term); });
  for (int i = 0; i < 5; ++i) leadership.renew();
  const std::vector<std::pair<bool, std::int64_t>> expected{
      {true, 1}, {false, 0}, {true, 3}, {true, 5}};
  EXPECT_EQ(heard, expected);
}

TEST(LeadershipTest, ALeaseWithoutTtlNeverRunsOut) {
  Log log{LogOptions{.console = false}};
  testing::FakeClock clock;
  Leadership leadership(std::make_unique<SoloLease>("solo"), log, clock);
  leadership.renew();
  clock.advance(std::chrono::hours{24 * 365});
  EXPECT_TRUE(leadership.leading());
  EXPECT_EQ(leadership.term(), 1);
}

TEST(LeadershipTest, AFailedRenewalWhileFollowingIsLogged) {
  Log log{LogOptions{.console = false}};
  testing::FakeClock clock;
  Leadership leadership(
      std::make_unique<ScriptedLease>(std::deque<LeaseRenewal>{{false, 0, "cannot connect"}}), log,
      clock);
  leadership.renew();
  ASSERT_EQ(texts(log).size(), 1u);
  EXPECT_THAT(texts(log)[0], HasSubstr("Leader lease not renewed: cannot connect"));
}

TEST(LeadershipTest, ReleasesOnlyALeaseItHolds) {
  Log log{LogOptions{.console = false}};
  auto owned = std::make_unique<ScriptedLease>(std::deque<LeaseRenewal>{{true, 1, ""}});
  ScriptedLease& lease = *owned;
  testing::FakeClock clock;
  Leadership leadership(std::move(owned), log, clock);
  leadership.release();
  EXPECT_EQ(lease.releases, 0);
  leadership.renew();
  leadership.release();
  EXPECT_EQ(lease.releases, 1);
  EXPECT_FALSE(leadership.leading());
}

}  // namespace
}  // namespace tglink
