#include "app/dashboard_feed.hpp"

#include <algorithm>

#include "config/config.hpp"
#include "core/time_format.hpp"
#include "logging/log.hpp"
#include "media/telegram_file_streamer.hpp"
#include "metrics/service_metrics.hpp"
#include "ops/uptime.hpp"
#include "selftest/self_test_watch.hpp"
#include "serving/active_streams.hpp"
#include "serving/bandwidth_meter.hpp"
#include "serving/playback_service.hpp"
#include "telegram/bot_pool.hpp"
#include "telegram/bot_session.hpp"

namespace tglink {

namespace asio = boost::asio;
using namespace std::chrono_literals;

namespace {

constexpr double kBytesPerGb = 1024.0 * 1024.0 * 1024.0;

std::int64_t unix_of(SystemTime time) {
  return std::chrono::duration_cast<std::chrono::seconds>(time.time_since_epoch()).count();
}

// What the store holds for the page: read together on the store executor.
struct StoredFigures {
  std::vector<NodeReport> reports;
  std::vector<MinuteTraffic> minutes;
  std::vector<LinkTrafficTotal> top_files;
  std::vector<DayCount> new_users;
  std::int64_t total_users = 0;
};

StoredFigures read_stored(Store& store, SystemTime now) {
  StoredFigures figures;
  figures.reports = store.node_reports();
  figures.minutes = store.minute_traffic_since(unix_of(now - 24h));
  figures.top_files =
      store.top_links_since(format_day_utc(now - 24h * 6), DashboardFeed::kTopFiles);
  figures.new_users = store.new_users_per_day(unix_of(now - 24h * 30));
  figures.total_users = store.count_users();
  return figures;
}

// Every node's facts: this node's as they are now, the others' as they last reported.
std::vector<NodeFacts> every_node(NodeFacts own, const std::vector<NodeReport>& reports) {
  std::vector<NodeFacts> nodes{std::move(own)};
  for (const NodeReport& report : reports) {
    if (report.node_id == nodes.front().node_id) continue;
    std::optional<NodeFacts> facts = node_facts_from_json(report.report_json);
    if (!facts) continue;
    facts->node_id = report.node_id;
    facts->reported_unix = report.reported_unix;
    nodes.push_back(std::move(*facts));
  }
  return nodes;
}

}  // namespace

void DashboardFeed::load_history() {
  const SystemTime now = s_.clock.now();
  const std::string node = s_.node_id();
  try {
    std::vector<MinuteCount> mine;
    for (const MinuteTraffic& row : s_.store.minute_traffic_since(unix_of(now - 24h))) {
      if (row.node_id == node)
        mine.push_back(MinuteCount{row.minute_unix, row.requests, row.bytes});
    }
    ring_.load(mine, now);
  } catch (const StoreError& e) {
    s_.log.warning("Dashboard: could not read the day's traffic back: {}", e.what());
  }
}

void DashboardFeed::save() {
  const SystemTime now = s_.clock.now();
  const std::string node = s_.node_id();
  std::vector<MinuteTraffic> minutes;
  for (const MinuteCount& minute : ring_.take_unsaved()) {
    minutes.push_back(MinuteTraffic{node, minute.minute_unix, minute.requests, minute.bytes});
  }
  NodeReport report{node, unix_of(now), node_facts_json(own_facts())};
  const bool cleanup = s_.clock.steady_now() - last_cleanup_ >= 1h;
  if (cleanup) last_cleanup_ = s_.clock.steady_now();
  Store& store = s_.store;
  Log& log = s_.log;
  s_.store_work.post_job("dashboard save", [&store, &log, minutes = std::move(minutes),
                                            report = std::move(report), cleanup, now] {
    try {
      store.add_minute_traffic(minutes);
      store.save_node_report(report);
      if (cleanup)
        store.delete_dashboard_history(unix_of(now - 25h), format_day_utc(now - 24h * 8));
    } catch (const StoreError& e) {
      log.warning("Dashboard: could not save this node's traffic and report: {}", e.what());
    }
  });
}

std::vector<BotFacts> DashboardFeed::bot_facts() {
  const std::size_t count = s_.bots.size();
  last_downloaded_.resize(count, 0);
  last_speed_.resize(count, 0);
  const SteadyTime now = s_.clock.steady_now();
  const double seconds = std::chrono::duration<double>(now - last_look_).count();
  const bool new_interval = last_look_ != SteadyTime{} && seconds >= 1.0;
  std::vector<BotFacts> bots;
  for (std::size_t i = 0; i < count; ++i) {
    const BotSession& bot = s_.bots.bot(i);
    const metrics::BotCounters counters = s_.metrics.bot_counters(i);
    if (new_interval) last_speed_[i] = (counters.downloaded_bytes - last_downloaded_[i]) / seconds;
    if (new_interval || last_look_ == SteadyTime{}) last_downloaded_[i] = counters.downloaded_bytes;
    BotFacts facts;
    facts.id = std::to_string(bot.bot_id());
    facts.username = bot.me() ? bot.me()->username : std::string();
    facts.connected = bot.connected();
    facts.state =
        std::string(to_string(bot.auth_state())) + ", " + std::string(to_string(bot.connection()));
    facts.flood_waits = static_cast<std::int64_t>(counters.flood_waits);
    facts.stalls = static_cast<std::int64_t>(counters.stalls);
    facts.download_bytes_per_second = std::max(0.0, last_speed_[i]);
    bots.push_back(std::move(facts));
  }
  if (new_interval || last_look_ == SteadyTime{}) last_look_ = now;
  return bots;
}

NodeFacts DashboardFeed::own_facts() {
  NodeFacts node;
  node.node_id = s_.node_id();
  node.leader = s_.leading();
  node.reported_unix = unix_of(s_.clock.now());
  node.uptime_seconds = s_.uptime.elapsed().count();
  node.bots = bot_facts();
  const SteadyTime now = s_.clock.steady_now();
  for (const ActiveStreams::Entry& entry : s_.streams.entries()) {
    node.streams.push_back(
        StreamFacts{entry.client, entry.file,
                    std::chrono::duration_cast<std::chrono::seconds>(now - entry.started).count()});
  }
  node.http_connections = static_cast<std::int64_t>(s_.http_connections());
  node.cache_bytes = static_cast<std::int64_t>(s_.streamer.cached_bytes());
  node.cache_limit_bytes = static_cast<std::int64_t>(s_.config.cache_max_gb * kBytesPerGb);
  if (const PlaybackService* playback = s_.playback()) {
    const ConversionLoad load = playback->conversion_load();
    node.conversions = ConversionFacts{playback->conversion_summary(), load.transcode_slots,
                                       load.remux_slots, static_cast<std::int64_t>(load.running),
                                       static_cast<std::int64_t>(load.queued)};
  }
  const std::optional<SelfTestResult>& self_test = s_.self_test.last();
  node.self_test = SelfTestFacts{self_test.has_value(), self_test && self_test->passed(),
                                 short_status(self_test)};
  return node;
}

std::vector<WarningLine> DashboardFeed::warnings() const {
  std::vector<WarningLine> lines;
  for (const LogRecord& record : s_.log.recent(LogLevel::Warning, kWarnings)) {
    lines.push_back(
        WarningLine{unix_of(record.time), std::string(log_level_name(record.level)), record.text});
  }
  return lines;
}

asio::awaitable<std::string> DashboardFeed::data() {
  const SystemTime now = s_.clock.now();
  DashboardData answer;
  answer.node_id = s_.node_id();
  answer.nodes = {own_facts()};
  answer.warnings = warnings();
  const NodeMinutes own{answer.node_id, ring_.last_day(now)};
  Store& store = s_.store;
  BandwidthMeter& bandwidth = s_.bandwidth;
  StoredFigures stored;
  BandwidthFacts usage;
  co_await s_.store_work.run([&store, &bandwidth, &stored, &usage, now] {
    stored = read_stored(store, now);
    usage = BandwidthFacts{bandwidth.month(), bandwidth.used_bytes(), bandwidth.limit_bytes(), 0};
  });
  usage.projected_bytes = project_month(usage.used_bytes, now);
  answer.bandwidth = usage;
  answer.total_users = stored.total_users;
  answer.new_users = std::move(stored.new_users);
  answer.top_files = std::move(stored.top_files);
  answer.traffic = traffic_by_node(stored.minutes, own, now);
  answer.nodes = every_node(std::move(answer.nodes.front()), stored.reports);
  co_return dashboard_json(answer, now);
}

}  // namespace tglink
