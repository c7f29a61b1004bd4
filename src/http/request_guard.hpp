#pragma once
// Runs before every route: settles who the client is (X-Forwarded-For only from trusted
// proxies), takes a token from that client's bucket (per IPv4 address, per IPv6 /64: see
// http/rate_limit_key.hpp), and puts the X-RateLimit-* headers on
// whatever response follows. A client out of tokens gets the spec's 429 JSON body with
// Retry-After, and the route is never called. A request the connection rejected
// (HttpRequest::rejection) takes a token too, and is answered with its own error.
// tglink's converter reading /source/{capability} over loopback (http/internal_request.hpp)
// takes no token; nothing else is exempt, whatever its peer address or headers.

#include <span>

#include "config/cidr.hpp"
#include "http/http_handler.hpp"
#include "http/internal_request.hpp"
#include "http/rate_limiter.hpp"

namespace tglink {

class RequestGuard {
 public:
  // `grants` may be null (no converter reads); it must outlive the guard.
  RequestGuard(RateLimiter& limiter, std::span<const Cidr> trusted_proxies, HttpHandler next,
               const SourceGrants* grants = nullptr)
      : limiter_(limiter),
        trusted_proxies_(trusted_proxies),
        next_(std::move(next)),
        grants_(grants) {}

  boost::asio::awaitable<void> operator()(const HttpRequest& request, ResponseChannel& channel);

 private:
  RateLimiter& limiter_;
  std::span<const Cidr> trusted_proxies_;
  HttpHandler next_;
  const SourceGrants* grants_;
};

}  // namespace tglink
