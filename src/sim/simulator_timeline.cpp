// The simulated clock at work: one engine thread sleeps on a condition variable until the next
// download part or timed action is due (in real time: simulated time minus the clock's offset),
// and `advance_time` moves the clock forward and runs at once whatever became due, so a test
// sees its effects as soon as the control call answers.

#include <cmath>

#include "sim/json_fields.hpp"
#include "sim/simulator.hpp"

namespace tglink::sim {
namespace json = boost::json;

void Simulator::at(TimePoint when, std::function<void()> action) {
  timers_.emplace(when, std::move(action));
  engine_wake_.notify_all();
}

std::optional<Simulator::TimePoint> Simulator::next_due() const {
  std::optional<TimePoint> next;
  if (!parts_.empty()) next = parts_.top().due;
  if (!timers_.empty() && (!next || timers_.begin()->first < *next)) next = timers_.begin()->first;
  return next;
}

void Simulator::run_due() {
  for (;;) {
    const TimePoint now = clock_.now();
    const bool part_due = !parts_.empty() && parts_.top().due <= now;
    const bool timer_due = !timers_.empty() && timers_.begin()->first <= now;
    if (part_due && (!timer_due || parts_.top().due <= timers_.begin()->first)) {
      PartEvent event = parts_.top();
      parts_.pop();
      complete_part(event);
    } else if (timer_due) {
      std::function<void()> action = std::move(timers_.begin()->second);
      timers_.erase(timers_.begin());
      action();
    } else {
      return;
    }
  }
}

void Simulator::run_engine() {
  Lock lock(mutex_);
  while (!stopping_) {
    run_due();
    std::optional<TimePoint> next = next_due();
    if (next) {
      engine_wake_.wait_until(lock, clock_.real_deadline(*next));
    } else {
      engine_wake_.wait(lock);
    }
  }
}

json::object Simulator::advance_time(const json::object& request) {
  if (!request.contains("seconds")) throw std::invalid_argument("seconds is required");
  const double seconds = double_field(request, "seconds");
  if (!std::isfinite(seconds) || seconds < 0) {
    throw std::invalid_argument("seconds must be a non-negative number");
  }
  clock_.advance(
      std::chrono::duration_cast<SimClock::duration>(std::chrono::duration<double>(seconds)));
  run_due();
  engine_wake_.notify_all();
  changed_.notify_all();
  return json::object{{"ok", true}, {"unix_time", clock_.unix_now()}};
}

}  // namespace tglink::sim
