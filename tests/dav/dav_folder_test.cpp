#include "dav/dav_folder.hpp"

#include <set>

#include <gtest/gtest.h>

namespace tglink {
namespace {

constexpr std::int64_t kNow = 1'800'000'000;
const SystemTime kNowTime{std::chrono::seconds{kNow}};

LinkRecord link(std::int64_t id, std::string name, std::int64_t created, std::int64_t expires = 0) {
  LinkRecord record;
  record.message_id = id << 20;
  record.user_id = 7;
  record.file_name = std::move(name);
  record.file_size = 1000 + id;
  record.created_unix = created;
  record.expires_unix = expires;
  return record;
}

BatchContents batch(std::int64_t id, std::int64_t created, std::vector<std::string> names) {
  BatchContents contents;
  contents.batch.id = id;
  contents.batch.user_id = 7;
  contents.batch.state = "closed";
  contents.batch.created_unix = created;
  std::int64_t source = 1;
  for (std::string& name : names) {
    BatchFile file;
    file.batch_id = id;
    file.source_message_id = source << 20;
    file.copy_message_id = (id * 100 + source) << 20;
    file.file_name = std::move(name);
    file.mime_type = "video/mp4";
    file.file_size = 500;
    contents.files.push_back(std::move(file));
    ++source;
  }
  return contents;
}

bool none_revoked(std::int64_t) { return false; }

TEST(DavFolder, ListsWorkingFilesNewestFirstAndLeavesOutRevokedAndExpiredOnes) {
  LinkRecord revoked = link(3, "revoked.mp4", kNow - 30);
  revoked.revoked = true;
  const DavFolder folder = build_dav_folder(
      {link(5, "new.mkv", kNow - 10), link(4, "expired.mp4", kNow - 20, kNow - 1), revoked,
       link(2, "gone.mp4", kNow - 40), link(1, "old.mp3", kNow - 50, kNow + 60)},
      {}, kNowTime, [](std::int64_t id) { return id == (2 << 20); });
  ASSERT_EQ(folder.files.size(), 2U);
  EXPECT_EQ(folder.files[0].name, "new.mkv");
  EXPECT_EQ(folder.files[0].content_type, "video/x-matroska");
  EXPECT_EQ(folder.files[0].message_id, 5 << 20);
  EXPECT_EQ(folder.files[0].size, 1005);
  EXPECT_EQ(folder.files[1].name, "old.mp3");
  EXPECT_EQ(folder.files[1].content_type, "audio/mpeg");
  ASSERT_TRUE(folder.files[1].expires_at);
  EXPECT_EQ(*folder.files[1].expires_at, kNowTime + std::chrono::seconds{60});
}

TEST(DavFolder, TheOldestOfTwoEqualNamesKeepsItsName) {
  const DavFolder folder = build_dav_folder(
      {link(3, "a.mp4", kNow - 10), link(2, "A.mp4", kNow - 20), link(1, "a.mp4", kNow - 30)}, {},
      kNowTime, none_revoked);
  ASSERT_EQ(folder.files.size(), 3U);
  EXPECT_EQ(folder.files[2].name, "a.mp4");
  EXPECT_EQ(folder.files[1].name, "A (2).mp4");
  EXPECT_EQ(folder.files[0].name, "a (3).mp4");
}

TEST(DavFolder, BatchesAreFoldersNamedByTheirTimeWithTheirFilesInOrder) {
  BatchContents open = batch(3, kNow, {"x.mp4"});
  open.batch.state = "open";
  BatchContents revoked = batch(4, kNow, {"y.mp4"});
  revoked.batch.revoked = true;
  BatchContents expired = batch(5, kNow, {"z.mp4"});
  expired.batch.expires_unix = kNow;
  const DavFolder folder =
      build_dav_folder({link(9, "Batch 2027-01-15 08h00", kNow)},
                       {batch(2, kNow, {"b.mp4", "a.mp4", "b.mp4", "hidden.mp4"}),
                        batch(1, kNow - 86400, {"c.mp4"}), open, revoked, expired},
                       kNowTime, [](std::int64_t id) { return id == ((2 * 100 + 4) << 20); });
  ASSERT_EQ(folder.batches.size(), 2U);
  EXPECT_EQ(folder.batches[0].name, "Batch 2027-01-15 08h00 (2)");  // the file keeps the name
  EXPECT_EQ(folder.batches[1].name, "Batch 2027-01-14 08h00");
  ASSERT_EQ(folder.batches[0].files.size(), 3U);
  EXPECT_EQ(folder.batches[0].files[0].name, "b.mp4");
  EXPECT_EQ(folder.batches[0].files[1].name, "a.mp4");
  EXPECT_EQ(folder.batches[0].files[2].name, "b (2).mp4");
  EXPECT_EQ(folder.batches[0].files[2].content_type, "video/mp4");
}

TEST(DavFolder, PathsFindTheFolderABatchOrAFileAndNothingElse) {
  const DavFolder folder = build_dav_folder({link(1, "a.mp4", kNow)}, {batch(2, kNow, {"b.mp4"})},
                                            kNowTime, none_revoked);
  const std::optional<DavTarget> root = find_in_folder(folder, {});
  ASSERT_TRUE(root);
  EXPECT_TRUE(root->is_collection());
  EXPECT_EQ(root->batch, nullptr);
  const std::optional<DavTarget> file = find_in_folder(folder, {"a.mp4"});
  ASSERT_TRUE(file);
  EXPECT_EQ(file->file->message_id, 1 << 20);
  const std::optional<DavTarget> in_batch =
      find_in_folder(folder, {"Batch 2027-01-15 08h00", "b.mp4"});
  ASSERT_TRUE(in_batch);
  EXPECT_EQ(in_batch->file->message_id, 201 << 20);
  EXPECT_TRUE(find_in_folder(folder, {"Batch 2027-01-15 08h00"})->is_collection());
  EXPECT_FALSE(find_in_folder(folder, {"b.mp4"}));
  EXPECT_FALSE(find_in_folder(folder, {"a.mp4", "x"}));
  EXPECT_FALSE(find_in_folder(folder, {"Batch 2027-01-15 08h00", "b.mp4", "x"}));
  EXPECT_FALSE(find_in_folder(folder, {"A.MP4"}));
}

}  // namespace
}  // namespace tglink
