#pragma once
// An IPv4 or IPv6 network in CIDR form ("10.0.0.0/8", "::1/128", or a bare address = one host),
// as listed in TRUSTED_PROXIES.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tglink {

class Cidr {
 public:
  // nullopt when `text` is not an address with an optional /prefix in range.
  [[nodiscard]] static std::optional<Cidr> parse(std::string_view text);

  // `address` is textual ("127.0.0.1", "::ffff:127.0.0.1", "::1"). IPv4-mapped IPv6
  // addresses match IPv4 networks. An unparsable address matches nothing.
  [[nodiscard]] bool contains(std::string_view address) const;

  [[nodiscard]] std::string to_string() const;

 private:
  std::array<std::uint8_t, 16> bytes_{};  // IPv4 kept as IPv4-mapped IPv6
  int prefix_bits_ = 0;                   // over the 128-bit form
};

}  // namespace tglink
