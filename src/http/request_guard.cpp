#include "http/request_guard.hpp"

#include "http/client_address.hpp"

namespace tglink {

boost::asio::awaitable<void> RequestGuard::operator()(const HttpRequest& request,
                                                      ResponseChannel& channel) {
  HttpRequest resolved = request;
  resolved.client_address = client_address(
      request.peer_address, request.joined_header("X-Forwarded-For"), trusted_proxies_);
  const RateLimitDecision decision = limiter_.check(resolved.client_address);
  channel.add_common_header("X-RateLimit-Limit", std::to_string(decision.limit));
  channel.add_common_header("X-RateLimit-Remaining", std::to_string(decision.remaining));
  channel.add_common_header("X-RateLimit-Reset", std::to_string(decision.reset_unix));
  if (!decision.allowed) {
    co_await channel.send(json_error(429, "RATE_LIMITED",
                                     "Too many requests from your address; wait and retry",
                                     decision.retry_after_seconds));
    co_return;
  }
  co_await next_(resolved, channel);
}

}  // namespace tglink
