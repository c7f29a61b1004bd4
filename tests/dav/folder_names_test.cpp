#include "dav/folder_names.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/case_table.hpp"

namespace tglink {
namespace {

using testing::expect_results;

using ::testing::ElementsAre;

TEST(FolderNames, RealNamesStayAsTheyAre) {
  EXPECT_EQ(folder_safe_name("Movie (2024).mkv"), "Movie (2024).mkv");
  EXPECT_EQ(folder_safe_name("Фильм 🎬.mp4"), "Фильм 🎬.mp4");
}

TEST(FolderNames, SeparatorsHiddenCharactersAndLeadingDotsBecomeUnderscores) {
  expect_results(folder_safe_name, {{"../../etc/passwd", "_._.._etc_passwd"},
                                    {"..", "_."},
                                    {".hidden", "_hidden"},
                                    {"a\\b/c", "a_b_c"},
                                    {"line\nbreak\r.txt", "line_break_.txt"},
                                    {"evil\u202Egnp.exe", "evil_gnp.exe"},
                                    {"bad\xff.bin", "bad\xEF\xBF\xBD.bin"},
                                    {"", "file"}});
}

TEST(FolderNames, LongNamesAreCutOnACharacterBoundaryKeepingTheExtension) {
  std::string name;
  for (int i = 0; i < 150; ++i) name += "я";  // 300 bytes
  name += ".mkv";
  const std::string safe = folder_safe_name(name);
  EXPECT_LE(safe.size(), kMaxFolderNameBytes);
  EXPECT_TRUE(safe.ends_with("я.mkv"));
  EXPECT_EQ(safe.size() % 2, 0U);  // whole two-byte letters, then ".mkv"
}

TEST(FolderNames, RepeatedNamesGetANumberBeforeTheirExtensionIgnoringCase) {
  EXPECT_THAT(unique_folder_names({"a.mp4", "A.MP4", "a.mp4", "b", "b", "a (2).mp4"}),
              ElementsAre("a.mp4", "A (2).MP4", "a (3).mp4", "b", "b (2)", "a (2) (2).mp4"));
}

}  // namespace
}  // namespace tglink
