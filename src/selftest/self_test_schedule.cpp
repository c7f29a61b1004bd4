#include "selftest/self_test_schedule.hpp"

#include <algorithm>

namespace tglink {

SelfTestSchedule::SelfTestSchedule(const Clock& clock, std::chrono::seconds interval)
    : clock_(clock), interval_(interval), started_(clock.steady_now()) {}

SelfTestSchedule::Next SelfTestSchedule::after_run(bool passed) {
  if (passed) settled_ = true;
  const bool within_window = clock_.steady_now() - started_ + next_retry_ <= kStartupRetries;
  if (!settled_ && within_window) {
    const std::chrono::seconds delay = next_retry_;
    next_retry_ = std::min(next_retry_ * 2, kLongestRetry);
    return Next{.delay = delay, .startup_retry = true};
  }
  settled_ = true;
  if (interval_.count() == 0) return Next{};
  return Next{.delay = interval_};
}

}  // namespace tglink
