// The chat side's store calls run on a store executor of their own
// (ChatContext::on_store, app/database_work.hpp). A chat call that waits on a held database, here
// a user's upload whose row waits on a locked pending_uploads table for a few seconds, pauses that
// upload only: a download and /api/info are answered while it waits, and the upload gets its
// link once the database answers.
// The batch page's store reads run on the store executor too, so a batch
// page that waits on the database pauses no download either.

#include <future>
#include <thread>

#include <gtest/gtest.h>

#include "store/postgres_connection.hpp"
#include "streaming_support.hpp"
#include "support/eventually.hpp"
#include "support/postgres_server.hpp"
#include "support/sim_harness.hpp"

namespace tglink::testing {
namespace {

constexpr std::int64_t kHeldDatabaseUser = 5550190;

// Queries of this database waiting for a lock now.
std::int64_t lock_waiters(PgConnection& watcher) {
  return watcher
      .query(
          "SELECT count(*) FROM pg_stat_activity "
          "WHERE datname = current_database() AND wait_event_type = 'Lock'")
      .int_at(0, 0);
}

bool wait_for_a_lock_waiter(PgConnection& watcher) {
  return eventually([&] { return lock_waiters(watcher) > 0; });
}

SimHarnessOptions on_postgres(const ScratchPostgresDatabase& db) {
  SimHarnessOptions options;
  options.env["DATABASE_URL"] = db.url();
  return options;
}

// tglink on PostgreSQL, with a user and a file in the log channel to download.
class HeldDatabase : public ::testing::Test {
 protected:
  HeldDatabase() {
    harness.sim().create_user(kHeldDatabaseUser, "Ann");
    posted = testing::post_file(harness, harness.make_file("a.bin", 100'000));
  }

  const ScratchPostgresDatabase db;
  SimHarness harness{on_postgres(db)};
  PostedFile posted;
};

// While a call waits on the held database: a download of `posted` and /api/info are answered,
// and the call still waits (so they did not wait for it).
void expect_served_while_held(SimHarness& harness, const PostedFile& posted,
                              PgConnection& watcher) {
  const HttpResult download = harness.get("/dl/" + posted.token);
  EXPECT_EQ(download.status, 200);
  EXPECT_TRUE(download.body == testing::read_file(posted.source)) << "downloaded bytes differ";
  EXPECT_EQ(harness.get("/api/info").status, 200);
  EXPECT_GT(lock_waiters(watcher), 0) << "both were answered only after the database was free";
}

TEST_F(HeldDatabase, AChatCallWaitingOnTheDatabasePausesNoDownloadAndNoApiInfo) {
  const auto upload = harness.make_file("b.bin", 50'000, 3);

  PgConnection holder(db.url());
  PgConnection watcher(db.url());
  holder.exec("BEGIN; LOCK TABLE pending_uploads IN ACCESS EXCLUSIVE MODE");
  sim::SendFileRequest request;
  request.user_id = kHeldDatabaseUser;
  request.path = upload.string();
  harness.sim().send_file(request);
  ASSERT_TRUE(wait_for_a_lock_waiter(watcher)) << "the upload never reached the store";

  expect_served_while_held(harness, posted, watcher);

  holder.exec("COMMIT");
  const auto replies = harness.sim().wait_messages(kHeldDatabaseUser, 1, 15000);
  ASSERT_EQ(replies.size(), 1U);
  EXPECT_FALSE(testing::link_path_in(replies.back().text, "/dl/").empty()) << replies.back().text;
}

// Sends `text` as kHeldDatabaseUser and answers the text of the bot's reply, the chat's message
// `count`.
std::string reply_to(SimHarness& harness, const std::string& text, std::size_t count) {
  harness.sim().send_text(kHeldDatabaseUser, text);
  const auto messages = harness.sim().wait_messages(kHeldDatabaseUser, count, 15000);
  return messages.size() >= count ? messages[count - 1].text : std::string();
}

TEST_F(HeldDatabase, ABatchPageWaitingOnTheDatabasePausesNoDownloadAndNoApiInfo) {
  reply_to(harness, "/batch", 1);
  sim::SendFileRequest request;
  request.user_id = kHeldDatabaseUser;
  request.path = harness.make_file("in-batch.bin", 40'000, 5).string();
  harness.sim().send_file(request);
  const std::string batch = testing::link_path_in(reply_to(harness, "/done", 2), "/b/");
  ASSERT_FALSE(batch.empty()) << "no batch link";
  ASSERT_EQ(harness.get(batch + "?format=urls").status, 200);

  PgConnection holder(db.url());
  PgConnection watcher(db.url());
  holder.exec("BEGIN; LOCK TABLE batches IN ACCESS EXCLUSIVE MODE");
  std::future<int> page =
      std::async(std::launch::async, [&] { return harness.get(batch + "?format=urls").status; });
  ASSERT_TRUE(wait_for_a_lock_waiter(watcher)) << "the batch page never reached the store";

  expect_served_while_held(harness, posted, watcher);

  holder.exec("COMMIT");
  EXPECT_EQ(page.get(), 200);
}

}  // namespace
}  // namespace tglink::testing
