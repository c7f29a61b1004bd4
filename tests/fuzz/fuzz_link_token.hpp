#pragma once
// The link token fuzz target, shared by the libFuzzer build (clang) and the GoogleTest that runs
// it on generated inputs (any compiler).

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace tglink::fuzz {

// The key the target decodes with; the smoke test makes valid seeds with it.
inline constexpr std::string_view kLinkTokenFuzzKey = "fuzz-link-token-key-0123456789";
// The "now" the target decodes at (unix seconds).
inline constexpr std::int64_t kLinkTokenFuzzNow = 1'750'000'000;

}  // namespace tglink::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
