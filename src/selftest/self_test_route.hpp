#pragma once
// The two paths that say whether tglink itself is up, whatever Telegram does:
//   /healthz                 liveness for container and service health checks: 200 as soon as
//                            the HTTP server runs, also while the bots wait for Telegram
//                            (/api/info answers 500 then, as the spec says);
//   {prefix}/_tglink/self-test  the self-test's answer (selftest/self_test_answer.hpp), also
//                            under any prefix a proxy failed to strip, so the probe can say so.

#include <string>

#include "http/http_handler.hpp"

namespace tglink {

class Router;

inline constexpr const char* kHealthPath = "/healthz";

void add_health_route(Router& router);

// `inner` with the self-test's paths answered first.
[[nodiscard]] HttpHandler with_self_test(HttpHandler inner, std::string nonce);

}  // namespace tglink
