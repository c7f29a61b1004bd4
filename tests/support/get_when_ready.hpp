#pragma once
// Asking tglink again while it answers 503: a conversion is still at work, or the viewer waits
// for a converter slot. The limit only turns a hang into a failure.

#include <chrono>
#include <cstdint>
#include <string>

#include "support/eventually.hpp"
#include "support/http_client.hpp"

namespace tglink::testing {

// What `request` answers once it is not 503, or its last 503 after `limit`.
template <typename Request>
HttpResult when_ready(Request request, std::chrono::seconds limit = std::chrono::seconds(60),
                      std::chrono::milliseconds poll = std::chrono::milliseconds(500)) {
  HttpResult result;
  (void)eventually(
      [&] {
        result = request();
        return result.status != 503;
      },
      limit, poll);
  return result;
}

// GET `target` from tglink on `port`, as when_ready.
inline HttpResult get_when_ready(std::uint16_t port, const std::string& target) {
  return when_ready([&] { return http_get(port, target); });
}

}  // namespace tglink::testing
