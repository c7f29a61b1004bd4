// Fuzz target for decide_byte_range (the Range header parser). A libFuzzer target (see
// tests/fuzz/CMakeLists.txt), and http_fuzz_driver_test.cpp runs it under the g++ test build too.
//
// Input: the first 8 bytes (little-endian, missing bytes zero) pick the resource size, reduced
// so small sizes are common; the rest is the Range header value.
//
// Invariants: a partial answer is a non-empty range inside the file; an empty file never gets
// one; and the range, written back as "bytes=first-last", is decided the same way (one meaning).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "http/range_header.hpp"

namespace {

void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "fuzz_range_header invariant broken: %s\n", what);
  std::abort();
}

std::uint64_t read_size(const std::uint8_t* data, std::size_t size) {
  std::uint64_t value = 0;
  for (std::size_t i = 0; i < 8 && i < size; ++i) value |= std::uint64_t{data[i]} << (8 * i);
  // Mostly small files, sometimes any 64-bit size at all.
  return (value & 1) ? value : (value >> 1) % 4096;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::uint64_t resource_size = read_size(data, size);
  const std::size_t skip = size < 8 ? size : 8;
  const std::string_view header(reinterpret_cast<const char*>(data) + skip, size - skip);

  const tglink::RangeDecision decision = tglink::decide_byte_range(header, resource_size);
  if (decision.outcome == tglink::RangeOutcome::kPartial) {
    const tglink::ByteRange range = decision.range;
    require(!range.empty(), "range is not empty");
    require(range.end <= resource_size, "range ends inside the file");
    require(range.length() <= resource_size, "range is no longer than the file");
    const std::string canonical =
        "bytes=" + std::to_string(range.begin) + "-" + std::to_string(range.last());
    require(tglink::decide_byte_range(canonical, resource_size) == decision,
            "the range written back means the same range");
  }
  if (resource_size == 0) {
    require(decision.outcome != tglink::RangeOutcome::kPartial, "no partial answer on empty file");
  }
  return 0;
}
