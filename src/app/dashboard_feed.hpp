#pragma once
// What feeds the operator's dashboard in the running service: this node's facts (bots, streams,
// cache, conversions, self-test) gathered from the parts that keep them, the traffic ring, and
// the store's figures (every node's reports and minutes, the week's top files, new users). The
// ring and this node's report go to the store every 30 s, so a restart keeps the day's charts and
// every node's page shows every node.
//
// Everything here runs on the I/O thread except the store calls, which go to the store executor.

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include <boost/asio/awaitable.hpp>

#include "core/clock.hpp"
#include "dashboard/dashboard_report.hpp"
#include "dashboard/minute_ring.hpp"
#include "store/store_executor.hpp"

namespace tglink {

class ActiveStreams;
class BandwidthMeter;
class BotPool;
class Log;
class PlaybackService;
class SelfTestWatch;
class TelegramFileStreamer;
class Uptime;
struct Config;
namespace metrics {
class ServiceMetrics;
}

struct DashboardSources {
  const Config& config;
  Log& log;
  const Clock& clock;
  const Uptime& uptime;
  Store& store;  // on store_work only
  StoreExecutor& store_work;
  BotPool& bots;
  TelegramFileStreamer& streamer;
  ActiveStreams& streams;
  BandwidthMeter& bandwidth;
  const SelfTestWatch& self_test;
  const metrics::ServiceMetrics& metrics;
  std::function<const PlaybackService*()> playback;  // null before it starts
  std::function<std::size_t()> http_connections;
  std::function<std::string()> node_id;
  std::function<bool()> leading;
};

class DashboardFeed {
 public:
  static constexpr std::chrono::seconds kSaveEvery{30};
  static constexpr int kTopFiles = 10;
  static constexpr int kWarnings = 20;

  explicit DashboardFeed(DashboardSources sources) : s_(std::move(sources)) {}

  // The ring every request goes into (dashboard/minute_meter.hpp).
  [[nodiscard]] MinuteRing& ring() { return ring_; }

  // At start, before the server: the day's minutes this node saved before. Blocks on the store.
  void load_history();
  // Every kSaveEvery: the ring's new counts and this node's report to the store; once an hour
  // also forgets history the dashboard no longer shows.
  void save();
  // The data endpoint's JSON.
  boost::asio::awaitable<std::string> data();

 private:
  [[nodiscard]] NodeFacts own_facts();
  [[nodiscard]] std::vector<BotFacts> bot_facts();
  [[nodiscard]] std::vector<WarningLine> warnings() const;

  DashboardSources s_;
  MinuteRing ring_;
  // For each bot's download speed: its byte counter at the last look, and when.
  std::vector<double> last_downloaded_;
  std::vector<double> last_speed_;
  SteadyTime last_look_{};
  SteadyTime last_cleanup_{};
};

}  // namespace tglink
