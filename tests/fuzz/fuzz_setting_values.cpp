// Fuzz target: each value parser the settings use (config/value_parsers.hpp, config/cidr.hpp,
// the LOG_LEVEL names), called directly so every one sees every shape of text.
//
// Input: the first byte picks the parser, the rest is the value.
//
// Invariants (one group per parser):
//  - parse_integer accepts exactly -?[0-9]+ within int64, with that value;
//  - parse_non_negative_decimal gives only finite numbers >= 0;
//  - parse_duration gives only durations >= 0, and plain digits mean seconds;
//  - is_bot_token / bot_id_of: digits, a colon, 30+ token characters; the id is the digits;
//  - is_api_hash is exactly 32 hexadecimal digits;
//  - is_ip_address accepts only address characters, and what it accepts Cidr reads as one host;
//  - normalize_http_url is idempotent, keeps the scheme, and leaves no trailing slash, query,
//    fragment, space or control character;
//  - split_list gives non-empty items without separators, which are all the non-separators;
//  - trim and to_lower are idempotent and do what they say;
//  - Cidr::parse accepts its own to_string() and gives it back unchanged (one text per network);
//  - parse_log_level accepts its own names and gives the same level back.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/cidr.hpp"
#include "config/value_parsers.hpp"
#include "logging/log.hpp"

namespace {

void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "fuzz_setting_values invariant broken: %s\n", what);
  std::abort();
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool is_separator(char c) {
  return c == ',' || c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v';
}
bool is_space(char c) { return c != ',' && is_separator(c); }

bool all_of(std::string_view text, bool (*predicate)(char)) {
  for (const char c : text) {
    if (!predicate(c)) return false;
  }
  return true;
}

// The reference reading of a decimal integer, wide enough to see any overflow.
std::optional<std::int64_t> reference_integer(std::string_view text) {
  const bool negative = text.starts_with('-');
  const std::string_view digits = negative ? text.substr(1) : text;
  if (digits.empty() || !all_of(digits, is_digit)) return std::nullopt;
  __int128 value = 0;
  for (const char c : digits) {
    value = value * 10 + (c - '0');
    if (value > (__int128{1} << 63)) return std::nullopt;
  }
  if (negative) value = -value;
  if (value > INT64_MAX || value < INT64_MIN) return std::nullopt;
  return static_cast<std::int64_t>(value);
}

void check_integer(std::string_view text) {
  require(tglink::parse_integer(text) == reference_integer(text), "parse_integer is -?[0-9]+");
}

void check_decimal(std::string_view text) {
  if (const std::optional<double> value = tglink::parse_non_negative_decimal(text)) {
    require(std::isfinite(*value) && *value >= 0, "decimals are finite and not negative");
  }
}

void check_duration(std::string_view text) {
  const std::optional<std::chrono::seconds> duration = tglink::parse_duration(text);
  if (duration) require(duration->count() >= 0, "durations are not negative");
  const std::string_view trimmed = tglink::trim(text);
  if (!trimmed.empty() && all_of(trimmed, is_digit)) {
    const std::optional<std::int64_t> seconds = tglink::parse_integer(trimmed);
    require(
        duration.has_value() == seconds.has_value() && (!duration || duration->count() == *seconds),
        "plain digits are seconds");
  }
}

void check_bot_token(std::string_view text) {
  if (!tglink::is_bot_token(text)) return;
  const std::string_view id = tglink::bot_id_of(text);
  require(!id.empty() && all_of(id, is_digit), "the bot id is digits");
  require(text.size() >= id.size() + 1 + 30 && text[id.size()] == ':',
          "a colon and 30 or more characters follow the id");
}

void check_api_hash(std::string_view text) {
  require(tglink::is_api_hash(text) == (text.size() == 32 && all_of(text, is_hex)),
          "an API hash is 32 hexadecimal digits");
}

void check_ip_address(std::string_view text) {
  if (!tglink::is_ip_address(text)) return;
  require(all_of(text, [](char c) { return is_hex(c) || c == '.' || c == ':'; }),
          "an IP address holds only address characters");
  const std::optional<tglink::Cidr> host = tglink::Cidr::parse(text);
  require(host.has_value() && host->contains(text), "an IP address is a one-host network");
}

void check_http_url(std::string_view text) {
  const std::optional<std::string> url = tglink::normalize_http_url(text);
  if (!url) return;
  require(tglink::normalize_http_url(*url) == url, "normalizing twice changes nothing");
  const std::string lowered = tglink::to_lower(*url);
  require(lowered.starts_with("http://") || lowered.starts_with("https://"), "http(s) only");
  require(!url->ends_with('/'), "no trailing slash");
  for (const char c : *url) {
    const auto byte = static_cast<unsigned char>(c);
    require(c != '?' && c != '#' && c != ' ' && byte >= 0x20 && byte != 0x7f,
            "no query, fragment, space or control character");
  }
}

void check_split_list(std::string_view text) {
  std::string kept;
  for (const std::string& item : tglink::split_list(text)) {
    require(!item.empty(), "no empty item");
    for (const char c : item) require(!is_separator(c), "no separator inside an item");
    kept += item;
  }
  std::string expected;
  for (const char c : text) {
    if (!is_separator(c)) expected += c;
  }
  require(kept == expected, "every other character is in an item");
}

void check_trim_and_lower(std::string_view text) {
  const std::string_view trimmed = tglink::trim(text);
  require(tglink::trim(trimmed) == trimmed, "trim is idempotent");
  require(trimmed.empty() || (!is_space(trimmed.front()) && !is_space(trimmed.back())),
          "trim leaves no space at either end");
  require(text.find(trimmed) != std::string_view::npos, "trim only removes");
  const std::string lowered = tglink::to_lower(text);
  require(lowered.size() == text.size() && tglink::to_lower(lowered) == lowered,
          "to_lower keeps the length and is idempotent");
  for (const char c : lowered) require(c < 'A' || c > 'Z', "to_lower leaves no capital");
}

void check_cidr(std::string_view text) {
  const std::optional<tglink::Cidr> network = tglink::Cidr::parse(text);
  if (!network) return;
  const std::string canonical = network->to_string();
  const std::optional<tglink::Cidr> again = tglink::Cidr::parse(canonical);
  require(again.has_value() && again->to_string() == canonical, "a network has one text");
}

void check_log_level(std::string_view text) {
  const std::optional<tglink::LogLevel> level = tglink::parse_log_level(text);
  if (!level) return;
  require(tglink::parse_log_level(tglink::log_level_name(*level)) == level,
          "a level reads back from its name");
}

using Check = void (*)(std::string_view);
constexpr Check kChecks[] = {check_integer,   check_decimal,    check_duration,
                             check_bot_token, check_api_hash,   check_ip_address,
                             check_http_url,  check_split_list, check_trim_and_lower,
                             check_cidr,      check_log_level};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view value(reinterpret_cast<const char*>(data) + 1, size - 1);
  kChecks[data[0] % std::size(kChecks)](value);
  return 0;
}
