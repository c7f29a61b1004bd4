#include "metrics/metrics_endpoint.hpp"

#include <array>
#include <cctype>

#include <openssl/crypto.h>
#include <openssl/sha.h>

#include "metrics/metric_registry.hpp"
#include "metrics/text_exposition.hpp"

namespace tglink {

namespace {

using Digest = std::array<unsigned char, SHA256_DIGEST_LENGTH>;

Digest digest_of(std::string_view text) {
  Digest digest{};
  SHA256(reinterpret_cast<const unsigned char*>(text.data()), text.size(), digest.data());
  return digest;
}

bool equal_in_constant_time(std::string_view given, std::string_view expected) {
  const Digest a = digest_of(given);
  const Digest b = digest_of(expected);
  return CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

bool starts_with_bearer(std::string_view value) {
  constexpr std::string_view kScheme = "bearer ";
  if (value.size() < kScheme.size()) return false;
  for (std::size_t i = 0; i < kScheme.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(value[i])) != kScheme[i]) return false;
  }
  return true;
}

struct MetricsHandler {
  const metrics::Registry* registry;
  std::optional<std::string> token;

  boost::asio::awaitable<void> operator()(const HttpRequest& request, ResponseChannel& out) const {
    if (token && !bearer_token_matches(request.header("authorization").value_or(""), *token)) {
      HttpResponse refused =
          json_error(401, "UNAUTHORIZED", "Send Authorization: Bearer <METRICS_TOKEN>");
      refused.set_header("WWW-Authenticate", "Bearer");
      co_await out.send(std::move(refused));
      co_return;
    }
    HttpResponse response;
    response.set_header("Content-Type", std::string(metrics::kTextContentType));
    response.set_header("Cache-Control", "no-store");
    response.body = metrics::render_text(registry->collect());
    co_await out.send(std::move(response));
  }
};

}  // namespace

bool bearer_token_matches(std::string_view authorization, std::string_view token) {
  if (!starts_with_bearer(authorization)) return false;
  std::string_view given = authorization.substr(7);
  while (!given.empty() && given.front() == ' ') given.remove_prefix(1);
  while (!given.empty() && given.back() == ' ') given.remove_suffix(1);
  return equal_in_constant_time(given, token);
}

HttpHandler metrics_handler(const metrics::Registry& registry, std::optional<std::string> token) {
  return MetricsHandler{&registry, std::move(token)};
}

}  // namespace tglink
