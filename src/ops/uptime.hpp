#pragma once
// How long this process has been serving, on the monotonic clock (immune to wall-clock jumps).

#include <chrono>

#include "core/clock.hpp"

namespace tglink {

class Uptime {
 public:
  explicit Uptime(const Clock& clock) : clock_(clock), started_(clock.steady_now()) {}

  [[nodiscard]] std::chrono::seconds elapsed() const {
    return std::chrono::duration_cast<std::chrono::seconds>(clock_.steady_now() - started_);
  }

 private:
  const Clock& clock_;
  SteadyTime started_;
};

}  // namespace tglink
