// The names TDLib gives downloaded files (sim/file_names.hpp): clean_filename's cases as
// TDLib's own tests state them, and the bounded list of candidates.
#include "sim/file_names.hpp"

#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace tglink::sim {
namespace {

// What clean_filename makes of each name.
struct Cleaning {
  std::string name;
  std::string cleaned;
};

void expect_cleaned(const std::vector<Cleaning>& cases) {
  for (const Cleaning& c : cases) EXPECT_EQ(clean_filename(c.name), c.cleaned) << c.name;
}

TEST(CleanFilename, AsTdutilsTestsSayIt) {
  expect_cleaned({
      {"-1234567", "-1234567"},
      {".git", "git"},
      {"../../.git", "git"},
      {".././..", ""},
      {"../", ""},
      {"..", ""},
      {"test/git/   as   dsa  .   a", "as   dsa.a"},
      {"     .    ", ""},
      {"!@#$%^&*()_+-=[]{}|:\";'<>?,.`~", "!@#$%^  ()_+-=[]{}   ;    ,.~"},
  });
}

TEST(CleanFilename, ControlsGoAndLengthsAreCut) {
  expect_cleaned({
      {std::string("a\0b.mp4", 7), "ab.mp4"},
      {"a\nb.txt", "a b.txt"},
      {"photo\u202Egnp.exe", "photognp.exe"},
      {"bad\xFF.txt", ""},  // not UTF-8
      {std::string(496, 'n') + ".mkv", std::string(64, 'n') + ".mkv"},
      {"a." + std::string(30, 'e'), "a." + std::string(16, 'e')},
      {"видео.mp4", "видео.mp4"},  // letters of any script stay
      // PathView: a backslash ends a directory too; a first dot does not start an extension.
      {"dir\\evil.exe", "evil.exe"},
      {"." + std::string(20, 'e'), std::string(20, 'e')},
  });
}

TEST(SuggestedFileNames, AreFewAndDistinct) {
  const std::vector<std::string> named = suggested_file_names("clip.mp4", false, 0, 1);
  ASSERT_EQ(named.size(), 21U);
  EXPECT_EQ(named[0], "clip.mp4");
  EXPECT_EQ(named[1], "clip_(0).mp4");
  EXPECT_EQ(std::set<std::string>(named.begin(), named.end()).size(), named.size());
  const std::vector<std::string> ignored = suggested_file_names("clip.mp4", true, 7, 1);
  ASSERT_EQ(ignored.size(), 2U);
  EXPECT_EQ(ignored[0], "file_7.mp4");
  EXPECT_TRUE(ignored[1].starts_with("file_7_")) << ignored[1];
  EXPECT_EQ(suggested_file_names(std::string("\0", 1), false, 3, 1)[0], "file_3");
}

}  // namespace
}  // namespace tglink::sim
