// Where the link key comes from: SECRET_KEY, or a private file made once in DATA_DIR.

#include "links/secret_key.hpp"

#include <fstream>
#include <numeric>
#include <thread>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "support/temp_dir.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using ::testing::Not;

namespace fs = std::filesystem;

mode_t mode_of(const fs::path& path) {
  struct stat info {};
  EXPECT_EQ(::stat(path.c_str(), &info), 0) << path;
  return info.st_mode & 07777;
}

void write_file(const fs::path& path, const std::string& content, mode_t mode) {
  std::ofstream(path, std::ios::binary) << content;
  ASSERT_EQ(::chmod(path.c_str(), mode), 0);
}

std::string message_of(std::string_view configured, const fs::path& data_dir) {
  try {
    (void)load_secret_key(configured, data_dir);
  } catch (const SecretKeyError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no SecretKeyError";
  return {};
}

TEST(SecretKeyTest, ConfiguredKeyIsUsedAsGivenAndNoFileIsMade) {
  const testing::TempDir dir;
  const SecretKey key = load_secret_key("exactly sixteen!", dir.path());
  EXPECT_EQ(key.bytes, "exactly sixteen!");
  EXPECT_EQ(key.origin, "SECRET_KEY");
  EXPECT_FALSE(key.created);
  EXPECT_FALSE(fs::exists(dir.path() / "secret.key"));
}

TEST(SecretKeyTest, ShortConfiguredKeyIsRefusedWithoutEchoingIt) {
  const testing::TempDir dir;
  const std::string message = message_of("hunter2-short", dir.path());
  EXPECT_THAT(message, HasSubstr("SECRET_KEY"));
  EXPECT_THAT(message, HasSubstr("16"));
  EXPECT_THAT(message, Not(HasSubstr("hunter2")));
}

TEST(SecretKeyTest, GeneratedKeyIsPrivateAndReused) {
  const testing::TempDir dir;
  const fs::path data_dir = dir.path() / "data" / "nested";  // made if missing
  const SecretKey first = load_secret_key("", data_dir);
  EXPECT_TRUE(first.created);
  EXPECT_EQ(first.origin, (data_dir / "secret.key").string());
  EXPECT_THAT(first.bytes, MatchesRegex("[0-9a-f]{64}"));
  EXPECT_EQ(mode_of(data_dir / "secret.key"), 0600u);

  const SecretKey second = load_secret_key("", data_dir);
  EXPECT_FALSE(second.created);
  EXPECT_EQ(second.bytes, first.bytes);
  // No temporary files are left behind.
  EXPECT_EQ(std::distance(fs::directory_iterator(data_dir), fs::directory_iterator{}), 1);
}

TEST(SecretKeyTest, EachDataDirGetsItsOwnRandomKey) {
  const testing::TempDir a;
  const testing::TempDir b;
  EXPECT_NE(load_secret_key("", a.path()).bytes, load_secret_key("", b.path()).bytes);
}

TEST(SecretKeyTest, ProcessesStartingTogetherAgreeOnOneKey) {
  for (int round = 0; round < 10; ++round) {
    const testing::TempDir dir;
    std::vector<std::string> keys(6);
    std::vector<int> created(keys.size(), 0);
    {
      std::vector<std::jthread> starters;
      for (std::size_t i = 0; i < keys.size(); ++i) {
        starters.emplace_back([&, i] {
          const SecretKey key = load_secret_key("", dir.path());
          keys[i] = key.bytes;
          created[i] = key.created ? 1 : 0;
        });
      }
    }
    for (const std::string& key : keys) {
      EXPECT_EQ(key, keys[0]);
    }
    EXPECT_EQ(std::accumulate(created.begin(), created.end(), 0), 1);
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator{}), 1);
  }
}

TEST(SecretKeyTest, GeneratedFileIsPrivateEvenWithAPermissiveUmask) {
  const testing::TempDir dir;
  const mode_t previous = ::umask(0);
  const SecretKey key = load_secret_key("", dir.path());
  ::umask(previous);
  EXPECT_EQ(mode_of(dir.path() / "secret.key"), 0600u);
  EXPECT_TRUE(key.created);
}

TEST(SecretKeyTest, ConfiguredKeyWinsOverAnExistingFile) {
  const testing::TempDir dir;
  (void)load_secret_key("", dir.path());
  EXPECT_EQ(load_secret_key("configured-key-123", dir.path()).bytes, "configured-key-123");
}

TEST(SecretKeyTest, FileContentIsTheKeySoItCanBeCopiedIntoSecretKey) {
  const testing::TempDir dir;
  write_file(dir.path() / "secret.key", "my-own-key-of-enough-length\r\n", 0600);
  const SecretKey key = load_secret_key("", dir.path());
  EXPECT_EQ(key.bytes, "my-own-key-of-enough-length");
  EXPECT_FALSE(key.created);
  EXPECT_EQ(load_secret_key(key.bytes, dir.path()).bytes, key.bytes);
}

TEST(SecretKeyTest, FileOthersCanReadIsRefusedWithTheFix) {
  const testing::TempDir dir;
  const fs::path path = dir.path() / "secret.key";
  write_file(path, std::string(64, 'a') + "\n", 0644);
  const std::string message = message_of("", dir.path());
  EXPECT_THAT(message, HasSubstr(path.string()));
  EXPECT_THAT(message, HasSubstr("0644"));
  EXPECT_THAT(message, HasSubstr("chmod 600"));
  EXPECT_THAT(message, Not(HasSubstr(std::string(64, 'a'))));
  EXPECT_EQ(mode_of(path), 0644u);  // refused, not silently changed
}

TEST(SecretKeyTest, GroupWritableFileIsRefused) {
  const testing::TempDir dir;
  write_file(dir.path() / "secret.key", std::string(64, 'a'), 0620);
  EXPECT_THAT(message_of("", dir.path()), HasSubstr("0620"));
}

TEST(SecretKeyTest, ShortOrEmptyFileIsRefused) {
  const testing::TempDir dir;
  const fs::path path = dir.path() / "secret.key";
  write_file(path, "short\n", 0600);
  EXPECT_THAT(message_of("", dir.path()), HasSubstr(path.string()));
  write_file(path, "", 0600);
  EXPECT_THAT(message_of("", dir.path()), HasSubstr("fewer than 16"));
}

TEST(SecretKeyTest, DirectoryInPlaceOfTheFileIsRefused) {
  const testing::TempDir dir;
  fs::create_directory(dir.path() / "secret.key");
  EXPECT_THAT(message_of("", dir.path()), HasSubstr("not a regular file"));
}

TEST(SecretKeyTest, DataDirThatIsAFileIsNamed) {
  const testing::TempDir dir;
  const fs::path not_a_dir = dir.path() / "plain-file";
  write_file(not_a_dir, "x", 0600);
  EXPECT_THAT(message_of("", not_a_dir), HasSubstr(not_a_dir.string()));
}

}  // namespace
}  // namespace tglink
