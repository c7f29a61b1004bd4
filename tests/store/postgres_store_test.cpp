// PostgresStore's own behaviour on a real server: several nodes (connections) at once, errors that
// name the server and never the password, reconnecting after the server dropped the connection.
// The Store contract itself is tested for every store in store_contract_test.cpp.

#include "store/postgres_store.hpp"

#include <thread>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "store_records.hpp"
#include "support/postgres_server.hpp"
#include "support/tglink_process.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;
using testing::kPostgresTestPassword;
using testing::make_job;
using testing::make_user;
using ::testing::Not;
using testing::write_one_of_each;

// Runs `work(node)` on `nodes` threads at once, each with its own store (connection).
template <typename Work>
void on_nodes_at_once(const std::string& url, int nodes, Work work) {
  std::vector<std::unique_ptr<PostgresStore>> stores;
  for (int node = 0; node < nodes; ++node) {
    stores.push_back(std::make_unique<PostgresStore>(url));
  }
  std::vector<std::thread> threads;
  for (int node = 0; node < nodes; ++node) {
    threads.emplace_back([&, node] { work(*stores[node], node); });
  }
  for (std::thread& thread : threads) {
    thread.join();
  }
}

std::string error_of(const std::string& url) {
  try {
    PostgresStore store(url, PgConnectionOptions{.connect_timeout_seconds = 5});
  } catch (const StoreError& e) {
    return e.what();
  }
  ADD_FAILURE() << "connected to " << url;
  return {};
}

TEST(PostgresStoreTest, ReopeningKeepsEverything) {
  const testing::ScratchPostgresDatabase db;
  std::int64_t job_id = 0;
  {
    PostgresStore store(db.url());
    job_id = write_one_of_each(store);
  }
  PostgresStore store(db.url());
  EXPECT_EQ(store.find_user(1)->username, "ann");
  EXPECT_EQ(store.find_user(1)->links_total, 1);
  EXPECT_EQ(store.links_total(), 1);
  EXPECT_EQ(store.bandwidth_used("2025-03"), 4096);
  EXPECT_TRUE(store.is_revoked(5 << 20));
  ASSERT_EQ(store.unfinished_broadcasts().size(), 1u);
  EXPECT_FALSE(store.mark_broadcast_recipient(job_id, 1, "sent"));
}

TEST(PostgresStoreTest, TwoNodesSeeEachOthersWrites) {
  const testing::ScratchPostgresDatabase db;
  PostgresStore first(db.url());
  PostgresStore second(db.url());
  first.add_bandwidth("2025-03", 10);
  second.add_bandwidth("2025-03", 5);
  second.revoke_link(9, 0);
  EXPECT_EQ(first.bandwidth_used("2025-03"), 15);
  EXPECT_TRUE(first.is_revoked(9));
}

TEST(PostgresStoreTest, CountersUpdatedByManyNodesAtOnceLoseNothing) {
  const testing::ScratchPostgresDatabase db;
  constexpr int kNodes = 4;
  constexpr int kRounds = 100;
  PostgresStore(db.url()).upsert_user(make_user(7, "Ann"));
  on_nodes_at_once(db.url(), kNodes, [](PostgresStore& store, int) {
    for (int round = 0; round < kRounds; ++round) {
      store.add_bandwidth("2025-03", 1000);
      store.record_link(7, "2025-03-01");
    }
  });
  PostgresStore store(db.url());
  EXPECT_EQ(store.bandwidth_used("2025-03"), kNodes * kRounds * 1000);
  EXPECT_EQ(store.links_on_day(7, "2025-03-01"), kNodes * kRounds);
  EXPECT_EQ(store.find_user(7)->links_total, kNodes * kRounds);
  EXPECT_EQ(store.links_total(), kNodes * kRounds);
}

TEST(PostgresStoreTest, EachBroadcastRecipientIsMarkedByExactlyOneNode) {
  const testing::ScratchPostgresDatabase db;
  constexpr int kNodes = 4;
  constexpr int kUsers = 200;
  const std::int64_t job = PostgresStore(db.url()).create_broadcast(make_job("running"));
  std::vector<std::vector<int>> won(kNodes);
  on_nodes_at_once(db.url(), kNodes, [&](PostgresStore& store, int node) {
    for (int user = 1; user <= kUsers; ++user) {
      if (store.mark_broadcast_recipient(job, user, "sent")) {
        won[node].push_back(user);
      }
    }
  });
  std::vector<int> winners_per_user(kUsers + 1, 0);
  for (const std::vector<int>& users : won) {
    for (int user : users) {
      ++winners_per_user[user];
    }
  }
  for (int user = 1; user <= kUsers; ++user) {
    EXPECT_EQ(winners_per_user[user], 1) << "user " << user;
  }
}

TEST(PostgresStoreTest, RefusedConnectionNamesTheServerButNotThePassword) {
  const std::uint16_t port = testing::free_tcp_port();
  const std::string message = error_of("postgresql://tglink:" + std::string(kPostgresTestPassword) +
                                       "@127.0.0.1:" + std::to_string(port) + "/tglink");
  EXPECT_THAT(message, HasSubstr("127.0.0.1:" + std::to_string(port) + "/tglink as tglink"));
  EXPECT_THAT(message, HasSubstr("cannot connect"));
  EXPECT_THAT(message, Not(HasSubstr(kPostgresTestPassword)));
}

TEST(PostgresStoreTest, WrongPasswordIsReportedWithoutThePassword) {
  const testing::ScratchPostgresDatabase db;
  std::string url = db.url();
  url.replace(url.find(kPostgresTestPassword), std::string(kPostgresTestPassword).size(),
              "Wrong-Guess-0815");
  const std::string message = error_of(url);
  EXPECT_THAT(message, HasSubstr("password authentication failed"));
  EXPECT_THAT(message, HasSubstr(db.name()));
  EXPECT_THAT(message, Not(HasSubstr("Wrong-Guess-0815")));
}

TEST(PostgresStoreTest, UnknownDatabaseIsNamed) {
  const std::string url =
      testing::postgres_database_url(testing::shared_postgres_admin_url(), "no_such_database");
  const std::string message = error_of(url);
  EXPECT_THAT(message, HasSubstr("no_such_database"));
  EXPECT_THAT(message, Not(HasSubstr(kPostgresTestPassword)));
}

TEST(PostgresStoreTest, ConnectionsCarryTheStatementTimeoutAndTheirName) {
  const testing::ScratchPostgresDatabase db;
  PgConnection connection(db.url());
  EXPECT_EQ(connection.query("SHOW statement_timeout").text_at(0, 0), "5s");
  EXPECT_EQ(connection.query("SHOW application_name").text_at(0, 0), "tglink");
  PgConnection patient(db.url(), PgConnectionOptions{.statement_timeout_ms = 0});
  EXPECT_EQ(patient.query("SHOW statement_timeout").text_at(0, 0), "0");
}

TEST(PostgresStoreTest, AStatementBlockedByAnotherNodesLockFailsAfterTheTimeout) {
  const testing::ScratchPostgresDatabase db;
  PostgresStore store(db.url(), PgConnectionOptions{.statement_timeout_ms = 200});
  PgConnection other(db.url());
  PgTransaction holding(other);
  other.exec("LOCK TABLE monthly_bandwidth IN ACCESS EXCLUSIVE MODE");
  try {
    store.add_bandwidth("2025-03", 1);
    FAIL() << "wrote through another connection's lock";
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr("statement timeout"));
    EXPECT_THAT(e.what(), HasSubstr(db.name()));
  }
}

TEST(PostgresStoreTest, AConnectionTheServerDroppedIsReopened) {
  const testing::ScratchPostgresDatabase db;
  PostgresStore store(db.url());
  store.add_bandwidth("2025-03", 10);
  PgConnection admin(testing::shared_postgres_admin_url());
  admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND "
      "application_name = 'tglink' AND pid <> pg_backend_pid()",
      {db.name()});
  // The statement that meets the closed connection fails (it may or may not have run, so it is
  // never repeated); the next one runs on a new connection.
  try {
    (void)store.bandwidth_used("2025-03");
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr(db.name()));
  }
  EXPECT_EQ(store.bandwidth_used("2025-03"), 10);
}

}  // namespace
}  // namespace tglink
