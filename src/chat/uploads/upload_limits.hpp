#pragma once
// The checks a file passes before any link is made, in the order the user meets them: size,
// the service's monthly bandwidth, then the user's daily link count. Each answers the reply that
// refuses the file, or nullopt when the file may go on. Pure apart from reading the store.

#include <cstdint>
#include <optional>
#include <string_view>

#include "chat/messages/incoming_file.hpp"
#include "chat/messages/reply.hpp"
#include "core/clock.hpp"

namespace tglink {

struct Config;
class Store;

// 'File too large' when the file is over Config::max_file_size.
[[nodiscard]] std::optional<Reply> check_file_size(const Config& config, const IncomingFile& file);

// 'Bandwidth exceeded' when this UTC month's bytes reached BANDWIDTH_LIMIT_GB (GiB).
[[nodiscard]] std::optional<Reply> check_bandwidth(const Config& config, Store& store,
                                                   SystemTime now);

// The daily limit (MAX_LINKS_PER_DAY) with the time left until midnight UTC; admins are exempt.
[[nodiscard]] std::optional<Reply> check_daily_limit(const Config& config, Store& store,
                                                     std::int64_t user_id, SystemTime now);

// A refusal and why, as a fixed word (chat/chat_events.hpp refusal_reason).
struct UploadRefusal {
  std::string_view reason;
  Reply reply;
};

// ALLOWED_USERS ('Not allowed'), then the three above, in order, with the reason of the first that
// refuses.
[[nodiscard]] std::optional<UploadRefusal> find_upload_refusal(const Config& config, Store& store,
                                                               const IncomingFile& file,
                                                               std::int64_t user_id,
                                                               SystemTime now);

// The same, without the reason.
[[nodiscard]] std::optional<Reply> check_upload_limits(const Config& config, Store& store,
                                                       const IncomingFile& file,
                                                       std::int64_t user_id, SystemTime now);

}  // namespace tglink
