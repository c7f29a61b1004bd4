#include "links/dav_token.hpp"

#include <gtest/gtest.h>

#include "links/batch_token.hpp"
#include "links/dashboard_token.hpp"

namespace tglink {
namespace {

TEST(DavToken, RoundTripsUserAndIssueTime) {
  const LinkTokenCodec links("secret key bytes");
  const DavTokenCodec codec(links);
  const DavGrant grant{1234567890, 1'800'000'000'123};
  const std::string token = codec.encode(grant);
  EXPECT_EQ(codec.decode(token), grant);
  EXPECT_LE(token.size(), DavTokenCodec::kMaxTokenLength);
  EXPECT_EQ(
      token.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
      std::string::npos);
}

TEST(DavToken, NoOtherKindOfTokenPassesAsAFolderNorAFolderAsAnother) {
  const LinkTokenCodec links("secret key bytes");
  const DavTokenCodec codec(links);
  const std::string folder = codec.encode(DavGrant{42, 1'800'000'000'000});
  EXPECT_FALSE(codec.decode(links.encode(LinkClaims{42, std::nullopt})));
  EXPECT_FALSE(codec.decode(BatchTokenCodec(links).encode(BatchClaims{42, std::nullopt})));
  const DashboardTokenCodec dashboard(links, DashboardGrantKind::Link);
  EXPECT_FALSE(codec.decode(dashboard.encode(
      DashboardGrant{42, 1'800'000'000'000, SystemTime{std::chrono::seconds{1'900'000'000}}})));
  const SystemTime now{std::chrono::seconds{1'800'000'000}};
  EXPECT_EQ(links.decode(folder, now).status, LinkStatus::Invalid);
  EXPECT_EQ(BatchTokenCodec(links).decode(folder, now).status, LinkStatus::Invalid);
  EXPECT_FALSE(DavTokenCodec(LinkTokenCodec("other key")).decode(folder));
}

TEST(DavToken, TamperedOrMalformedTokensAreRefused) {
  const LinkTokenCodec links("secret key bytes");
  const DavTokenCodec codec(links);
  const std::string token = codec.encode(DavGrant{42, 1'800'000'000'000});
  for (std::size_t i = 0; i < token.size(); ++i) {
    std::string changed = token;
    changed[i] = changed[i] == 'A' ? 'B' : 'A';
    EXPECT_FALSE(codec.decode(changed)) << i;
  }
  EXPECT_FALSE(codec.decode(""));
  EXPECT_FALSE(codec.decode(token.substr(1)));
  EXPECT_FALSE(codec.decode(std::string(DavTokenCodec::kMaxTokenLength + 1, 'A')));
  EXPECT_THROW((void)codec.encode(DavGrant{0, 1}), std::invalid_argument);
  EXPECT_THROW((void)codec.encode(DavGrant{1, 0}), std::invalid_argument);
}

}  // namespace
}  // namespace tglink
