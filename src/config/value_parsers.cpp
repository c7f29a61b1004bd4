#include "config/value_parsers.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>

#include <arpa/inet.h>

namespace tglink {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v'; }
bool is_token_char(char c) {
  return is_digit(c) || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == '-';
}
bool is_hex_digit(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
bool is_host_char(char c) {
  return is_digit(c) || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '.' || c == '-' ||
         c == '_';
}

constexpr std::int64_t kZeroChannelId = -1'000'000'000'000;
// TDLib's largest channel number: 10^12 - 2^31.
constexpr std::int64_t kMaxChannelNumber = 1'000'000'000'000 - (std::int64_t{1} << 31);

std::optional<std::int64_t> unit_seconds(char unit) {
  switch (unit) {
    case 's':
      return 1;
    case 'm':
      return 60;
    case 'h':
      return 3600;
    case 'd':
      return 86400;
    case 'w':
      return 604800;
    default:
      return std::nullopt;
  }
}

bool is_disable_word(std::string_view lowered) {
  return lowered == "false" || lowered == "off" || lowered == "none" || lowered == "disabled";
}

// "30m", "1h30m": digits then a unit, repeated. Overflow is rejected, not wrapped.
std::optional<std::int64_t> parse_unit_sequence(std::string_view text) {
  if (text.empty()) {
    return std::nullopt;
  }
  std::int64_t total = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = pos;
    while (end < text.size() && is_digit(text[end])) {
      ++end;
    }
    const std::optional<std::int64_t> amount = parse_integer(text.substr(pos, end - pos));
    if (end == pos || !amount || end == text.size()) {
      return std::nullopt;
    }
    const std::optional<std::int64_t> unit = unit_seconds(text[end]);
    if (!unit || *amount > (std::numeric_limits<std::int64_t>::max() - total) / *unit) {
      return std::nullopt;
    }
    total += *amount * *unit;
    pos = end + 1;
  }
  return total;
}

bool is_valid_port(std::string_view text) {
  const std::optional<std::int64_t> port = parse_integer(text);
  return port && *port >= 1 && *port <= 65535 && text.front() != '-';
}

// "host", "host:port", "[v6]" or "[v6]:port".
bool is_valid_authority(std::string_view authority) {
  std::string_view host = authority;
  std::string_view port;
  if (authority.starts_with('[')) {
    const std::size_t close = authority.find(']');
    if (close == std::string_view::npos) {
      return false;
    }
    host = authority.substr(1, close - 1);
    const std::string_view rest = authority.substr(close + 1);
    if (!rest.empty() && (!rest.starts_with(':') || !is_valid_port(rest.substr(1)))) {
      return false;
    }
    return host.find(':') != std::string_view::npos && is_ip_address(host);
  }
  const std::size_t colon = authority.find(':');
  if (colon != std::string_view::npos) {
    host = authority.substr(0, colon);
    port = authority.substr(colon + 1);
    if (!is_valid_port(port)) {
      return false;
    }
  }
  return !host.empty() && std::all_of(host.begin(), host.end(), is_host_char) &&
         host.front() != '.' && host.front() != '-';
}

bool is_valid_path(std::string_view path) {
  return std::none_of(path.begin(), path.end(), [](char c) {
    return is_space(c) || c == '?' || c == '#' || static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
  });
}

}  // namespace

std::optional<std::int64_t> parse_integer(std::string_view text) {
  std::int64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [next, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || next != end) {
    return std::nullopt;
  }
  return value;
}

std::optional<double> parse_non_negative_decimal(std::string_view text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [next, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || next != end || !std::isfinite(value) || value < 0) {
    return std::nullopt;
  }
  return value;
}

std::optional<std::chrono::seconds> parse_duration(std::string_view text) {
  const std::string lowered = to_lower(trim(text));
  if (is_disable_word(lowered)) {
    return std::chrono::seconds(0);
  }
  if (!lowered.empty() && std::all_of(lowered.begin(), lowered.end(), is_digit)) {
    const std::optional<std::int64_t> seconds = parse_integer(lowered);
    return seconds ? std::optional(std::chrono::seconds(*seconds)) : std::nullopt;
  }
  const std::optional<std::int64_t> seconds = parse_unit_sequence(lowered);
  return seconds ? std::optional(std::chrono::seconds(*seconds)) : std::nullopt;
}

bool is_bot_token(std::string_view text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos || colon == 0) {
    return false;
  }
  const std::string_view id = text.substr(0, colon);
  const std::string_view secret = text.substr(colon + 1);
  return std::all_of(id.begin(), id.end(), is_digit) && secret.size() >= 30 &&
         std::all_of(secret.begin(), secret.end(), is_token_char);
}

std::string_view bot_id_of(std::string_view bot_token) {
  return bot_token.substr(0, bot_token.find(':'));
}

bool is_api_hash(std::string_view text) {
  return text.size() == 32 && std::all_of(text.begin(), text.end(), is_hex_digit);
}

bool is_channel_id(std::int64_t chat_id) {
  if (chat_id >= kZeroChannelId) {
    return false;
  }
  // Written as a difference from the zero id so no step can overflow.
  const std::int64_t channel_number = kZeroChannelId - chat_id;
  return channel_number >= 1 && channel_number <= kMaxChannelNumber;
}

bool is_ip_address(std::string_view text) {
  // inet_pton reads a C string: a NUL would hide whatever follows it.
  if (text.find('\0') != std::string_view::npos) {
    return false;
  }
  const std::string address(text);
  std::array<unsigned char, 16> buffer{};
  return inet_pton(AF_INET, address.c_str(), buffer.data()) == 1 ||
         inet_pton(AF_INET6, address.c_str(), buffer.data()) == 1;
}

std::optional<std::string> normalize_http_url(std::string_view text) {
  const std::string lowered = to_lower(text);
  std::size_t scheme_length = 0;
  if (lowered.starts_with("http://")) {
    scheme_length = 7;
  } else if (lowered.starts_with("https://")) {
    scheme_length = 8;
  } else {
    return std::nullopt;
  }
  const std::string_view rest = text.substr(scheme_length);
  const std::size_t slash = rest.find('/');
  const std::string_view authority = rest.substr(0, slash);
  const std::string_view path = slash == std::string_view::npos ? "" : rest.substr(slash);
  if (!is_valid_authority(authority) || !is_valid_path(path)) {
    return std::nullopt;
  }
  std::string url(text);
  while (url.ends_with('/')) {
    url.pop_back();
  }
  return url;
}

std::vector<std::string> split_list(std::string_view text) {
  std::vector<std::string> items;
  std::string current;
  for (char c : text) {
    if (c == ',' || is_space(c)) {
      if (!current.empty()) {
        items.push_back(std::move(current));
        current.clear();
      }
    } else {
      current += c;
    }
  }
  if (!current.empty()) {
    items.push_back(std::move(current));
  }
  return items;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front())) {
    text.remove_prefix(1);
  }
  while (!text.empty() && is_space(text.back())) {
    text.remove_suffix(1);
  }
  return text;
}

std::string to_lower(std::string_view text) {
  std::string lowered(text);
  std::transform(lowered.begin(), lowered.end(), lowered.begin(), [](char c) {
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  });
  return lowered;
}

}  // namespace tglink
