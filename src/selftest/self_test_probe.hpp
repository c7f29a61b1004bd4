#pragma once
// The self-test's client: fetches {BASE_URL}/_tglink/self-test step by step (DNS, TCP
// connect, TLS with the system's trusted certificates, HTTP) and names the first step that
// fails. Each step is bounded by `step_timeout`, so a firewall that drops packets gives a
// result too. The only translation unit of this part that includes Beast and OpenSSL's TLS.

#include <chrono>
#include <filesystem>
#include <string>

#include <boost/asio/awaitable.hpp>

#include "selftest/self_test_result.hpp"

namespace tglink {

struct SelfTestProbeOptions {
  std::chrono::seconds step_timeout{10};
  // Trusted besides the system's certificates (which SSL_CERT_FILE and SSL_CERT_DIR can
  // replace): a private CA, in tests.
  std::filesystem::path extra_ca_file;
};

// The result of one fetch; never throws for what the network does. No default argument: GCC 12
// destroys a coroutine's defaulted by-value argument twice (free(): invalid pointer).
[[nodiscard]] boost::asio::awaitable<SelfTestResult> probe_self_test(std::string base_url,
                                                                     std::string nonce,
                                                                     SelfTestProbeOptions options);

// The same on an io_context of its own, for `check-config --online` and tests.
[[nodiscard]] SelfTestResult probe_self_test_now(std::string base_url, std::string nonce,
                                                 SelfTestProbeOptions options = {});

}  // namespace tglink
