#pragma once
// Counts every exchange by route name: the status a response started with, and its body bytes
// as they reach the connection (so a long transfer shows as it goes). metered_handler() wraps
// the whole request chain, rate limiting included, so 429s and rejections are counted too.
// Route names come from the Router (its registered paths), never from the request's path, so
// the number of label values stays fixed whatever clients send.

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "http/http_handler.hpp"

namespace tglink {

class RequestMeter {
 public:
  virtual ~RequestMeter() = default;
  virtual void responded(std::string_view route, int status) = 0;
  virtual void body_sent(std::string_view route, std::uint64_t bytes) = 0;
};

using RouteNamer = std::function<std::string(const HttpRequest&)>;

// `meter` must outlive the handler.
[[nodiscard]] HttpHandler metered_handler(HttpHandler next, RouteNamer route_of,
                                          RequestMeter& meter);

}  // namespace tglink
