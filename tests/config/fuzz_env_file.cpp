// libFuzzer target for the .env parser: clang++ -fsanitize=fuzzer,address,undefined -std=c++20
//   -I src tests/config/fuzz_env_file.cpp src/config/env_file.cpp -o fuzz_env_file
// Not part of the g++ build. The parser must never crash, and whatever it accepts must be
// names that would pass the parser again.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "config/env_file.hpp"

namespace {

bool is_name(std::string_view name) {
  if (name.empty() || (name[0] >= '0' && name[0] <= '9')) {
    return false;
  }
  for (char c : name) {
    const bool ok =
        (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    if (!ok) {
      return false;
    }
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const tglink::EnvFileResult result = tglink::parse_env_file(text, ".env");
  for (const auto& [name, value] : result.values) {
    if (!is_name(name)) {
      std::abort();
    }
  }
  return 0;
}
