#pragma once
// A sliding-window rate limit: at most N admissions per key in any 60-second window. Used for
// the per-user flood limit on files (USER_FILES_PER_MINUTE, keyed by user) and for Telegram's
// post rate into LOG_CHANNEL (20 a minute, keyed by the channel). Pure bookkeeping over a steady
// clock; the caller owns the timers and the waiting files (chat/uploads/upload_queue.hpp).

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
  using Duration = std::chrono::steady_clock::duration;

  // per_minute <= 0 disables the limit. A window longer than kWindow leaves a margin: see
  // ChannelLinks, whose sends reach Telegram a little after they are admitted here.
  explicit FloodLimiter(int per_minute, Duration window = kWindow);

  // Admits now (and counts it) and answers zero, or answers how long until the window has
  // room. Nothing is counted when it answers a wait; ask again when the wait is over.
  [[nodiscard]] Duration admit(std::int64_t key, SteadyTime now);

  // How long until the window has room for one more; zero when it has room now.
  [[nodiscard]] Duration wait(std::int64_t key, SteadyTime now) const;

  // How long until the admission that has `ahead` others before it could happen, if each takes
  // the earliest moment the window allows. wait() is estimate(key, now, 0).
  [[nodiscard]] Duration estimate(std::int64_t key, SteadyTime now, std::size_t ahead) const;

  [[nodiscard]] int per_minute() const { return per_minute_; }

 private:
  int per_minute_;
  Duration window_;
  std::unordered_map<std::int64_t, std::deque<SteadyTime>> admitted_;  // oldest first
};

}  // namespace tglink
