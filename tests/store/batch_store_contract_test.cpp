// The batch part of the Store contract (store/store.hpp, "batches"), on SQLite (:memory:) and on
// a real PostgreSQL server, each test on an empty store of its own.

#include <memory>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "each_store.hpp"
#include "store_records.hpp"

namespace tglink {
namespace {

using ::testing::IsEmpty;

using BatchStoreTest = testing::EachStoreTest;
TGLINK_ON_EACH_STORE(BatchStoreTest);

BatchFile make_file(std::int64_t batch_id, std::int64_t source, std::string name) {
  BatchFile file;
  file.batch_id = batch_id;
  file.source_message_id = source << 20;
  file.copy_message_id = (source + 100) << 20;
  file.file_kind = "video";
  file.file_name = std::move(name);
  file.mime_type = "video/mp4";
  file.file_size = 1000 + source;
  return file;
}

TEST_P(BatchStoreTest, AUserHasOneOpenBatchAtATime) {
  EXPECT_FALSE(store.open_batch_of(7).has_value());
  const std::int64_t first = store.open_batch(7, 1'700'000'000);
  EXPECT_GT(first, 0);
  EXPECT_EQ(store.open_batch(7, 1'700'000'100), first);  // already open: the same one
  const std::int64_t other_user = store.open_batch(8, 1'700'000'000);
  EXPECT_NE(other_user, first);

  const std::optional<BatchRecord> open = store.open_batch_of(7);
  ASSERT_TRUE(open.has_value());
  EXPECT_EQ(open->id, first);
  EXPECT_EQ(open->user_id, 7);
  EXPECT_EQ(open->state, "open");
  EXPECT_EQ(open->created_unix, 1'700'000'000);
  EXPECT_EQ(open->expires_unix, 0);
  EXPECT_FALSE(open->revoked);
}

TEST_P(BatchStoreTest, ClosingKeepsTheBatchWithItsExpiryAndLetsANewOneOpen) {
  const std::int64_t first = store.open_batch(7, 1'700'000'000);
  EXPECT_TRUE(store.close_batch(first, 1'700'086'400));
  EXPECT_FALSE(store.close_batch(first, 1));  // closed already: nothing changes
  EXPECT_FALSE(store.open_batch_of(7).has_value());

  const std::optional<BatchRecord> closed = store.find_batch(first);
  ASSERT_TRUE(closed.has_value());
  EXPECT_EQ(closed->state, "closed");
  EXPECT_EQ(closed->expires_unix, 1'700'086'400);

  const std::int64_t second = store.open_batch(7, 1'700'000'500);
  EXPECT_NE(second, first);
  EXPECT_FALSE(store.close_batch(999'999, 0));
  EXPECT_FALSE(store.find_batch(999'999).has_value());
}

TEST_P(BatchStoreTest, RevokingMarksTheBatch) {
  const std::int64_t id = store.open_batch(7, 1'700'000'000);
  ASSERT_TRUE(store.close_batch(id, 0));
  EXPECT_TRUE(store.revoke_batch(id));
  EXPECT_TRUE(store.find_batch(id)->revoked);
  EXPECT_FALSE(store.revoke_batch(999'999));
}

TEST_P(BatchStoreTest, FilesComeBackInTheOrderSentWithEveryFieldAndNoRepeats) {
  const std::int64_t id = store.open_batch(7, 1'700'000'000);
  const std::int64_t other = store.open_batch(8, 1'700'000'000);
  store.add_batch_file(make_file(id, 3, "c <&> \"q\".mp4"));
  store.add_batch_file(make_file(id, 1, "a.mp4"));
  store.add_batch_file(make_file(other, 2, "theirs.mp4"));
  BatchFile again = make_file(id, 1, "renamed.mp4");
  store.add_batch_file(again);  // the same message again: kept as first added

  const std::vector<BatchFile> files = store.batch_files(id);
  ASSERT_EQ(files.size(), 2U);
  EXPECT_EQ(files[0].file_name, "a.mp4");
  EXPECT_EQ(files[0].batch_id, id);
  EXPECT_EQ(files[0].source_message_id, 1 << 20);
  EXPECT_EQ(files[0].copy_message_id, 101 << 20);
  EXPECT_EQ(files[0].file_kind, "video");
  EXPECT_EQ(files[0].mime_type, "video/mp4");
  EXPECT_EQ(files[0].file_size, 1001);
  EXPECT_EQ(files[1].file_name, "c <&> \"q\".mp4");
  EXPECT_THAT(store.batch_files(999'999), IsEmpty());
}

TEST_P(BatchStoreTest, AUsersClosedBatchesComeNewestFirstWithinTheLimit) {
  const std::int64_t first = store.open_batch(7, 1'700'000'000);
  ASSERT_TRUE(store.close_batch(first, 0));
  const std::int64_t second = store.open_batch(7, 1'700'000'100);
  ASSERT_TRUE(store.close_batch(second, 1'800'000'000));
  ASSERT_TRUE(store.revoke_batch(second));
  const std::int64_t third = store.open_batch(7, 1'700'000'200);
  ASSERT_TRUE(store.close_batch(third, 0));
  store.open_batch(7, 1'700'000'300);  // open: not listed
  const std::int64_t others = store.open_batch(8, 1'700'000'000);
  ASSERT_TRUE(store.close_batch(others, 0));

  const std::vector<BatchRecord> all = store.user_batches(7, 10);
  ASSERT_EQ(all.size(), 3U);
  EXPECT_EQ(all[0].id, third);
  EXPECT_EQ(all[1].id, second);
  EXPECT_TRUE(all[1].revoked);  // the caller decides what still works
  EXPECT_EQ(all[1].expires_unix, 1'800'000'000);
  EXPECT_EQ(all[2].id, first);
  EXPECT_EQ(all[2].user_id, 7);
  const std::vector<BatchRecord> newest = store.user_batches(7, 2);
  ASSERT_EQ(newest.size(), 2U);
  EXPECT_EQ(newest[1].id, second);
  EXPECT_THAT(store.user_batches(9, 10), IsEmpty());
}

TEST_P(BatchStoreTest, AFileOfAnUnknownBatchIsRefused) {
  EXPECT_THROW(store.add_batch_file(make_file(999'999, 1, "a.mp4")), StoreError);
}

TEST_P(BatchStoreTest, PendingUploadsKeepTheirBatchAndAlbum) {
  PendingUpload upload = testing::make_upload(7, 1);
  upload.batch_id = 42;
  upload.album_id = 1'380'000'000'000'000'001;
  store.add_pending_upload(upload);
  const std::vector<PendingUpload> uploads = store.pending_uploads();
  ASSERT_EQ(uploads.size(), 1U);
  EXPECT_EQ(uploads[0].batch_id, 42);
  EXPECT_EQ(uploads[0].album_id, 1'380'000'000'000'000'001);
}

}  // namespace
}  // namespace tglink
