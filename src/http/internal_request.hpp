#pragma once
// tglink's own reads of a file for its converter (playback/): ffprobe and ffmpeg read
//   /source/{capability}
// over loopback. A capability is 32 random bytes made for one run of ffprobe or ffmpeg, bound to
// the one file it reads (the log-channel message of the link that asked for the run), and
// revoked as soon as that run is over. It is granted only after a link of that file was checked
// (not expired, not revoked), and then stands for the file, not for that link: a conversion
// several viewers share goes on when the link of the one who asked first expires (the players
// check each viewer's own link on every request). Nothing else is ever trusted: no header, no
// peer address alone. So:
//  - what a hostile manifest could make ffmpeg forward to another host carries no secret (the
//    capability is in the path, and the hls and dash demuxers are never opened anyway);
//  - a capability seen in /proc/PID/cmdline reads that one file while that one run lasts;
//  - a request through a same-host proxy (peer 127.0.0.1) is an outside request: it names a
//    forwarding header, or it names no live capability, and is rate-limited and counted like
//    any other.
// A granted read is not rate-limited, is not viewer traffic (the viewers' bytes are counted on
// /hls), and reads Telegram through a small window (media/file_streamer.hpp stream_internal).

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "http/http_request.hpp"

namespace tglink {

inline constexpr std::string_view kSourcePrefix = "/source/";

class SourceGrants {
 public:
  SourceGrants() = default;
  SourceGrants(const SourceGrants&) = delete;
  SourceGrants& operator=(const SourceGrants&) = delete;

  // A fresh capability to read the file of log-channel message `message_id` (64 hex digits from
  // OpenSSL's CSPRNG). The caller has checked a link of that message.
  [[nodiscard]] std::string grant(std::int64_t message_id);
  void revoke(const std::string& capability);

  // The message whose file a request may read: a GET or HEAD of /source/{capability} naming a
  // live capability, from a loopback peer, with no header a proxy adds. nullopt for anything
  // else.
  [[nodiscard]] std::optional<std::int64_t> accepts(const HttpRequest& request) const;

  [[nodiscard]] std::size_t live() const;

 private:
  mutable std::mutex mutex_;  // probes take theirs on a worker thread
  std::map<std::string, std::int64_t, std::less<>> grants_;  // capability -> message id
};

// A capability for the time of one run: granted when made, revoked when destroyed.
class SourceLease {
 public:
  SourceLease(SourceGrants& grants, std::int64_t message_id)
      : grants_(&grants), capability_(grants.grant(message_id)) {}
  ~SourceLease() {
    if (grants_ != nullptr) grants_->revoke(capability_);
  }
  SourceLease(const SourceLease&) = delete;
  SourceLease& operator=(const SourceLease&) = delete;
  SourceLease(SourceLease&& other) noexcept
      : grants_(std::exchange(other.grants_, nullptr)), capability_(std::move(other.capability_)) {}
  SourceLease& operator=(SourceLease&&) = delete;

  // "/source/{capability}"
  [[nodiscard]] std::string path() const { return std::string(kSourcePrefix) + capability_; }

 private:
  SourceGrants* grants_;
  std::string capability_;
};

// 127.0.0.0/8, ::1 and ::ffff:127.x.y.z.
[[nodiscard]] bool is_loopback_address(std::string_view address);

}  // namespace tglink
