#pragma once
// What can be tuned and broken per bot at run time, and what is counted per bot.

#include <chrono>
#include <cstdint>
#include <map>
#include <string>

#include <boost/json.hpp>

#include "sim/send_limits.hpp"

namespace tglink::sim {

inline constexpr std::int64_t kMiB = 1024 * 1024;

struct BotSettings {
  double part_latency_ms = 2.0;             // server time for one part
  double bytes_per_second = 0.0;            // 0: unlimited
  std::int64_t in_flight_bytes = 2 * kMiB;  // TDLib's budget of parts in flight per DC
  int flood_parts = 0;        // the next N parts answer 429 (-1: every part until cleared)
  int flood_retry_after = 5;  // seconds, in the 429 message
  bool connected = true;      // false: updateConnectionState connecting; parts stall
  SendLimits send_limits;     // Telegram's limits on messages
};

struct BotCounters {
  std::int64_t bytes_downloaded = 0;
  std::int64_t parts = 0;
  std::int64_t download_file_calls = 0;
  std::int64_t messages_sent = 0;                // taken by the server
  std::int64_t flood_waits = 0;                  // FLOOD_WAIT answers to sends
  std::map<std::string, std::int64_t> requests;  // by @type
};

struct BotState {
  BotSettings settings;
  BotCounters counters;
  std::chrono::steady_clock::time_point bandwidth_free_at{};  // simulated time the link is idle
  boost::json::object commands;                               // setCommands by scope @type
  FloodGate flood_gate;
};

}  // namespace tglink::sim
