#pragma once
// Requests and response body bytes per UTC minute over the last 24 hours, in memory: the
// dashboard's two traffic charts. A fixed ring of 1440 minutes, so it never grows; a slot whose
// minute has passed out of the day is reused. What was added since the last take_unsaved() goes
// to the store (Store::add_minute_traffic), so a restart keeps the day (load()).
//
// Not thread-safe: the HTTP side adds on the I/O thread, and the dashboard reads there too.

#include <array>
#include <cstdint>
#include <vector>

#include "core/clock.hpp"

namespace tglink {

struct MinuteCount {
  std::int64_t minute_unix = 0;  // the minute's first second
  std::int64_t requests = 0;
  std::int64_t bytes = 0;

  bool operator==(const MinuteCount&) const = default;
};

class MinuteRing {
 public:
  static constexpr std::size_t kMinutes = std::size_t{24} * 60;

  void add(SystemTime at, std::int64_t requests, std::int64_t bytes);
  // Adds minutes kept from before (the store's); those older than a day before `now` are left out,
  // and they count as saved.
  void load(const std::vector<MinuteCount>& minutes, SystemTime now);

  // The day's 1440 minutes ending with the one holding `now`, oldest first; a minute with nothing
  // is zero.
  [[nodiscard]] std::vector<MinuteCount> last_day(SystemTime now) const;
  // What each minute gained since the last call (or load), for the store; empty when nothing did.
  [[nodiscard]] std::vector<MinuteCount> take_unsaved();

  [[nodiscard]] static std::int64_t minute_of(SystemTime at);

 private:
  struct Slot {
    std::int64_t minute_unix = -1;  // -1: never used
    std::int64_t requests = 0;
    std::int64_t bytes = 0;
    std::int64_t saved_requests = 0;
    std::int64_t saved_bytes = 0;
  };
  // The minute's slot, emptied when it held an older minute; nullptr when it holds a newer one.
  Slot* slot_for(std::int64_t minute_unix);

  std::array<Slot, kMinutes> slots_{};
};

}  // namespace tglink
