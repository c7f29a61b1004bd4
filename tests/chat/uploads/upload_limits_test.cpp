#include "chat/uploads/upload_limits.hpp"

#include <gtest/gtest.h>

#include "config/config.hpp"
#include "store/sqlite_store.hpp"
#include "support/fake_clock.hpp"

namespace tglink {
namespace {

using testing::utc;

class UploadLimits : public ::testing::Test {
 protected:
  Config config;
  SqliteStore store{":memory:"};
  IncomingFile file{FileKind::document, "a.bin", "application/octet-stream", 1000};
};

TEST_F(UploadLimits, FileOverTheSizeLimitIsTooLarge) {
  config.max_file_size = 999;
  const auto refused = check_upload_limits(config, store, file, 7, utc(2024, 1, 15, 12));
  ASSERT_TRUE(refused);
  EXPECT_NE(refused->text.text().find("File too large"), std::string::npos);
  config.max_file_size = 1000;
  EXPECT_FALSE(check_upload_limits(config, store, file, 7, utc(2024, 1, 15, 12)));
}

TEST_F(UploadLimits, UsedUpMonthlyBandwidthRefusesNewLinks) {
  config.bandwidth_limit_gb = 1;
  store.add_bandwidth("2024-01", 1024LL * 1024 * 1024 - 1);
  EXPECT_FALSE(check_bandwidth(config, store, utc(2024, 1, 15)));
  store.add_bandwidth("2024-01", 1);
  const auto refused = check_bandwidth(config, store, utc(2024, 1, 15));
  ASSERT_TRUE(refused);
  EXPECT_NE(refused->text.text().find("Bandwidth exceeded"), std::string::npos);
  EXPECT_FALSE(check_bandwidth(config, store, utc(2024, 2, 1)));  // a new month
}

TEST_F(UploadLimits, DailyLimitSaysHowLongUntilMidnightUtc) {
  config.max_links_per_day = 2;
  store.record_link(7, "2024-01-15");
  EXPECT_FALSE(check_daily_limit(config, store, 7, utc(2024, 1, 15, 21, 30)));
  store.record_link(7, "2024-01-15");
  const auto refused = check_daily_limit(config, store, 7, utc(2024, 1, 15, 21, 30));
  ASSERT_TRUE(refused);
  EXPECT_NE(refused->text.text().find("2 of 2"), std::string::npos) << refused->text.text();
  EXPECT_NE(refused->text.text().find("in 2h 30m"), std::string::npos) << refused->text.text();
  EXPECT_FALSE(check_daily_limit(config, store, 7, utc(2024, 1, 16, 0, 0)));    // reset
  EXPECT_FALSE(check_daily_limit(config, store, 8, utc(2024, 1, 15, 21, 30)));  // per user
}

TEST_F(UploadLimits, AdminsAreExemptFromTheDailyLimit) {
  config.max_links_per_day = 1;
  config.admins = {7};
  store.record_link(7, "2024-01-15");
  EXPECT_FALSE(check_daily_limit(config, store, 7, utc(2024, 1, 15, 12)));
}

}  // namespace
}  // namespace tglink
