#include "sim/send_limits.hpp"

#include <algorithm>
#include <cmath>

namespace tglink::sim {

namespace {

SimClock::duration window_of(const SendLimit& limit) {
  return std::chrono::duration_cast<SimClock::duration>(
      std::chrono::duration<double>(limit.seconds));
}

// FLOOD_WAIT_N counts whole seconds, rounded up, and is never 0.
int whole_seconds(SimClock::duration wait) {
  const double seconds = std::chrono::duration<double>(wait).count();
  return std::max(1, static_cast<int>(std::ceil(seconds)));
}

}  // namespace

SimClock::duration RateWindow::wait(const SendLimit& limit, SimClock::time_point now) {
  const SimClock::duration window = window_of(limit);
  while (!sent_.empty() && sent_.front() <= now - window) sent_.pop_front();
  const std::size_t allowed = static_cast<std::size_t>(std::max(1, limit.messages));
  if (sent_.size() < allowed) return SimClock::duration::zero();
  // The message that must leave the window before one more fits.
  const SimClock::time_point leaves = sent_[sent_.size() - allowed] + window;
  return std::max(SimClock::duration::zero(), leaves - now);
}

int FloodGate::admit(const SendLimits& limits, std::int64_t chat_id, bool channel,
                     SimClock::time_point now) {
  RateWindow& chat = chats_[chat_id];
  const SimClock::duration wait =
      std::max(global_.wait(limits.global, now),
               chat.wait(channel ? limits.channel : limits.private_chat, now));
  if (wait > SimClock::duration::zero()) return whole_seconds(wait);
  global_.record(now);
  chat.record(now);
  return 0;
}

}  // namespace tglink::sim
