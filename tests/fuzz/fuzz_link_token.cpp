// Fuzz target: link token decoding, and the base64url and varint readers under it. Crashes,
// sanitizer reports and broken invariants (abort) are findings. A libFuzzer target (see
// tests/fuzz/CMakeLists.txt), and fuzz_link_token_test.cpp runs it under the g++ test build too.
//
// Invariants checked on every input:
//  - decode never crashes;
//  - anything decode accepts re-encodes to exactly the same text (one text per token);
//  - base64url_decode accepts only canonical text: encode(decode(s)) == s;
//  - read_varint only accepts shortest forms: re-encoding gives the bytes it consumed.

#include "fuzz_link_token.hpp"

#include <cstdlib>
#include <string>

#include "core/base64.hpp"
#include "links/link_token.hpp"
#include "links/varint.hpp"

namespace {

void check(bool invariant) {
  if (!invariant) {
    std::abort();
  }
}

void fuzz_token(std::string_view input) {
  const tglink::LinkTokenCodec codec{std::string(tglink::fuzz::kLinkTokenFuzzKey)};
  const tglink::SystemTime now{std::chrono::seconds(tglink::fuzz::kLinkTokenFuzzNow)};
  const tglink::DecodeResult result = codec.decode(input, now);
  if (result.status != tglink::LinkStatus::Invalid) {
    check(codec.encode(result.claims) == input);
  }
}

void fuzz_base64url(std::string_view input) {
  const std::optional<std::string> bytes = tglink::base64url_decode(input);
  if (bytes) {
    check(tglink::base64url_encode(*bytes) == input);
  }
}

void fuzz_varint(std::string_view input) {
  std::size_t pos = 0;
  while (pos < input.size()) {
    const std::size_t start = pos;
    const std::optional<std::uint64_t> value = tglink::read_varint(input, pos);
    if (!value) {
      check(pos == start);
      return;
    }
    std::string again;
    tglink::append_varint(again, *value);
    check(again == input.substr(start, pos - start));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  fuzz_token(input);
  fuzz_base64url(input);
  fuzz_varint(input);
  return 0;
}
