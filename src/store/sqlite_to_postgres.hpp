#pragma once
// `tglink migrate-store`: copies a node's SQLite database into an empty PostgreSQL database, so a
// single node can become the first of several.
//
// Both sides are first brought to the latest schema version (store/migrations.hpp), so their
// tables match; then every table of the SQLite schema is copied, parents before the tables that
// reference them, in ONE PostgreSQL transaction: a failure copies nothing. A target that already
// holds any tglink row is refused rather than merged, because merging counters and ids of two
// histories has no right answer. The SQLite file is read in one read transaction, a consistent
// snapshot even while a node still writes to it.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace tglink {

struct CopiedTable {
  std::string table;
  std::int64_t rows = 0;
};

struct StoreCopyReport {
  std::string target;  // "host:port/database as user"
  std::vector<CopiedTable> tables;
};

// Throws StoreError naming the file or the server (never the password) and what went wrong: no
// such SQLite file, cannot connect, target not empty, a row PostgreSQL refuses.
[[nodiscard]] StoreCopyReport copy_sqlite_to_postgres(const std::filesystem::path& sqlite_file,
                                                      const std::string& postgres_url);

}  // namespace tglink
