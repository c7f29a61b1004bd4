// CONVERTER_*: the limits of each ffmpeg and ffprobe child, with sane defaults, and a clear
// error naming the setting for a value out of range.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/config_summary.hpp"
#include "config_test_env.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;
using namespace tglink::testing;

TEST(ConverterLimitsTest, DefaultsHoldWithoutSettings) {
  const Config config = must_load(valid_bot_env());
  EXPECT_EQ(config.converter_memory_mb, 4096);
  EXPECT_EQ(config.converter_cpu_per_media_second, 4);
  EXPECT_EQ(config.converter_file_mb, 1024);
  EXPECT_EQ(config.converter_open_files, 64);
  EXPECT_EQ(config.converter_min_free_mb, 1024);
  EXPECT_EQ(config.converter_confinement, "required");
}

TEST(ConverterLimitsTest, ConfinementIsRequiredOrAvailableAndNothingElse) {
  const Config config = must_load(valid_bot_env_with({{"CONVERTER_CONFINEMENT", "available"}}));
  EXPECT_EQ(config.converter_confinement, "available");
  EXPECT_THAT(summarize_config(config), HasSubstr("CONVERTER_CONFINEMENT"));
  const ConfigLoadResult bad = load_bot_with("CONVERTER_CONFINEMENT", "off");
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(problem_text(bad), HasSubstr("CONVERTER_CONFINEMENT"));
}

TEST(ConverterLimitsTest, SettingsAreTakenAndSummarised) {
  const Config config = must_load(valid_bot_env_with({{"CONVERTER_MEMORY_MB", "2048"},
                                                      {"CONVERTER_CPU_PER_MEDIA_SECOND", "2"},
                                                      {"CONVERTER_FILE_MB", "256"},
                                                      {"CONVERTER_OPEN_FILES", "32"}}));
  EXPECT_EQ(config.converter_memory_mb, 2048);
  EXPECT_EQ(config.converter_cpu_per_media_second, 2);
  EXPECT_EQ(config.converter_file_mb, 256);
  EXPECT_EQ(config.converter_open_files, 32);
  EXPECT_THAT(summarize_config(config), HasSubstr("CONVERTER_MEMORY_MB"));
}

TEST(ConverterLimitsTest, OutOfRangeValuesAreNamed) {
  for (const auto& [name, value] :
       std::vector<std::pair<std::string, std::string>>{{"CONVERTER_MEMORY_MB", "10"},
                                                        {"CONVERTER_CPU_PER_MEDIA_SECOND", "0"},
                                                        {"CONVERTER_FILE_MB", "lots"},
                                                        {"CONVERTER_OPEN_FILES", "100000"},
                                                        {"CONVERTER_MIN_FREE_MB", "-1"}}) {
    const ConfigLoadResult result = load_bot_with(name, value);
    ASSERT_FALSE(result.ok()) << name;
    EXPECT_THAT(problem_text(result), HasSubstr(name));
  }
}

}  // namespace
}  // namespace tglink
