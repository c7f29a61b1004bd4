#pragma once
// Which address a request comes from, for rate limiting and logs.

#include <span>
#include <string>
#include <string_view>

#include "config/cidr.hpp"

namespace tglink {

// The client of a request whose TCP peer is `peer_address` (textual, as the socket reports it)
// and whose X-Forwarded-For value is `forwarded_for` (empty when absent; several header lines
// joined with ", ").
//
// X-Forwarded-For is believed only when the peer is one of `trusted_proxies`, since anyone else
// can write anything there. Each proxy appends the address it saw, so the list is walked from the
// right, skipping trusted proxies; the first untrusted address is the client. When every entry is
// trusted, the leftmost is the best answer there is. A list with any entry that is not an IP
// address (an optional ":port" or "[v6]:port" is accepted and dropped) is not believed at all and
// the peer is returned.
//
// Addresses come back in canonical text ("::ffff:1.2.3.4" -> "1.2.3.4", "0:0::1" -> "::1") so
// one client always gets the same rate-limit key; a peer that does not parse is returned as is.
[[nodiscard]] std::string client_address(std::string_view peer_address,
                                         std::string_view forwarded_for,
                                         std::span<const Cidr> trusted_proxies);

// `text` as a canonical IP address, or an empty string when it is not one.
[[nodiscard]] std::string canonical_ip_address(std::string_view text);

}  // namespace tglink
