#pragma once
// Unsigned LEB128 varints: 7 bits a byte, low bits first, high bit set on every byte but the
// last. Small numbers take few bytes, which keeps link tokens short.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tglink {

// Appends the shortest encoding of `value` (1 to 10 bytes).
void append_varint(std::string& out, std::uint64_t value);

// Reads one varint starting at `pos` and moves `pos` past it. Accepts only the shortest
// encoding, so every number has exactly one byte form; returns nullopt (leaving `pos` alone)
// if the bytes run out, the encoding is overlong, or the value does not fit 64 bits.
[[nodiscard]] std::optional<std::uint64_t> read_varint(std::string_view bytes, std::size_t& pos);

}  // namespace tglink
