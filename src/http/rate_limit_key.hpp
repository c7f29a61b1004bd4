#pragma once
// The bucket a client's requests are counted in.
//
// An IPv4 address is one client. An IPv6 host is usually given a whole /64 (RFC 6177 and every
// SLAAC network), and can pick any of its 2^64 addresses per request, so counting per IPv6
// address would limit nobody: IPv6 clients are counted per /64. IPv4-mapped IPv6 addresses
// (::ffff:a.b.c.d) are IPv4 clients; client_address() has already written them as IPv4.

#include <string>
#include <string_view>

namespace tglink {

// "1.2.3.4" -> "1.2.3.4"; "2001:db8:1:2:aaaa::1" -> "2001:db8:1:2::/64";
// "::ffff:1.2.3.4" -> "1.2.3.4". Text that is not an IP address is returned as it is.
[[nodiscard]] std::string rate_limit_key(std::string_view client_address);

}  // namespace tglink
