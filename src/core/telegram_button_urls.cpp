#include "core/telegram_button_urls.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>

#include <arpa/inet.h>

namespace tglink {

namespace {

struct HostAndPort {
  std::string host;  // lower case; an IPv6 address keeps its brackets
  bool valid_port = true;
};

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// The authority of an http(s) URL, or nothing for any other scheme.
std::optional<std::string_view> http_authority(std::string_view url) {
  const std::string scheme = lower(url.substr(0, 8));
  if (scheme.rfind("http://", 0) == 0) {
    url.remove_prefix(7);
  } else if (scheme == "https://") {
    url.remove_prefix(8);
  } else {
    return std::nullopt;
  }
  return url.substr(0, std::min(url.find_first_of("/?#"), url.size()));
}

bool is_port(std::string_view digits) {
  if (digits.empty() || digits.size() > 5) return false;
  if (!std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); })) {
    return false;
  }
  const int port = std::stoi(std::string(digits));
  return port >= 1 && port <= 65535;
}

HostAndPort split_authority(std::string_view authority) {
  HostAndPort result;
  const std::size_t colon = authority.rfind(':');
  const std::size_t bracket = authority.rfind(']');
  std::string_view host = authority;
  if (colon != std::string_view::npos && (bracket == std::string_view::npos || colon > bracket)) {
    result.valid_port = is_port(authority.substr(colon + 1));
    host = authority.substr(0, colon);
  }
  result.host = lower(host);
  return result;
}

bool is_ipv6_literal(const std::string& host) {
  if (host.size() < 3 || host.front() != '[' || host.back() != ']') return false;
  unsigned char address[16];
  return inet_pton(AF_INET6, host.substr(1, host.size() - 2).c_str(), address) == 1;
}

bool is_host_char(unsigned char c) {
  return std::isalnum(c) != 0 || c == '.' || c == '-' || c == '_' || c >= 0x80;
}

}  // namespace

bool telegram_accepts_link(std::string_view url) {
  const std::optional<std::string_view> authority = http_authority(url);
  if (!authority || authority->find('@') != std::string_view::npos) return false;
  const HostAndPort parts = split_authority(*authority);
  if (!parts.valid_port || parts.host.empty() || parts.host == ".") return false;
  if (is_ipv6_literal(parts.host)) return true;
  return parts.host.find('.') != std::string::npos &&
         std::all_of(parts.host.begin(), parts.host.end(),
                     [](unsigned char c) { return is_host_char(c); });
}

bool is_loopback_url(std::string_view url) {
  const std::optional<std::string_view> authority = http_authority(url);
  if (!authority) return false;
  const std::string host = split_authority(authority->substr(authority->find('@') + 1)).host;
  return host == "localhost" || host.ends_with(".localhost") || host.rfind("127.", 0) == 0 ||
         host == "[::1]";
}

}  // namespace tglink
