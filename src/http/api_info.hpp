#pragma once
// GET /api/info: the spec's status object, built from a snapshot of the running service.
// Building is a pure function of the snapshot, so every field's shape is unit-tested.

#include <chrono>
#include <cstdint>
#include <string>

#include "config/config.hpp"
#include "core/clock.hpp"
#include "http/http_response.hpp"

namespace tglink {

struct BotIdentity {
  std::int64_t id = 0;
  std::string username;
  std::string first_name;
};

struct BandwidthFigures {
  bool readable = true;  // false when the store could not be read; `error` says why
  std::string error;
  std::int64_t used_bytes = 0;
  std::string month;  // "YYYY-MM", UTC
};

// This node among several on one database: its id and whether it holds the leader lease
// (cluster/leader_lease.hpp). A single node always leads.
struct NodeStatus {
  std::string id;
  bool leader = false;
};

struct StatusSnapshot {
  bool bot_connected = false;
  std::string disconnected_reason;  // shown as `message` when the bot is not connected
  BotIdentity bot;
  BandwidthFigures bandwidth;
  std::int64_t active_streams = 0;
  std::int64_t total_users = 0;
  std::chrono::seconds uptime{0};
  SystemTime now;
  NodeStatus node;
  // What the built-in player converts for browsers (docs/playback.md): "remux and transcode",
  // "remux", "off", or "unavailable" (no ffmpeg). supported_formats are what /stream serves;
  // this says whether the player can also play those the browser can't.
  std::string player_conversion = "off";
  // What confines the converter's children on this host (playback/child_confinement.hpp):
  // "seccomp, Landlock files, Landlock TCP, Landlock scopes", fewer, or "none".
  std::string player_confinement = "none";
};

// Bytes per "GB" in every bandwidth figure: GiB, as the limit is compared in binary units.
inline constexpr double kBytesPerGb = 1024.0 * 1024.0 * 1024.0;

inline constexpr const char* kProjectRepositoryUrl = "https://github.com/tglink/tglink";

// 200 with the full status object, or the spec's 500 form when the bot is not connected.
[[nodiscard]] HttpResponse api_info_response(const Config& config, const StatusSnapshot& snapshot);

}  // namespace tglink
