// Every Store against the same contract: every method, on SQLite (:memory:) and on a real
// PostgreSQL server (support/postgres_server.hpp), each test on an empty store of its own.

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "each_store.hpp"
#include "store_records.hpp"

namespace tglink {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

using testing::make_job;
using testing::make_upload;
using testing::make_user;

using StoreContractTest = testing::EachStoreTest;
TGLINK_ON_EACH_STORE(StoreContractTest);

// --- users ---

TEST_P(StoreContractTest, UpsertUserReportsNewThenRefreshesNames) {
  EXPECT_TRUE(store.upsert_user(make_user(7, "Ann", "ann")));
  EXPECT_FALSE(store.upsert_user(make_user(7, "Annie", "annie")));

  const std::optional<UserRecord> user = store.find_user(7);
  ASSERT_TRUE(user.has_value());
  EXPECT_EQ(user->user_id, 7);
  EXPECT_EQ(user->first_name, "Annie");
  EXPECT_EQ(user->username, "annie");
  EXPECT_EQ(user->first_seen_unix, 1'700'000'007);  // first contact is kept
}

TEST_P(StoreContractTest, UpsertKeepsFirstSeenAndLinkTotal) {
  store.upsert_user(make_user(7, "Ann"));
  store.record_link(7, "2025-01-02");
  UserRecord later = make_user(7, "Ann");
  later.first_seen_unix = 1;
  later.links_total = 0;
  store.upsert_user(later);
  EXPECT_EQ(store.find_user(7)->first_seen_unix, 1'700'000'007);
  EXPECT_EQ(store.find_user(7)->links_total, 1);
}

TEST_P(StoreContractTest, FindUnknownUserIsEmpty) { EXPECT_FALSE(store.find_user(99).has_value()); }

TEST_P(StoreContractTest, TextIsStoredExactly) {
  const std::string name = "Zoë \"O'Brien\" 🎬; DROP TABLE users; --";
  store.upsert_user(make_user(1, name, "z_o"));
  EXPECT_EQ(store.find_user(1)->first_name, name);
  EXPECT_EQ(store.count_users(), 1);
}

TEST_P(StoreContractTest, CountUsers) {
  EXPECT_EQ(store.count_users(), 0);
  store.upsert_user(make_user(1, "a"));
  store.upsert_user(make_user(2, "b"));
  store.upsert_user(make_user(2, "b2"));
  EXPECT_EQ(store.count_users(), 2);
}

TEST_P(StoreContractTest, ListUserIdsPagesInAscendingOrder) {
  for (std::int64_t id : {50, 10, 40, 20, 30}) {
    store.upsert_user(make_user(id, "u"));
  }
  EXPECT_THAT(store.list_user_ids(0, 2), ElementsAre(10, 20));
  EXPECT_THAT(store.list_user_ids(20, 2), ElementsAre(30, 40));
  EXPECT_THAT(store.list_user_ids(40, 2), ElementsAre(50));
  EXPECT_THAT(store.list_user_ids(50, 2), IsEmpty());
  EXPECT_THAT(store.list_user_ids(0, 0), IsEmpty());
}

TEST_P(StoreContractTest, ListUserIdsRejectsNegativeLimit) {
  EXPECT_THROW((void)store.list_user_ids(0, -1), StoreError);
}

TEST_P(StoreContractTest, DeleteUserRemovesOnlyThatUser) {
  store.upsert_user(make_user(1, "a"));
  store.upsert_user(make_user(2, "b"));
  store.delete_user(1);
  store.delete_user(12345);  // unknown: nothing happens
  EXPECT_FALSE(store.find_user(1).has_value());
  EXPECT_TRUE(store.find_user(2).has_value());
  EXPECT_EQ(store.count_users(), 1);
}

// --- links made ---

TEST_P(StoreContractTest, RecordLinkCountsPerDayPerUserAndTotals) {
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

TEST_P(StoreContractTest, LinksTotalStartsAtZeroAndSurvivesUserDeletion) {
  EXPECT_EQ(store.links_total(), 0);
  store.upsert_user(make_user(1, "a"));
  store.record_link(1, "2025-03-01");
  store.delete_user(1);
  EXPECT_EQ(store.links_total(), 1);
  // The day's count stays, so leaving and coming back does not reset a daily limit.
  EXPECT_EQ(store.links_on_day(1, "2025-03-01"), 1);
}

TEST_P(StoreContractTest, RecordLinkForUnknownUserStillCounts) {
  store.record_link(5, "2025-03-01");
  EXPECT_EQ(store.links_on_day(5, "2025-03-01"), 1);
  EXPECT_EQ(store.links_total(), 1);
}

TEST_P(StoreContractTest, BadDayIsRejectedByName) {
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

TEST_P(StoreContractTest, BandwidthAccumulatesPerMonth) {
  EXPECT_EQ(store.bandwidth_used("2025-03"), 0);
  store.add_bandwidth("2025-03", 100);
  store.add_bandwidth("2025-03", 23);
  store.add_bandwidth("2025-04", 5'000'000'000'000);
  store.add_bandwidth("2025-04", 0);
  EXPECT_EQ(store.bandwidth_used("2025-03"), 123);
  EXPECT_EQ(store.bandwidth_used("2025-04"), 5'000'000'000'000);
}

TEST_P(StoreContractTest, AddingBandwidthAnswersTheMonthsNewTotal) {
  EXPECT_EQ(store.add_bandwidth("2025-03", 100), 100);
  EXPECT_EQ(store.add_bandwidth("2025-03", 23), 123);
  EXPECT_EQ(store.add_bandwidth("2025-03", 0), 123);
  EXPECT_EQ(store.add_bandwidth("2025-04", 7), 7);
}

TEST_P(StoreContractTest, BandwidthRejectsBadInput) {
  EXPECT_THROW(store.add_bandwidth("2025-03", -1), StoreError);
  EXPECT_THROW(store.add_bandwidth("2025-3", 1), StoreError);
  EXPECT_THROW((void)store.bandwidth_used("March"), StoreError);
  EXPECT_THROW((void)store.delete_bandwidth_before("2025-03-01"), StoreError);
}

TEST_P(StoreContractTest, DeleteBandwidthKeepsTheGivenMonthAndLater) {
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

LinkRecord make_link(std::int64_t user, std::int64_t message, std::int64_t created,
                     std::int64_t expires = 0) {
  LinkRecord link;
  link.message_id = message << 20;
  link.user_id = user;
  link.file_name = "file-" + std::to_string(message) + ".mp4";
  link.file_size = 1000 + message;
  link.created_unix = created;
  link.expires_unix = expires;
  return link;
}

// --- revoked links ---

TEST_P(StoreContractTest, RevokedLinksAreRemembered) {
  EXPECT_FALSE(store.is_revoked(1 << 20));
  store.revoke_link(1 << 20, 0);
  store.revoke_link(2 << 20, 1'800'000'000);
  EXPECT_TRUE(store.is_revoked(1 << 20));
  EXPECT_TRUE(store.is_revoked(2 << 20));
  EXPECT_FALSE(store.is_revoked(3 << 20));
}

TEST_P(StoreContractTest, EveryRevokedLinkIsListedAndWatched) {
  std::vector<std::optional<std::int64_t>> seen;
  store.watch_revocations([&seen](std::optional<std::int64_t> id) { seen.push_back(id); });
  EXPECT_TRUE(store.revoked_links().empty());
  store.revoke_link(1 << 20, 0);
  store.revoke_link(2 << 20, 1'800'000'000);
  std::vector<std::int64_t> listed = store.revoked_links();
  std::sort(listed.begin(), listed.end());
  EXPECT_EQ(listed, (std::vector<std::int64_t>{1 << 20, 2 << 20}));
  EXPECT_EQ(seen, (std::vector<std::optional<std::int64_t>>{1 << 20, 2 << 20}));
  store.add_link(make_link(7, 3, 100));
  EXPECT_EQ(store.revoke_user_links(7, 4000), 1);
  ASSERT_EQ(seen.size(), 3U);
  EXPECT_EQ(seen.back(), std::nullopt);  // several at once: the watcher re-reads them all
  EXPECT_EQ(store.revoked_links().size(), 3U);
}

TEST_P(StoreContractTest, ExpiredRevocationsAreDroppedButPermanentOnesStay) {
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

TEST_P(StoreContractTest, RevokingAgainKeepsTheLongerLife) {
  store.revoke_link(1, 2000);
  store.revoke_link(1, 1000);
  EXPECT_EQ(store.delete_revocations_expired_before(1500), 0);
  store.revoke_link(1, 0);
  store.revoke_link(1, 3000);
  EXPECT_EQ(store.delete_revocations_expired_before(9'999'999'999), 0);
  EXPECT_TRUE(store.is_revoked(1));
}

TEST_P(StoreContractTest, RevokeRejectsNegativeExpiry) {
  EXPECT_THROW(store.revoke_link(1, -5), StoreError);
}

// --- broadcasts ---

TEST_P(StoreContractTest, CreateAndFindBroadcast) {
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

TEST_P(StoreContractTest, UpdateBroadcastWritesEveryField) {
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

TEST_P(StoreContractTest, UpdateUnknownBroadcastNamesTheId) {
  BroadcastJob job = make_job();
  job.id = 4242;
  try {
    store.update_broadcast(job);
    FAIL() << "no error";
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr("4242"));
  }
}

TEST_P(StoreContractTest, UnfinishedBroadcastsAreTheRunningOnes) {
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

TEST_P(StoreContractTest, MarkingARecipientIsIdempotent) {
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

TEST_P(StoreContractTest, ARecipientsOutcomeIsReplacedAndListedPerJob) {
  const std::int64_t job = store.create_broadcast(make_job("running"));
  const std::int64_t other = store.create_broadcast(make_job("running"));
  EXPECT_TRUE(store.mark_broadcast_recipient(job, 9, "claimed"));
  EXPECT_TRUE(store.mark_broadcast_recipient(job, 7, "claimed"));
  EXPECT_TRUE(store.mark_broadcast_recipient(job, 8, "claimed"));
  EXPECT_TRUE(store.mark_broadcast_recipient(other, 7, "claimed"));
  store.set_broadcast_recipient_outcome(job, 8, "sent");
  store.set_broadcast_recipient_outcome(job, 6, "sent");  // never marked: nothing happens

  EXPECT_EQ(store.broadcast_recipients_with(job, "claimed"), (std::vector<std::int64_t>{7, 9}));
  EXPECT_EQ(store.broadcast_recipients_with(job, "sent"), (std::vector<std::int64_t>{8}));
  EXPECT_FALSE(store.broadcast_recipient_done(job, 6));
  EXPECT_EQ(store.broadcast_recipients_with(other, "claimed"), (std::vector<std::int64_t>{7}));
}

TEST_P(StoreContractTest, MarkingARecipientOfAnUnknownJobFails) {
  EXPECT_THROW(store.mark_broadcast_recipient(999, 7, "sent"), StoreError);
}

// --- uploads not yet answered with a link ---

TEST_P(StoreContractTest, PendingUploadsComeBackOldestFirstWithEveryField) {
  const std::int64_t first = store.add_pending_upload(make_upload(7, 1, "held"));
  const std::int64_t second = store.add_pending_upload(make_upload(8, 1));
  EXPECT_GT(first, 0);
  EXPECT_GT(second, first);

  const std::vector<PendingUpload> uploads = store.pending_uploads();
  ASSERT_EQ(uploads.size(), 2U);
  const PendingUpload& held = uploads[0];
  EXPECT_EQ(held.id, first);
  EXPECT_EQ(held.user_id, 7);
  EXPECT_EQ(held.chat_id, 7);
  EXPECT_EQ(held.message_id, 1 << 20);
  EXPECT_EQ(held.file_kind, "video");
  EXPECT_EQ(held.file_name, "clip.mp4");
  EXPECT_EQ(held.mime_type, "video/mp4");
  EXPECT_EQ(held.file_size, 2048);
  EXPECT_EQ(held.stage, "held");
  EXPECT_EQ(held.copy_message_id, 0);
  EXPECT_EQ(held.received_unix, 1'700'000'000);
  EXPECT_EQ(uploads[1].id, second);
  EXPECT_EQ(uploads[1].stage, "queued");
}

TEST_P(StoreContractTest, TheSameMessageIsOneUpload) {
  EXPECT_GT(store.add_pending_upload(make_upload(7, 1)), 0);
  EXPECT_EQ(store.add_pending_upload(make_upload(7, 1, "held")), 0);
  ASSERT_EQ(store.pending_uploads().size(), 1U);
  EXPECT_EQ(store.pending_uploads()[0].stage, "queued");  // the first one is kept as it was
  EXPECT_GT(store.add_pending_upload(make_upload(7, 2)), 0);
}

TEST_P(StoreContractTest, PendingUploadMovesThroughItsStagesAndIsDeleted) {
  PendingUpload upload = make_upload(7, 1, "held");
  upload.id = store.add_pending_upload(upload);
  upload.stage = "posting";
  store.update_pending_upload(upload);
  upload.stage = "posted";
  upload.copy_message_id = 300 << 20;
  store.update_pending_upload(upload);
  ASSERT_EQ(store.pending_uploads().size(), 1U);
  EXPECT_EQ(store.pending_uploads()[0].stage, "posted");
  EXPECT_EQ(store.pending_uploads()[0].copy_message_id, 300 << 20);

  store.delete_pending_upload(upload.id);
  EXPECT_THAT(store.pending_uploads(), IsEmpty());
  store.delete_pending_upload(upload.id);  // deleting twice is harmless
}

TEST_P(StoreContractTest, PostedUploadsRaiseTheLastLogChannelPostAndNothingLowersIt) {
  EXPECT_EQ(store.last_log_channel_post(), 0);
  PendingUpload later = make_upload(7, 1);
  later.id = store.add_pending_upload(later);
  PendingUpload earlier = make_upload(8, 1);
  earlier.id = store.add_pending_upload(earlier);

  later.stage = "posting";
  store.update_pending_upload(later);
  EXPECT_EQ(store.last_log_channel_post(), 0);  // requested, not confirmed
  later.stage = "posted";
  later.copy_message_id = 40 << 20;
  store.update_pending_upload(later);
  EXPECT_EQ(store.last_log_channel_post(), 40 << 20);

  earlier.stage = "posted";
  earlier.copy_message_id = 39 << 20;  // confirmed after, though posted before
  store.update_pending_upload(earlier);
  EXPECT_EQ(store.last_log_channel_post(), 40 << 20);
  store.delete_pending_upload(later.id);
  store.delete_pending_upload(earlier.id);
  EXPECT_EQ(store.last_log_channel_post(), 40 << 20);
}

TEST_P(StoreContractTest, AFailedStageChangeLeavesTheLastLogChannelPost) {
  PendingUpload missing = make_upload(7, 1, "posted");
  missing.id = 99;
  missing.copy_message_id = 40 << 20;
  EXPECT_THROW(store.update_pending_upload(missing), StoreError);
  EXPECT_EQ(store.last_log_channel_post(), 0);
}

TEST_P(StoreContractTest, PendingUploadRefusesAnUnknownStageOrId) {
  EXPECT_THROW(
      {
        try {
          (void)store.add_pending_upload(make_upload(7, 1, "lost"));
        } catch (const StoreError& e) {
          EXPECT_THAT(e.what(), HasSubstr("invalid upload stage \"lost\""));
          throw;
        }
      },
      StoreError);
  EXPECT_THAT(store.pending_uploads(), IsEmpty());
  PendingUpload missing = make_upload(7, 1);
  missing.id = 99;
  EXPECT_THROW(store.update_pending_upload(missing), StoreError);
}

// --- nodes ---

TEST_P(StoreContractTest, NodesAreListedByIdWithTheirLatestHeartbeat) {
  EXPECT_THAT(store.list_nodes(), IsEmpty());
  store.record_node(NodeRecord{"edge-2", 1'700'000'000, false});
  store.record_node(NodeRecord{"edge-1", 1'700'000'001, true});
  store.record_node(NodeRecord{"edge-2", 1'700'000'005, true});
  store.record_node(NodeRecord{"edge-1", 1'700'000'006, false});
  const std::vector<NodeRecord> nodes = store.list_nodes();
  ASSERT_EQ(nodes.size(), 2U);
  EXPECT_EQ(nodes[0].node_id, "edge-1");
  EXPECT_EQ(nodes[0].last_seen_unix, 1'700'000'006);
  EXPECT_FALSE(nodes[0].leading);
  EXPECT_EQ(nodes[1].node_id, "edge-2");
  EXPECT_EQ(nodes[1].last_seen_unix, 1'700'000'005);
  EXPECT_TRUE(nodes[1].leading);
}

TEST_P(StoreContractTest, ANodeNeedsAnId) {
  EXPECT_THROW(store.record_node(NodeRecord{"", 1, false}), StoreError);
  EXPECT_THAT(store.list_nodes(), IsEmpty());
}

// --- links made, their traffic, bans (schema step 7) ---

TEST_P(StoreContractTest, LinksAreListedNewestFirstInPages) {
  for (std::int64_t i = 1; i <= 5; ++i) store.add_link(make_link(7, i, 1000 + i));
  store.add_link(make_link(8, 9, 5000));
  store.add_link(make_link(7, 1, 9999));  // the same link again changes nothing

  const std::vector<LinkRecord> first = store.user_links(7, 0, 2);
  ASSERT_EQ(first.size(), 2U);
  EXPECT_EQ(first[0].message_id, 5 << 20);
  EXPECT_EQ(first[1].message_id, 4 << 20);
  const std::vector<LinkRecord> last = store.user_links(7, 4, 2);
  ASSERT_EQ(last.size(), 1U);
  EXPECT_EQ(last[0].message_id, 1 << 20);
  EXPECT_EQ(last[0].created_unix, 1001);
  EXPECT_EQ(last[0].file_name, "file-1.mp4");
  EXPECT_EQ(last[0].file_size, 1001);
  EXPECT_THAT(store.user_links(7, 5, 2), IsEmpty());
  EXPECT_THAT(store.user_links(99, 0, 10), IsEmpty());
  EXPECT_EQ(store.user_link_totals(7).links, 5);
  EXPECT_THROW((void)store.user_links(7, -1, 2), StoreError);
  EXPECT_THROW((void)store.user_links(7, 0, -2), StoreError);
}

TEST_P(StoreContractTest, LinkTrafficAddsUpPerLinkAndPerUser) {
  store.add_link(make_link(7, 1, 100));
  store.add_link(make_link(7, 2, 200));
  store.add_link(make_link(8, 3, 300));
  store.add_link_traffic({{1 << 20, 1, 500}, {2 << 20, 0, 70}, {3 << 20, 2, 9}});
  store.add_link_traffic({{1 << 20, 1, 1000}, {42 << 20, 1, 1}});  // no record: dropped
  store.add_link_traffic({{1 << 20, 1, 200}, {1 << 20, 0, 300}});  // the same link twice: both
  store.add_link_traffic({});

  const std::optional<LinkRecord> first = store.find_link(1 << 20);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->downloads, 3);
  EXPECT_EQ(first->bytes_served, 2000);
  EXPECT_FALSE(store.find_link(42 << 20).has_value());
  const UserLinkTotals totals = store.user_link_totals(7);
  EXPECT_EQ(totals.links, 2);
  EXPECT_EQ(totals.downloads, 3);
  EXPECT_EQ(totals.bytes_served, 2070);
  EXPECT_EQ(store.user_link_totals(99).bytes_served, 0);

  // A batch with a bad entry changes nothing.
  EXPECT_THROW(store.add_link_traffic({{1 << 20, 1, 1}, {2 << 20, 0, -5}}), StoreError);
  EXPECT_EQ(store.find_link(1 << 20)->bytes_served, 2000);
  LinkRecord bad = make_link(7, 5, 1);
  bad.file_size = -1;
  EXPECT_THROW(store.add_link(bad), StoreError);
}

TEST_P(StoreContractTest, RevokingAUsersLinksSkipsExpiredAndAlreadyRevoked) {
  store.add_link(make_link(7, 1, 100));        // never expires
  store.add_link(make_link(7, 2, 100, 5000));  // live at 4000
  store.add_link(make_link(7, 3, 100, 3000));  // expired at 4000
  store.add_link(make_link(7, 4, 100, 6000));  // revoked already
  store.add_link(make_link(8, 5, 100));        // someone else's
  store.revoke_link(4 << 20, 6000);

  EXPECT_EQ(store.revoke_user_links(7, 4000), 2);
  EXPECT_TRUE(store.is_revoked(1 << 20));
  EXPECT_TRUE(store.is_revoked(2 << 20));
  EXPECT_FALSE(store.is_revoked(3 << 20));
  EXPECT_FALSE(store.is_revoked(5 << 20));
  EXPECT_TRUE(store.find_link(2 << 20)->revoked);
  EXPECT_FALSE(store.find_link(5 << 20)->revoked);
  for (const LinkRecord& link : store.user_links(7, 0, 10)) {
    EXPECT_EQ(link.revoked, link.message_id != (3 << 20)) << link.message_id;
  }
  EXPECT_EQ(store.revoke_user_links(7, 4000), 0);
  // The revocation of a link that expires lasts until then, like /revoke's.
  EXPECT_EQ(store.delete_revocations_expired_before(5500), 1);
  EXPECT_TRUE(store.is_revoked(1 << 20));
}

TEST_P(StoreContractTest, BansAreKeptUntilLifted) {
  EXPECT_FALSE(store.find_ban(7).has_value());
  EXPECT_TRUE(store.ban_user(BanRecord{7, 1'700'000'000, 1}));
  EXPECT_FALSE(store.ban_user(BanRecord{7, 1'800'000'000, 2}));  // the first ban is kept
  const std::optional<BanRecord> ban = store.find_ban(7);
  ASSERT_TRUE(ban.has_value());
  EXPECT_EQ(ban->banned_unix, 1'700'000'000);
  EXPECT_EQ(ban->banned_by, 1);
  EXPECT_FALSE(store.find_ban(8).has_value());
  EXPECT_TRUE(store.unban_user(7));
  EXPECT_FALSE(store.unban_user(7));
  EXPECT_FALSE(store.find_ban(7).has_value());
}

}  // namespace
}  // namespace tglink
