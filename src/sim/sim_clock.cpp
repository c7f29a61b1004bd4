#include "sim/sim_clock.hpp"

#include <stdexcept>

namespace tglink::sim {

std::int64_t SimClock::unix_now() const {
  const auto wall = std::chrono::system_clock::now() + offset_;
  return std::chrono::duration_cast<std::chrono::seconds>(wall.time_since_epoch()).count();
}

void SimClock::advance(duration step) {
  if (step < duration::zero()) throw std::invalid_argument("time only moves forward");
  offset_ += step;
}

}  // namespace tglink::sim
