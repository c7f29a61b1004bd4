#pragma once
// A file put straight into the simulated log channel, as the bot's copy of a user's file would
// be, and the links the harness's key signs for it: how the player, poster and browser tests get
// a video to open without a chat.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "core/clock.hpp"
#include "links/link_token.hpp"
#include "sim/control_client.hpp"
#include "support/sim_harness.hpp"

namespace tglink::testing {

// What Telegram keeps of the post: the file and, for a video, its length, size and thumbnail.
struct LogChannelVideo {
  std::filesystem::path path{};
  std::string file_name{};
  std::string mime_type = "video/mp4";
  std::string kind = "video";
  int duration = 0;  // seconds; 0 with width and height: not stated
  int width = 0;
  int height = 0;
  std::filesystem::path thumbnail{};  // a JPEG, or none
};

// Posts `video` into the log channel as the main bot; answers its message id.
inline std::int64_t post_to_log_channel(SimHarness& harness, const LogChannelVideo& video) {
  sim::SendFileRequest request;
  request.chat_id = SimHarness::kLogChannel;
  request.path = video.path.string();
  request.kind = video.kind;
  request.mime_type = video.mime_type;
  request.file_name = video.file_name;
  request.duration = video.duration;
  request.width = video.width;
  request.height = video.height;
  request.thumbnail_path = video.thumbnail.string();
  return harness.sim().send_file(request).message_id;
}

// A link token for message `message_id`, valid until `expires_at` (by default, for an hour).
inline std::string link_token(std::int64_t message_id,
                              std::optional<SystemTime> expires_at = SystemClock().now() +
                                                                     std::chrono::hours(1)) {
  return LinkTokenCodec(SimHarness::kSecretKey)
      .encode(LinkClaims{.message_id = message_id, .expires_at = expires_at});
}

// The whole /stream URL of `token`, with `name_segment` ("/Talk.webm") when the link has one.
inline std::string stream_url(const SimHarness& harness, const std::string& token,
                              const std::string& name_segment = "") {
  return harness.base_url() + "/stream/" + token + name_segment;
}

}  // namespace tglink::testing
