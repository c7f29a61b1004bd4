#include "dashboard/dashboard_access.hpp"

#include <gtest/gtest.h>

#include "store/sqlite_store.hpp"
#include "support/fake_clock.hpp"

namespace tglink {
namespace {

using namespace std::chrono_literals;

constexpr std::int64_t kAdmin = 111;
constexpr std::int64_t kOtherAdmin = 222;
constexpr std::int64_t kUser = 333;

class DashboardAccessTest : public ::testing::Test {
 protected:
  DashboardAccess make(std::vector<std::int64_t> admins) {
    return DashboardAccess(links, clock, DashboardAccessSettings{std::move(admins), 15min, 8h});
  }

  LinkTokenCodec links{"secret key bytes"};
  testing::FakeClock clock{testing::utc(2026, 11, 27, 12)};
  SqliteStore store{":memory:"};
  DashboardAccess access = make({kAdmin, kOtherAdmin});
};

TEST_F(DashboardAccessTest, ALinkOpensOnceIntoASessionOfAWorkingDay) {
  const std::string link = access.issue_link(kAdmin);
  const std::optional<DashboardSession> session = access.open_link(link, store);
  ASSERT_TRUE(session);
  EXPECT_EQ(session->admin_id, kAdmin);
  EXPECT_EQ(session->lifetime, 8h);
  EXPECT_FALSE(access.open_link(link, store));  // the second time
  const std::int64_t ended = DashboardAccess::sessions_ended_mark(store);
  EXPECT_EQ(access.session_admin(session->token, ended), kAdmin);
  clock.advance(8h - 1s);
  EXPECT_EQ(access.session_admin(session->token, ended), kAdmin);
  clock.advance(1s);
  EXPECT_FALSE(access.session_admin(session->token, ended));
}

TEST_F(DashboardAccessTest, ALinkExpiresAfterItsTtl) {
  const std::string link = access.issue_link(kAdmin);
  clock.advance(15min);
  EXPECT_FALSE(access.open_link(link, store));
}

TEST_F(DashboardAccessTest, ALinkOpensOnceOnEveryNodeSharingTheStore) {
  DashboardAccess other_node = make({kAdmin});
  const std::string link = access.issue_link(kAdmin);
  EXPECT_TRUE(other_node.open_link(link, store));
  EXPECT_FALSE(access.open_link(link, store));
}

TEST_F(DashboardAccessTest, ANewerLinkOpenedFirstVoidsTheOlderOne) {
  const std::string older = access.issue_link(kAdmin);
  const std::string newer = access.issue_link(kAdmin);
  EXPECT_NE(older, newer);
  EXPECT_TRUE(access.open_link(newer, store));
  EXPECT_FALSE(access.open_link(older, store));
  EXPECT_TRUE(access.open_link(access.issue_link(kOtherAdmin), store));  // each admin apart
}

TEST_F(DashboardAccessTest, DashboardOffEndsEverySessionAndUnopenedLink) {
  const std::optional<DashboardSession> mine = access.open_link(access.issue_link(kAdmin), store);
  const std::optional<DashboardSession> theirs =
      access.open_link(access.issue_link(kOtherAdmin), store);
  const std::string unopened = access.issue_link(kAdmin);
  ASSERT_TRUE(mine && theirs);
  access.end_sessions(store);
  const std::int64_t ended = DashboardAccess::sessions_ended_mark(store);
  EXPECT_FALSE(access.session_admin(mine->token, ended));
  EXPECT_FALSE(access.session_admin(theirs->token, ended));
  EXPECT_FALSE(access.open_link(unopened, store));
  const std::optional<DashboardSession> fresh = access.open_link(access.issue_link(kAdmin), store);
  ASSERT_TRUE(fresh);
  EXPECT_EQ(access.session_admin(fresh->token, DashboardAccess::sessions_ended_mark(store)),
            kAdmin);
}

TEST_F(DashboardAccessTest, OnlyAdminsGetLinksAndAnAdminRemovedLosesTheirs) {
  EXPECT_THROW((void)access.issue_link(kUser), std::invalid_argument);
  const std::string link = access.issue_link(kOtherAdmin);
  const std::optional<DashboardSession> session =
      access.open_link(access.issue_link(kAdmin), store);
  ASSERT_TRUE(session);
  DashboardAccess after_restart = make({kOtherAdmin});  // kAdmin left ADMINS
  EXPECT_FALSE(after_restart.session_admin(session->token, 0));
  EXPECT_TRUE(after_restart.open_link(link, store));
}

TEST_F(DashboardAccessTest, ABotWithoutAdminsHasNoDashboard) {
  DashboardAccess none = make({});
  EXPECT_FALSE(none.enabled());
  const std::string link = access.issue_link(kAdmin);
  EXPECT_FALSE(none.open_link(link, store));
  const std::optional<DashboardSession> session = access.open_link(link, store);
  ASSERT_TRUE(session);
  EXPECT_FALSE(none.session_admin(session->token, 0));
}

TEST_F(DashboardAccessTest, ForgedOrSwappedTokensOpenNothing) {
  EXPECT_FALSE(access.open_link("forged-token", store));
  const std::optional<DashboardSession> session =
      access.open_link(access.issue_link(kAdmin), store);
  ASSERT_TRUE(session);
  EXPECT_FALSE(access.open_link(session->token, store));  // a session is not a link
  const std::string link = access.issue_link(kAdmin);
  EXPECT_FALSE(access.session_admin(link, 0));  // nor a link a session
  DashboardAccess other_key(LinkTokenCodec("another key, 16+"), clock,
                            DashboardAccessSettings{{kAdmin}, 15min, 8h});
  EXPECT_FALSE(other_key.open_link(access.issue_link(kAdmin), store));
}

}  // namespace
}  // namespace tglink
