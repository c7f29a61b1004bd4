#include "config/cidr.hpp"

#include <charconv>

#include <arpa/inet.h>

namespace tglink {

namespace {

using Bytes = std::array<std::uint8_t, 16>;

constexpr int kMappedPrefixBits = 96;  // ::ffff:0:0/96 holds every IPv4 address

struct ParsedAddress {
  Bytes bytes{};
  bool ipv4 = false;
};

// IPv4 becomes its IPv4-mapped IPv6 form, so one comparison serves both families.
std::optional<ParsedAddress> parse_address(std::string_view text) {
  if (text.size() >= 2 && text.front() == '[' && text.back() == ']') {
    text = text.substr(1, text.size() - 2);
  }
  // A zone ("fe80::1%eth0") names an interface, not part of the address.
  text = text.substr(0, text.find('%'));
  // inet_pton reads a C string: a NUL would hide whatever follows it.
  if (text.find('\0') != std::string_view::npos) {
    return std::nullopt;
  }
  const std::string address(text);
  ParsedAddress parsed;
  std::array<std::uint8_t, 4> v4{};
  if (inet_pton(AF_INET, address.c_str(), v4.data()) == 1) {
    parsed.bytes[10] = 0xff;
    parsed.bytes[11] = 0xff;
    std::copy(v4.begin(), v4.end(), parsed.bytes.begin() + 12);
    parsed.ipv4 = true;
    return parsed;
  }
  if (inet_pton(AF_INET6, address.c_str(), parsed.bytes.data()) == 1) {
    return parsed;
  }
  return std::nullopt;
}

std::optional<int> parse_prefix(std::string_view text, int max_bits) {
  int bits = -1;
  const char* end = text.data() + text.size();
  const auto [next, error] = std::from_chars(text.data(), end, bits);
  if (text.empty() || error != std::errc() || next != end || bits < 0 || bits > max_bits) {
    return std::nullopt;
  }
  return bits;
}

void clear_host_bits(Bytes& bytes, int prefix_bits) {
  for (int bit = prefix_bits; bit < 128; ++bit) {
    bytes[static_cast<std::size_t>(bit / 8)] &= static_cast<std::uint8_t>(~(0x80u >> (bit % 8)));
  }
}

bool same_prefix(const Bytes& a, const Bytes& b, int prefix_bits) {
  for (int bit = 0; bit < prefix_bits; ++bit) {
    const std::size_t index = static_cast<std::size_t>(bit / 8);
    const unsigned mask = 0x80u >> (bit % 8);
    if ((a[index] & mask) != (b[index] & mask)) {
      return false;
    }
  }
  return true;
}

bool is_ipv4_mapped(const Bytes& bytes) {
  for (std::size_t i = 0; i < 10; ++i) {
    if (bytes[i] != 0) {
      return false;
    }
  }
  return bytes[10] == 0xff && bytes[11] == 0xff;
}

}  // namespace

std::optional<Cidr> Cidr::parse(std::string_view text) {
  const std::size_t slash = text.find('/');
  const std::optional<ParsedAddress> address = parse_address(text.substr(0, slash));
  if (!address) {
    return std::nullopt;
  }
  const int offset = address->ipv4 ? kMappedPrefixBits : 0;
  int prefix_bits = 128;
  if (slash != std::string_view::npos) {
    const std::optional<int> bits = parse_prefix(text.substr(slash + 1), 128 - offset);
    if (!bits) {
      return std::nullopt;
    }
    prefix_bits = *bits + offset;
  }
  Cidr cidr;
  cidr.bytes_ = address->bytes;
  cidr.prefix_bits_ = prefix_bits;
  // "10.1.2.3/8" means the network 10.0.0.0/8, as most tools read it.
  clear_host_bits(cidr.bytes_, prefix_bits);
  return cidr;
}

bool Cidr::contains(std::string_view address) const {
  const std::optional<ParsedAddress> parsed = parse_address(address);
  return parsed && same_prefix(bytes_, parsed->bytes, prefix_bits_);
}

std::string Cidr::to_string() const {
  std::array<char, INET6_ADDRSTRLEN> buffer{};
  if (is_ipv4_mapped(bytes_) && prefix_bits_ >= kMappedPrefixBits) {
    inet_ntop(AF_INET, bytes_.data() + 12, buffer.data(), buffer.size());
    return std::string(buffer.data()) + "/" + std::to_string(prefix_bits_ - kMappedPrefixBits);
  }
  inet_ntop(AF_INET6, bytes_.data(), buffer.data(), buffer.size());
  return std::string(buffer.data()) + "/" + std::to_string(prefix_bits_);
}

}  // namespace tglink
