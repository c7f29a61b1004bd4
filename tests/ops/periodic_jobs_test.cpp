#include "ops/periodic_jobs.hpp"

#include <stdexcept>

#include <boost/asio/io_context.hpp>
#include <gtest/gtest.h>

#include "logging/log.hpp"
#include "support/fake_clock.hpp"
#include "support/io_wait.hpp"

namespace tglink {
namespace {

using namespace std::chrono_literals;
using testing::FakeClock;

// A runner on a fake clock, with no jobs yet; the io_context is there for the tests that start it.
class PeriodicJobsTest : public ::testing::Test {
 protected:
  FakeClock clock;
  Log log;
  boost::asio::io_context io;
  PeriodicJobs jobs{clock, log};
};

TEST_F(PeriodicJobsTest, JobRunsOnlyOnceItsIntervalHasPassed) {
  int runs = 0;
  jobs.add(PeriodicJob{"count", 10min, [&] { ++runs; }});

  EXPECT_EQ(jobs.run_due(), 0U);
  clock.advance(10min - 1s);
  EXPECT_EQ(jobs.run_due(), 0U);
  clock.advance(1s);
  EXPECT_EQ(jobs.run_due(), 1U);
  EXPECT_EQ(runs, 1);
  EXPECT_EQ(jobs.run_due(), 0U);  // not again until another interval
  clock.advance(10min);
  jobs.run_due();
  EXPECT_EQ(runs, 2);
}

TEST_F(PeriodicJobsTest, MissedRunsAreNotCaughtUpInABurst) {
  int runs = 0;
  jobs.add(PeriodicJob{"count", 1min, [&] { ++runs; }});
  clock.advance(1h);
  jobs.run_due();
  jobs.run_due();
  EXPECT_EQ(runs, 1);
}

TEST_F(PeriodicJobsTest, EachJobKeepsItsOwnInterval) {
  int fast = 0;
  int slow = 0;
  jobs.add(PeriodicJob{"fast", 5s, [&] { ++fast; }});
  jobs.add(PeriodicJob{"slow", 1h, [&] { ++slow; }});
  for (int i = 0; i < 720; ++i) {
    clock.advance(5s);
    jobs.run_due();
  }
  EXPECT_EQ(fast, 720);
  EXPECT_EQ(slow, 1);
}

TEST_F(PeriodicJobsTest, AThrowingJobIsLoggedAndRunsAgain) {
  int attempts = 0;
  int other = 0;
  jobs.add(PeriodicJob{"fails", 1min, [&] {
                         ++attempts;
                         throw std::runtime_error("disk full");
                       }});
  jobs.add(PeriodicJob{"other", 1min, [&] { ++other; }});
  clock.advance(1min);
  EXPECT_EQ(jobs.run_due(), 2U);
  clock.advance(1min);
  jobs.run_due();
  EXPECT_EQ(attempts, 2);
  EXPECT_EQ(other, 2);
}

TEST_F(PeriodicJobsTest, RefusesABadJob) {
  EXPECT_THROW(jobs.add(PeriodicJob{"zero", 0s, [] {}}), std::invalid_argument);
  EXPECT_THROW(jobs.add(PeriodicJob{"empty", 1s, nullptr}), std::invalid_argument);
  EXPECT_EQ(jobs.size(), 0U);
}

// The timer only wakes the runner; whether a job is due is still the clock's answer.
TEST_F(PeriodicJobsTest, StartedRunnerAsksTheClockOnEveryTick) {
  int runs = 0;
  jobs.add(PeriodicJob{"count", 1h, [&] { ++runs; }});
  jobs.start(io, 1ms);
  clock.advance(1h);
  EXPECT_TRUE(testing::run_until(io, [&] { return runs == 1; }));
  jobs.stop();
  io.restart();
  io.run();  // returns once the stopped loop has ended
  EXPECT_EQ(runs, 1);
}

}  // namespace
}  // namespace tglink
