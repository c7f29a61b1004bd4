#pragma once
// The reply to a file whose link was made: name, size, download link, the stream link for video
// and audio, the "Play Video" button for video when the frontend is on ('Video streaming
// unavailable' when VIDEO_FRONTEND_URL=false), and when the links stop working.

#include <optional>
#include <string>

#include "chat/messages/incoming_file.hpp"
#include "chat/messages/reply.hpp"
#include "core/clock.hpp"

namespace tglink {

struct Config;

struct MadeLink {
  IncomingFile file;
  std::string token;                     // signed link token
  std::optional<SystemTime> expires_at;  // none = permanent
};

[[nodiscard]] Reply link_reply(const Config& config, const MadeLink& link);

// "Links expire in 1 day (2026-11-22 21:55 UTC)." or "Links do not expire."
[[nodiscard]] std::string expiry_sentence(const Config& config,
                                          std::optional<SystemTime> expires_at);

// "2026-11-22 21:55 UTC"
[[nodiscard]] std::string format_minute_utc(SystemTime t);

}  // namespace tglink
