#include "metrics/service_metrics.hpp"

#include "metrics/process_metrics.hpp"

namespace tglink::metrics {

namespace {

const std::string kUnknownBot = "unknown";

SampleSource single(std::function<double()> read) {
  return [read = std::move(read)] { return std::vector<Sample>{Sample{{}, read()}}; };
}

// A gauge of one figure, registered only when the service gives that figure.
void gauge_if_given(Registry& registry, std::string name, std::string help,
                    std::function<double()>& figure) {
  if (figure) registry.gauge_from(std::move(name), std::move(help), {}, single(std::move(figure)));
}

}  // namespace

ServiceMetrics::ServiceMetrics(Registry& registry, std::string version,
                               std::vector<std::string> bot_ids, ServiceFigures figures)
    : bot_ids_(std::move(bot_ids)),
      requests_(registry.counter("tglink_http_requests_total",
                                 "HTTP responses started, by route and status code.",
                                 {"route", "code"})),
      response_bytes_(registry.counter("tglink_http_response_bytes_total",
                                       "HTTP response body bytes that reached the socket, by "
                                       "route.",
                                       {"route"})),
      downloaded_(registry.counter("tglink_telegram_downloaded_bytes_total",
                                   "File bytes TDLib downloaded from Telegram, by bot id.",
                                   {"bot"})),
      served_(registry.counter("tglink_cache_served_bytes_total",
                               "File bytes sent to clients: hit when they were on disk already, "
                               "miss when the reader waited for Telegram.",
                               {"result"})),
      stalls_(registry.counter("tglink_download_stalls_total",
                               "Download waits that saw no progress for the stall timeout, by bot "
                               "id.",
                               {"bot"})),
      handovers_(registry.counter("tglink_download_handovers_total",
                                  "Byte ranges a bot could not supply and handed to the next bot, "
                                  "by the bot that gave up.",
                                  {"bot"})),
      downloaded_twice_(registry.counter(
          "tglink_download_duplicate_bytes_total",
          "File bytes a bot downloaded that another bot downloads too: the tail of its slice "
          "was stolen while they were in flight, by the bot it was stolen from.",
          {"bot"})),
      flood_waits_(registry.counter("tglink_telegram_flood_waits_total",
                                    "Telegram requests that failed with 429 (a flood wait longer "
                                    "than TDLib sits out by itself), by bot id.",
                                    {"bot"})),
      links_(registry.counter("tglink_links_created_total", "Download links sent to users.")),
      refused_(registry.counter("tglink_uploads_refused_total",
                                "Uploads that got no link, by reason.", {"reason"})),
      deliveries_(registry.counter("tglink_broadcast_deliveries_total",
                                   "Broadcast recipients reached, by outcome.", {"outcome"})),
      broadcasts_finished_(registry.counter("tglink_broadcasts_finished_total",
                                            "Broadcasts that reached everyone.")) {
  registry.gauge("tglink_build_info", "Always 1; the version of tglink running.", {"version"})
      .set({std::move(version)}, 1);
  for (const std::string& bot : bot_ids_) {
    downloaded_.touch({bot});
    stalls_.touch({bot});
    handovers_.touch({bot});
    downloaded_twice_.touch({bot});
    flood_waits_.touch({bot});
  }
  served_.touch({"hit"});
  served_.touch({"miss"});
  links_.touch({});
  broadcasts_finished_.touch({});
  register_figures(registry, std::move(figures));
  register_process_metrics(registry);
}

void ServiceMetrics::register_figures(Registry& registry, ServiceFigures figures) {
  gauge_if_given(registry, "tglink_active_streams", "Response bodies being sent now.",
                 figures.active_streams);
  gauge_if_given(registry, "tglink_http_connections", "Open HTTP connections.",
                 figures.http_connections);
  gauge_if_given(registry, "tglink_http_bodies_waiting",
                 "Response bodies waiting for their turn to send a chunk.",
                 figures.http_bodies_waiting);
  gauge_if_given(registry, "tglink_cache_disk_bytes", "Bytes of TDLib's downloaded files on disk.",
                 figures.cache_disk_bytes);
  gauge_if_given(registry, "tglink_cache_limit_bytes", "The disk budget for TDLib's files.",
                 figures.cache_limit_bytes);
  register_usage(registry, figures);
  if (figures.bots) register_bots(registry, std::move(figures.bots));
}

void ServiceMetrics::register_usage(Registry& registry, ServiceFigures& figures) {
  gauge_if_given(registry, "tglink_bandwidth_used_bytes",
                 "Bytes served this UTC month (every node's, as the limit counts them).",
                 figures.bandwidth_used_bytes);
  gauge_if_given(registry, "tglink_bandwidth_limit_bytes",
                 "The monthly bandwidth limit in bytes; 0 when there is none.",
                 figures.bandwidth_limit_bytes);
  if (!figures.conversions) return;
  auto read = std::move(figures.conversions);
  registry.gauge_from("tglink_conversions_running", "The player's conversions running now.", {},
                      [read] {
                        return std::vector<Sample>{Sample{{}, read().running}};
                      });
  registry.gauge_from("tglink_conversions_queued", "The player's conversions waiting for a slot.",
                      {}, [read] {
                        return std::vector<Sample>{Sample{{}, read().queued}};
                      });
  registry.gauge_from("tglink_conversion_slots", "Conversions that may run at once, by kind.",
                      {"kind"}, [read] {
                        const ConversionFigure figure = read();
                        return std::vector<Sample>{Sample{{"transcode"}, figure.transcode_slots},
                                                   Sample{{"remux"}, figure.remux_slots}};
                      });
  registry.counter_from("tglink_conversion_runs_started_total",
                        "ffmpeg runs the player's conversions started.", {}, [read] {
                          return std::vector<Sample>{Sample{{}, read().runs_started}};
                        });
}

void ServiceMetrics::register_bots(Registry& registry,
                                   std::function<std::vector<BotFigure>()> bots) {
  registry.gauge_from("tglink_bots", "Bots configured (BOT_TOKEN and ADDITIONAL_BOT_TOKENS).", {},
                      [bots] {
                        return std::vector<Sample>{Sample{{}, static_cast<double>(bots().size())}};
                      });
  registry.gauge_from("tglink_bots_connected", "Bots logged in and connected to Telegram.", {},
                      [bots] {
                        double connected = 0;
                        for (const BotFigure& bot : bots()) connected += bot.connected ? 1 : 0;
                        return std::vector<Sample>{Sample{{}, connected}};
                      });
  registry.gauge_from("tglink_bot_connected", "1 when this bot is connected to Telegram.", {"bot"},
                      [bots] {
                        std::vector<Sample> samples;
                        for (const BotFigure& bot : bots()) {
                          samples.push_back(Sample{{bot.id}, bot.connected ? 1.0 : 0.0});
                        }
                        return samples;
                      });
}

const std::string& ServiceMetrics::bot_id(std::size_t index) const {
  return index < bot_ids_.size() ? bot_ids_[index] : kUnknownBot;
}

void ServiceMetrics::responded(std::string_view route, int status) {
  requests_.add({std::string(route), std::to_string(status)}, 1);
}

void ServiceMetrics::body_sent(std::string_view route, std::uint64_t bytes) {
  response_bytes_.add({std::string(route)}, static_cast<double>(bytes));
}

void ServiceMetrics::downloaded(std::size_t bot, std::uint64_t bytes) {
  downloaded_.add({bot_id(bot)}, static_cast<double>(bytes));
}

void ServiceMetrics::served(std::uint64_t bytes, bool cached) {
  served_.add({cached ? "hit" : "miss"}, static_cast<double>(bytes));
}

void ServiceMetrics::stalled(std::size_t bot) { stalls_.add({bot_id(bot)}, 1); }

void ServiceMetrics::handed_over(std::size_t from_bot) { handovers_.add({bot_id(from_bot)}, 1); }

void ServiceMetrics::downloaded_twice(std::size_t bot, std::uint64_t bytes) {
  downloaded_twice_.add({bot_id(bot)}, static_cast<double>(bytes));
}

void ServiceMetrics::flood_wait(std::size_t bot) { flood_waits_.add({bot_id(bot)}, 1); }

BotCounters ServiceMetrics::bot_counters(std::size_t bot) const {
  const std::vector<std::string> label{bot_id(bot)};
  return BotCounters{downloaded_.value(label), stalls_.value(label), flood_waits_.value(label)};
}

void ServiceMetrics::link_made() { links_.add({}, 1); }

void ServiceMetrics::upload_refused(std::string_view reason) {
  refused_.add({std::string(reason)}, 1);
}

void ServiceMetrics::broadcast_delivered(std::string_view outcome) {
  deliveries_.add({std::string(outcome)}, 1);
}

void ServiceMetrics::broadcast_finished() { broadcasts_finished_.add({}, 1); }

}  // namespace tglink::metrics
