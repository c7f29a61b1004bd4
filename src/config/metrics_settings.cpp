#include "config/metrics_settings.hpp"

#include <algorithm>
#include <charconv>

#include "config/config.hpp"
#include "config/env_reader.hpp"
#include "config/telegram_proxy.hpp"
#include "config/value_parsers.hpp"

namespace tglink {

namespace {

// At least as long as SECRET_KEY must be: a short token could be guessed over the network.
constexpr std::size_t kMinTokenLength = 16;

// Characters a client can put in an Authorization header without quoting (RFC 6750 b64token).
bool token_characters(std::string_view token) {
  return std::all_of(token.begin(), token.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '.' || c == '_' || c == '~' || c == '+' || c == '/' || c == '=';
  });
}

// "127.0.0.1:9090" or "[::1]:9090".
bool split_address(std::string_view text, std::string& host, std::uint16_t& port) {
  const std::size_t colon = text.rfind(':');
  if (colon == std::string_view::npos || colon == 0) return false;
  std::string_view address = text.substr(0, colon);
  if (address.front() == '[') {
    if (address.size() < 3 || address.back() != ']') return false;
    address = address.substr(1, address.size() - 2);
  } else if (address.find(':') != std::string_view::npos) {
    return false;  // an IPv6 address needs brackets
  }
  const std::string_view digits = text.substr(colon + 1);
  int number = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
  if (error != std::errc() || end != digits.data() + digits.size() || number < 1 ||
      number > 65535 || !is_ip_address(address)) {
    return false;
  }
  host = std::string(address);
  port = static_cast<std::uint16_t>(number);
  return true;
}

}  // namespace

void load_metrics_settings(EnvReader& env, Config& config) {
  if (const std::optional<EnvValue> token = env.get("METRICS_TOKEN")) {
    if (token->value.size() < kMinTokenLength || !token_characters(token->value)) {
      env.report("METRICS_TOKEN",
                 "must be at least 16 characters of letters, digits and -._~+/= (it goes in an "
                 "Authorization: Bearer header); leave it unset to keep /metrics off the main "
                 "port",
                 "METRICS_TOKEN=$(openssl rand -hex 24)");  // never echo the value
    } else {
      config.metrics_token = token->value;
    }
  }
  const std::optional<EnvValue> address = env.get("METRICS_ADDRESS");
  if (!address) return;
  if (!split_address(address->value, config.metrics_host, config.metrics_port)) {
    env.report(
        "METRICS_ADDRESS",
        "\"" + address->value + "\" is not an IP address and port (127.0.0.1:9090, or [::1]:9090)",
        "METRICS_ADDRESS=127.0.0.1:9090");
    return;
  }
  if (config.metrics_port == config.port) {
    env.report("METRICS_ADDRESS",
               "uses port " + std::to_string(config.port) +
                   ", which is PORT; give the metrics listener a port of its own (or set "
                   "METRICS_TOKEN to serve /metrics on the main port)",
               "METRICS_ADDRESS=127.0.0.1:9090");
    config.metrics_host.clear();
    config.metrics_port = 0;
  }
}

void load_telegram_proxy(EnvReader& env, Config& config) {
  const std::optional<EnvValue> found = env.get("TELEGRAM_PROXY");
  if (!found) return;
  std::variant<TelegramProxy, std::string> parsed = parse_telegram_proxy(found->value);
  if (std::string* problem = std::get_if<std::string>(&parsed)) {
    // The value may hold a password or secret: it is described, never repeated.
    env.report("TELEGRAM_PROXY", *problem, "TELEGRAM_PROXY=socks5://user:pass@127.0.0.1:1080");
    return;
  }
  config.telegram_proxy = std::get<TelegramProxy>(std::move(parsed));
}

}  // namespace tglink
