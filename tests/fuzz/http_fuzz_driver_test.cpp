// Runs a libFuzzer target (LLVMFuzzerTestOneInput, linked in from fuzz_range_header.cpp or
// fuzz_content_plan.cpp) over a few thousand generated inputs, so the ordinary g++ test build
// with ASan and UBSan exercises it too. The target aborts when an invariant breaks, which fails
// this test.
//
// Inputs are built from a dictionary of HTTP fragments rather than pure noise, since random bytes
// would almost never spell "bytes=". Half of them start with 8 random bytes (the size prefix of
// fuzz_range_header.cpp), half with a decimal line (the size line of fuzz_content_plan.cpp); each
// target reads the other half as odd but legal input. The seed is fixed: failures reproduce.
// TGLINK_FUZZ_SUITE names the test suite after the target this copy of the driver runs.

#include <array>
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

constexpr std::array<std::string_view, 40> kDictionary = {
    "bytes",
    "Bytes",
    "=",
    "-",
    ",",
    " ",
    "\t",
    "\n",
    "0",
    "1",
    "9",
    "99",
    "999",
    "1000",
    "4095",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999",
    "bytes=0-",
    "bytes=-",
    "HEAD",
    "GET",
    "\"v1\"",
    "W/\"v1\"",
    "\"v0\"",
    "*",
    "\"",
    "W/",
    "Tue, 02 Jan 2024 03:04:05 GMT",
    "Tue, 02 Jan 2024 03:04:06 GMT",
    "Mon, 01 Jan 2024 03:04:05 GMT",
    "Tuesday, 02-Jan-24 03:04:05 GMT",
    "Tue Jan  2 03:04:05 2024",
    "Sun, 31 Feb 2024 99:99:99 GMT",
    "%",
    "+",
    "\r\n",
    std::string_view("\0", 1),
    "\xFF",
    "\xC3\xA9",
};

constexpr std::array<std::string_view, 6> kSizes = {
    "0", "1", "10", "1000", "18446744073709551615", "99999999999999999999"};

constexpr std::array<std::string_view, 10> kNumbers = {"0",
                                                       "1",
                                                       "9",
                                                       "99",
                                                       "999",
                                                       "1000",
                                                       "4095",
                                                       "4096",
                                                       "18446744073709551615",
                                                       "99999999999999999999999"};

// Inputs are a size prefix and up to 8 newline-separated fields, each either dictionary soup or a
// near-valid Range value, so the interesting paths are reached often.
class InputGenerator {
 public:
  explicit InputGenerator(std::uint32_t seed) : random_(seed) {}

  std::string next() {
    std::string input =
        pick(2) == 0 ? random_bytes(8) : std::string(kSizes[pick(kSizes.size())]) + "\n";
    const std::size_t fields = 1 + pick(8);
    for (std::size_t i = 0; i < fields; ++i) {
      if (i > 0) input += '\n';
      input += pick(3) == 0 ? soup() : range_like();
    }
    return input;
  }

 private:
  std::size_t pick(std::size_t bound) {
    return std::uniform_int_distribution<std::size_t>(0, bound - 1)(random_);
  }

  std::string random_bytes(std::size_t count) {
    std::string bytes;
    for (std::size_t i = 0; i < count; ++i) bytes.push_back(static_cast<char>(pick(256)));
    return bytes;
  }

  std::string soup() {
    std::string text;
    const std::size_t pieces = pick(12);
    for (std::size_t i = 0; i < pieces; ++i) {
      text += pick(8) == 0 ? random_bytes(1 + pick(3))
                           : std::string(kDictionary[pick(kDictionary.size())]);
    }
    return text;
  }

  // A number: usually from kNumbers, sometimes absent, sometimes random.
  std::string number() {
    switch (pick(4)) {
      case 0:
        return {};
      case 1:
        return std::to_string(pick(5000));
      default:
        return std::string(kNumbers[pick(kNumbers.size())]);
    }
  }

  std::string range_like() {
    std::string text = pick(8) == 0 ? soup() : "bytes=";
    const std::size_t specs = 1 + pick(2);
    for (std::size_t i = 0; i < specs; ++i) {
      if (i > 0) text += ",";
      if (pick(4) == 0) text += " ";
      text += number() + "-" + number();
    }
    if (pick(6) == 0) text += soup();
    return text;
  }

  std::mt19937 random_;
};

int run(std::string_view input) {
  return LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
}

TEST(TGLINK_FUZZ_SUITE, HandWrittenEdgeCases) {
  using namespace std::string_view_literals;
  for (const std::string_view input : {
           std::string_view{},
           std::string_view("\0\0\0\0\0\0\0\0bytes=0-", 16),
           std::string_view("\x01\0\0\0\0\0\0\0bytes=-0", 16),
           std::string_view("\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF"
                            "bytes=0-",
                            16),
           "1000\nGET\nbytes=0-99\n\"v1\"\n\n\n\n"sv,
           "1000\nHEAD\nbytes=0-99\n"sv,
           "0\nGET\nbytes=0-\n"sv,
           "18446744073709551615\nGET\nbytes=-1\n"sv,
           "1000\nGET\nbytes=5000-\n\n\"v0\"\n\"v1\"\n"sv,
       }) {
    EXPECT_EQ(run(input), 0);
  }
}

TEST(TGLINK_FUZZ_SUITE, ThousandsOfGeneratedInputs) {
  InputGenerator generator(20240102);
  for (int i = 0; i < 5000; ++i) {
    ASSERT_EQ(run(generator.next()), 0) << "input #" << i;
  }
}

}  // namespace
