#pragma once
// Whether tglink's own port answers on this machine: for `tglink healthcheck` and
// `check-config --online`, which talk to the process beside them without Asio.

#include <cstdint>
#include <string>

namespace tglink {

// The address to reach a listener bound to `bind_address` from this machine: the loopback
// address for a wildcard (0.0.0.0, ::, empty), else `bind_address` itself.
[[nodiscard]] std::string local_address_for(const std::string& bind_address);

// True when a TCP connection to local_address_for(bind_address):port succeeds within 2 s.
[[nodiscard]] bool someone_listens_on(const std::string& bind_address, std::uint16_t port);

// GET `path` over HTTP/1.0 from local_address_for(bind_address):port; the status code, or 0
// with `error` set when no HTTP answer came within `seconds`.
[[nodiscard]] int local_http_status(const std::string& bind_address, std::uint16_t port,
                                    const std::string& path, int seconds, std::string& error);

}  // namespace tglink
