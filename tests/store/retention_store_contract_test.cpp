// The retention part of the Store contract (store/store.hpp, "retention") and the ban list, on
// SQLite and PostgreSQL: which link records, batches and channel posts are dead, that a call
// deletes at most its limit, and that what still works, or is still in its grace period, stays.

#include <cstdint>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "each_store.hpp"

namespace tglink {
namespace {

using ::testing::IsEmpty;

using RetentionStoreTest = testing::EachStoreTest;
TGLINK_ON_EACH_STORE(RetentionStoreTest);

constexpr std::int64_t kCutoff = 1'700'000'000;

LinkRecord link_made(std::int64_t message_id, std::int64_t created, std::int64_t expires) {
  LinkRecord link;
  link.message_id = message_id << 20;
  link.user_id = 7;
  link.file_name = "clip.mp4";
  link.file_size = 1000;
  link.created_unix = created;
  link.expires_unix = expires;
  return link;
}

bool has_link(Store& store, std::int64_t message_id) {
  return store.find_link(message_id << 20).has_value();
}

TEST_P(RetentionStoreTest, DeadLinkRecordsGoAndLiveOrRecentOnesStay) {
  store.add_link(link_made(1, kCutoff - 100, kCutoff - 10));  // expired before the cutoff
  store.add_link(link_made(2, kCutoff - 100, kCutoff + 10));  // expires after it
  store.add_link(link_made(3, kCutoff - 100, 0));             // never expires
  store.add_link(link_made(4, kCutoff - 100, 0));             // revoked
  store.revoke_link(4 << 20, 0);
  store.add_link(link_made(5, kCutoff + 5, 0));  // revoked, but made after the cutoff
  store.revoke_link(5 << 20, 0);

  EXPECT_EQ(store.delete_dead_links(kCutoff, 100), 2);

  EXPECT_FALSE(has_link(store, 1));
  EXPECT_TRUE(has_link(store, 2));
  EXPECT_TRUE(has_link(store, 3));
  EXPECT_FALSE(has_link(store, 4));
  EXPECT_TRUE(has_link(store, 5));
  EXPECT_TRUE(store.is_revoked(4 << 20));  // the revocation still holds
  EXPECT_EQ(store.delete_dead_links(kCutoff, 100), 0);
}

ChannelPostRecord channel_post(std::int64_t message_id, std::int64_t copy, std::int64_t expires) {
  ChannelPostRecord post;
  post.chat_id = -1001234567890;
  post.message_id = message_id << 20;
  post.copy_message_id = copy << 20;
  post.file_unique_id = "file" + std::to_string(message_id);
  post.expires_unix = expires;
  post.has_buttons = true;
  return post;
}

bool has_channel_post(Store& store, std::int64_t message_id) {
  return store.find_channel_post(-1001234567890, message_id << 20).has_value();
}

TEST_P(RetentionStoreTest, DeadChannelPostsGoAndLiveOnesStay) {
  store.save_channel_post(channel_post(1, 11, kCutoff - 10));  // its links expired before
  store.save_channel_post(channel_post(2, 12, kCutoff + 10));  // expire after the cutoff
  store.save_channel_post(channel_post(3, 13, 0));             // never expire
  store.save_channel_post(channel_post(4, 14, 0));             // its copy is revoked
  store.revoke_link(14 << 20, 0);
  store.save_channel_post(channel_post(5, 0, 0));  // no copy yet

  EXPECT_EQ(store.delete_dead_channel_posts(kCutoff, 100), 2);

  EXPECT_FALSE(has_channel_post(store, 1));
  EXPECT_TRUE(has_channel_post(store, 2));
  EXPECT_TRUE(has_channel_post(store, 3));
  EXPECT_FALSE(has_channel_post(store, 4));
  EXPECT_TRUE(has_channel_post(store, 5));
  EXPECT_FALSE(store.find_channel_copy("file4").has_value());  // a re-post makes a fresh copy
  EXPECT_EQ(store.delete_dead_channel_posts(kCutoff, 100), 0);
  EXPECT_THROW((void)store.delete_dead_channel_posts(kCutoff, 0), StoreError);
}

TEST_P(RetentionStoreTest, ADeleteTakesAtMostItsLimit) {
  for (std::int64_t id = 1; id <= 5; ++id) store.add_link(link_made(id, 10, 20));
  EXPECT_EQ(store.delete_dead_links(kCutoff, 2), 2);
  EXPECT_EQ(store.delete_dead_links(kCutoff, 2), 2);
  EXPECT_EQ(store.delete_dead_links(kCutoff, 2), 1);
  EXPECT_EQ(store.user_link_totals(7).links, 0);
}

TEST_P(RetentionStoreTest, ALimitBelowOneIsRefused) {
  EXPECT_THROW((void)store.delete_dead_links(kCutoff, 0), StoreError);
  EXPECT_THROW((void)store.delete_dead_batches(kCutoff, -1), StoreError);
}

std::int64_t closed_batch(Store& store, std::int64_t user, std::int64_t expires) {
  const std::int64_t id = store.open_batch(user, kCutoff - 100);
  store.close_batch(id, expires);
  BatchFile file;
  file.batch_id = id;
  file.source_message_id = (user + 1) << 20;
  file.copy_message_id = (user + 2) << 20;
  file.file_kind = "document";
  file.file_name = "a.bin";
  store.add_batch_file(file);
  return id;
}

TEST_P(RetentionStoreTest, DeadClosedBatchesGoWithTheirFilesAndOpenOnesStay) {
  const std::int64_t expired = closed_batch(store, 1, kCutoff - 10);
  const std::int64_t current = closed_batch(store, 2, kCutoff + 10);
  const std::int64_t forever = closed_batch(store, 3, 0);
  const std::int64_t revoked = closed_batch(store, 4, 0);
  store.revoke_batch(revoked);
  const std::int64_t open = store.open_batch(5, kCutoff - 100);
  store.revoke_batch(open);

  EXPECT_EQ(store.delete_dead_batches(kCutoff, 100), 2);

  EXPECT_FALSE(store.find_batch(expired).has_value());
  EXPECT_THAT(store.batch_files(expired), IsEmpty());
  EXPECT_FALSE(store.find_batch(revoked).has_value());
  EXPECT_TRUE(store.find_batch(current).has_value());
  EXPECT_EQ(store.batch_files(current).size(), 1U);
  EXPECT_TRUE(store.find_batch(forever).has_value());
  EXPECT_TRUE(store.find_batch(open).has_value());
}

TEST_P(RetentionStoreTest, EveryBanIsListedByUserId) {
  EXPECT_THAT(store.list_bans(), IsEmpty());
  store.ban_user(BanRecord{9, 100, 1});
  store.ban_user(BanRecord{3, 200, 1});
  const std::vector<BanRecord> bans = store.list_bans();
  ASSERT_EQ(bans.size(), 2U);
  EXPECT_EQ(bans[0].user_id, 3);
  EXPECT_EQ(bans[0].banned_unix, 200);
  EXPECT_EQ(bans[1].user_id, 9);
  store.unban_user(3);
  EXPECT_EQ(store.list_bans().size(), 1U);
}

}  // namespace
}  // namespace tglink
