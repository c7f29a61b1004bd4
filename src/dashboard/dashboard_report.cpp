#include "dashboard/dashboard_report.hpp"

#include <algorithm>
#include <map>

#include <boost/json.hpp>

#include "core/json_writer.hpp"
#include "store/date_keys.hpp"

namespace tglink {

namespace json = boost::json;

namespace {

constexpr std::int64_t kNodeFactsVersion = 1;

std::int64_t unix_of(SystemTime time) {
  return std::chrono::duration_cast<std::chrono::seconds>(time.time_since_epoch()).count();
}

// The first second of the UTC month holding `unix`, and of the next one.
std::pair<std::int64_t, std::int64_t> month_bounds(SystemTime now) {
  const auto day = std::chrono::floor<std::chrono::days>(now);
  const std::chrono::year_month_day date{day};
  const std::chrono::sys_days first{date.year() / date.month() / 1};
  const std::chrono::sys_days next{(date.year() / date.month() + std::chrono::months{1}) / 1};
  return {unix_of(first), unix_of(next)};
}

json::object bot_json(const BotFacts& bot) {
  return {{"id", bot.id},
          {"username", bot.username},
          {"connected", bot.connected},
          {"state", bot.state},
          {"flood_waits", bot.flood_waits},
          {"stalls", bot.stalls},
          {"download_bytes_per_second", bot.download_bytes_per_second}};
}

json::object stream_json(const StreamFacts& stream) {
  return {{"client", stream.client}, {"file", stream.file}, {"seconds", stream.seconds}};
}

json::object node_json(const NodeFacts& node) {
  json::array bots;
  for (const BotFacts& bot : node.bots) bots.push_back(bot_json(bot));
  json::array streams;
  for (const StreamFacts& stream : node.streams) streams.push_back(stream_json(stream));
  std::vector<std::string> clients;
  for (const StreamFacts& stream : node.streams) clients.push_back(stream.client);
  std::sort(clients.begin(), clients.end());
  const auto distinct = std::unique(clients.begin(), clients.end()) - clients.begin();
  return {{"version", kNodeFactsVersion},
          {"node_id", node.node_id},
          {"leader", node.leader},
          {"reported_unix", node.reported_unix},
          {"uptime_seconds", node.uptime_seconds},
          {"bots", std::move(bots)},
          {"streams", std::move(streams)},
          {"active_streams", static_cast<std::int64_t>(node.streams.size())},
          {"clients", static_cast<std::int64_t>(distinct)},
          {"http_connections", node.http_connections},
          {"cache", {{"bytes", node.cache_bytes}, {"limit_bytes", node.cache_limit_bytes}}},
          {"conversions",
           {{"mode", node.conversions.mode},
            {"transcode_slots", node.conversions.transcode_slots},
            {"remux_slots", node.conversions.remux_slots},
            {"running", node.conversions.running},
            {"queued", node.conversions.queued}}},
          {"self_test",
           {{"ran", node.self_test.ran},
            {"passed", node.self_test.passed},
            {"summary", node.self_test.summary}}}};
}

std::int64_t int_at(const json::object& object, std::string_view key) {
  const json::value* value = object.if_contains(key);
  if (value == nullptr) return 0;
  if (value->is_int64()) return value->as_int64();
  if (value->is_uint64()) return static_cast<std::int64_t>(value->as_uint64());
  return 0;
}

double double_at(const json::object& object, std::string_view key) {
  const json::value* value = object.if_contains(key);
  return value != nullptr && value->is_number() ? value->to_number<double>() : 0.0;
}

std::string text_at(const json::object& object, std::string_view key) {
  const json::value* value = object.if_contains(key);
  return value != nullptr && value->is_string() ? std::string(value->as_string()) : std::string();
}

bool bool_at(const json::object& object, std::string_view key) {
  const json::value* value = object.if_contains(key);
  return value != nullptr && value->is_bool() && value->as_bool();
}

const json::object& object_at(const json::object& object, std::string_view key) {
  static const json::object kEmpty;
  const json::value* value = object.if_contains(key);
  return value != nullptr && value->is_object() ? value->as_object() : kEmpty;
}

std::vector<const json::object*> objects_in(const json::object& object, std::string_view key) {
  std::vector<const json::object*> found;
  const json::value* value = object.if_contains(key);
  if (value == nullptr || !value->is_array()) return found;
  for (const json::value& item : value->as_array()) {
    if (item.is_object()) found.push_back(&item.as_object());
  }
  return found;
}

NodeFacts read_node(const json::object& o) {
  NodeFacts node;
  node.node_id = text_at(o, "node_id");
  node.leader = bool_at(o, "leader");
  node.reported_unix = int_at(o, "reported_unix");
  node.uptime_seconds = int_at(o, "uptime_seconds");
  for (const json::object* b : objects_in(o, "bots")) {
    node.bots.push_back(BotFacts{text_at(*b, "id"), text_at(*b, "username"),
                                 bool_at(*b, "connected"), text_at(*b, "state"),
                                 int_at(*b, "flood_waits"), int_at(*b, "stalls"),
                                 double_at(*b, "download_bytes_per_second")});
  }
  for (const json::object* s : objects_in(o, "streams")) {
    node.streams.push_back(
        StreamFacts{text_at(*s, "client"), text_at(*s, "file"), int_at(*s, "seconds")});
  }
  node.http_connections = int_at(o, "http_connections");
  node.cache_bytes = int_at(object_at(o, "cache"), "bytes");
  node.cache_limit_bytes = int_at(object_at(o, "cache"), "limit_bytes");
  const json::object& c = object_at(o, "conversions");
  node.conversions =
      ConversionFacts{text_at(c, "mode"), int_at(c, "transcode_slots"), int_at(c, "remux_slots"),
                      int_at(c, "running"), int_at(c, "queued")};
  const json::object& t = object_at(o, "self_test");
  node.self_test = SelfTestFacts{bool_at(t, "ran"), bool_at(t, "passed"), text_at(t, "summary")};
  return node;
}

json::array series(const std::vector<MinuteCount>& minutes, bool bytes) {
  json::array values;
  values.reserve(minutes.size());
  for (const MinuteCount& minute : minutes)
    values.push_back(bytes ? minute.bytes : minute.requests);
  return values;
}

json::object traffic_json(const std::vector<NodeMinutes>& traffic, SystemTime now) {
  json::array nodes;
  for (const NodeMinutes& node : traffic) {
    nodes.push_back({{"node_id", node.node_id},
                     {"requests", series(node.minutes, false)},
                     {"bytes", series(node.minutes, true)}});
  }
  const std::int64_t first =
      MinuteRing::minute_of(now) - static_cast<std::int64_t>(MinuteRing::kMinutes - 1) * 60;
  return {{"first_minute_unix", first}, {"step_seconds", 60}, {"nodes", std::move(nodes)}};
}

json::array top_files_json(const std::vector<LinkTrafficTotal>& top) {
  json::array files;
  for (const LinkTrafficTotal& entry : top) {
    files.push_back({{"name", entry.link.file_name},
                     {"size", entry.link.file_size},
                     {"user_id", entry.link.user_id},
                     {"week_bytes", entry.bytes},
                     {"week_downloads", entry.downloads},
                     {"total_bytes", entry.link.bytes_served},
                     {"total_downloads", entry.link.downloads},
                     {"created_unix", entry.link.created_unix},
                     {"expires_unix", entry.link.expires_unix},
                     {"revoked", entry.link.revoked}});
  }
  return files;
}

}  // namespace

std::int64_t project_month(std::int64_t used_bytes, SystemTime now) {
  const auto [first, next] = month_bounds(now);
  const std::int64_t elapsed = unix_of(now) - first;
  if (elapsed < 3600 || used_bytes <= 0) return std::max<std::int64_t>(used_bytes, 0);
  const double pace = static_cast<double>(used_bytes) / static_cast<double>(elapsed);
  return static_cast<std::int64_t>(pace * static_cast<double>(next - first));
}

std::vector<NodeMinutes> traffic_by_node(const std::vector<MinuteTraffic>& stored,
                                         const NodeMinutes& own, SystemTime now) {
  std::map<std::string, MinuteRing> rings;
  for (const MinuteTraffic& row : stored) {
    if (row.node_id == own.node_id) continue;
    rings[row.node_id].load({MinuteCount{row.minute_unix, row.requests, row.bytes}}, now);
  }
  std::vector<NodeMinutes> nodes{own};
  for (const auto& [node_id, ring] : rings)
    nodes.push_back(NodeMinutes{node_id, ring.last_day(now)});
  return nodes;
}

std::string node_facts_json(const NodeFacts& node) { return write_json(node_json(node)); }

std::optional<NodeFacts> node_facts_from_json(const std::string& text) {
  boost::system::error_code error;
  const json::value parsed = json::parse(text, error);
  if (error || !parsed.is_object() || int_at(parsed.as_object(), "version") != kNodeFactsVersion) {
    return std::nullopt;
  }
  return read_node(parsed.as_object());
}

std::string dashboard_json(const DashboardData& data, SystemTime now) {
  json::array nodes;
  for (const NodeFacts& node : data.nodes) nodes.push_back(node_json(node));
  json::array new_users;
  for (const DayCount& day : data.new_users) {
    new_users.push_back({{"day", day.day}, {"count", day.count}});
  }
  json::array warnings;
  for (const WarningLine& line : data.warnings) {
    warnings.push_back({{"unix", line.unix}, {"level", line.level}, {"text", line.text}});
  }
  const json::object answer{
      {"status", "success"},
      {"generated_unix", unix_of(now)},
      {"node_id", data.node_id},
      {"bandwidth",
       {{"month", data.bandwidth.month},
        {"used_bytes", data.bandwidth.used_bytes},
        {"limit_bytes", data.bandwidth.limit_bytes},
        {"projected_bytes", data.bandwidth.projected_bytes}}},
      {"users", {{"total", data.total_users}, {"new_per_day", std::move(new_users)}}},
      {"traffic", traffic_json(data.traffic, now)},
      {"nodes", std::move(nodes)},
      {"top_files", top_files_json(data.top_files)},
      {"warnings", std::move(warnings)}};
  return write_json(answer);
}

}  // namespace tglink
