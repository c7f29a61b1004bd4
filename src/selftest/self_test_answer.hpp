#pragma once
// Both ends of the self-test's exchange, without any I/O: what tglink answers at
// {BASE_URL}/_tglink/self-test, and what the answer that came back says about the way there.
//
// The answer carries a nonce made once per process, so the probe can tell this very process
// from another tglink (another server, or an old copy still running behind the proxy).

#include <string>
#include <string_view>

#include "http/http_response.hpp"
#include "selftest/self_test_result.hpp"
#include "selftest/self_test_target.hpp"

namespace tglink {

// 32 hex characters from OpenSSL's CSPRNG. Not a secret: it only names this process.
[[nodiscard]] std::string make_self_test_nonce();

// True for kSelfTestPath and for any path that ends with it: a proxy that did not strip
// BASE_URL's path passes on "/files/_tglink/self-test".
[[nodiscard]] bool is_self_test_path(std::string_view path);

// 200 "tglink self-test <nonce>" for kSelfTestPath itself; for a longer path, 404
// "tglink self-test <nonce> prefix <what was in front>". Never cached.
[[nodiscard]] HttpResponse self_test_response(std::string_view nonce, std::string_view path);

// What the probe read back.
struct SelfTestAnswer {
  int status = 0;
  std::string server;    // the Server header, may be empty
  std::string location;  // the Location header, for redirects
  std::string body;      // at most the first few KiB
};

// Which step the answer points at, with the message an operator can act on.
[[nodiscard]] SelfTestResult judge_self_test_answer(const SelfTestTarget& target,
                                                    const SelfTestAnswer& answer,
                                                    std::string_view nonce);

}  // namespace tglink
