// PORT and BIND_ADDRESS as `tglink healthcheck` reads them: the same answers as the server's
// loader, an empty value included.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/config_loader.hpp"
#include "config_test_env.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;
using namespace tglink::testing;

TEST(ListenSettings, EmptyPortIsUnsetAsForTheServer) {
  const EnvMap env{{"PORT", ""}, {"BIND_ADDRESS", "  "}};
  const ListenSettingsResult listen = load_listen_settings(env, {});
  EXPECT_TRUE(listen.problems.empty());
  EXPECT_EQ(listen.port, 8080);
  EXPECT_EQ(listen.bind_address, "0.0.0.0");

  EnvMap bot = valid_bot_env();
  bot["PORT"] = "";
  const ConfigLoadResult served = load_bot(bot);
  ASSERT_TRUE(served.ok()) << problem_text(served);
  EXPECT_EQ(served.config->port, listen.port);
}

TEST(ListenSettings, EnvironmentBeatsDotEnvAndSpacesAreTrimmed) {
  const ListenSettingsResult listen =
      load_listen_settings({{"PORT", " 9000 "}}, {{"PORT", "7000"}, {"BIND_ADDRESS", "127.0.0.1"}});
  EXPECT_TRUE(listen.problems.empty());
  EXPECT_EQ(listen.port, 9000);
  EXPECT_EQ(listen.bind_address, "127.0.0.1");
}

TEST(ListenSettings, AnUnusableValueIsAProblemNamingTheSetting) {
  const ListenSettingsResult listen =
      load_listen_settings({{"PORT", "80a"}, {"BIND_ADDRESS", "files.example.com"}}, {});
  ASSERT_EQ(listen.problems.size(), 2U);
  EXPECT_EQ(listen.problems[0].variable, "PORT");
  EXPECT_THAT(listen.problems[0].message, HasSubstr("not a port number"));
  EXPECT_EQ(listen.problems[1].variable, "BIND_ADDRESS");
}

}  // namespace
}  // namespace tglink
