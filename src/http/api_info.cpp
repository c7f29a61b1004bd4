#include "http/api_info.hpp"

#include <cmath>

#include <boost/json.hpp>

#include "core/json_writer.hpp"
#include "core/time_format.hpp"

namespace tglink {
namespace {

namespace json = boost::json;

double round3(double value) { return std::round(value * 1000.0) / 1000.0; }

json::object bot_info(const BotIdentity& bot) {
  return {{"id", bot.id},
          {"username", bot.username},
          {"first_name", bot.first_name},
          {"mention", "@" + bot.username}};
}

json::object features(const Config& config) {
  const std::int64_t expiry = config.link_expiry.count();
  return {{"force_subscribe", config.force_subscribe_enabled()},
          {"force_subscribe_channel_id",
           config.force_sub_channels.empty() ? 0 : config.force_sub_channels.front()},
          {"link_expiry_enabled", config.link_expiry_enabled()},
          {"link_expiry_duration_seconds", expiry},
          {"link_expiry_duration_human",
           config.link_expiry_enabled() ? format_duration_human(config.link_expiry) : "never"},
          {"video_streaming", true},
          {"video_frontend_url", config.video_frontend_enabled ? config.player_url() : ""}};
}

json::object bandwidth_info(const Config& config, const BandwidthFigures& figures) {
  if (!figures.readable) return {{"limit_enabled", false}, {"error", figures.error}};
  const double used_gb = static_cast<double>(figures.used_bytes) / kBytesPerGb;
  json::object info{{"limit_enabled", config.bandwidth_limit_enabled()},
                    {"used_gb", round3(used_gb)},
                    {"used_bytes", figures.used_bytes},
                    {"month", figures.month}};
  // With no limit, limit_gb and remaining_gb are 0: present, so clients need no special case.
  const double limit = config.bandwidth_limit_enabled() ? config.bandwidth_limit_gb : 0.0;
  info["limit_gb"] = limit;
  info["remaining_gb"] = round3(std::max(0.0, limit - used_gb));
  return info;
}

json::object streaming_info(std::int64_t active_streams, const std::string& player_conversion,
                            const std::string& player_confinement) {
  return {{"active_streams", active_streams},
          {"supported_formats", json::array{"mp4", "mkv", "avi", "webm", "mov"}},
          {"range_requests_supported", true},
          {"seeking_supported", true},
          // Beyond the spec: whether the built-in player converts what a browser can't play.
          {"player_conversion", player_conversion},
          // And what confines its ffmpeg children on this host.
          {"player_confinement", player_confinement}};
}

HttpResponse disconnected_response(const StatusSnapshot& snapshot) {
  const std::string message = snapshot.disconnected_reason.empty()
                                  ? "Bot client is not connected to Telegram"
                                  : snapshot.disconnected_reason;
  const json::object body{
      {"status", "error"},
      {"bot_status", "disconnected"},
      {"message", message},
      {"uptime", "0s"},
      {"totaluser", 0},
      {"bandwidth_info", {{"limit_enabled", false}, {"error", "Bot is not connected"}}}};
  return json_response(500, write_json(body));
}

}  // namespace

HttpResponse api_info_response(const Config& config, const StatusSnapshot& snapshot) {
  if (!snapshot.bot_connected) return disconnected_response(snapshot);
  const json::object body{
      {"status", "ok"},
      {"bot_status", "connected"},
      {"bot_info", bot_info(snapshot.bot)},
      {"features", features(config)},
      {"bandwidth_info", bandwidth_info(config, snapshot.bandwidth)},
      {"streaming_info", streaming_info(snapshot.active_streams, snapshot.player_conversion,
                                        snapshot.player_confinement)},
      {"uptime", format_uptime(snapshot.uptime)},
      {"server_time_utc", format_iso8601_utc(snapshot.now)},
      {"totaluser", snapshot.total_users},
      {"github_repo", kProjectRepositoryUrl},
      // Beyond the spec's fields, which stay as they are: which node answered.
      {"node", {{"id", snapshot.node.id}, {"leader", snapshot.node.leader}}}};
  return json_response(200, write_json(body));
}

}  // namespace tglink
