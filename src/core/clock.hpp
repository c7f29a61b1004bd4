#pragma once
// The one source of "now" for everything that expires, resets or is swept.
// Tests pass a FakeClock (tests/support/fake_clock.hpp) and move time by hand.

#include <chrono>

namespace tglink {

using SystemTime = std::chrono::system_clock::time_point;
using SteadyTime = std::chrono::steady_clock::time_point;

class Clock {
 public:
  virtual ~Clock() = default;
  // Wall time, for dates people read: link expiry, day and month boundaries (all UTC).
  [[nodiscard]] virtual SystemTime now() const = 0;
  // Monotonic time, for durations: uptime, rate-limit buckets, stream age.
  [[nodiscard]] virtual SteadyTime steady_now() const = 0;
};

class SystemClock final : public Clock {
 public:
  [[nodiscard]] SystemTime now() const override { return std::chrono::system_clock::now(); }
  [[nodiscard]] SteadyTime steady_now() const override { return std::chrono::steady_clock::now(); }
};

}  // namespace tglink
