#pragma once
// A gate that a fake's call (a store call standing for a slow database) waits at until the test
// opens it; the test can wait for a call to arrive there. The limit only turns a deadlock (the
// code under test waiting where it must not) into a failure instead of a hang.

#include <condition_variable>
#include <mutex>

#include "support/io_wait.hpp"

namespace tglink::testing {

class Gate {
 public:
  // Called by the held call: says it arrived, then waits until open().
  void pass() {
    std::unique_lock lock(mutex_);
    arrived_ = true;
    changed_.notify_all();
    changed_.wait_for(lock, kHangLimit, [this] { return open_; });
  }
  [[nodiscard]] bool arrived() {
    const std::lock_guard lock(mutex_);
    return arrived_;
  }
  // False when no call arrived within the limit.
  bool wait_arrived() {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, kHangLimit, [this] { return arrived_; });
  }
  void open() {
    const std::lock_guard lock(mutex_);
    open_ = true;
    changed_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  bool arrived_ = false;
  bool open_ = false;
};

}  // namespace tglink::testing
