#include "links/varint.hpp"

namespace tglink {

namespace {

constexpr std::uint8_t kMore = 0x80;
constexpr std::uint8_t kPayload = 0x7F;
constexpr int kMaxBytes = 10;  // ceil(64 / 7)

}  // namespace

void append_varint(std::string& out, std::uint64_t value) {
  while (value >= kMore) {
    out.push_back(static_cast<char>((value & kPayload) | kMore));
    value >>= 7;
  }
  out.push_back(static_cast<char>(value));
}

std::optional<std::uint64_t> read_varint(std::string_view bytes, std::size_t& pos) {
  std::uint64_t value = 0;
  std::size_t at = pos;
  for (int index = 0; index < kMaxBytes; ++index, ++at) {
    if (at >= bytes.size()) {
      return std::nullopt;
    }
    const auto byte = static_cast<std::uint8_t>(bytes[at]);
    const std::uint64_t payload = byte & kPayload;
    // The tenth byte holds bit 63 only.
    if (index == kMaxBytes - 1 && payload > 1) {
      return std::nullopt;
    }
    value |= payload << (7 * index);
    if ((byte & kMore) == 0) {
      // A last byte of zero after others means the same number fits in fewer bytes.
      if (byte == 0 && index > 0) {
        return std::nullopt;
      }
      pos = at + 1;
      return value;
    }
  }
  return std::nullopt;
}

}  // namespace tglink
