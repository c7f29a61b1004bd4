#include "core/base64.hpp"

#include <array>
#include <cstdint>

namespace tglink {
namespace {

constexpr std::string_view kStandard =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr std::string_view kUrl =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
constexpr std::uint8_t kNotInAlphabet = 0xFF;

using ReverseTable = std::array<std::uint8_t, 256>;

constexpr ReverseTable reverse_of(std::string_view alphabet) {
  ReverseTable table{};
  table.fill(kNotInAlphabet);
  for (std::size_t i = 0; i < alphabet.size(); ++i) {
    table[static_cast<unsigned char>(alphabet[i])] = static_cast<std::uint8_t>(i);
  }
  return table;
}

// TDLib's fields are read with either alphabet: '-' and '_' mean what '+' and '/' mean.
constexpr ReverseTable lenient_table() {
  ReverseTable table = reverse_of(kStandard);
  table[static_cast<unsigned char>('-')] = 62;
  table[static_cast<unsigned char>('_')] = 63;
  return table;
}

constexpr ReverseTable kLenient = lenient_table();
constexpr ReverseTable kUrlReverse = reverse_of(kUrl);

std::string encode(std::string_view bytes, std::string_view alphabet) {
  std::string text;
  text.reserve((bytes.size() + 2) / 3 * 4);
  std::uint32_t buffer = 0;
  int bits = 0;
  for (const char c : bytes) {
    buffer = ((buffer << 8) | static_cast<unsigned char>(c)) & 0xFFFF;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      text.push_back(alphabet[(buffer >> bits) & 0x3F]);
    }
  }
  if (bits > 0) {
    text.push_back(alphabet[(buffer << (6 - bits)) & 0x3F]);
  }
  return text;
}

// Packs 6-bit values into bytes; at most 14 bits are ever pending.
class BitReader {
 public:
  void push(std::uint8_t value, std::string& out) {
    buffer_ = ((buffer_ << 6) | value) & 0xFFFF;
    bits_ += 6;
    if (bits_ >= 8) {
      bits_ -= 8;
      out.push_back(static_cast<char>((buffer_ >> bits_) & 0xFF));
    }
  }
  [[nodiscard]] bool leftover_is_zero() const { return (buffer_ & ((1U << bits_) - 1)) == 0; }

 private:
  std::uint32_t buffer_ = 0;
  int bits_ = 0;
};

}  // namespace

std::string base64_encode(std::string_view bytes) {
  std::string text = encode(bytes, kStandard);
  while (text.size() % 4 != 0) {
    text.push_back('=');
  }
  return text;
}

std::string base64_decode(std::string_view text) {
  std::string bytes;
  BitReader reader;
  for (const char c : text) {
    const std::uint8_t value = kLenient[static_cast<unsigned char>(c)];
    if (value != kNotInAlphabet) {
      reader.push(value, bytes);
    }
  }
  return bytes;
}

std::string base64url_encode(std::string_view bytes) { return encode(bytes, kUrl); }

std::optional<std::string> base64url_decode(std::string_view text) {
  if (text.size() % 4 == 1) {
    return std::nullopt;  // 6 bits cannot make a byte
  }
  std::string bytes;
  bytes.reserve(text.size() * 3 / 4);
  BitReader reader;
  for (const char c : text) {
    const std::uint8_t value = kUrlReverse[static_cast<unsigned char>(c)];
    if (value == kNotInAlphabet) {
      return std::nullopt;
    }
    reader.push(value, bytes);
  }
  if (!reader.leftover_is_zero()) {
    return std::nullopt;  // two texts would decode to the same bytes
  }
  return bytes;
}

}  // namespace tglink
