#include "sim/network_profile.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "sim/json_fields.hpp"

namespace tglink::sim {
namespace json = boost::json;

namespace {

// The largest part TDLib uses: a budget below it could never start a part of a big file.
constexpr std::int64_t kLargestPart = 512 * 1024;

BotSettings with_profile(const std::string& name, const BotSettings& current) {
  BotSettings out = current;
  const BotSettings defaults;
  if (name == "fast") {
    out.part_latency_ms = defaults.part_latency_ms;
    out.latency_jitter_ms = defaults.latency_jitter_ms;
    out.bytes_per_second = defaults.bytes_per_second;
  } else if (name == "realistic") {
    out.part_latency_ms = 50.0;
    out.latency_jitter_ms = 100.0;
    out.bytes_per_second = 8.0 * static_cast<double>(kMiB);
  } else {
    throw std::invalid_argument("profile must be \"fast\" or \"realistic\", not \"" + name + "\"");
  }
  return out;
}

double non_negative(const json::object& request, const char* name, double upper) {
  const double value = double_field(request, name);
  if (!std::isfinite(value) || value < 0 || value > upper) {
    throw std::invalid_argument(std::string(name) + " must be between 0 and " +
                                std::to_string(static_cast<std::int64_t>(upper)));
  }
  return value;
}

}  // namespace

void apply_network_fields(const json::object& request, BotState& state) {
  BotSettings next = state.settings;
  if (request.contains("profile")) next = with_profile(string_field(request, "profile"), next);
  constexpr double kHour = 3600.0 * 1000;
  if (request.contains("latency_ms"))
    next.part_latency_ms = non_negative(request, "latency_ms", kHour);
  if (request.contains("latency_jitter_ms")) {
    next.latency_jitter_ms = non_negative(request, "latency_jitter_ms", kHour);
  }
  if (request.contains("bytes_per_second")) {
    next.bytes_per_second = non_negative(request, "bytes_per_second", 1e12);
  }
  if (request.contains("in_flight_bytes")) {
    const std::int64_t budget = int_field(request, "in_flight_bytes");
    if (budget < kLargestPart || budget > 1024 * kMiB) {
      throw std::invalid_argument(
          "in_flight_bytes must be between 524288 (one part of a big "
          "file) and 1073741824");
    }
    next.in_flight_bytes = budget;
  }
  if (request.contains("jitter_seed")) {
    next.jitter_seed = static_cast<std::uint64_t>(int_field(request, "jitter_seed"));
  }
  const bool reseed = request.contains("jitter_seed") || request.contains("profile");
  state.settings = next;
  if (reseed) state.jitter.seed(next.jitter_seed);
}

SimClock::duration round_trip(BotState& state) {
  const BotSettings& settings = state.settings;
  double round_trip_ms = settings.part_latency_ms;
  if (settings.latency_jitter_ms > 0) {
    std::uniform_real_distribution<double> share(0.0, settings.latency_jitter_ms);
    round_trip_ms += share(state.jitter);
  }
  return std::chrono::duration_cast<SimClock::duration>(
      std::chrono::duration<double, std::milli>(round_trip_ms));
}

SimClock::time_point part_arrival(BotState& state, SimClock::time_point sent, std::int64_t bytes) {
  const BotSettings& settings = state.settings;
  const SimClock::duration trip = round_trip(state);
  if (settings.bytes_per_second <= 0) return sent + trip;
  const SimClock::duration there = trip / 2;
  const auto transfer = std::chrono::duration_cast<SimClock::duration>(
      std::chrono::duration<double>(static_cast<double>(bytes) / settings.bytes_per_second));
  const SimClock::time_point start = std::max(sent + there, state.bandwidth_free_at);
  state.bandwidth_free_at = start + transfer;
  return state.bandwidth_free_at + (trip - there);
}

}  // namespace tglink::sim
