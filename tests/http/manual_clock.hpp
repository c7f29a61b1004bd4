#pragma once
// A Clock whose time moves only when a test says so; both faces move together.

#include <chrono>

#include "core/clock.hpp"

namespace tglink::testing {

class ManualClock final : public Clock {
 public:
  // 2024-01-01T00:00:00Z on the wall clock; the steady face starts at an arbitrary point.
  ManualClock() : wall_(std::chrono::seconds{1'704'067'200}), steady_(std::chrono::hours{1000}) {}

  [[nodiscard]] SystemTime now() const override { return wall_; }
  [[nodiscard]] SteadyTime steady_now() const override { return steady_; }

  void advance(std::chrono::nanoseconds step) {
    wall_ += std::chrono::duration_cast<SystemTime::duration>(step);
    steady_ += std::chrono::duration_cast<SteadyTime::duration>(step);
  }

 private:
  SystemTime wall_;
  SteadyTime steady_;
};

}  // namespace tglink::testing
