// DATA_DIR is made 0700 and private files 0600, whatever the umask.
#include "core/private_files.hpp"

#include <fstream>

#include <gtest/gtest.h>
#include <sys/stat.h>

#include "support/temp_dir.hpp"

namespace tglink {
namespace {

namespace fs = std::filesystem;

unsigned mode_of(const fs::path& path) {
  struct stat info {};
  EXPECT_EQ(::stat(path.c_str(), &info), 0) << path;
  return info.st_mode & 07777;
}

// Runs the test body under a permissive umask, so that 0600 cannot come from the umask.
class PrivateFiles : public ::testing::Test {
 protected:
  void SetUp() override { old_umask_ = ::umask(0); }
  void TearDown() override { ::umask(old_umask_); }
  testing::TempDir dir_{"tglink-private"};
  mode_t old_umask_ = 0;
};

TEST_F(PrivateFiles, NewDirectoryIs0700AndParentsAreMade) {
  const fs::path data = dir_.path() / "a" / "b" / "data";
  create_private_directory(data);
  EXPECT_EQ(mode_of(data), 0700U);
  EXPECT_TRUE(fs::is_directory(dir_.path() / "a" / "b"));
}

TEST_F(PrivateFiles, ExistingDirectoryIsLeftAlone) {
  const fs::path shared = dir_.path() / "shared";
  fs::create_directory(shared);
  fs::permissions(shared, fs::perms(0755), fs::perm_options::replace);
  create_private_directory(shared);
  EXPECT_EQ(mode_of(shared), 0755U);
}

TEST_F(PrivateFiles, NewFileIs0600) {
  const fs::path file = dir_.path() / "tglink.db";
  make_private_file(file);
  EXPECT_EQ(mode_of(file), 0600U);
  EXPECT_EQ(fs::file_size(file), 0U);
}

TEST_F(PrivateFiles, ExistingOpenFileIsNarrowedAndKeepsItsBytes) {
  const fs::path file = dir_.path() / "tglink.db";
  std::ofstream(file) << "content";
  fs::permissions(file, fs::perms(0644), fs::perm_options::replace);
  make_private_file(file);
  EXPECT_EQ(mode_of(file), 0600U);
  EXPECT_EQ(fs::file_size(file), 7U);
}

TEST_F(PrivateFiles, NarrowIfPresentIgnoresMissingFiles) {
  EXPECT_NO_THROW(narrow_if_present(dir_.path() / "missing-wal"));
  EXPECT_FALSE(fs::exists(dir_.path() / "missing-wal"));
}

TEST_F(PrivateFiles, UncreatableFileThrowsNamingIt) {
  try {
    make_private_file(dir_.path() / "no-such-dir" / "x.db");
    FAIL() << "expected an error";
  } catch (const fs::filesystem_error& e) {
    EXPECT_NE(std::string(e.what()).find("no-such-dir"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tglink
