// Two nodes on one PostgreSQL: a link revoked through one node's store reaches the other node's
// revocation listener, also when it was revoked while that listener's connection was down.
// Asserts what arrives, never how fast (each wait is bounded only to fail instead of hanging).

#include "store/postgres_revocation_listener.hpp"

#include <gtest/gtest.h>

#include "links/revoked_links.hpp"
#include "logging/log.hpp"
#include "store/postgres_connection.hpp"
#include "store/postgres_store.hpp"
#include "store_records.hpp"
#include "support/eventually.hpp"
#include "support/postgres_server.hpp"

namespace tglink {
namespace {

using testing::eventually;

struct ListeningNode {
  explicit ListeningNode(const std::string& url)
      : listener(
            url, [this](const std::vector<std::int64_t>& ids) { revoked.add_all(ids); }, log) {}
  Log log;
  RevokedLinks revoked;
  PostgresRevocationListener listener;
};

TEST(PostgresRevocationListenerTest, RevocationsOfAnotherNodeReachThisOne) {
  const testing::ScratchPostgresDatabase db;
  PostgresStore other_node(db.url());
  other_node.revoke_link(1 << 20, 0);  // before this node starts: read at start
  ListeningNode node(db.url());
  ASSERT_TRUE(eventually([&] { return node.listener.listening(); }));
  EXPECT_TRUE(node.revoked.contains(1 << 20));

  other_node.revoke_link(2 << 20, 1'800'000'000);
  EXPECT_TRUE(eventually([&] { return node.revoked.contains(2 << 20); }));

  LinkRecord link;
  link.message_id = 3 << 20;
  link.user_id = 7;
  link.file_name = "a.mp4";
  other_node.add_link(link);
  EXPECT_EQ(other_node.revoke_user_links(7, 1000), 1);
  EXPECT_TRUE(eventually([&] { return node.revoked.contains(3 << 20); }));
  EXPECT_FALSE(node.revoked.contains(4 << 20));
}

TEST(PostgresRevocationListenerTest, ARevocationMadeWhileItWasCutOffArrivesOnceItIsBack) {
  const testing::ScratchPostgresDatabase db;
  PostgresStore other_node(db.url());
  ListeningNode node(db.url());
  ASSERT_TRUE(eventually([&] { return node.listener.listening(); }));

  // The server drops the listener's connection (as a restart or a failover would), and the link
  // is revoked before the listener can be back.
  PgConnection admin(db.url());
  admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
      "WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN%'",
      {});
  other_node.revoke_link(5 << 20, 0);
  EXPECT_TRUE(eventually([&] { return node.revoked.contains(5 << 20); }));
  EXPECT_TRUE(eventually([&] { return node.listener.listening(); }));
}

}  // namespace
}  // namespace tglink
