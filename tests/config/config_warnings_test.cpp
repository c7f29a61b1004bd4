#include "config/config_warnings.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tglink {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

TEST(ConfigWarnings, LocalhostWorksOnlyHereAndGetsNoButtons) {
  Config config;
  config.base_url = "http://localhost:8080";
  EXPECT_THAT(config_warnings(config, ConfigMode::Bot),
              ElementsAre(AllOf(HasSubstr("BASE_URL is http://localhost:8080"),
                                HasSubstr("work only on this machine"),
                                HasSubstr("Telegram will not show buttons"))));
  EXPECT_THAT(config_warnings(config, ConfigMode::Demo), IsEmpty());
}

TEST(ConfigWarnings, ALoopbackAddressWithDotsStillWorksOnlyHere) {
  Config config;
  config.base_url = "http://127.0.0.1:8080";
  const std::vector<std::string> warnings = config_warnings(config, ConfigMode::Bot);
  ASSERT_EQ(warnings.size(), 1U);
  EXPECT_THAT(warnings[0], HasSubstr("work only on this machine"));
  EXPECT_THAT(warnings[0], ::testing::Not(HasSubstr("buttons")));
}

TEST(ConfigWarnings, AnIntranetHostGetsNoButtons) {
  Config config;
  config.base_url = "http://fileserver:8080";
  const std::vector<std::string> warnings = config_warnings(config, ConfigMode::Bot);
  ASSERT_EQ(warnings.size(), 1U);
  EXPECT_THAT(warnings[0], HasSubstr("Telegram will not show buttons"));
  EXPECT_THAT(warnings[0], ::testing::Not(HasSubstr("only on this machine")));
}

TEST(ConfigWarnings, VideoFrontendUrlIsCheckedToo) {
  Config config;
  config.base_url = "https://files.example.com";
  EXPECT_THAT(config_warnings(config, ConfigMode::Bot), IsEmpty());
  config.video_frontend_url = "http://localhost:3000/watch";
  EXPECT_THAT(config_warnings(config, ConfigMode::Bot),
              ElementsAre(HasSubstr("VIDEO_FRONTEND_URL is http://localhost:3000/watch")));
  config.video_frontend_enabled = false;
  EXPECT_THAT(config_warnings(config, ConfigMode::Bot), IsEmpty());
}

}  // namespace
}  // namespace tglink
