#include "http/client_address.hpp"

#include <array>
#include <optional>
#include <vector>

#include <arpa/inet.h>

#include "http/header_text.hpp"

namespace tglink {
namespace {

// "1.2.3.4:80" -> "1.2.3.4", "[::1]:80" -> "::1", "[::1]" -> "::1"; other text unchanged.
std::string_view strip_port(std::string_view text) {
  if (text.starts_with('[')) {
    const std::size_t close = text.find(']');
    return close == std::string_view::npos ? text : text.substr(1, close - 1);
  }
  const std::size_t colon = text.find(':');
  const bool single_colon = colon != std::string_view::npos && text.rfind(':') == colon;
  return single_colon ? text.substr(0, colon) : text;  // two or more colons: bare IPv6
}

std::string format_ipv4(const unsigned char* bytes) {
  std::array<char, INET_ADDRSTRLEN> buffer{};
  inet_ntop(AF_INET, bytes, buffer.data(), buffer.size());
  return buffer.data();
}

bool is_ipv4_mapped(const in6_addr& address) {
  static constexpr std::array<unsigned char, 12> kPrefix = {0, 0, 0, 0, 0,    0,
                                                            0, 0, 0, 0, 0xFF, 0xFF};
  for (std::size_t i = 0; i < kPrefix.size(); ++i) {
    if (address.s6_addr[i] != kPrefix[i]) return false;
  }
  return true;
}

bool any_trusted(std::string_view address, std::span<const Cidr> trusted_proxies) {
  for (const Cidr& network : trusted_proxies) {
    if (network.contains(address)) return true;
  }
  return false;
}

// Every entry of the list in canonical form, or nullopt when one is not an address.
std::optional<std::vector<std::string>> parse_forwarded_for(std::string_view forwarded_for) {
  std::vector<std::string> hops;
  for (const std::string_view element : split_list(forwarded_for)) {
    std::string address = canonical_ip_address(strip_port(element));
    if (address.empty()) return std::nullopt;
    hops.push_back(std::move(address));
  }
  if (hops.empty()) return std::nullopt;
  return hops;
}

}  // namespace

std::string canonical_ip_address(std::string_view text) {
  // inet_pton reads a C string; a NUL inside would hide the rest of the text from it.
  if (text.find('\0') != std::string_view::npos) return {};
  const std::string zero_terminated(text);
  in_addr v4{};
  if (inet_pton(AF_INET, zero_terminated.c_str(), &v4) == 1) {
    return format_ipv4(reinterpret_cast<const unsigned char*>(&v4));
  }
  in6_addr v6{};
  if (inet_pton(AF_INET6, zero_terminated.c_str(), &v6) != 1) return {};
  if (is_ipv4_mapped(v6)) return format_ipv4(&v6.s6_addr[12]);
  std::array<char, INET6_ADDRSTRLEN> buffer{};
  inet_ntop(AF_INET6, &v6, buffer.data(), buffer.size());
  return buffer.data();
}

std::string client_address(std::string_view peer_address, std::string_view forwarded_for,
                           std::span<const Cidr> trusted_proxies) {
  std::string peer = canonical_ip_address(peer_address);
  if (peer.empty()) peer = std::string(peer_address);
  if (trim_ows(forwarded_for).empty() || !any_trusted(peer, trusted_proxies)) return peer;
  const std::optional<std::vector<std::string>> hops = parse_forwarded_for(forwarded_for);
  if (!hops) return peer;
  for (auto hop = hops->rbegin(); hop != hops->rend(); ++hop) {
    if (!any_trusted(*hop, trusted_proxies)) return *hop;
  }
  return hops->front();
}

}  // namespace tglink
