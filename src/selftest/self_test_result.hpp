#pragma once
// The outcome of one self-test: tglink fetching its own BASE_URL the way a user's browser
// would, and which step stood in the way. Messages are written for the operator: what is
// wrong, where, and what to change.

#include <optional>
#include <string>
#include <string_view>

namespace tglink {

// The steps a link's request takes, in order; the first that fails is named.
enum class SelfTestStep {
  kAddress,        // BASE_URL itself cannot be fetched (not http(s), no host)
  kDns,            // the host name does not resolve
  kTcpConnect,     // nothing accepts connections at host:port
  kTls,            // the certificate: name, expiry, chain; or no TLS on that port
  kHttpStatus,     // an answer, but a redirect or a proxy error (3xx, 5xx) or none at all
  kOtherService,   // a server answers that is not tglink
  kOtherInstance,  // a tglink answers, but another process (another server, an old copy)
  kPathPrefix,     // this tglink answers, but the proxy left BASE_URL's path in front
  kPassed,
};

// Stable lower-case names, for /metrics labels and logs: "dns", "tcp_connect", "passed"...
[[nodiscard]] std::string_view step_name(SelfTestStep step);
// How an operator calls the step: "DNS", "TCP connect", "TLS", "HTTP status"...
[[nodiscard]] std::string_view step_title(SelfTestStep step);

struct SelfTestResult {
  std::string url;  // what was fetched: {BASE_URL}/_tglink/self-test
  SelfTestStep step = SelfTestStep::kAddress;
  std::string message;  // operator words; for a pass, what was checked

  [[nodiscard]] bool passed() const { return step == SelfTestStep::kPassed; }
};

// One line: "Self-test of <url>: passed (...)" or "Self-test of <url> FAILED at DNS: ...".
[[nodiscard]] std::string describe(const SelfTestResult& result);

// The last result, as /stats shows it: "passed" or "FAILED at TLS: ..."; "not run yet".
[[nodiscard]] std::string short_status(const std::optional<SelfTestResult>& result);

}  // namespace tglink
