#pragma once
// Telegram's limits on what one bot may send, as the server enforces them: about 30 messages a
// second in total, about one a second to one private chat, and 20 a minute to one group or
// channel. A message over a limit is refused with FLOOD_WAIT_N, N being the seconds until it
// would fit. The limits are per bot and can be changed through the control op `set_bot`.
//
// Where Telegram is vaguer ("about", "sustained", short bursts tolerated) the simulator takes the
// strict reading: a sliding window that tolerates no burst.

#include <cstdint>
#include <deque>
#include <map>

#include "sim/sim_clock.hpp"

namespace tglink::sim {

// At most `messages` in any `seconds`-long window.
struct SendLimit {
  int messages = 1;
  double seconds = 1.0;
};

struct SendLimits {
  SendLimit global{30, 1.0};
  SendLimit private_chat{1, 1.0};
  SendLimit channel{20, 60.0};  // one group or channel
};

// The times of the messages sent within one window.
class RateWindow {
 public:
  // How long until one more message fits under `limit`; zero when it fits now.
  [[nodiscard]] SimClock::duration wait(const SendLimit& limit, SimClock::time_point now);
  void record(SimClock::time_point now) { sent_.push_back(now); }

 private:
  std::deque<SimClock::time_point> sent_;
};

// One bot's windows: the global one and one per chat.
class FloodGate {
 public:
  // 0 when the server takes one more message into `chat_id` now (and counts it), otherwise the
  // N of the FLOOD_WAIT_N it answers (at least 1).
  int admit(const SendLimits& limits, std::int64_t chat_id, bool channel, SimClock::time_point now);

 private:
  RateWindow global_;
  std::map<std::int64_t, RateWindow> chats_;
};

}  // namespace tglink::sim
