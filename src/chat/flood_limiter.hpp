#pragma once
// The per-user flood limit on files (USER_FILES_PER_MINUTE): at most N files accepted in any
// sliding 60-second window. A file over the limit is not dropped: it waits in a small per-user
// queue and is admitted when the window has room. Only when that queue is full is the user asked
// to send the file again. Pure bookkeeping over a steady clock; the caller owns the timers.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <unordered_map>

#include "core/clock.hpp"

namespace tglink {

class FloodLimiter {
 public:
  static constexpr std::chrono::seconds kWindow{60};

  // files_per_minute <= 0 disables the limit.
  FloodLimiter(int files_per_minute, std::size_t max_queued_per_user);

  // Admits a file now (and counts it) and answers zero, or answers how long until the window
  // has room. A file that has to wait is not counted; ask again when the wait is over.
  [[nodiscard]] std::chrono::steady_clock::duration admit(std::int64_t user_id, SteadyTime now);

  // A place in the user's waiting queue; false when the queue is full.
  [[nodiscard]] bool enqueue(std::int64_t user_id);
  void dequeue(std::int64_t user_id);
  [[nodiscard]] std::size_t queued(std::int64_t user_id) const;

  [[nodiscard]] int files_per_minute() const { return files_per_minute_; }

 private:
  struct UserWindow {
    std::deque<SteadyTime> accepted;  // times of files admitted in the last window
    std::size_t queued = 0;
  };

  int files_per_minute_;
  std::size_t max_queued_;
  std::unordered_map<std::int64_t, UserWindow> users_;
};

}  // namespace tglink
