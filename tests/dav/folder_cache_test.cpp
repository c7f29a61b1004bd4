#include "dav/folder_cache.hpp"

#include <gtest/gtest.h>

#include "support/fake_clock.hpp"

namespace tglink {
namespace {

DavFolder folder_with(std::int64_t message_id) {
  DavFolder folder;
  DavFileEntry file;
  file.message_id = message_id;
  file.name = "clip.mp4";
  folder.files.push_back(file);
  return folder;
}

TEST(DavFolderCache, AFolderIsFoundForItsOwnTokenOnlyAndOnlyWhileFresh) {
  testing::FakeClock clock;
  DavFolderCache cache(clock);
  const DavGrant grant{.user_id = 7, .issued_ms = 1000};
  EXPECT_EQ(cache.find(grant), nullptr);
  cache.keep(grant, folder_with(41));
  ASSERT_NE(cache.find(grant), nullptr);
  EXPECT_EQ(cache.find(grant)->files.at(0).message_id, 41);
  // Another token of the same user (after /davlink off and on) finds nothing kept.
  EXPECT_EQ(cache.find(DavGrant{.user_id = 7, .issued_ms = 2000}), nullptr);
  EXPECT_EQ(cache.find(DavGrant{.user_id = 8, .issued_ms = 1000}), nullptr);
  clock.advance(kDavFolderCacheLifetime - std::chrono::milliseconds(1));
  EXPECT_NE(cache.find(grant), nullptr);
  clock.advance(std::chrono::milliseconds(1));
  EXPECT_EQ(cache.find(grant), nullptr);
}

TEST(DavFolderCache, ANewerReadReplacesTheKeptOneAndTheOldestFolderGoesFirst) {
  testing::FakeClock clock;
  DavFolderCache cache(clock);
  const DavGrant first{.user_id = 1, .issued_ms = 1};
  cache.keep(first, folder_with(1));
  const std::shared_ptr<const DavFolder> held = cache.find(first);
  cache.keep(first, folder_with(2));
  EXPECT_EQ(cache.find(first)->files.at(0).message_id, 2);
  EXPECT_EQ(held->files.at(0).message_id, 1);  // a request still serving keeps what it found
  for (std::int64_t user = 2; user <= static_cast<std::int64_t>(kDavFolderCacheFolders); ++user) {
    clock.advance(std::chrono::milliseconds(1));
    cache.keep(DavGrant{.user_id = user, .issued_ms = 1}, folder_with(user));
  }
  EXPECT_NE(cache.find(first), nullptr);  // full, nothing dropped yet
  clock.advance(std::chrono::milliseconds(1));
  cache.keep(DavGrant{.user_id = 9999, .issued_ms = 1}, folder_with(9999));
  EXPECT_EQ(cache.find(first), nullptr);  // the oldest read went
  EXPECT_NE(cache.find(DavGrant{.user_id = 2, .issued_ms = 1}), nullptr);
  EXPECT_NE(cache.find(DavGrant{.user_id = 9999, .issued_ms = 1}), nullptr);
}

}  // namespace
}  // namespace tglink
