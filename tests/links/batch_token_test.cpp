#include "links/batch_token.hpp"

#include <gtest/gtest.h>

#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_result_for;

using namespace std::chrono_literals;

const SystemTime kBatchNow = SystemTime{std::chrono::seconds{1'800'000'000}};

TEST(BatchToken, RoundTripsItsIdAndExpiry) {
  const LinkTokenCodec links("secret key bytes");
  const BatchTokenCodec batches(links);
  const BatchClaims claims{42, kBatchNow + 1h};
  const BatchDecodeResult decoded = batches.decode(batches.encode(claims), kBatchNow);
  EXPECT_EQ(decoded.status, LinkStatus::Valid);
  EXPECT_EQ(decoded.claims, claims);
  EXPECT_EQ(batches.decode(batches.encode(claims), kBatchNow + 2h).status, LinkStatus::Expired);
  const BatchClaims permanent{7, std::nullopt};
  EXPECT_EQ(batches.decode(batches.encode(permanent), kBatchNow).claims, permanent);
}

TEST(BatchToken, FileTokensAndBatchTokensNeverPassForEachOther) {
  const LinkTokenCodec links("secret key bytes");
  const BatchTokenCodec batches(links);
  const std::string file_token = links.encode(LinkClaims{42, std::nullopt});
  const std::string batch_token = batches.encode(BatchClaims{42, std::nullopt});
  EXPECT_NE(file_token, batch_token);
  EXPECT_EQ(batches.decode(file_token, kBatchNow).status, LinkStatus::Invalid);
  EXPECT_EQ(links.decode(batch_token, kBatchNow).status, LinkStatus::Invalid);
}

TEST(BatchToken, AnotherKeyOrATamperedTokenIsInvalid) {
  const LinkTokenCodec links("secret key bytes");
  const LinkTokenCodec other("other key bytes");
  const std::string token = BatchTokenCodec(links).encode(BatchClaims{9, std::nullopt});
  EXPECT_EQ(BatchTokenCodec(other).decode(token, kBatchNow).status, LinkStatus::Invalid);
  std::string tampered = token;
  tampered[3] = tampered[3] == 'A' ? 'B' : 'A';
  EXPECT_EQ(BatchTokenCodec(links).decode(tampered, kBatchNow).status, LinkStatus::Invalid);
  EXPECT_THROW((void)BatchTokenCodec(links).encode(BatchClaims{0, std::nullopt}),
               std::invalid_argument);
}

TEST(BatchToken, UrlsAndTokensInLinks) {
  EXPECT_EQ(batch_url("https://h.example", "TOK"), "https://h.example/b/TOK");
  expect_result_for(batch_token_from_link, "TOK",
                    {"https://h.example/b/TOK", "  https://h.example/b/TOK?format=urls ",
                     "https://h.example/b/TOK/extra"});
  EXPECT_EQ(batch_token_from_link("https://h.example/dl/TOK"), "");
}

}  // namespace
}  // namespace tglink
