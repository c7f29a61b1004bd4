#include "selftest/self_test_target.hpp"

#include <cctype>
#include <charconv>

namespace tglink {

namespace {

bool starts_with_ci(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) != prefix[i]) return false;
  }
  return true;
}

std::optional<std::uint16_t> parse_port(std::string_view text) {
  unsigned value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value == 0 || value > 65535) {
    return std::nullopt;
  }
  return static_cast<std::uint16_t>(value);
}

}  // namespace

std::string SelfTestTarget::url() const {
  return std::string(https ? "https://" : "http://") + host_header + request_path();
}

std::optional<SelfTestTarget> parse_self_test_target(std::string_view base_url) {
  SelfTestTarget target;
  if (starts_with_ci(base_url, "https://")) {
    target.https = true;
    base_url.remove_prefix(8);
  } else if (starts_with_ci(base_url, "http://")) {
    base_url.remove_prefix(7);
  } else {
    return std::nullopt;
  }
  const std::size_t path_start = base_url.find_first_of("/?#");
  const std::string_view authority = base_url.substr(0, path_start);
  std::string_view path =
      path_start == std::string_view::npos ? std::string_view() : base_url.substr(path_start);
  path = path.substr(0, path.find_first_of("?#"));
  while (!path.empty() && path.back() == '/') path.remove_suffix(1);
  if (authority.empty() || authority.find('@') != std::string_view::npos) return std::nullopt;
  target.host_header = std::string(authority);
  target.prefix = std::string(path);
  std::string_view host = authority;
  std::string_view port;
  if (authority.front() == '[') {
    const std::size_t close = authority.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    host = authority.substr(1, close - 1);
    const std::string_view rest = authority.substr(close + 1);
    if (!rest.empty()) {
      if (rest.front() != ':') return std::nullopt;
      port = rest.substr(1);
    }
  } else if (const std::size_t colon = authority.rfind(':'); colon != std::string_view::npos) {
    host = authority.substr(0, colon);
    port = authority.substr(colon + 1);
  }
  if (host.empty()) return std::nullopt;
  target.host = std::string(host);
  target.port = target.https ? 443 : 80;
  if (!port.empty()) {
    const std::optional<std::uint16_t> number = parse_port(port);
    if (!number) return std::nullopt;
    target.port = *number;
  }
  return target;
}

}  // namespace tglink
