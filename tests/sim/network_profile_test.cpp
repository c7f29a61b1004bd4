// The timing of download parts: profiles, explicit values and their bounds, seeded jitter, and
// the bot's link carrying one answer after another.

#include "sim/network_profile.hpp"

#include <gtest/gtest.h>

namespace tglink::sim {
namespace {
namespace json = boost::json;
using std::chrono::duration;
using std::chrono::duration_cast;

double ms_between(SimClock::time_point from, SimClock::time_point to) {
  return duration<double, std::milli>(to - from).count();
}

TEST(NetworkProfile, RealisticRoundTripsAreFiftyToOneHundredFiftyMilliseconds) {
  BotState state;
  apply_network_fields(json::object{{"profile", "realistic"}, {"bytes_per_second", 0}}, state);
  const SimClock::time_point start{};
  double low = 1e9;
  double high = 0;
  for (int i = 0; i < 500; ++i) {
    const double trip = ms_between(start, part_arrival(state, start, 512 * 1024));
    low = std::min(low, trip);
    high = std::max(high, trip);
  }
  EXPECT_GE(low, 50.0);
  EXPECT_LE(high, 150.0);
  EXPECT_GT(high - low, 50.0) << "no jitter";
}

TEST(NetworkProfile, TheSameSeedGivesTheSameRoundTrips) {
  BotState first;
  BotState second;
  const json::object realistic{{"profile", "realistic"}, {"jitter_seed", 42}};
  apply_network_fields(realistic, first);
  apply_network_fields(realistic, second);
  const SimClock::time_point start{};
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(part_arrival(first, start, 1000), part_arrival(second, start, 1000)) << i;
  }
}

TEST(NetworkProfile, TheCeilingCarriesOneAnswerAfterAnother) {
  BotState state;
  apply_network_fields(json::object{{"latency_ms", 100}, {"bytes_per_second", 8 << 20}}, state);
  const SimClock::time_point start{};
  SimClock::time_point last = start;
  for (int part = 0; part < 16; ++part) last = part_arrival(state, start, 512 * 1024);
  // 8 MiB over an 8 MiB/s link takes a second, plus the two halves of the round trip.
  EXPECT_NEAR(ms_between(start, last), 1100.0, 1.0);
}

TEST(NetworkProfile, ExplicitValuesOverrideTheProfile) {
  BotState state;
  apply_network_fields(json::object{{"profile", "realistic"}, {"bytes_per_second", 1 << 20}},
                       state);
  EXPECT_EQ(state.settings.part_latency_ms, 50.0);
  EXPECT_EQ(state.settings.bytes_per_second, 1 << 20);
  apply_network_fields(json::object{{"profile", "fast"}}, state);
  EXPECT_EQ(state.settings.part_latency_ms, BotSettings{}.part_latency_ms);
  EXPECT_EQ(state.settings.latency_jitter_ms, 0.0);
  EXPECT_EQ(state.settings.bytes_per_second, 0.0);
}

TEST(NetworkProfile, BadValuesAreRefusedByNameAndChangeNothing) {
  const std::pair<json::object, const char*> bad[] = {
      {{{"profile", "slow"}}, "profile"},
      {{{"latency_ms", -1}}, "latency_ms"},
      {{{"latency_jitter_ms", -5}}, "latency_jitter_ms"},
      {{{"bytes_per_second", -1}}, "bytes_per_second"},
      {{{"in_flight_bytes", 1024}}, "in_flight_bytes"},
      {{{"latency_ms", 10}, {"in_flight_bytes", 0}}, "in_flight_bytes"},
  };
  for (const auto& [request, name] : bad) {
    BotState state;
    try {
      apply_network_fields(request, state);
      ADD_FAILURE() << json::serialize(request) << " was taken";
    } catch (const std::invalid_argument& error) {
      EXPECT_NE(std::string(error.what()).find(name), std::string::npos) << error.what();
    }
    EXPECT_EQ(state.settings.part_latency_ms, BotSettings{}.part_latency_ms);
  }
}

}  // namespace
}  // namespace tglink::sim
