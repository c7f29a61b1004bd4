#include "dav/dav_access.hpp"

#include <gtest/gtest.h>

#include "config/config.hpp"
#include "store/sqlite_store.hpp"
#include "support/fake_clock.hpp"

namespace tglink {
namespace {

using namespace std::chrono_literals;

constexpr std::int64_t kUser = 333;
constexpr std::int64_t kAdmin = 111;

class DavAccessTest : public ::testing::Test {
 protected:
  DavAccessTest() { config.admins = {kAdmin}; }

  Config config;
  LinkTokenCodec links{"secret key bytes"};
  testing::FakeClock clock{testing::utc(2026, 11, 29, 7)};
  SqliteStore store{":memory:"};
  DavAccess access{config, links, clock};

  [[nodiscard]] bool opens(const std::string& token) {
    const std::optional<DavGrant> grant = access.signed_grant(token);
    return grant && access.opens(*grant, store);
  }
};

TEST_F(DavAccessTest, TheSameAddressUntilTheUserClosesIt) {
  const std::string token = access.folder_token(kUser, store);
  EXPECT_TRUE(opens(token));
  EXPECT_EQ(access.signed_grant(token)->user_id, kUser);
  clock.advance(1h);
  EXPECT_EQ(access.folder_token(kUser, store), token);
  EXPECT_TRUE(access.end_folder(kUser, store));
  EXPECT_FALSE(opens(token));
  EXPECT_FALSE(access.end_folder(kUser, store));  // none open now
  const std::string next = access.folder_token(kUser, store);
  EXPECT_NE(next, token);
  EXPECT_TRUE(opens(next));
  EXPECT_FALSE(opens(token));
}

TEST_F(DavAccessTest, ClosingOnOneNodeClosesItOnEveryNodeSharingTheStore) {
  const DavAccess other_node(config, links, clock);
  const std::string token = access.folder_token(kUser, store);
  EXPECT_EQ(other_node.folder_token(kUser, store), token);
  EXPECT_TRUE(other_node.end_folder(kUser, store));
  EXPECT_FALSE(opens(token));
}

TEST_F(DavAccessTest, ABannedUserOrOneOffTheAllowedListOpensNothing) {
  const std::string token = access.folder_token(kUser, store);
  ASSERT_TRUE(store.ban_user(BanRecord{kUser, 1, kAdmin}));
  EXPECT_FALSE(opens(token));
  ASSERT_TRUE(store.unban_user(kUser));
  EXPECT_TRUE(opens(token));
  config.allowed_users = {444};
  EXPECT_FALSE(opens(token));
  const std::string admins = access.folder_token(kAdmin, store);
  ASSERT_TRUE(store.ban_user(BanRecord{kAdmin, 1, kAdmin}));
  EXPECT_TRUE(opens(admins));  // admins are never banned, and always allowed
}

TEST_F(DavAccessTest, OnlyTokensSignedForFoldersAreGrants) {
  const std::string token = access.folder_token(kUser, store);
  std::string tampered = token;
  tampered[3] = tampered[3] == 'A' ? 'B' : 'A';
  EXPECT_FALSE(access.signed_grant(tampered));
  EXPECT_FALSE(access.signed_grant(links.encode(LinkClaims{kUser << 20, std::nullopt})));
  const LinkTokenCodec other_key{"another key"};
  EXPECT_FALSE(DavAccess(config, other_key, clock).signed_grant(token));
  EXPECT_FALSE(access.signed_grant(""));
  EXPECT_FALSE(access.signed_grant(std::string(200, 'A')));
}

}  // namespace
}  // namespace tglink
