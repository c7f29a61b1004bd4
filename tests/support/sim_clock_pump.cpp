#include "support/sim_clock_pump.hpp"

#include <memory>
#include <stdexcept>
#include <utility>

#include "sim/control_client.hpp"

namespace tglink::testing {

SimClockPump::SimClockPump(std::string socket_path, double step_seconds,
                           std::chrono::milliseconds period) {
  // Connect here, so a missing socket fails the test at once rather than on the thread.
  auto control = std::make_shared<sim::ControlClient>(socket_path);
  thread_ = std::thread([this, control, step_seconds, period] {
    while (!stop_.load()) {
      try {
        control->advance_time(step_seconds);
      } catch (const std::runtime_error&) {
        return;  // the simulator went away (the process under test stopped)
      }
      std::this_thread::sleep_for(period);
    }
  });
}

SimClockPump::~SimClockPump() {
  stop_.store(true);
  if (thread_.joinable()) thread_.join();
}

}  // namespace tglink::testing
