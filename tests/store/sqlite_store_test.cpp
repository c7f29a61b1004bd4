// SqliteStore against the Store contract: every method, on a real SQLite file or :memory:.

#include "store/sqlite_store.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "scratch_dir.hpp"
#include "store/sqlite_handle.hpp"

namespace tglink {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

UserRecord make_user(std::int64_t id, std::string first_name, std::string username = "") {
  UserRecord user;
  user.user_id = id;
  user.first_name = std::move(first_name);
  user.username = std::move(username);
  user.first_seen_unix = 1'700'000'000 + id;
  return user;
}

BroadcastJob make_job(std::string state = "pending") {
  BroadcastJob job;
  job.admin_chat_id = 11;
  job.source_chat_id = 22;
  job.source_message_id = 33 << 20;
  job.progress_message_id = 44 << 20;
  job.state = std::move(state);
  job.total = 5;
  return job;
}

class SqliteStoreTest : public ::testing::Test {
 protected:
  SqliteStore store{":memory:"};
};

// --- users ---

TEST_F(SqliteStoreTest, UpsertUserReportsNewThenRefreshesNames) {
  EXPECT_TRUE(store.upsert_user(make_user(7, "Ann", "ann")));
  EXPECT_FALSE(store.upsert_user(make_user(7, "Annie", "annie")));

  const std::optional<UserRecord> user = store.find_user(7);
  ASSERT_TRUE(user.has_value());
  EXPECT_EQ(user->user_id, 7);
  EXPECT_EQ(user->first_name, "Annie");
  EXPECT_EQ(user->username, "annie");
  EXPECT_EQ(user->first_seen_unix, 1'700'000'007);  // first contact is kept
}

TEST_F(SqliteStoreTest, UpsertKeepsFirstSeenAndLinkTotal) {
  store.upsert_user(make_user(7, "Ann"));
  store.record_link(7, "2025-01-02");
  UserRecord later = make_user(7, "Ann");
  later.first_seen_unix = 1;
  later.links_total = 0;
  store.upsert_user(later);
  EXPECT_EQ(store.find_user(7)->first_seen_unix, 1'700'000'007);
  EXPECT_EQ(store.find_user(7)->links_total, 1);
}

TEST_F(SqliteStoreTest, FindUnknownUserIsEmpty) { EXPECT_FALSE(store.find_user(99).has_value()); }

TEST_F(SqliteStoreTest, TextIsStoredExactly) {
  const std::string name = "Zoë \"O'Brien\" 🎬; DROP TABLE users; --";
  store.upsert_user(make_user(1, name, "z_o"));
  EXPECT_EQ(store.find_user(1)->first_name, name);
  EXPECT_EQ(store.count_users(), 1);
}

TEST_F(SqliteStoreTest, CountUsers) {
  EXPECT_EQ(store.count_users(), 0);
  store.upsert_user(make_user(1, "a"));
  store.upsert_user(make_user(2, "b"));
  store.upsert_user(make_user(2, "b2"));
  EXPECT_EQ(store.count_users(), 2);
}

TEST_F(SqliteStoreTest, ListUserIdsPagesInAscendingOrder) {
  for (std::int64_t id : {50, 10, 40, 20, 30}) {
    store.upsert_user(make_user(id, "u"));
  }
  EXPECT_THAT(store.list_user_ids(0, 2), ElementsAre(10, 20));
  EXPECT_THAT(store.list_user_ids(20, 2), ElementsAre(30, 40));
  EXPECT_THAT(store.list_user_ids(40, 2), ElementsAre(50));
  EXPECT_THAT(store.list_user_ids(50, 2), IsEmpty());
  EXPECT_THAT(store.list_user_ids(0, 0), IsEmpty());
}

TEST_F(SqliteStoreTest, ListUserIdsRejectsNegativeLimit) {
  EXPECT_THROW((void)store.list_user_ids(0, -1), StoreError);
}

TEST_F(SqliteStoreTest, DeleteUserRemovesOnlyThatUser) {
  store.upsert_user(make_user(1, "a"));
  store.upsert_user(make_user(2, "b"));
  store.delete_user(1);
  store.delete_user(12345);  // unknown: nothing happens
  EXPECT_FALSE(store.find_user(1).has_value());
  EXPECT_TRUE(store.find_user(2).has_value());
  EXPECT_EQ(store.count_users(), 1);
}

// --- links made ---

TEST_F(SqliteStoreTest, RecordLinkCountsPerDayPerUserAndTotals) {
  store.upsert_user(make_user(1, "a"));
  store.upsert_user(make_user(2, "b"));
  store.record_link(1, "2025-03-01");
  store.record_link(1, "2025-03-01");
  store.record_link(1, "2025-03-02");
  store.record_link(2, "2025-03-01");

  EXPECT_EQ(store.links_on_day(1, "2025-03-01"), 2);
  EXPECT_EQ(store.links_on_day(1, "2025-03-02"), 1);
  EXPECT_EQ(store.links_on_day(2, "2025-03-01"), 1);
  EXPECT_EQ(store.links_on_day(2, "2025-03-02"), 0);
  EXPECT_EQ(store.find_user(1)->links_total, 3);
  EXPECT_EQ(store.find_user(2)->links_total, 1);
  EXPECT_EQ(store.links_total(), 4);
}

TEST_F(SqliteStoreTest, LinksTotalStartsAtZeroAndSurvivesUserDeletion) {
  EXPECT_EQ(store.links_total(), 0);
  store.upsert_user(make_user(1, "a"));
  store.record_link(1, "2025-03-01");
  store.delete_user(1);
  EXPECT_EQ(store.links_total(), 1);
  // The day's count stays, so leaving and coming back does not reset a daily limit.
  EXPECT_EQ(store.links_on_day(1, "2025-03-01"), 1);
}

TEST_F(SqliteStoreTest, RecordLinkForUnknownUserStillCounts) {
  store.record_link(5, "2025-03-01");
  EXPECT_EQ(store.links_on_day(5, "2025-03-01"), 1);
  EXPECT_EQ(store.links_total(), 1);
}

TEST_F(SqliteStoreTest, BadDayIsRejectedByName) {
  for (const char* day : {"2025-3-01", "2025/03/01", "", "2025-03-01 ", "yyyy-mm-dd"}) {
    try {
      store.record_link(1, day);
      ADD_FAILURE() << "accepted day \"" << day << "\"";
    } catch (const StoreError& e) {
      EXPECT_THAT(e.what(), HasSubstr("\"" + std::string(day) + "\""));
    }
    EXPECT_THROW((void)store.links_on_day(1, day), StoreError);
  }
  EXPECT_EQ(store.links_total(), 0);
}

// --- bandwidth ---

TEST_F(SqliteStoreTest, BandwidthAccumulatesPerMonth) {
  EXPECT_EQ(store.bandwidth_used("2025-03"), 0);
  store.add_bandwidth("2025-03", 100);
  store.add_bandwidth("2025-03", 23);
  store.add_bandwidth("2025-04", 5'000'000'000'000);
  store.add_bandwidth("2025-04", 0);
  EXPECT_EQ(store.bandwidth_used("2025-03"), 123);
  EXPECT_EQ(store.bandwidth_used("2025-04"), 5'000'000'000'000);
}

TEST_F(SqliteStoreTest, BandwidthRejectsBadInput) {
  EXPECT_THROW(store.add_bandwidth("2025-03", -1), StoreError);
  EXPECT_THROW(store.add_bandwidth("2025-3", 1), StoreError);
  EXPECT_THROW((void)store.bandwidth_used("March"), StoreError);
  EXPECT_THROW((void)store.delete_bandwidth_before("2025-03-01"), StoreError);
}

TEST_F(SqliteStoreTest, DeleteBandwidthKeepsTheGivenMonthAndLater) {
  for (const char* month : {"2024-11", "2024-12", "2025-01", "2025-02", "2025-03"}) {
    store.add_bandwidth(month, 10);
  }
  EXPECT_EQ(store.delete_bandwidth_before("2025-01"), 2);
  EXPECT_EQ(store.bandwidth_used("2024-11"), 0);
  EXPECT_EQ(store.bandwidth_used("2024-12"), 0);
  EXPECT_EQ(store.bandwidth_used("2025-01"), 10);
  EXPECT_EQ(store.bandwidth_used("2025-02"), 10);
  EXPECT_EQ(store.bandwidth_used("2025-03"), 10);
  EXPECT_EQ(store.delete_bandwidth_before("2025-01"), 0);
}

// --- revoked links ---

TEST_F(SqliteStoreTest, RevokedLinksAreRemembered) {
  EXPECT_FALSE(store.is_revoked(1 << 20));
  store.revoke_link(1 << 20, 0);
  store.revoke_link(2 << 20, 1'800'000'000);
  EXPECT_TRUE(store.is_revoked(1 << 20));
  EXPECT_TRUE(store.is_revoked(2 << 20));
  EXPECT_FALSE(store.is_revoked(3 << 20));
}

TEST_F(SqliteStoreTest, ExpiredRevocationsAreDroppedButPermanentOnesStay) {
  store.revoke_link(1, 0);
  store.revoke_link(2, 1000);
  store.revoke_link(3, 2000);
  EXPECT_EQ(store.delete_revocations_expired_before(1000), 0);  // strictly before
  EXPECT_EQ(store.delete_revocations_expired_before(1500), 1);
  EXPECT_TRUE(store.is_revoked(1));
  EXPECT_FALSE(store.is_revoked(2));
  EXPECT_TRUE(store.is_revoked(3));
  EXPECT_EQ(store.delete_revocations_expired_before(9'999'999'999), 1);
  EXPECT_TRUE(store.is_revoked(1));
}

TEST_F(SqliteStoreTest, RevokingAgainKeepsTheLongerLife) {
  store.revoke_link(1, 2000);
  store.revoke_link(1, 1000);
  EXPECT_EQ(store.delete_revocations_expired_before(1500), 0);
  store.revoke_link(1, 0);
  store.revoke_link(1, 3000);
  EXPECT_EQ(store.delete_revocations_expired_before(9'999'999'999), 0);
  EXPECT_TRUE(store.is_revoked(1));
}

TEST_F(SqliteStoreTest, RevokeRejectsNegativeExpiry) {
  EXPECT_THROW(store.revoke_link(1, -5), StoreError);
}

// --- broadcasts ---

TEST_F(SqliteStoreTest, CreateAndFindBroadcast) {
  const std::int64_t first = store.create_broadcast(make_job());
  const std::int64_t second = store.create_broadcast(make_job());
  EXPECT_GT(first, 0);
  EXPECT_NE(first, second);

  const std::optional<BroadcastJob> job = store.find_broadcast(first);
  ASSERT_TRUE(job.has_value());
  EXPECT_EQ(job->id, first);
  EXPECT_EQ(job->admin_chat_id, 11);
  EXPECT_EQ(job->source_chat_id, 22);
  EXPECT_EQ(job->source_message_id, 33 << 20);
  EXPECT_EQ(job->progress_message_id, 44 << 20);
  EXPECT_EQ(job->state, "pending");
  EXPECT_EQ(job->total, 5);
  EXPECT_EQ(job->sent, 0);
  EXPECT_FALSE(store.find_broadcast(second + 100).has_value());
}

TEST_F(SqliteStoreTest, UpdateBroadcastWritesEveryField) {
  BroadcastJob job = make_job();
  job.id = store.create_broadcast(job);
  job.state = "running";
  job.sent = 3;
  job.failed = 1;
  job.blocked = 2;
  job.total = 9;
  job.progress_message_id = 77;
  store.update_broadcast(job);

  const BroadcastJob read = *store.find_broadcast(job.id);
  EXPECT_EQ(read.state, "running");
  EXPECT_EQ(read.sent, 3);
  EXPECT_EQ(read.failed, 1);
  EXPECT_EQ(read.blocked, 2);
  EXPECT_EQ(read.total, 9);
  EXPECT_EQ(read.progress_message_id, 77);
}

TEST_F(SqliteStoreTest, UpdateUnknownBroadcastNamesTheId) {
  BroadcastJob job = make_job();
  job.id = 4242;
  try {
    store.update_broadcast(job);
    FAIL() << "no error";
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr("4242"));
  }
}

TEST_F(SqliteStoreTest, UnfinishedBroadcastsAreTheRunningOnes) {
  const std::int64_t a = store.create_broadcast(make_job("running"));
  store.create_broadcast(make_job("done"));
  store.create_broadcast(make_job("cancelled"));
  store.create_broadcast(make_job("pending"));
  const std::int64_t b = store.create_broadcast(make_job("running"));

  const std::vector<BroadcastJob> jobs = store.unfinished_broadcasts();
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(jobs[0].id, a);
  EXPECT_EQ(jobs[1].id, b);
}

TEST_F(SqliteStoreTest, MarkingARecipientIsIdempotent) {
  const std::int64_t job = store.create_broadcast(make_job("running"));
  const std::int64_t other = store.create_broadcast(make_job("running"));
  EXPECT_FALSE(store.broadcast_recipient_done(job, 7));
  EXPECT_TRUE(store.mark_broadcast_recipient(job, 7, "sent"));
  EXPECT_FALSE(store.mark_broadcast_recipient(job, 7, "sent"));
  EXPECT_FALSE(store.mark_broadcast_recipient(job, 7, "failed"));
  EXPECT_TRUE(store.broadcast_recipient_done(job, 7));
  EXPECT_FALSE(store.broadcast_recipient_done(job, 8));
  // Another job is independent.
  EXPECT_FALSE(store.broadcast_recipient_done(other, 7));
  EXPECT_TRUE(store.mark_broadcast_recipient(other, 7, "blocked"));
}

TEST_F(SqliteStoreTest, MarkingARecipientOfAnUnknownJobFails) {
  EXPECT_THROW(store.mark_broadcast_recipient(999, 7, "sent"), StoreError);
}

// --- files ---

TEST(SqliteStoreFileTest, ReopenAfterCloseKeepsData) {
  const test::ScratchDir dir;
  const std::string path = dir.file("tglink.db");
  std::int64_t job_id = 0;
  {
    SqliteStore store(path);
    store.upsert_user(make_user(1, "Ann", "ann"));
    store.record_link(1, "2025-03-01");
    store.add_bandwidth("2025-03", 4096);
    store.revoke_link(5 << 20, 0);
    job_id = store.create_broadcast(make_job("running"));
    store.mark_broadcast_recipient(job_id, 1, "sent");
  }
  SqliteStore store(path);
  EXPECT_EQ(store.find_user(1)->username, "ann");
  EXPECT_EQ(store.find_user(1)->links_total, 1);
  EXPECT_EQ(store.links_on_day(1, "2025-03-01"), 1);
  EXPECT_EQ(store.links_total(), 1);
  EXPECT_EQ(store.bandwidth_used("2025-03"), 4096);
  EXPECT_TRUE(store.is_revoked(5 << 20));
  ASSERT_EQ(store.unfinished_broadcasts().size(), 1u);
  EXPECT_EQ(store.unfinished_broadcasts()[0].id, job_id);
  EXPECT_TRUE(store.broadcast_recipient_done(job_id, 1));
  EXPECT_FALSE(store.mark_broadcast_recipient(job_id, 1, "sent"));
}

TEST(SqliteStoreFileTest, TwoConnectionsSeeEachOthersWrites) {
  const test::ScratchDir dir;
  const std::string path = dir.file("tglink.db");
  SqliteStore writer(path);
  SqliteStore reader(path);
  writer.add_bandwidth("2025-03", 10);
  EXPECT_EQ(reader.bandwidth_used("2025-03"), 10);
  reader.add_bandwidth("2025-03", 5);
  EXPECT_EQ(writer.bandwidth_used("2025-03"), 15);
}

TEST(SqliteStoreFileTest, WriterGivesUpAfterTheBusyTimeoutWithAClearError) {
  const test::ScratchDir dir;
  const std::string path = dir.file("tglink.db");
  SqliteStore store(path, SqliteStoreOptions{std::chrono::milliseconds(1)});
  SqliteDatabase other(path);
  SqliteTransaction holding_the_write_lock(other);
  try {
    store.add_bandwidth("2025-03", 1);
    FAIL() << "wrote while another connection held the lock";
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr(path));
    EXPECT_THAT(e.what(), HasSubstr("locked"));
  }
  // Readers are not blocked by a writer in WAL mode.
  EXPECT_EQ(store.bandwidth_used("2025-03"), 0);
}

TEST(SqliteStoreFileTest, UnopenableFileIsNamedInTheError) {
  const test::ScratchDir dir;
  const std::string path = dir.file("no-such-folder/tglink.db");
  try {
    SqliteStore store(path);
    FAIL() << "opened " << path;
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr(path));
  }
}

TEST(SqliteStoreFileTest, FileThatIsNotADatabaseIsNamedInTheError) {
  const test::ScratchDir dir;
  const std::string path = dir.file("garbage.db");
  {
    std::FILE* file = std::fopen(path.c_str(), "wb");
    ASSERT_NE(file, nullptr);
    const std::string junk(4096, 'x');
    std::fwrite(junk.data(), 1, junk.size(), file);
    std::fclose(file);
  }
  try {
    SqliteStore store(path);
    FAIL() << "opened " << path;
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr(path));
    EXPECT_THAT(e.what(), HasSubstr("not a database"));
  }
}

}  // namespace
}  // namespace tglink
