// The media probes of the player's conversions (schema step 11), on SQLite and PostgreSQL: one
// row per file, replaced by a newer probe, a failed probe kept as such.

#include <gtest/gtest.h>

#include "each_store.hpp"

namespace tglink {
namespace {

using MediaProbeStoreTest = testing::EachStoreTest;
TGLINK_ON_EACH_STORE(MediaProbeStoreTest);

TEST_P(MediaProbeStoreTest, KeepsOneProbePerFileAndReplacesIt) {
  EXPECT_FALSE(store.find_media_probe("AgADfile"));
  store.save_media_probe(MediaProbeRecord{"AgADfile", "", false, 100});
  std::optional<MediaProbeRecord> found = store.find_media_probe("AgADfile");
  ASSERT_TRUE(found);
  EXPECT_FALSE(found->ok);
  EXPECT_EQ(found->probed_unix, 100);
  store.save_media_probe(MediaProbeRecord{"AgADfile", R"({"container":"avi"})", true, 200});
  found = store.find_media_probe("AgADfile");
  ASSERT_TRUE(found);
  EXPECT_TRUE(found->ok);
  EXPECT_EQ(found->probe_json, R"({"container":"avi"})");
  EXPECT_EQ(found->probed_unix, 200);
  EXPECT_FALSE(store.find_media_probe("AgADother"));
}

}  // namespace
}  // namespace tglink
