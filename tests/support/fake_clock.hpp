#pragma once
// A Clock that moves only when a test moves it. Both faces move together on advance(); the
// wall face can also be set to a given instant (to cross a month boundary, say) without moving
// the steady face, as a real wall-clock correction would.

#include <chrono>
#include <cstdint>

#include "core/clock.hpp"

namespace tglink::testing {

class FakeClock final : public Clock {
 public:
  // 2024-01-15T12:00:00Z on the wall face; the steady face starts at an arbitrary point.
  FakeClock() : wall_(std::chrono::seconds{1'705'320'000}), steady_(std::chrono::hours{1000}) {}
  explicit FakeClock(SystemTime wall) : wall_(wall), steady_(std::chrono::hours{1000}) {}

  [[nodiscard]] SystemTime now() const override { return wall_; }
  [[nodiscard]] SteadyTime steady_now() const override { return steady_; }

  void advance(std::chrono::nanoseconds step) {
    wall_ += std::chrono::duration_cast<SystemTime::duration>(step);
    steady_ += std::chrono::duration_cast<SteadyTime::duration>(step);
  }
  void set_wall(SystemTime wall) { wall_ = wall; }

 private:
  SystemTime wall_;
  SteadyTime steady_;
};

// A UTC instant from its calendar parts, for readable test dates.
inline SystemTime utc(int year, unsigned month, unsigned day, int hour = 0, int minute = 0,
                      int second = 0) {
  const std::chrono::sys_days date{std::chrono::year{year} / std::chrono::month{month} /
                                   std::chrono::day{day}};
  return SystemTime{date + std::chrono::hours{hour} + std::chrono::minutes{minute} +
                    std::chrono::seconds{second}};
}

// Whole seconds since the Unix epoch, as the store keeps times.
inline std::int64_t unix_seconds(SystemTime t) {
  return std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count();
}

}  // namespace tglink::testing
