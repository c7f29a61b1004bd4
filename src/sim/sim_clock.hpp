#pragma once
// The simulator's notion of time: real steady time plus an offset that the control op
// `advance_time` moves forward. Everything timed in the simulator reads it: message dates, the
// unloading of unused messages, flood-wait deadlines, rate-limit windows and download parts, so a
// test can let 31 minutes pass in a moment. Plain data: the Simulator guards it with its mutex.

#include <chrono>
#include <cstdint>

namespace tglink::sim {

class SimClock {
 public:
  using Steady = std::chrono::steady_clock;
  using time_point = Steady::time_point;
  using duration = Steady::duration;

  // Simulated steady time.
  [[nodiscard]] time_point now() const { return Steady::now() + offset_; }
  // Simulated wall-clock time in Unix seconds (message dates).
  [[nodiscard]] std::int64_t unix_now() const;
  // The real steady time at which simulated time reaches `when`: what a condition variable waits
  // until.
  [[nodiscard]] time_point real_deadline(time_point when) const { return when - offset_; }
  // Moves simulated time forward; a negative step is refused with std::invalid_argument.
  void advance(duration step);

 private:
  duration offset_{0};
};

}  // namespace tglink::sim
