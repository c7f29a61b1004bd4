#pragma once
// Per-client token buckets for the HTTP rate limit, and the numbers behind the X-RateLimit-*
// and Retry-After headers.
//
// Each key (a client address) owns a bucket of `burst` tokens that refills continuously at
// per_minute/60 tokens a second; a request takes one token. A bucket is full on first sight, so a
// video player may seek `burst` times at once and then `per_minute` times a minute for ever.
// Memory stays bounded: sweep() forgets buckets that have refilled (they hold no information),
// and at `max_keys` the least recently seen key is dropped to make room, so a flood of forged
// addresses costs at most one map entry each and cannot grow the table.
//
// Thread-safe: the HTTP server may call it from several threads.

#include <cstddef>
#include <cstdint>
#include <list>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "core/clock.hpp"

namespace tglink {

struct RateLimitSettings {
  int per_minute = 600;            // refill rate; must be > 0
  int burst = 200;                 // bucket capacity; must be > 0
  std::size_t max_keys = 100'000;  // must be > 0
};

struct RateLimitDecision {
  bool allowed = false;
  int limit = 0;                         // X-RateLimit-Limit: the burst
  int remaining = 0;                     // X-RateLimit-Remaining: whole tokens left after this
  std::int64_t reset_unix = 0;           // X-RateLimit-Reset: when the bucket is full again
  std::int64_t retry_after_seconds = 0;  // Retry-After when refused (>= 1); 0 when allowed
};

class RateLimiter {
 public:
  // Throws std::invalid_argument naming the setting when one is not positive.
  RateLimiter(const Clock& clock, RateLimitSettings settings);

  // Takes a token from `key`'s bucket if there is one.
  [[nodiscard]] RateLimitDecision check(std::string_view key);

  // Forgets every bucket that is full again; call it now and then (e.g. once a minute).
  void sweep();

  [[nodiscard]] std::size_t tracked_keys() const;

 private:
  // Token counts are kept in integer "credits" so that refills are exact: one token is
  // kCreditsPerToken credits, and a bucket gains `per_minute` credits every microsecond.
  static constexpr std::int64_t kCreditsPerToken = 60'000'000;

  struct Bucket {
    std::string key;
    std::int64_t credits = 0;
    SteadyTime updated;
  };
  using Recency = std::list<Bucket>;  // most recently seen first

  Bucket& find_or_add(std::string_view key, SteadyTime now);
  void refill(Bucket& bucket, SteadyTime now) const;
  [[nodiscard]] RateLimitDecision describe(const Bucket& bucket, bool allowed) const;
  [[nodiscard]] std::int64_t seconds_until(std::int64_t credits_wanted,
                                           std::int64_t credits_now) const;

  const Clock& clock_;
  const RateLimitSettings settings_;
  const std::int64_t capacity_;  // credits of a full bucket
  mutable std::mutex mutex_;
  Recency recency_;
  // Keys view the strings owned by the list nodes, which never move.
  std::unordered_map<std::string_view, Recency::iterator> index_;
};

}  // namespace tglink
