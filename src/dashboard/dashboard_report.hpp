#pragma once
// What the operator's dashboard shows, as plain structs, and their JSON: the data endpoint's
// answer (dashboard_json) and each node's own report (node_facts_json), which every node writes
// to the store so any node's page shows every node.
//
// Names of files and users travel as JSON strings; the page puts them in the document as text
// (textContent), never as markup.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "dashboard/minute_ring.hpp"
#include "store/store.hpp"

namespace tglink {

struct BotFacts {
  std::string id;  // the bot's numeric id, as in /metrics
  std::string username;
  bool connected = false;
  std::string state;  // login and connection, in words
  std::int64_t flood_waits = 0;
  std::int64_t stalls = 0;
  double download_bytes_per_second = 0;  // over the last report interval
};

struct StreamFacts {
  std::string client;  // address, as the rate limiter sees it
  std::string file;    // the file's name
  std::int64_t seconds = 0;
};

struct ConversionFacts {
  std::string mode;  // PLAYER_CONVERT in effect: "remux and transcode", "remux", "off", ...
  std::int64_t transcode_slots = 0;
  std::int64_t remux_slots = 0;
  std::int64_t running = 0;
  std::int64_t queued = 0;
};

struct SelfTestFacts {
  bool ran = false;
  bool passed = false;
  std::string summary;
};

struct NodeFacts {
  std::string node_id;
  bool leader = false;
  std::int64_t reported_unix = 0;
  std::int64_t uptime_seconds = 0;
  std::vector<BotFacts> bots;
  std::vector<StreamFacts> streams;
  std::int64_t http_connections = 0;
  std::int64_t cache_bytes = 0;
  std::int64_t cache_limit_bytes = 0;
  ConversionFacts conversions;
  SelfTestFacts self_test;
};

struct BandwidthFacts {
  std::string month;  // "YYYY-MM", UTC
  std::int64_t used_bytes = 0;
  std::int64_t limit_bytes = 0;  // 0: no limit
  std::int64_t projected_bytes = 0;
};

struct WarningLine {
  std::int64_t unix = 0;
  std::string level;
  std::string text;
};

// One node's minutes over the last day (MinuteRing::last_day's shape).
struct NodeMinutes {
  std::string node_id;
  std::vector<MinuteCount> minutes;
};

struct DashboardData {
  std::string node_id;  // the node answering
  BandwidthFacts bandwidth;
  std::int64_t total_users = 0;
  std::vector<DayCount> new_users;
  std::vector<NodeMinutes> traffic;
  std::vector<NodeFacts> nodes;
  std::vector<LinkTrafficTotal> top_files;
  std::vector<WarningLine> warnings;
};

// The month's total at the pace so far: used / elapsed × the month's length. `now` is inside the
// month; before its first hour the pace says too little, so the projection is what was used.
[[nodiscard]] std::int64_t project_month(std::int64_t used_bytes, SystemTime now);

// The last day of every node, one series per node, from the store's rows and this node's ring
// (which wins for its own node: it holds what is not saved yet).
[[nodiscard]] std::vector<NodeMinutes> traffic_by_node(const std::vector<MinuteTraffic>& stored,
                                                       const NodeMinutes& own, SystemTime now);

[[nodiscard]] std::string node_facts_json(const NodeFacts& node);
// nullopt for JSON this code did not write.
[[nodiscard]] std::optional<NodeFacts> node_facts_from_json(const std::string& text);

[[nodiscard]] std::string dashboard_json(const DashboardData& data, SystemTime now);

}  // namespace tglink
