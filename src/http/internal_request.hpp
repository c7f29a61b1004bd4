#pragma once
// Recognises tglink's own requests: ffprobe and ffmpeg reading /stream over loopback for the
// player's conversions (playback/). Such a request carries the header
//   X-Tglink-Internal: <secret>
// with a secret made fresh by each process and never shown, and comes from a loopback peer.
// It is not rate-limited, is not viewer traffic (the viewers' bytes are counted on /hls), and
// reads Telegram through a small window (media/file_streamer.hpp stream_internal).
// Anyone else sending the header is an ordinary client.

#include <string>
#include <string_view>

#include "http/http_request.hpp"

namespace tglink {

inline constexpr std::string_view kInternalRequestHeader = "X-Tglink-Internal";

class InternalRequestKey {
 public:
  // 32 random bytes from OpenSSL's CSPRNG, hex-encoded.
  [[nodiscard]] static InternalRequestKey generate();
  explicit InternalRequestKey(std::string secret) : secret_(std::move(secret)) {}

  // True for a loopback peer (the TCP peer, not X-Forwarded-For) that sent the secret.
  [[nodiscard]] bool accepts(const HttpRequest& request) const;
  // "X-Tglink-Internal: <secret>", for ffmpeg's -headers.
  [[nodiscard]] std::string header_line() const;

 private:
  std::string secret_;
};

// 127.0.0.0/8, ::1 and ::ffff:127.x.y.z.
[[nodiscard]] bool is_loopback_address(std::string_view address);

}  // namespace tglink
