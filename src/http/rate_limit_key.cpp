#include "http/rate_limit_key.hpp"

#include <algorithm>
#include <array>

#include <arpa/inet.h>

#include "http/client_address.hpp"

namespace tglink {
namespace {

constexpr std::size_t kNetworkBytes = 8;  // a /64

}  // namespace

std::string rate_limit_key(std::string_view client_address) {
  std::string canonical = canonical_ip_address(client_address);
  if (canonical.empty()) return std::string(client_address);
  in6_addr v6{};
  if (inet_pton(AF_INET6, canonical.c_str(), &v6) != 1) return canonical;  // IPv4
  std::fill(std::begin(v6.s6_addr) + kNetworkBytes, std::end(v6.s6_addr), 0);
  std::array<char, INET6_ADDRSTRLEN> text{};
  inet_ntop(AF_INET6, &v6, text.data(), text.size());
  return std::string(text.data()) + "/64";
}

}  // namespace tglink
