#include "links/dashboard_token.hpp"

#include <gtest/gtest.h>

#include "core/base64.hpp"
#include "links/batch_token.hpp"

namespace tglink {
namespace {

using namespace std::chrono_literals;

const SystemTime kDashboardNow = SystemTime{std::chrono::seconds{1'800'000'000}};
constexpr std::int64_t kNowMs = 1'800'000'000'000;

DashboardGrant grant_for(std::int64_t admin, std::chrono::seconds lifetime) {
  return DashboardGrant{admin, kNowMs, kDashboardNow + lifetime};
}

TEST(DashboardToken, RoundTripsAdminIssueTimeAndExpiry) {
  const LinkTokenCodec links("secret key bytes");
  const DashboardTokenCodec codec(links, DashboardGrantKind::Link);
  const DashboardGrant grant = grant_for(1234567890, 15min);
  const std::string token = codec.encode(grant);
  const DashboardGrantCheck check = codec.decode(token, kDashboardNow);
  EXPECT_EQ(check.status, LinkStatus::Valid);
  EXPECT_EQ(check.grant, grant);
  EXPECT_LE(token.size(), DashboardTokenCodec::kMaxTokenLength);
  EXPECT_EQ(
      token.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
      std::string::npos);
}

TEST(DashboardToken, ExpiresAtItsExpiryToTheSecond) {
  const LinkTokenCodec links("secret key bytes");
  const DashboardTokenCodec codec(links, DashboardGrantKind::Link);
  const std::string token = codec.encode(grant_for(42, 15min));
  EXPECT_EQ(codec.decode(token, kDashboardNow + 15min - 1s).status, LinkStatus::Valid);
  const DashboardGrantCheck late = codec.decode(token, kDashboardNow + 15min);
  EXPECT_EQ(late.status, LinkStatus::Expired);
  EXPECT_EQ(late.grant.admin_id, 42);
}

TEST(DashboardToken, LinksSessionsFilesAndBatchesNeverPassForEachOther) {
  const LinkTokenCodec links("secret key bytes");
  const DashboardTokenCodec link_codec(links, DashboardGrantKind::Link);
  const DashboardTokenCodec session_codec(links, DashboardGrantKind::Session);
  const std::string link = link_codec.encode(grant_for(42, 1h));
  const std::string session = session_codec.encode(grant_for(42, 1h));
  EXPECT_NE(link, session);
  EXPECT_EQ(session_codec.decode(link, kDashboardNow).status, LinkStatus::Invalid);
  EXPECT_EQ(link_codec.decode(session, kDashboardNow).status, LinkStatus::Invalid);
  EXPECT_EQ(links.decode(link, kDashboardNow).status, LinkStatus::Invalid);
  const std::string file = links.encode(LinkClaims{42, kDashboardNow + 1h});
  const std::string batch = BatchTokenCodec(links).encode(BatchClaims{42, kDashboardNow + 1h});
  EXPECT_EQ(link_codec.decode(file, kDashboardNow).status, LinkStatus::Invalid);
  EXPECT_EQ(link_codec.decode(batch, kDashboardNow).status, LinkStatus::Invalid);
}

TEST(DashboardToken, AnotherKeyOrAnyChangedByteIsInvalid) {
  const LinkTokenCodec links("secret key bytes");
  const LinkTokenCodec other("other key bytes!");
  const DashboardTokenCodec codec(links, DashboardGrantKind::Session);
  const std::string token = codec.encode(grant_for(42, 8h));
  EXPECT_EQ(
      DashboardTokenCodec(other, DashboardGrantKind::Session).decode(token, kDashboardNow).status,
      LinkStatus::Invalid);
  const std::string bytes = *base64url_decode(token);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    std::string changed = bytes;
    changed[i] = static_cast<char>(changed[i] ^ 0x01);
    EXPECT_EQ(codec.decode(base64url_encode(changed), kDashboardNow).status, LinkStatus::Invalid)
        << "byte " << i;
  }
}

TEST(DashboardToken, GarbageIsInvalidAndNeverThrows) {
  const LinkTokenCodec links("secret key bytes");
  const DashboardTokenCodec codec(links, DashboardGrantKind::Link);
  for (const std::string_view junk :
       {"", "A", "not a token", "%%%%", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}) {
    EXPECT_EQ(codec.decode(junk, kDashboardNow).status, LinkStatus::Invalid) << junk;
  }
  EXPECT_EQ(codec.decode(std::string(200, 'A'), kDashboardNow).status, LinkStatus::Invalid);
}

TEST(DashboardToken, RefusesToSignWhatCouldNotBeRead) {
  const LinkTokenCodec links("secret key bytes");
  const DashboardTokenCodec codec(links, DashboardGrantKind::Link);
  EXPECT_THROW((void)codec.encode(DashboardGrant{0, kNowMs, kDashboardNow + 1h}),
               std::invalid_argument);
  EXPECT_THROW((void)codec.encode(DashboardGrant{42, 0, kDashboardNow + 1h}),
               std::invalid_argument);
  EXPECT_THROW((void)codec.encode(DashboardGrant{42, kNowMs, SystemTime{}}), std::invalid_argument);
}

}  // namespace
}  // namespace tglink
