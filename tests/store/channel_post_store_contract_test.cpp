// The channel-post part of the Store contract (store/store.hpp, "channel posts with links",
// schema step 12), on SQLite and on a real PostgreSQL server.

#include <gtest/gtest.h>

#include "each_store.hpp"

namespace tglink {
namespace {

using ChannelPostStoreTest = testing::EachStoreTest;

ChannelPostRecord post(std::int64_t message_id, std::string unique_id, std::int64_t copy) {
  ChannelPostRecord record;
  record.chat_id = -1003000000003;
  record.message_id = message_id;
  record.file_unique_id = std::move(unique_id);
  record.copy_message_id = copy;
  record.file_kind = "video";
  record.mime_type = "video/mp4";
  record.expires_unix = 4102444800;  // 2100: past 2^31
  record.has_buttons = true;
  return record;
}

TEST_P(ChannelPostStoreTest, APostIsSavedReplacedAndFound) {
  EXPECT_FALSE(store.find_channel_post(-1003000000003, 1 << 20).has_value());
  ChannelPostRecord first = post(1 << 20, "AgAD1", 0);
  first.has_buttons = false;
  store.save_channel_post(first);
  store.save_channel_post(post(1 << 20, "AgAD1", 5 << 20));  // its copy confirmed
  const std::optional<ChannelPostRecord> found = store.find_channel_post(-1003000000003, 1 << 20);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->copy_message_id, 5 << 20);
  EXPECT_EQ(found->file_unique_id, "AgAD1");
  EXPECT_EQ(found->file_kind, "video");
  EXPECT_EQ(found->mime_type, "video/mp4");
  EXPECT_EQ(found->expires_unix, 4102444800);
  EXPECT_TRUE(found->has_buttons);
}

TEST_P(ChannelPostStoreTest, ARepostFindsTheNewestConfirmedCopyOfItsFile) {
  EXPECT_FALSE(store.find_channel_copy("AgAD1").has_value());
  store.save_channel_post(post(1 << 20, "AgAD1", 0));  // not confirmed yet
  EXPECT_FALSE(store.find_channel_copy("AgAD1").has_value());
  store.save_channel_post(post(2 << 20, "AgAD1", 7 << 20));
  store.save_channel_post(post(3 << 20, "AgAD1", 9 << 20));
  store.save_channel_post(post(4 << 20, "AgAD2", 11 << 20));
  const std::optional<ChannelPostRecord> copy = store.find_channel_copy("AgAD1");
  ASSERT_TRUE(copy.has_value());
  EXPECT_EQ(copy->copy_message_id, 9 << 20);
}

TGLINK_ON_EACH_STORE(ChannelPostStoreTest);

}  // namespace
}  // namespace tglink
