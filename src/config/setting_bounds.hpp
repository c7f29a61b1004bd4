#pragma once
// The largest value each numeric setting accepts. check-config refuses anything above, naming
// the setting and the bound, so that no setting can push arithmetic past what its types hold
// (BANDWIDTH_LIMIT_GB=1e308 once made /api/info print "remaining_gb":Infinity). Each bound is
// far above any real use; README.md's settings table lists them.

#include <chrono>
#include <cstdint>

namespace tglink::setting_bounds {

inline constexpr std::int64_t kMaxRateLimitPerMinute = 1'000'000;
inline constexpr std::int64_t kMaxRateLimitBurst = 100'000;
inline constexpr std::int64_t kMaxLinksPerDay = 1'000'000;
// 1,000,000 GiB = about 1 PiB: as bytes still exact in a double and far inside int64.
inline constexpr double kMaxBandwidthLimitGb = 1'000'000;
inline constexpr double kMaxCacheGb = 1'000'000;
// Telegram's largest file (4000 MiB, with Premium); a larger limit could never be reached.
inline constexpr std::int64_t kMaxFileSize = 4'194'304'000;
inline constexpr std::int64_t kMaxUserFilesPerMinute = 10'000;
inline constexpr std::int64_t kMaxBroadcastMessagesPerSecond = 1'000;
// Ten years, so that now + expiry stays far inside what a link token may carry (year 2200).
inline constexpr std::chrono::seconds kMaxLinkExpiry{3650LL * 24 * 3600};
// More connections than any open-file limit allows is a typo; so is a write timeout past an hour.
inline constexpr std::int64_t kMaxConnections = 1'000'000;
inline constexpr std::chrono::seconds kMaxWriteTimeout{3600};
// A self-test once a day at least, and a start that waits for its database an hour at most.
inline constexpr std::chrono::seconds kMaxSelfTestInterval{86400};
inline constexpr std::chrono::seconds kMinDashboardLinkTtl{60};
inline constexpr std::chrono::seconds kMaxDashboardLinkTtl{86400};
inline constexpr std::chrono::seconds kMaxDatabaseWait{3600};
// TDLib's UserId::MAX_USER_ID (td/telegram/UserId.h): user ids are at most 40 bits.
// Each connection is a PostgreSQL backend process and a thread here; past 64 a server's default
// max_connections (100) would be spent by two nodes.
inline constexpr std::int64_t kMaxStorePoolSize = 64;
inline constexpr std::int64_t kMaxUserId = (std::int64_t{1} << 40) - 1;

}  // namespace tglink::setting_bounds
