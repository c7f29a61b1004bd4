// `tglink migrate-store` as an operator runs it: the real binary copies a node's SQLite database
// into a real PostgreSQL database, refuses a second copy, and never prints the password.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "store/postgres_store.hpp"
#include "store/sqlite_store.hpp"
#include "support/postgres_server.hpp"
#include "support/temp_dir.hpp"
#include "support/tglink_process.hpp"

namespace tglink {
namespace {

using testing::CompletedRun;
using ::testing::HasSubstr;
using testing::kPostgresTestPassword;
using ::testing::Not;
using testing::ScratchPostgresDatabase;
using testing::TempDir;

CompletedRun migrate_store(const TempDir& dir, std::vector<std::string> options) {
  std::vector<std::string> args{"migrate-store"};
  args.insert(args.end(), options.begin(), options.end());
  return testing::run_tglink({.args = std::move(args),
                              .env = {{"DATA_DIR", (dir.path() / "data").string()}},
                              .working_directory = dir.path()});
}

// A node's history: users, links, bandwidth, a revocation, a finished and a running broadcast.
struct SqliteHistory {
  std::int64_t done_job = 0;
  std::int64_t running_job = 0;
};

SqliteHistory write_history(const TempDir& dir) {
  std::filesystem::create_directories(dir.path() / "data");
  SqliteStore store((dir.path() / "data" / "tglink.db").string());
  for (std::int64_t id : {101, 102, 103}) {
    store.upsert_user(UserRecord{id, "User " + std::to_string(id), "u" + std::to_string(id),
                                 1'700'000'000 + id, 0});
  }
  store.upsert_user(UserRecord{104, "Zoë \"O'Brien\" 🎬\tTab", "", 1'700'000'104, 0});
  store.record_link(101, "2025-03-01");
  store.record_link(101, "2025-03-01");
  store.record_link(102, "2025-03-02");
  store.add_bandwidth("2025-02", 5'000'000'000'000);
  store.add_bandwidth("2025-03", 4096);
  store.revoke_link(7 << 20, 1'800'000'000);
  BroadcastJob job;
  job.admin_chat_id = 101;
  job.source_chat_id = 101;
  job.source_message_id = 9 << 20;
  job.state = "done";
  job.sent = 3;
  job.total = 3;
  SqliteHistory history;
  history.done_job = store.create_broadcast(job);
  job.state = "running";
  job.sent = 1;
  history.running_job = store.create_broadcast(job);
  store.mark_broadcast_recipient(history.done_job, 101, "sent");
  store.mark_broadcast_recipient(history.running_job, 102, "blocked");
  return history;
}

TEST(MigrateStoreCli, CopiesEveryTableIntoPostgres) {
  const TempDir dir;
  const SqliteHistory history = write_history(dir);
  const ScratchPostgresDatabase db;

  const CompletedRun run = migrate_store(dir, {"--to", db.url()});
  ASSERT_EQ(run.status, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("users: 4 rows"));
  EXPECT_THAT(run.output, HasSubstr("broadcast_recipients: 2 rows"));
  EXPECT_THAT(run.output, HasSubstr(db.name()));
  EXPECT_THAT(run.output, Not(HasSubstr(kPostgresTestPassword)));

  PostgresStore store(db.url());
  EXPECT_EQ(store.count_users(), 4);
  EXPECT_EQ(store.find_user(101)->username, "u101");
  EXPECT_EQ(store.find_user(101)->links_total, 2);
  EXPECT_EQ(store.find_user(104)->first_name, "Zoë \"O'Brien\" 🎬\tTab");
  EXPECT_EQ(store.links_on_day(101, "2025-03-01"), 2);
  EXPECT_EQ(store.links_on_day(102, "2025-03-02"), 1);
  EXPECT_EQ(store.links_total(), 3);
  EXPECT_EQ(store.bandwidth_used("2025-02"), 5'000'000'000'000);
  EXPECT_EQ(store.bandwidth_used("2025-03"), 4096);
  EXPECT_TRUE(store.is_revoked(7 << 20));
  EXPECT_EQ(store.delete_revocations_expired_before(1'800'000'000), 0);  // expiry kept
  EXPECT_EQ(store.find_broadcast(history.done_job)->state, "done");
  ASSERT_EQ(store.unfinished_broadcasts().size(), 1u);
  EXPECT_EQ(store.unfinished_broadcasts()[0].id, history.running_job);
  EXPECT_TRUE(store.broadcast_recipient_done(history.running_job, 102));
  EXPECT_FALSE(store.mark_broadcast_recipient(history.done_job, 101, "sent"));
  // New jobs continue after the copied ids instead of colliding with them.
  EXPECT_GT(store.create_broadcast(BroadcastJob{.state = "pending"}), history.running_job);
}

TEST(MigrateStoreCli, ANonEmptyTargetIsRefusedAndKeptAsItWas) {
  const TempDir dir;
  write_history(dir);
  const ScratchPostgresDatabase db;
  ASSERT_EQ(migrate_store(dir, {"--to=" + db.url()}).status, 0);
  PostgresStore(db.url()).add_bandwidth("2025-03", 1);

  const CompletedRun again = migrate_store(dir, {"--to", db.url()});
  EXPECT_EQ(again.status, 1) << again.output;
  EXPECT_THAT(again.output, HasSubstr("already holds tglink data: "));
  EXPECT_THAT(again.output, HasSubstr("users (4)"));
  EXPECT_THAT(again.output, HasSubstr("nothing was copied"));
  EXPECT_THAT(again.output, Not(HasSubstr(kPostgresTestPassword)));
  PostgresStore store(db.url());
  EXPECT_EQ(store.count_users(), 4);
  EXPECT_EQ(store.bandwidth_used("2025-03"), 4097);
}

TEST(MigrateStoreCli, AMissingSqliteDatabaseIsNamed) {
  const TempDir dir;
  const ScratchPostgresDatabase db;
  const CompletedRun run = migrate_store(dir, {"--to", db.url()});
  EXPECT_EQ(run.status, 1);
  EXPECT_THAT(run.output, HasSubstr((dir.path() / "data" / "tglink.db").string()));
  EXPECT_THAT(run.output, HasSubstr("no SQLite database to copy"));
}

TEST(MigrateStoreCli, AnUnreachableServerIsNamedWithoutThePassword) {
  const TempDir dir;
  write_history(dir);
  const std::string port = std::to_string(testing::free_tcp_port());
  const CompletedRun run = migrate_store(
      dir, {"--to", "postgresql://tglink:Unseen-Pw-99@127.0.0.1:" + port + "/tglink"});
  EXPECT_EQ(run.status, 1);
  EXPECT_THAT(run.output, HasSubstr("127.0.0.1:" + port + "/tglink"));
  EXPECT_THAT(run.output, Not(HasSubstr("Unseen-Pw-99")));
}

TEST(MigrateStoreCli, BadUsageAndBadUrlsExitWithTwo) {
  const TempDir dir;
  EXPECT_EQ(migrate_store(dir, {}).status, 2);
  EXPECT_EQ(migrate_store(dir, {"--to"}).status, 2);
  const CompletedRun bad = migrate_store(dir, {"--to", "mysql://tglink:Unseen-Pw-99@db/tglink"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_THAT(bad.output, HasSubstr("must start with postgresql://"));
  EXPECT_THAT(bad.output, Not(HasSubstr("Unseen-Pw-99")));
}

}  // namespace
}  // namespace tglink
