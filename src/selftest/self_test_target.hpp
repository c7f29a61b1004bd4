#pragma once
// Where the self-test goes: BASE_URL taken apart into what a client needs to fetch
// {BASE_URL}/_tglink/self-test.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tglink {

inline constexpr std::string_view kSelfTestPath = "/_tglink/self-test";

struct SelfTestTarget {
  bool https = false;
  std::string host;         // without brackets for IPv6 literals
  std::uint16_t port = 0;   // from the URL, else 80 or 443
  std::string prefix;       // BASE_URL's path without a trailing '/': "" or "/files"
  std::string host_header;  // what goes in Host: the URL's authority as written

  [[nodiscard]] std::string request_path() const { return prefix + std::string(kSelfTestPath); }
  [[nodiscard]] std::string url() const;
};

// nullopt when `base_url` is not http(s)://host[:port][/path] (config validation already
// refuses those; the self-test says so instead of crashing on one).
[[nodiscard]] std::optional<SelfTestTarget> parse_self_test_target(std::string_view base_url);

}  // namespace tglink
