#pragma once
// A small runner of periodic jobs on the service's io_context.
//
// Time comes from the Clock interface, not from the timer: a timer only wakes the runner now
// and then (every `tick`), and run_due() asks the clock which jobs are due. Tests therefore
// drive every job with a fake clock and a direct run_due() call, with no waiting.
//
// A job runs first one interval after it was added, then one interval after each run (missed
// runs are not caught up in a burst). A job that throws is logged and runs again next time.
// Everything happens on the io_context's thread, so jobs need no locking of their own.

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/clock.hpp"

namespace boost::asio {
class io_context;
}

namespace tglink {

class Log;

struct PeriodicJob {
  std::string name;  // for logs
  std::chrono::steady_clock::duration every;
  std::function<void()> run;
};

class PeriodicJobs {
 public:
  PeriodicJobs(const Clock& clock, Log& log) : clock_(clock), log_(log) {}
  PeriodicJobs(const PeriodicJobs&) = delete;
  PeriodicJobs& operator=(const PeriodicJobs&) = delete;

  // Throws std::invalid_argument when `every` is not positive or `run` is empty.
  void add(PeriodicJob job);

  // Runs every job whose time has come; returns how many ran (failed runs included).
  std::size_t run_due();

  // Calls run_due() every `tick` on `io` until stop(). Declare the runner after the io_context it
  // runs on, so it is destroyed first (its timer belongs to that io_context).
  void start(boost::asio::io_context& io,
             std::chrono::milliseconds tick = std::chrono::milliseconds{1000});
  void stop();

  [[nodiscard]] std::size_t size() const { return jobs_.size(); }

 private:
  struct Scheduled {
    PeriodicJob job;
    SteadyTime next_due;
  };
  void run_one(Scheduled& scheduled, SteadyTime now);

  const Clock& clock_;
  Log& log_;
  std::vector<Scheduled> jobs_;
  struct Ticker;
  std::shared_ptr<Ticker> ticker_;  // the running timer loop, while started
};

}  // namespace tglink
