#pragma once
// addProxy's checks and the proxy TDLib keeps, as Proxy::create_proxy and
// mtproto::ProxySecret::from_link (td/telegram/net/Proxy.cpp, td/mtproto/ProxySecret.cpp)
// decide them, with TDLib 1.8.67's texts (checked against the real library by
// tests/contract/proxy_contract_test.cpp).
//
// Stricter than TDLib: an MTProxy secret must be hex (TDLib also takes base64), which is what
// MTProxy hands out and what tglink sends.

#include <string>

#include <boost/json.hpp>

namespace tglink::sim {

// The 400 message for addProxy's `proxy` field (nullptr when absent or null), or "" when the
// proxy is accepted.
[[nodiscard]] std::string proxy_error(const boost::json::object* proxy);

// The proxy as TDLib answers it back: an MTProxy secret in lower-case hex, or for a fake-TLS
// ("ee") secret in unpadded base64url of its bytes. Call only when proxy_error() is "".
[[nodiscard]] boost::json::object normalized_proxy(const boost::json::object& proxy);

}  // namespace tglink::sim
