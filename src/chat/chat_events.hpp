#pragma once
// What the chat side reports as it works (the metrics, service_metrics.hpp, count it): links
// made, uploads refused and why, broadcast deliveries. Called on the io_context thread.

#include <string_view>

namespace tglink {

// Why an upload got no link. Fixed words, so that they can be metric label values.
namespace refusal_reason {
inline constexpr std::string_view kNotAllowed = "not_allowed";
inline constexpr std::string_view kTooLarge = "too_large";
inline constexpr std::string_view kBandwidth = "bandwidth_exceeded";
inline constexpr std::string_view kDailyLimit = "daily_limit";
inline constexpr std::string_view kQueueFull = "queue_full";
inline constexpr std::string_view kCopyFailed = "copy_failed";
}  // namespace refusal_reason

class ChatEvents {
 public:
  virtual ~ChatEvents() = default;
  virtual void link_made() = 0;
  virtual void upload_refused(std::string_view reason) = 0;
  // One recipient of a broadcast reached: "sent", "failed" or "blocked".
  virtual void broadcast_delivered(std::string_view outcome) = 0;
  virtual void broadcast_finished() = 0;
};

}  // namespace tglink
