#include "chat/uploads/upload_limits.hpp"

#include <chrono>

#include <fmt/format.h>

#include "chat/access_control.hpp"
#include "chat/chat_events.hpp"
#include "config/config.hpp"
#include "core/human_size.hpp"
#include "core/time_format.hpp"
#include "core/user_text.hpp"
#include "store/store.hpp"

namespace tglink {

namespace {

constexpr double kBytesPerGib = 1024.0 * 1024.0 * 1024.0;

Reply refusal(std::string_view title, std::string_view detail) {
  Reply reply;
  reply.text.bold(title).plain("\n").plain(detail);
  return reply;
}

std::chrono::seconds whole_seconds_until(SystemTime from, SystemTime to) {
  return std::chrono::ceil<std::chrono::seconds>(to - from);
}

}  // namespace

std::optional<Reply> check_file_size(const Config& config, const IncomingFile& file) {
  if (file.size <= config.max_file_size) return std::nullopt;
  return refusal(
      "File too large",
      fmt::format("{} is {}; the limit is {}.", text_for_chat(file.file_name, kQuotedTextUnits),
                  format_size(file.size), format_size(config.max_file_size)));
}

std::optional<Reply> check_bandwidth(const Config& config, Store& store, SystemTime now) {
  if (!config.bandwidth_limit_enabled()) return std::nullopt;
  const double limit_bytes = config.bandwidth_limit_gb * kBytesPerGib;
  const std::int64_t used = store.bandwidth_used(format_month_utc(now));
  if (static_cast<double>(used) < limit_bytes) return std::nullopt;
  const std::chrono::seconds wait = whole_seconds_until(now, next_utc_month(now));
  return refusal("Bandwidth exceeded",
                 fmt::format("This month's bandwidth ({} GB) is used up, so no new links can be "
                             "made. It resets in {}.",
                             config.bandwidth_limit_gb, format_countdown(wait)));
}

std::optional<Reply> check_daily_limit(const Config& config, Store& store, std::int64_t user_id,
                                       SystemTime now) {
  if (config.max_links_per_day <= 0 || config.is_admin(user_id)) return std::nullopt;
  const std::int64_t made = store.links_on_day(user_id, format_day_utc(now));
  if (made < config.max_links_per_day) return std::nullopt;
  const std::chrono::seconds wait = whole_seconds_until(now, next_utc_midnight(now));
  return refusal("Daily limit reached",
                 fmt::format("You have made {} of {} links today. The limit resets at midnight "
                             "UTC, in {}.",
                             made, config.max_links_per_day, format_countdown(wait)));
}

std::optional<UploadRefusal> find_upload_refusal(const Config& config, Store& store,
                                                 const IncomingFile& file, std::int64_t user_id,
                                                 SystemTime now) {
  // ALLOWED_USERS may have changed since the file was queued (a restart). A channel's posts
  // are allowed by CHANNELS instead.
  if (!config.serves_channel(user_id) && !config.may_make_links(user_id)) {
    return UploadRefusal{refusal_reason::kNotAllowed, not_allowed_reply(user_id)};
  }
  if (auto refused = check_file_size(config, file)) {
    return UploadRefusal{refusal_reason::kTooLarge, std::move(*refused)};
  }
  if (auto refused = check_bandwidth(config, store, now)) {
    return UploadRefusal{refusal_reason::kBandwidth, std::move(*refused)};
  }
  if (auto refused = check_daily_limit(config, store, user_id, now)) {
    return UploadRefusal{refusal_reason::kDailyLimit, std::move(*refused)};
  }
  return std::nullopt;
}

std::optional<Reply> check_upload_limits(const Config& config, Store& store,
                                         const IncomingFile& file, std::int64_t user_id,
                                         SystemTime now) {
  std::optional<UploadRefusal> refused = find_upload_refusal(config, store, file, user_id, now);
  if (!refused) return std::nullopt;
  return std::move(refused->reply);
}

}  // namespace tglink
