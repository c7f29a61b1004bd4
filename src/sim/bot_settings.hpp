#pragma once
// What can be tuned and broken per bot at run time, and what is counted per bot.

#include <chrono>
#include <cstdint>
#include <map>
#include <random>
#include <string>

#include <boost/json.hpp>

#include "sim/send_limits.hpp"

namespace tglink::sim {

inline constexpr std::int64_t kMiB = 1024 * 1024;
// NetQuery's default total_timeout_limit: the most flood waiting TDLib does for one query.
inline constexpr double kFloodWaitLimitSeconds = 60;

// The fast default profile keeps the suite quick; `set_bot profile=realistic` (see
// network_profile.hpp) gives round trips and a bandwidth ceiling like a real data centre's.
struct BotSettings {
  double part_latency_ms = 2.0;             // round trip of one part, at least
  double latency_jitter_ms = 0.0;           // plus a uniform random share of this (seeded)
  std::uint64_t jitter_seed = 1;            // seeds the bot's jitter, so runs repeat
  double bytes_per_second = 0.0;            // the bot's link; 0: unlimited
  std::int64_t in_flight_bytes = 2 * kMiB;  // TDLib's budget of parts in flight per DC
  int flood_parts = 0;        // the next N part answers are FLOOD_WAIT (-1: until cleared)
  int flood_retry_after = 5;  // seconds, the N of FLOOD_WAIT_N
  bool connected = true;      // false: updateConnectionState connecting; parts stall
  SendLimits send_limits;     // Telegram's limits on messages
};

struct BotCounters {
  std::int64_t bytes_downloaded = 0;
  std::int64_t parts = 0;          // parts on disk
  std::int64_t part_requests = 0;  // parts asked of the server, resends included
  std::int64_t download_file_calls = 0;
  std::int64_t messages_sent = 0;                // taken by the server
  std::int64_t flood_waits = 0;                  // FLOOD_WAIT answers to sends
  std::int64_t messages_edited = 0;              // edits the server took
  std::int64_t edit_flood_waits = 0;             // FLOOD_WAIT answers to edits
  std::int64_t part_flood_waits = 0;             // FLOOD_WAIT answers to download parts
  std::int64_t file_reference_repairs = 0;       // expired file references fetched anew
  std::map<std::string, std::int64_t> requests;  // by @type
};

struct BotState {
  BotSettings settings;
  BotCounters counters;
  std::chrono::steady_clock::time_point bandwidth_free_at{};  // simulated time the link is idle
  std::mt19937_64 jitter{1};                                  // reseeded by set_bot
  boost::json::object commands;                               // setCommands by scope @type
  FloodGate flood_gate;
};

}  // namespace tglink::sim
