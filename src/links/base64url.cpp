#include "links/base64url.hpp"

#include <array>
#include <cstdint>

namespace tglink {

namespace {

constexpr std::string_view kAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

constexpr std::uint8_t kNotInAlphabet = 0xFF;

constexpr std::array<std::uint8_t, 256> make_reverse_table() {
  std::array<std::uint8_t, 256> table{};
  table.fill(kNotInAlphabet);
  for (std::size_t i = 0; i < kAlphabet.size(); ++i) {
    table[static_cast<unsigned char>(kAlphabet[i])] = static_cast<std::uint8_t>(i);
  }
  return table;
}

constexpr std::array<std::uint8_t, 256> kReverse = make_reverse_table();

}  // namespace

std::string base64url_encode(std::string_view bytes) {
  std::string text;
  text.reserve((bytes.size() * 4 + 2) / 3);
  std::uint32_t buffer = 0;
  int bits = 0;
  for (const char c : bytes) {
    buffer = (buffer << 8) | static_cast<unsigned char>(c);
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      text.push_back(kAlphabet[(buffer >> bits) & 0x3F]);
    }
  }
  if (bits > 0) {
    text.push_back(kAlphabet[(buffer << (6 - bits)) & 0x3F]);
  }
  return text;
}

std::optional<std::string> base64url_decode(std::string_view text) {
  if (text.size() % 4 == 1) {
    return std::nullopt;  // 6 bits cannot make a byte
  }
  std::string bytes;
  bytes.reserve(text.size() * 3 / 4);
  std::uint32_t buffer = 0;
  int bits = 0;
  for (const char c : text) {
    const std::uint8_t value = kReverse[static_cast<unsigned char>(c)];
    if (value == kNotInAlphabet) {
      return std::nullopt;
    }
    buffer = ((buffer << 6) | value) & 0xFFFF;  // at most 14 bits are ever pending
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push_back(static_cast<char>((buffer >> bits) & 0xFF));
    }
  }
  // Leftover bits (2 or 4) must be zero, or two texts would decode to the same bytes.
  if ((buffer & ((1u << bits) - 1)) != 0) {
    return std::nullopt;
  }
  return bytes;
}

}  // namespace tglink
