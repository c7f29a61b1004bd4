#pragma once
// When the self-test runs next. Right after start a failure is most often a proxy that is still
// starting or still getting its certificate (Caddy and compose start beside tglink), so the
// first minutes retry quickly, 1 s doubling to 10 s, until a pass or kStartupRetries has passed
// since start. From then on, SELF_TEST_INTERVAL; with 0, no run after the start-up retries.

#include <chrono>
#include <optional>

#include "core/clock.hpp"

namespace tglink {

class SelfTestSchedule {
 public:
  static constexpr std::chrono::seconds kFirstRetry{1};
  static constexpr std::chrono::seconds kLongestRetry{10};
  static constexpr std::chrono::seconds kStartupRetries{120};

  // Starts counting the start-up window at the clock's steady now.
  SelfTestSchedule(const Clock& clock, std::chrono::seconds interval);

  struct Next {
    std::optional<std::chrono::seconds> delay;  // nothing: no run is due any more
    bool startup_retry = false;  // a quick retry: a failure now is expected, not yet a warning
  };

  // After a run that passed or not: when the next one is due.
  [[nodiscard]] Next after_run(bool passed);

 private:
  const Clock& clock_;
  std::chrono::seconds interval_;
  SteadyTime started_;
  std::chrono::seconds next_retry_ = kFirstRetry;
  bool settled_ = false;  // passed once, or the start-up window is over
};

}  // namespace tglink
