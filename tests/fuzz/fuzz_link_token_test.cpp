// Runs the fuzz target on a few thousand generated inputs, so every test run exercises it even
// where libFuzzer is not available (g++). Deterministic: a fixed seed.

#include "fuzz_link_token.hpp"

#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "links/link_token.hpp"

namespace tglink {
namespace {

constexpr std::string_view kAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

class Inputs {
 public:
  explicit Inputs(std::uint64_t seed) : random_(seed) {}

  std::size_t below(std::size_t n) {
    return std::uniform_int_distribution<std::size_t>(0, n - 1)(random_);
  }

  std::string random_bytes(std::size_t max_length) {
    std::string s(below(max_length + 1), '\0');
    for (char& c : s) {
      c = static_cast<char>(below(256));
    }
    return s;
  }

  std::string random_token_text(std::size_t max_length) {
    std::string s(below(max_length + 1), 'A');
    for (char& c : s) {
      c = kAlphabet[below(kAlphabet.size())];
    }
    return s;
  }

  // One random edit: replace, insert, delete, truncate or duplicate a slice.
  std::string mutate(std::string s) {
    const std::size_t at = s.empty() ? 0 : below(s.size());
    switch (below(5)) {
      case 0:
        if (!s.empty()) s[at] = kAlphabet[below(kAlphabet.size())];
        break;
      case 1:
        s.insert(at, 1, static_cast<char>(below(256)));
        break;
      case 2:
        if (!s.empty()) s.erase(at, 1);
        break;
      case 3:
        s.resize(at);
        break;
      default:
        s += s.substr(at);
        break;
    }
    return s;
  }

 private:
  std::mt19937_64 random_;
};

void run(const std::string& input) {
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
}

std::vector<std::string> valid_seeds() {
  const LinkTokenCodec codec{std::string(fuzz::kLinkTokenFuzzKey)};
  const SystemTime now{std::chrono::seconds(fuzz::kLinkTokenFuzzNow)};
  std::vector<std::string> seeds;
  for (std::int64_t id : {std::int64_t{1}, std::int64_t{77} << 20, std::int64_t{1} << 62}) {
    seeds.push_back(codec.encode({id, std::nullopt}));
    seeds.push_back(codec.encode({id, now + std::chrono::hours(1)}));
    seeds.push_back(codec.encode({id, now - std::chrono::hours(1)}));  // expired
  }
  return seeds;
}

TEST(FuzzLinkTokenTest, RandomBytesNeverCrash) {
  Inputs inputs(1);
  for (int i = 0; i < 2000; ++i) {
    run(inputs.random_bytes(64));
  }
}

TEST(FuzzLinkTokenTest, RandomTokenTextNeverCrashes) {
  Inputs inputs(2);
  for (int i = 0; i < 2000; ++i) {
    run(inputs.random_token_text(60));
  }
}

TEST(FuzzLinkTokenTest, MutatedValidTokensAreRejected) {
  const LinkTokenCodec codec{std::string(fuzz::kLinkTokenFuzzKey)};
  const SystemTime now{std::chrono::seconds(fuzz::kLinkTokenFuzzNow)};
  Inputs inputs(3);
  int checked = 0;
  for (const std::string& seed : valid_seeds()) {
    run(seed);
    EXPECT_NE(codec.decode(seed, now).status, LinkStatus::Invalid);
    for (int i = 0; i < 500; ++i) {
      std::string mutated = inputs.mutate(seed);
      if (inputs.below(2) == 0) {
        mutated = inputs.mutate(mutated);
      }
      run(mutated);
      if (mutated != seed) {
        EXPECT_EQ(codec.decode(mutated, now).status, LinkStatus::Invalid) << mutated;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 4000);
}

}  // namespace
}  // namespace tglink
