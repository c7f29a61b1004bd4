#pragma once
// GET /metrics: the registry in the Prometheus text format (metrics/text_exposition.hpp).
//
// On the main port it needs `Authorization: Bearer <METRICS_TOKEN>`; anything else gets the
// spec's JSON error, 401 with `WWW-Authenticate: Bearer`. The comparison takes the same time
// whatever the header holds (both sides are hashed, then compared with CRYPTO_memcmp), so the
// token cannot be guessed byte by byte. On METRICS_ADDRESS no token is asked: that listener is
// meant for a private interface.

#include <optional>
#include <string>
#include <string_view>

#include "http/http_handler.hpp"

namespace tglink {

namespace metrics {
class Registry;
}

// `token` nullopt: no Authorization needed. The registry must outlive the handler.
[[nodiscard]] HttpHandler metrics_handler(const metrics::Registry& registry,
                                          std::optional<std::string> token);

// True when `authorization` is "Bearer <token>" (scheme case-insensitive, RFC 6750).
[[nodiscard]] bool bearer_token_matches(std::string_view authorization, std::string_view token);

}  // namespace tglink
