#include "http/request_guard.hpp"

#include "http/client_address.hpp"
#include "http/rate_limit_key.hpp"

namespace tglink {

boost::asio::awaitable<void> RequestGuard::operator()(const HttpRequest& request,
                                                      ResponseChannel& channel) {
  if (grants_ != nullptr && grants_->accepts(request)) {
    co_await next_(request, channel);
    co_return;
  }
  HttpRequest resolved = request;
  resolved.client_address = client_address(
      request.peer_address, request.joined_header("X-Forwarded-For"), trusted_proxies_);
  const RateLimitDecision decision = limiter_.check(rate_limit_key(resolved.client_address));
  channel.add_common_header("X-RateLimit-Limit", std::to_string(decision.limit));
  channel.add_common_header("X-RateLimit-Remaining", std::to_string(decision.remaining));
  channel.add_common_header("X-RateLimit-Reset", std::to_string(decision.reset_unix));
  // A rejected request keeps its own answer (it says what is wrong); the token is still taken.
  if (!decision.allowed && !request.rejection) {
    co_await channel.send(json_error(429, "RATE_LIMITED",
                                     "Too many requests from your address; wait and retry",
                                     decision.retry_after_seconds));
    co_return;
  }
  co_await next_(resolved, channel);
}

}  // namespace tglink
