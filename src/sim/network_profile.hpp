#pragma once
// How long a download part takes on a bot's link. Two profiles: "fast" (the default: 2 ms a
// part, no ceiling, so the suite stays quick) and "realistic" (a round trip of 50–150 ms with
// seeded jitter and an 8 MiB/s ceiling per bot, as benchmarks and speed tests need). Explicit
// set_bot values override the profile's.

#include <cstdint>

#include <boost/json.hpp>

#include "sim/bot_settings.hpp"
#include "sim/sim_clock.hpp"

namespace tglink::sim {

// Applies set_bot's network fields to `settings`: `profile` first, then `latency_ms`,
// `latency_jitter_ms`, `jitter_seed`, `bytes_per_second` and `in_flight_bytes`. Throws
// std::invalid_argument naming the field and its bounds; on a throw nothing has changed.
void apply_network_fields(const boost::json::object& request, BotState& state);

// One round trip to the server, with the bot's jitter (a request that carries no file bytes).
SimClock::duration round_trip(BotState& state);

// When a part of `bytes` requested at `sent` arrives: half a round trip to the server, the
// transfer over the bot's link after whatever the link is still carrying, half a round trip back.
SimClock::time_point part_arrival(BotState& state, SimClock::time_point sent, std::int64_t bytes);

}  // namespace tglink::sim
