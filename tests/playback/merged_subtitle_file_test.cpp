// The drawn subtitles (ASS script, PGS stream) merged into one file of the job's folder: merged
// again only when a run's file changed, replaced by a rename so an answer under way keeps what it
// opened, and never a file a run put under the merged name.

#include "playback/merged_subtitle_file.hpp"

#include <fstream>

#include <gtest/gtest.h>
#include <unistd.h>

#include "playback/subtitle_segments.hpp"
#include "support/temp_dir.hpp"

namespace tglink {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kHeader =
    "[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, "
    "MarginL, MarginR, MarginV, Effect, Text\n";
constexpr std::string_view kFirst = "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,First\n";
constexpr std::string_view kSecond = "Dialogue: 0,0:00:05.00,0:00:06.00,Default,,0,0,0,,Second\n";

void write_run_file(const fs::path& path, std::string_view bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

void append(const fs::path& path, std::string_view bytes) {
  std::ofstream(path, std::ios::binary | std::ios::app) << bytes;
}

std::string read_all(const JobFile& file) {
  std::string bytes(file.size(), '\0');
  const ssize_t n = ::pread(file.fd(), bytes.data(), bytes.size(), 0);
  bytes.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
  return bytes;
}

std::string script(std::string_view events) { return std::string(kHeader) + std::string(events); }

// A job's folder and its merged subtitle file.
class MergedSubtitleFileTest : public ::testing::Test {
 protected:
  // The merged ASS script as the folder's runs stand now.
  std::optional<JobFile> current() { return merged_.current(dir_.path(), ass_script_merge()); }

  const testing::TempDir dir_;
  MergedSubtitleFiles merged_;
};

TEST_F(MergedSubtitleFileTest, MergedOnceWhileNoRunChanges) {
  write_run_file(dir_.path() / "subs-0.ass", script(kFirst));
  const std::optional<JobFile> first = current();
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(read_all(*first), script(kFirst));
  EXPECT_EQ(read_all(*JobFile::open(dir_.path() / "subs.ass")), script(kFirst));
  for (int i = 0; i < 5; ++i) {
    const std::optional<JobFile> again = current();
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ(again->inode(), first->inode());
  }
  EXPECT_EQ(merged_.merges(), 1U);
}

TEST_F(MergedSubtitleFileTest, AGrownOrNewRunIsMergedIntoANewFileAndAnOpenOneKeepsItsBytes) {
  write_run_file(dir_.path() / "subs-0.ass", script(kFirst));
  const std::optional<JobFile> before = current();
  ASSERT_TRUE(before.has_value());
  append(dir_.path() / "subs-0.ass", kSecond);
  const std::optional<JobFile> grown = current();
  ASSERT_TRUE(grown.has_value());
  EXPECT_EQ(read_all(*grown), script(std::string(kFirst) + std::string(kSecond)));
  EXPECT_NE(grown->inode(), before->inode());
  EXPECT_EQ(read_all(*before), script(kFirst)) << "an answer under way reads what it opened";
  // A restarted run repeats the second event and adds a third.
  const std::string third = "Dialogue: 0,0:00:09.00,0:00:10.00,Default,,0,0,0,,Third\n";
  write_run_file(dir_.path() / "subs-1.ass", script(std::string(kSecond) + third));
  const std::optional<JobFile> two_runs = current();
  ASSERT_TRUE(two_runs.has_value());
  EXPECT_EQ(read_all(*two_runs), script(std::string(kFirst) + std::string(kSecond) + third));
  EXPECT_EQ(merged_.merges(), 3U);
  EXPECT_FALSE(fs::exists(dir_.path() / "subs.ass.new"));
}

TEST_F(MergedSubtitleFileTest, NothingUntilARunHasSomethingToShow) {
  EXPECT_FALSE(current().has_value());
  write_run_file(dir_.path() / "subs-0.ass", "[Script Info]\n");
  EXPECT_FALSE(current().has_value());
  EXPECT_FALSE(current().has_value());
  EXPECT_EQ(merged_.merges(), 2U) << "an unchanged empty run is not read again";
  EXPECT_FALSE(fs::exists(dir_.path() / "subs.ass"));
  EXPECT_FALSE(merged_.current(dir_.path(), pgs_stream_merge()).has_value());
}

TEST_F(MergedSubtitleFileTest, WhatARunPutUnderTheMergedNameIsReplacedNeverServed) {
  const testing::TempDir elsewhere;
  write_run_file(elsewhere.path() / "secret.key", "the signing key");
  write_run_file(dir_.path() / "subs-0.ass", script(kFirst));
  ASSERT_TRUE(current().has_value());
  // A hijacked run swaps the merged file for a link to a secret, and plants one at the
  // temporary name too.
  fs::remove(dir_.path() / "subs.ass");
  fs::create_symlink(elsewhere.path() / "secret.key", dir_.path() / "subs.ass");
  fs::create_symlink(elsewhere.path() / "secret.key", dir_.path() / "subs.ass.new");
  const std::optional<JobFile> served = current();
  ASSERT_TRUE(served.has_value());
  EXPECT_EQ(read_all(*served), script(kFirst));
  EXPECT_FALSE(fs::is_symlink(dir_.path() / "subs.ass"));
  std::ifstream secret(elsewhere.path() / "secret.key");
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(secret), {}), "the signing key");
}

TEST_F(MergedSubtitleFileTest, ARunFileThatIsALinkReadsAsEmpty) {
  const testing::TempDir elsewhere;
  write_run_file(elsewhere.path() / "other.ass", script(kFirst));
  fs::create_symlink(elsewhere.path() / "other.ass", dir_.path() / "subs-0.ass");
  EXPECT_FALSE(current().has_value());
}

TEST(SubtitleRuns, PastTheBudgetTheOldestRunsAreLeftOut) {
  const testing::TempDir dir;
  for (int run = 0; run < 4; ++run) {
    write_run_file(dir.path() / ("subs-" + std::to_string(run) + ".vtt"),
                   std::string(10, 'a' + run));
  }
  const auto name = [](int run) { return "subs-" + std::to_string(run) + ".vtt"; };
  EXPECT_EQ(subtitle_run_count(dir.path(), name), 4);
  EXPECT_EQ(read_subtitle_runs(dir.path(), name, 25),
            (std::vector<std::string>{"", "", std::string(10, 'c'), std::string(10, 'd')}));
  EXPECT_EQ(read_subtitle_runs(dir.path(), name).size(), 4U);
  EXPECT_EQ(read_subtitle_runs(dir.path(), name)[0], std::string(10, 'a'));
}

}  // namespace
}  // namespace tglink
