// The split files part of the Store contract (store/store.hpp, "split files joined into one
// link"), on SQLite and PostgreSQL: parts gather under one waiting file per user and name, a part
// sent again replaces its number, a resumed part finds its file even once joined, a file is
// joined once, and a joined file is found by its link's message id with its parts in order.

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "each_store.hpp"

namespace tglink {
namespace {

using SplitFileStoreTest = testing::EachStoreTest;
TGLINK_ON_EACH_STORE(SplitFileStoreTest);

constexpr std::int64_t kUser = 42;
constexpr std::int64_t kChat = 42;
constexpr std::int64_t kNow = 1'700'000'000;

SplitPart part(int number, std::int64_t server_id, std::int64_t size) {
  return SplitPart{number, server_id << 20, size};
}

std::vector<int> numbers_of(const SplitFile& file) {
  std::vector<int> numbers;
  for (const SplitPart& p : file.parts) numbers.push_back(p.number);
  return numbers;
}

TEST_P(SplitFileStoreTest, PartsGatherUnderOneWaitingFileInNumberOrder) {
  const SplitFile first = store.add_split_part(kUser, kChat, "movie.mkv", part(3, 13, 5), kNow);
  const SplitFile second = store.add_split_part(kUser, kChat, "movie.mkv", part(1, 11, 9), kNow);
  EXPECT_EQ(first.id, second.id);
  EXPECT_EQ(second.name, "movie.mkv");
  EXPECT_EQ(second.chat_id, kChat);
  EXPECT_EQ(second.joined_message_id, 0);
  EXPECT_EQ(numbers_of(second), (std::vector<int>{1, 3}));
  EXPECT_EQ(second.parts[1].message_id, 13 << 20);
  EXPECT_EQ(second.parts[1].file_size, 5);

  // Another name, and another user with the same name, are files of their own.
  const SplitFile other = store.add_split_part(kUser, kChat, "other.bin", part(1, 21, 9), kNow);
  const SplitFile theirs = store.add_split_part(7, 7, "movie.mkv", part(1, 31, 9), kNow);
  EXPECT_NE(other.id, first.id);
  EXPECT_NE(theirs.id, first.id);
  const std::vector<SplitFile> waiting = store.waiting_split_files(kUser);
  ASSERT_EQ(waiting.size(), 2U);
  EXPECT_EQ(waiting[0].name, "movie.mkv");
  EXPECT_EQ(waiting[0].parts.size(), 2U);
  EXPECT_EQ(waiting[1].name, "other.bin");
}

TEST_P(SplitFileStoreTest, APartSentAgainReplacesItsNumber) {
  (void)store.add_split_part(kUser, kChat, "a.bin", part(2, 12, 4), kNow);
  const SplitFile again = store.add_split_part(kUser, kChat, "a.bin", part(2, 14, 9), kNow);
  ASSERT_EQ(again.parts.size(), 1U);
  EXPECT_EQ(again.parts[0].message_id, 14 << 20);
  EXPECT_EQ(again.parts[0].file_size, 9);
}

TEST_P(SplitFileStoreTest, AJoinedFileIsFoundByItsLinkAndJoinedOnce) {
  const SplitFile waiting = store.add_split_part(kUser, kChat, "v.mp4", part(2, 12, 3), kNow);
  (void)store.add_split_part(kUser, kChat, "v.mp4", part(1, 11, 8), kNow);
  EXPECT_FALSE(store.find_joined_file(11 << 20).has_value());
  EXPECT_TRUE(store.join_split_file(waiting.id, 11 << 20));
  EXPECT_FALSE(store.join_split_file(waiting.id, 11 << 20)) << "joined twice";
  EXPECT_TRUE(store.waiting_split_files(kUser).empty());

  const std::optional<SplitFile> joined = store.find_joined_file(11 << 20);
  ASSERT_TRUE(joined.has_value());
  EXPECT_EQ(joined->name, "v.mp4");
  EXPECT_EQ(numbers_of(*joined), (std::vector<int>{1, 2}));
  EXPECT_FALSE(store.find_joined_file(12 << 20).has_value());
  EXPECT_FALSE(store.find_joined_file(0).has_value());

  // A resumed upload of a part finds the joined file and changes nothing.
  const SplitFile resumed = store.add_split_part(kUser, kChat, "v.mp4", part(2, 12, 3), kNow);
  EXPECT_EQ(resumed.id, waiting.id);
  EXPECT_EQ(resumed.joined_message_id, 11 << 20);
  // A new split file of the same name after the join starts afresh.
  const SplitFile next = store.add_split_part(kUser, kChat, "v.mp4", part(1, 41, 8), kNow);
  EXPECT_NE(next.id, waiting.id);
  EXPECT_EQ(next.parts.size(), 1U);
}

}  // namespace
}  // namespace tglink
