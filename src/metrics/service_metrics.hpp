#pragma once
// tglink's own metrics, registered on a Registry, and the three observer interfaces the parts
// report through (HTTP exchanges, the streaming engine, the chat side). Figures another part
// already keeps (active streams, bytes cached, bots connected) are read at scrape time through
// ServiceFigures instead of being copied.
//
//   tglink_build_info{version}                         1
//   tglink_http_requests_total{route,code}             responses started
//   tglink_http_response_bytes_total{route}            body bytes that reached the socket
//   tglink_active_streams                              bodies being sent
//   tglink_http_connections                            open HTTP connections
//   tglink_http_bodies_waiting                         bodies waiting for a turn to send a chunk
//   tglink_telegram_downloaded_bytes_total{bot}        file bytes TDLib downloaded
//   tglink_cache_served_bytes_total{result=hit|miss}   file bytes sent: on disk already, or waited
//   tglink_cache_disk_bytes / tglink_cache_limit_bytes TDLib's files on disk / CACHE_MAX_GB
//   tglink_download_stalls_total{bot}                  waits with no progress for the stall timeout
//   tglink_download_handovers_total{bot}               ranges a bot gave up to the next bot
//   tglink_download_duplicate_bytes_total{bot}         bytes of a stolen tail it brought too
//   tglink_telegram_flood_waits_total{bot}             requests TDLib failed with 429
//   tglink_bots / tglink_bots_connected / tglink_bot_connected{bot}
//   tglink_bandwidth_used_bytes / tglink_bandwidth_limit_bytes  this UTC month / the limit (0:
//   none) tglink_conversions_running / tglink_conversions_queued   the player's ffmpeg jobs
//   tglink_conversion_slots{kind=transcode|remux}            TRANSCODE_SLOTS, REMUX_SLOTS
//   tglink_conversion_runs_started_total                     ffmpeg runs started (a queue that
//                                                             waits while this stands is stuck)
//   tglink_links_created_total
//   tglink_uploads_refused_total{reason}
//   tglink_broadcast_deliveries_total{outcome} / tglink_broadcasts_finished_total
//   process_* (process_metrics.hpp)
//
// `bot` is the bot's numeric id (the public part of its token), so it stays the same when
// ADDITIONAL_BOT_TOKENS is reordered.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "chat/chat_events.hpp"
#include "http/request_meter.hpp"
#include "media/media_observer.hpp"
#include "metrics/metric_registry.hpp"

namespace tglink::metrics {

struct BotFigure {
  std::string id;  // the label value
  bool connected = false;
};

// The player's conversions (playback/job_manager.hpp), read at scrape time.
struct ConversionFigure {
  double running = 0;
  double queued = 0;
  double transcode_slots = 0;
  double remux_slots = 0;
  double runs_started = 0;
};

// What the counters hold for one bot (the dashboard shows them beside its state).
struct BotCounters {
  double downloaded_bytes = 0;
  double stalls = 0;
  double flood_waits = 0;
};

// Read at every scrape; an empty function leaves its metric out.
struct ServiceFigures {
  std::function<double()> active_streams;
  std::function<double()> http_connections;
  // Bodies waiting in the HTTP server's send lane (http/send_lane.hpp): near the number of fast
  // readers when the node sends as fast as it can; 0 when sockets, not the node, set the pace.
  std::function<double()> http_bodies_waiting;
  std::function<double()> cache_disk_bytes;
  std::function<double()> cache_limit_bytes;
  std::function<std::vector<BotFigure>()> bots;
  std::function<double()> bandwidth_used_bytes;
  std::function<double()> bandwidth_limit_bytes;
  std::function<ConversionFigure()> conversions;
};

class ServiceMetrics final : public RequestMeter, public MediaObserver, public ChatEvents {
 public:
  // `bot_ids[i]` is the label of the bot at index i.
  ServiceMetrics(Registry& registry, std::string version, std::vector<std::string> bot_ids,
                 ServiceFigures figures);

  // RequestMeter
  void responded(std::string_view route, int status) override;
  void body_sent(std::string_view route, std::uint64_t bytes) override;
  // MediaObserver
  void downloaded(std::size_t bot, std::uint64_t bytes) override;
  void served(std::uint64_t bytes, bool cached) override;
  void stalled(std::size_t bot) override;
  void handed_over(std::size_t from_bot) override;
  void downloaded_twice(std::size_t bot, std::uint64_t bytes) override;
  // ChatEvents
  void link_made() override;
  void upload_refused(std::string_view reason) override;
  void broadcast_delivered(std::string_view outcome) override;
  void broadcast_finished() override;

  // A Telegram request of this bot failed with 429 (TDLib sat out what it could, then gave up).
  void flood_wait(std::size_t bot);

  [[nodiscard]] BotCounters bot_counters(std::size_t bot) const;

 private:
  [[nodiscard]] const std::string& bot_id(std::size_t index) const;
  void register_figures(Registry& registry, ServiceFigures figures);
  static void register_bots(Registry& registry, std::function<std::vector<BotFigure>()> bots);
  static void register_usage(Registry& registry, ServiceFigures& figures);

  std::vector<std::string> bot_ids_;
  Family& requests_;
  Family& response_bytes_;
  Family& downloaded_;
  Family& served_;
  Family& stalls_;
  Family& handovers_;
  Family& downloaded_twice_;
  Family& flood_waits_;
  Family& links_;
  Family& refused_;
  Family& deliveries_;
  Family& broadcasts_finished_;
};

}  // namespace tglink::metrics
