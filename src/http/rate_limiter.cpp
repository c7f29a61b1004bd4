#include "http/rate_limiter.hpp"

#include <algorithm>
#include <stdexcept>

namespace tglink {
namespace {

void require_positive(long long value, std::string_view name) {
  if (value <= 0) {
    throw std::invalid_argument("rate limiter: " + std::string(name) + " must be positive, got " +
                                std::to_string(value));
  }
}

const RateLimitSettings& validated(const RateLimitSettings& settings) {
  require_positive(settings.per_minute, "per_minute");
  require_positive(settings.burst, "burst");
  require_positive(settings.max_keys == 0 ? 0 : 1, "max_keys");
  return settings;
}

}  // namespace

RateLimiter::RateLimiter(const Clock& clock, RateLimitSettings settings)
    : clock_(clock),
      settings_(validated(settings)),
      capacity_(static_cast<std::int64_t>(settings_.burst) * kCreditsPerToken) {}

RateLimitDecision RateLimiter::check(std::string_view key) {
  const std::lock_guard lock(mutex_);
  Bucket& bucket = find_or_add(key, clock_.steady_now());
  const bool allowed = bucket.credits >= kCreditsPerToken;
  if (allowed) bucket.credits -= kCreditsPerToken;
  return describe(bucket, allowed);
}

void RateLimiter::sweep() {
  const std::lock_guard lock(mutex_);
  const SteadyTime now = clock_.steady_now();
  for (auto it = recency_.begin(); it != recency_.end();) {
    refill(*it, now);
    if (it->credits >= capacity_) {
      index_.erase(it->key);
      it = recency_.erase(it);
    } else {
      ++it;
    }
  }
}

std::size_t RateLimiter::tracked_keys() const {
  const std::lock_guard lock(mutex_);
  return index_.size();
}

RateLimiter::Bucket& RateLimiter::find_or_add(std::string_view key, SteadyTime now) {
  if (const auto found = index_.find(key); found != index_.end()) {
    recency_.splice(recency_.begin(), recency_, found->second);  // now the most recent
    refill(recency_.front(), now);
    return recency_.front();
  }
  if (index_.size() >= settings_.max_keys) {
    index_.erase(recency_.back().key);
    recency_.pop_back();
  }
  recency_.push_front(Bucket{std::string(key), capacity_, now});
  index_.emplace(recency_.front().key, recency_.begin());
  return recency_.front();
}

void RateLimiter::refill(Bucket& bucket, SteadyTime now) const {
  if (now <= bucket.updated) return;
  const std::int64_t elapsed_us =
      std::chrono::duration_cast<std::chrono::microseconds>(now - bucket.updated).count();
  const std::int64_t missing = capacity_ - bucket.credits;
  // Compare before multiplying, so a long idle time cannot overflow.
  const std::int64_t per_minute = settings_.per_minute;
  if (elapsed_us >= (missing + per_minute - 1) / per_minute) {
    bucket.credits = capacity_;
    bucket.updated = now;
    return;
  }
  bucket.credits += elapsed_us * per_minute;
  // Advance by whole microseconds only, so the fractions left over are not lost.
  bucket.updated += std::chrono::microseconds{elapsed_us};
}

// Whole seconds, rounded up, so neither "reset" nor "retry after" comes too early.
std::int64_t RateLimiter::seconds_until(std::int64_t credits_wanted,
                                        std::int64_t credits_now) const {
  if (credits_now >= credits_wanted) return 0;
  const std::int64_t per_minute = settings_.per_minute;
  const std::int64_t micros = (credits_wanted - credits_now + per_minute - 1) / per_minute;
  return (micros + 999'999) / 1'000'000;
}

RateLimitDecision RateLimiter::describe(const Bucket& bucket, bool allowed) const {
  const std::int64_t now_unix =
      std::chrono::floor<std::chrono::seconds>(clock_.now().time_since_epoch()).count();
  RateLimitDecision decision;
  decision.allowed = allowed;
  decision.limit = settings_.burst;
  decision.remaining = static_cast<int>(bucket.credits / kCreditsPerToken);
  decision.reset_unix = now_unix + seconds_until(capacity_, bucket.credits);
  if (!allowed) {
    decision.retry_after_seconds =
        std::max<std::int64_t>(1, seconds_until(kCreditsPerToken, bucket.credits));
  }
  return decision;
}

}  // namespace tglink
