// SqliteStore's own behaviour on a real file: reopening, sharing the file, locks, bad files.
// The Store contract itself is tested for every store in store_contract_test.cpp.

#include "store/sqlite_store.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "store/sqlite_handle.hpp"
#include "store_records.hpp"
#include "support/temp_dir.hpp"

namespace tglink {
namespace {

using ::testing::HasSubstr;

using testing::make_upload;
using testing::write_one_of_each;

// --- files ---

TEST(SqliteStoreFileTest, ReopenAfterCloseKeepsData) {
  const testing::TempDir dir;
  const std::string path = dir.file("tglink.db");
  std::int64_t job_id = 0;
  {
    SqliteStore store(path);
    job_id = write_one_of_each(store);
  }
  SqliteStore store(path);
  EXPECT_EQ(store.find_user(1)->username, "ann");
  EXPECT_EQ(store.find_user(1)->links_total, 1);
  EXPECT_EQ(store.links_on_day(1, "2025-03-01"), 1);
  EXPECT_EQ(store.links_total(), 1);
  EXPECT_EQ(store.bandwidth_used("2025-03"), 4096);
  EXPECT_TRUE(store.is_revoked(5 << 20));
  ASSERT_EQ(store.unfinished_broadcasts().size(), 1u);
  EXPECT_EQ(store.unfinished_broadcasts()[0].id, job_id);
  EXPECT_TRUE(store.broadcast_recipient_done(job_id, 1));
  EXPECT_FALSE(store.mark_broadcast_recipient(job_id, 1, "sent"));
}

TEST(SqliteStoreFileTest, TwoConnectionsSeeEachOthersWrites) {
  const testing::TempDir dir;
  const std::string path = dir.file("tglink.db");
  SqliteStore writer(path);
  SqliteStore reader(path);
  writer.add_bandwidth("2025-03", 10);
  EXPECT_EQ(reader.bandwidth_used("2025-03"), 10);
  reader.add_bandwidth("2025-03", 5);
  EXPECT_EQ(writer.bandwidth_used("2025-03"), 15);
}

TEST(SqliteStoreFileTest, WriterGivesUpAfterTheBusyTimeoutWithAClearError) {
  const testing::TempDir dir;
  const std::string path = dir.file("tglink.db");
  SqliteStore store(path, SqliteStoreOptions{std::chrono::milliseconds(1)});
  SqliteDatabase other(path);
  SqliteTransaction holding_the_write_lock(other);
  try {
    store.add_bandwidth("2025-03", 1);
    FAIL() << "wrote while another connection held the lock";
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr(path));
    EXPECT_THAT(e.what(), HasSubstr("locked"));
  }
  // Readers are not blocked by a writer in WAL mode.
  EXPECT_EQ(store.bandwidth_used("2025-03"), 0);
}

TEST(SqliteStoreFileTest, UnopenableFileIsNamedInTheError) {
  const testing::TempDir dir;
  const std::string path = dir.file("no-such-folder/tglink.db");
  try {
    SqliteStore store(path);
    FAIL() << "opened " << path;
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr(path));
  }
}

TEST(SqliteStoreFileTest, FileThatIsNotADatabaseIsNamedInTheError) {
  const testing::TempDir dir;
  const std::string path = dir.file("garbage.db");
  {
    std::FILE* file = std::fopen(path.c_str(), "wb");
    ASSERT_NE(file, nullptr);
    const std::string junk(4096, 'x');
    std::fwrite(junk.data(), 1, junk.size(), file);
    std::fclose(file);
  }
  try {
    SqliteStore store(path);
    FAIL() << "opened " << path;
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr(path));
    EXPECT_THAT(e.what(), HasSubstr("not a database"));
  }
}

TEST(SqliteStoreFileTest, PendingUploadsSurviveReopening) {
  const testing::TempDir dir;
  const std::string path = dir.file("uploads.db");
  {
    SqliteStore store(path);
    (void)store.add_pending_upload(make_upload(7, 1, "held"));
    (void)store.add_pending_upload(make_upload(8, 3));
  }
  SqliteStore reopened(path);
  const std::vector<PendingUpload> uploads = reopened.pending_uploads();
  ASSERT_EQ(uploads.size(), 2U);
  EXPECT_EQ(uploads[0].user_id, 7);
  EXPECT_EQ(uploads[0].stage, "held");
  EXPECT_EQ(uploads[1].message_id, 3 << 20);
}

}  // namespace
}  // namespace tglink
