#pragma once
// Moves the simulator's clock forward in steps, on a thread of its own with its own control
// connection, for as long as it lives. TDLib waits out up to 60 s of FLOOD_WAIT on a download
// part before it gives up (src/sim/README.md); a test that needs that outcome lets the waits
// pass in moments instead of minutes.

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

namespace tglink::testing {

class SimClockPump {
 public:
  // Every `period` of real time, `step_seconds` of simulated time pass.
  SimClockPump(std::string socket_path, double step_seconds,
               std::chrono::milliseconds period = std::chrono::milliseconds(20));
  ~SimClockPump();
  SimClockPump(const SimClockPump&) = delete;
  SimClockPump& operator=(const SimClockPump&) = delete;

 private:
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace tglink::testing
