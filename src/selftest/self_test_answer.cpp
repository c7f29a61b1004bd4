#include "selftest/self_test_answer.hpp"

#include <array>
#include <stdexcept>

#include <fmt/format.h>
#include <openssl/rand.h>

namespace tglink {

namespace {

constexpr std::string_view kMarker = "tglink self-test ";

// The fields after the marker: nonce, then optionally "prefix <path>".
struct MarkedBody {
  std::string nonce;
  std::string prefix;
};

std::optional<MarkedBody> read_marked_body(std::string_view body) {
  if (!body.starts_with(kMarker)) return std::nullopt;
  body.remove_prefix(kMarker.size());
  body = body.substr(0, body.find('\n'));
  MarkedBody marked;
  const std::size_t space = body.find(' ');
  marked.nonce = std::string(body.substr(0, space));
  if (space != std::string_view::npos) {
    std::string_view rest = body.substr(space + 1);
    if (rest.starts_with("prefix ")) marked.prefix = std::string(rest.substr(7));
  }
  return marked;
}

std::string served_by(const SelfTestAnswer& answer) {
  return answer.server.empty() ? std::string() : " (Server: " + answer.server + ")";
}

SelfTestResult result(const SelfTestTarget& target, SelfTestStep step, std::string message) {
  return SelfTestResult{target.url(), step, std::move(message)};
}

SelfTestResult judge_tglink_answer(const SelfTestTarget& target, const SelfTestAnswer& answer,
                                   const MarkedBody& marked, std::string_view nonce) {
  if (marked.nonce != nonce) {
    return result(target, SelfTestStep::kOtherInstance,
                  "a tglink answers, but another process than this one: BASE_URL's DNS record "
                  "or the reverse proxy points at another server, or an old tglink still runs "
                  "behind the proxy. Point them at this server and stop the old one.");
  }
  if (!marked.prefix.empty()) {
    return result(
        target, SelfTestStep::kPathPrefix,
        fmt::format("this tglink answers, but the proxy passes requests on with \"{0}\" still in "
                    "front (tglink saw {0}{1}), and tglink serves links from the root. Make the "
                    "proxy strip {0} (nginx: location {0}/ {{ proxy_pass "
                    "http://127.0.0.1:8080/; }} with the trailing slash; Caddy: handle_path "
                    "{0}/* {{ reverse_proxy 127.0.0.1:8080 }}).",
                    marked.prefix, kSelfTestPath));
  }
  if (answer.status != 200) {
    return result(
        target, SelfTestStep::kHttpStatus,
        fmt::format("this tglink answered with HTTP {} through the proxy.", answer.status));
  }
  return result(target, SelfTestStep::kPassed,
                "links on this address reach this tglink: DNS, connection" +
                    std::string(target.https ? ", certificate" : "") + " and path are right");
}

SelfTestResult judge_foreign_answer(const SelfTestTarget& target, const SelfTestAnswer& answer) {
  const int status = answer.status;
  if (status >= 300 && status < 400) {
    return result(target, SelfTestStep::kHttpStatus,
                  fmt::format("HTTP {}{}: the address redirects to {}. Set BASE_URL to the "
                              "address links should use (often https:// instead of http://), "
                              "so that no link needs a redirect.",
                              status, served_by(answer),
                              answer.location.empty() ? "another address" : answer.location));
  }
  if (status == 502 || status == 503 || status == 504) {
    return result(target, SelfTestStep::kHttpStatus,
                  fmt::format("HTTP {}{}: a reverse proxy answers but cannot reach tglink. Check "
                              "its upstream address and port against tglink's BIND_ADDRESS and "
                              "PORT, and that tglink is running.",
                              status, served_by(answer)));
  }
  if (status >= 500) {
    return result(target, SelfTestStep::kHttpStatus,
                  fmt::format("HTTP {}{}: the server at this address fails; its own log says why.",
                              status, served_by(answer)));
  }
  std::string hint =
      "The reverse proxy or the DNS record sends BASE_URL to another service: point it at "
      "tglink";
  if (!target.prefix.empty()) {
    hint += fmt::format(
        ", and check that the proxy sends {}/ to tglink (or that this path in "
        "BASE_URL is the one the proxy uses)",
        target.prefix);
  }
  return result(target, SelfTestStep::kOtherService,
                fmt::format("a server answers with HTTP {}{} that is not tglink. {}.", status,
                            served_by(answer), hint));
}

}  // namespace

std::string make_self_test_nonce() {
  std::array<unsigned char, 16> bytes{};
  if (RAND_bytes(bytes.data(), static_cast<int>(bytes.size())) != 1) {
    throw std::runtime_error("OpenSSL could not make random bytes for the self-test");
  }
  std::string hex;
  for (const unsigned char byte : bytes) hex += fmt::format("{:02x}", byte);
  return hex;
}

bool is_self_test_path(std::string_view path) { return path.ends_with(kSelfTestPath); }

HttpResponse self_test_response(std::string_view nonce, std::string_view path) {
  HttpResponse response;
  const std::string_view prefix = path.substr(0, path.size() - kSelfTestPath.size());
  if (prefix.empty()) {
    response.body = fmt::format("{}{}\n", kMarker, nonce);
  } else {
    response.status = 404;
    response.body = fmt::format("{}{} prefix {}\n", kMarker, nonce, prefix);
  }
  response.set_header("Content-Type", "text/plain; charset=utf-8");
  response.set_header("Cache-Control", "no-store");
  return response;
}

SelfTestResult judge_self_test_answer(const SelfTestTarget& target, const SelfTestAnswer& answer,
                                      std::string_view nonce) {
  if (const std::optional<MarkedBody> marked = read_marked_body(answer.body)) {
    return judge_tglink_answer(target, answer, *marked, nonce);
  }
  return judge_foreign_answer(target, answer);
}

}  // namespace tglink
