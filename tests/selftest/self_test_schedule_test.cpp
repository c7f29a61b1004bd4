// The self-test's timing at start (a proxy still coming up) and after, on a fake clock, and how
// the watch logs a failure that a quick retry follows.
#include "selftest/self_test_schedule.hpp"

#include <chrono>
#include <optional>
#include <vector>

#include <gtest/gtest.h>

#include "logging/log.hpp"
#include "selftest/self_test_watch.hpp"
#include "support/fake_clock.hpp"

namespace tglink {
namespace {

using std::chrono::seconds;
using testing::FakeClock;

struct Outcome {
  std::optional<seconds> passed_after;  // since start, when a run first passed
  std::vector<seconds> delays;          // the delays asked for, in order
  SelfTestSchedule::Next last;          // what the schedule said after the last run
};

// Runs the schedule until its first pass (or `runs` runs) against a proxy that answers from
// `proxy_up_after` on; each run takes `run_takes` of the clock.
Outcome run_against_proxy(seconds interval, std::optional<seconds> proxy_up_after, int runs,
                          seconds run_takes = seconds{0}) {
  FakeClock clock;
  const SteadyTime started = clock.steady_now();
  SelfTestSchedule schedule{clock, interval};
  Outcome outcome;
  for (int run = 0; run < runs; ++run) {
    clock.advance(run_takes);
    const seconds elapsed = std::chrono::duration_cast<seconds>(clock.steady_now() - started);
    const bool passed = proxy_up_after && elapsed >= *proxy_up_after;
    outcome.last = schedule.after_run(passed);
    if (passed) {
      outcome.passed_after = elapsed;
      return outcome;
    }
    if (!outcome.last.delay) return outcome;
    outcome.delays.push_back(*outcome.last.delay);
    clock.advance(*outcome.last.delay);
  }
  return outcome;
}

TEST(SelfTestSchedule, AProxyThatTakesFortySecondsIsSeenPassingWithinAMinute) {
  // Caddy in compose: started after tglink, then its certificate (ACME) before it answers.
  const Outcome outcome = run_against_proxy(seconds{300}, seconds{40}, 100, seconds{1});
  ASSERT_TRUE(outcome.passed_after.has_value());
  EXPECT_GE(*outcome.passed_after, seconds{40});
  EXPECT_LT(*outcome.passed_after, seconds{60});
  // Once passed, the configured interval.
  EXPECT_EQ(outcome.last.delay, seconds{300});
  EXPECT_FALSE(outcome.last.startup_retry);
}

TEST(SelfTestSchedule, RetriesBackOffFromOneSecondToTen) {
  const Outcome outcome = run_against_proxy(seconds{300}, std::nullopt, 7);
  const std::vector<seconds> expected{seconds{1},  seconds{2},  seconds{4}, seconds{8},
                                      seconds{10}, seconds{10}, seconds{10}};
  EXPECT_EQ(outcome.delays, expected);
  EXPECT_TRUE(outcome.last.startup_retry);
}

TEST(SelfTestSchedule, AfterTwoMinutesOfFailuresTheIntervalTakesOver) {
  const Outcome outcome = run_against_proxy(seconds{300}, std::nullopt, 100);
  ASSERT_GE(outcome.delays.size(), 2U);
  seconds quick{0};
  for (std::size_t i = 0; i + 1 < outcome.delays.size(); ++i) {
    if (outcome.delays[i] == seconds{300}) break;
    quick += outcome.delays[i];
  }
  EXPECT_LE(quick, SelfTestSchedule::kStartupRetries);
  EXPECT_GT(quick, SelfTestSchedule::kStartupRetries - SelfTestSchedule::kLongestRetry);
  EXPECT_EQ(outcome.delays.back(), seconds{300});
  EXPECT_FALSE(outcome.last.startup_retry);
}

TEST(SelfTestSchedule, ZeroIntervalRunsAtStartOnly) {
  const Outcome passing = run_against_proxy(seconds{0}, seconds{0}, 10);
  ASSERT_EQ(passing.passed_after, seconds{0});
  EXPECT_FALSE(passing.last.delay.has_value());

  // Failing: still the start-up retries, then nothing more.
  const Outcome failing = run_against_proxy(seconds{0}, std::nullopt, 100);
  EXPECT_FALSE(failing.passed_after.has_value());
  EXPECT_FALSE(failing.last.delay.has_value());
  EXPECT_FALSE(failing.delays.empty());
}

TEST(SelfTestSchedule, AFailureAfterAPassWaitsForTheInterval) {
  FakeClock clock;
  SelfTestSchedule schedule{clock, seconds{60}};
  EXPECT_EQ(schedule.after_run(true).delay, seconds{60});
  clock.advance(seconds{60});
  const SelfTestSchedule::Next next = schedule.after_run(false);
  EXPECT_EQ(next.delay, seconds{60});
  EXPECT_FALSE(next.startup_retry);
}

SelfTestResult failed_at_tcp() {
  return SelfTestResult{.url = "https://files.example.com/_tglink/self-test",
                        .step = SelfTestStep::kTcpConnect,
                        .message = "nothing accepts connections at files.example.com port 443"};
}

TEST(SelfTestWatchLog, AStartupFailureIsInformationWithTheNextTry) {
  Log log{LogOptions{.console = false}};
  SelfTestWatch watch{"https://files.example.com", "nonce", log};
  watch.record(failed_at_tcp(), seconds{4});
  EXPECT_TRUE(log.recent(LogLevel::Warning, 10).empty());
  const std::vector<LogRecord> info = log.recent(LogLevel::Info, 10);
  ASSERT_EQ(info.size(), 1U);
  EXPECT_NE(info[0].text.find("FAILED at TCP connect"), std::string::npos) << info[0].text;
  EXPECT_NE(info[0].text.find("next try in 4 s"), std::string::npos) << info[0].text;

  watch.record(failed_at_tcp());  // the start-up retries are over
  EXPECT_EQ(log.recent(LogLevel::Warning, 10).size(), 1U);
}

}  // namespace
}  // namespace tglink
