// The leader lease on a real PostgreSQL server: one leader at a time, renewals keep it, a lease
// that ran out or was released is taken over with a new term, and a node that cannot reach the
// database does not lead. Expiry is made by moving the row's expiry into the past, not by waiting.

#include "cluster/postgres_lease.hpp"

#include <thread>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "store/postgres_connection.hpp"
#include "support/postgres_server.hpp"
#include "support/tglink_process.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;
using testing::ScratchPostgresDatabase;

void expire_lease(const ScratchPostgresDatabase& db) {
  PgConnection(db.url()).exec("UPDATE leader_lease SET expires_at_ms = 0");
}

TEST(PostgresLeaseTest, TheFirstNodeLeadsAndTheOthersWait) {
  const ScratchPostgresDatabase db;
  PostgresLease a(db.url(), "node-a");
  PostgresLease b(db.url(), "node-b");
  const LeaseRenewal first = a.renew();
  EXPECT_TRUE(first.leading);
  EXPECT_EQ(first.term, 1);
  EXPECT_EQ(first.error, "");
  EXPECT_FALSE(b.renew().leading);
  // Renewing keeps the lease and its term.
  EXPECT_EQ(a.renew().term, 1);
  EXPECT_FALSE(b.renew().leading);
  EXPECT_EQ(a.node_id(), "node-a");
}

TEST(PostgresLeaseTest, ALeaseThatRanOutIsTakenOverWithTheNextTerm) {
  const ScratchPostgresDatabase db;
  PostgresLease a(db.url(), "node-a");
  PostgresLease b(db.url(), "node-b");
  ASSERT_TRUE(a.renew().leading);
  expire_lease(db);  // node-a stopped renewing (killed, or its network cut)
  const LeaseRenewal takeover = b.renew();
  EXPECT_TRUE(takeover.leading);
  EXPECT_EQ(takeover.term, 2);
  // The former leader finds out at its next renewal.
  EXPECT_FALSE(a.renew().leading);
}

TEST(PostgresLeaseTest, AReleasedLeaseIsTakenAtTheNextRenewal) {
  const ScratchPostgresDatabase db;
  PostgresLease a(db.url(), "node-a");
  PostgresLease b(db.url(), "node-b");
  ASSERT_TRUE(a.renew().leading);
  b.release();  // not the holder: changes nothing
  EXPECT_FALSE(b.renew().leading);
  a.release();
  EXPECT_TRUE(b.renew().leading);
  EXPECT_FALSE(a.renew().leading);
}

TEST(PostgresLeaseTest, TheHolderThatRanOutKeepsItsTermIfNobodyTookOver) {
  const ScratchPostgresDatabase db;
  PostgresLease a(db.url(), "node-a");
  ASSERT_EQ(a.renew().term, 1);
  expire_lease(db);
  EXPECT_EQ(a.renew().term, 1);
}

TEST(PostgresLeaseTest, OfNodesRenewingAtOnceExactlyOneLeads) {
  const ScratchPostgresDatabase db;
  constexpr int kNodes = 5;
  std::vector<std::unique_ptr<PostgresLease>> leases;
  for (int node = 0; node < kNodes; ++node) {
    leases.push_back(std::make_unique<PostgresLease>(db.url(), "node-" + std::to_string(node)));
  }
  std::vector<int> leading(kNodes, 0);
  std::vector<std::thread> threads;
  for (int node = 0; node < kNodes; ++node) {
    threads.emplace_back([&, node] {
      for (int round = 0; round < 20; ++round) {
        leading[node] += leases[node]->renew().leading ? 1 : 0;
      }
    });
  }
  for (std::thread& thread : threads) {
    thread.join();
  }
  int leaders = 0;
  for (int count : leading) {
    leaders += count > 0 ? 1 : 0;
  }
  EXPECT_EQ(leaders, 1);
}

TEST(PostgresLeaseTest, ANodeThatLostTheDatabaseDoesNotLead) {
  const ScratchPostgresDatabase db;
  PostgresLease a(db.url(), "node-a");
  ASSERT_TRUE(a.renew().leading);
  PgConnection(testing::shared_postgres_admin_url())
      .query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND "
          "pid <> pg_backend_pid()",
          {db.name()});
  const LeaseRenewal cut = a.renew();
  EXPECT_FALSE(cut.leading);
  EXPECT_THAT(cut.error, HasSubstr(db.name()));
  // Back on a new connection, and the lease is still its own.
  const LeaseRenewal back = a.renew();
  EXPECT_TRUE(back.leading) << back.error;
  EXPECT_EQ(back.term, 1);
}

TEST(PostgresLeaseTest, AnUnreachableDatabaseIsNamedAtStart) {
  const std::string port = std::to_string(testing::free_tcp_port());
  try {
    PostgresLease lease("postgresql://tglink:x@127.0.0.1:" + port + "/tglink", "node-a");
    FAIL() << "connected";
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr("127.0.0.1:" + port));
  }
}

TEST(SoloLeaseTest, TheOnlyNodeAlwaysLeads) {
  SoloLease solo("host:8080");
  EXPECT_TRUE(solo.renew().leading);
  solo.release();
  EXPECT_TRUE(solo.renew().leading);
  EXPECT_EQ(solo.node_id(), "host:8080");
}

}  // namespace
}  // namespace tglink
