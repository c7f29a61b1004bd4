#pragma once
// The default Store: one SQLite file (usually <DATA_DIR>/tglink.db) in WAL mode.
//
// Opening applies any missing schema steps (store/migrations.hpp). Every query is prepared once
// here and reused. Not thread-safe: like the Store interface, it is used from the I/O thread.
// Several processes may open the same file; writers wait up to the busy timeout for each other.

#include <chrono>
#include <memory>
#include <string>

#include "store/store.hpp"

namespace tglink {

class SqliteDatabase;

struct SqliteStoreOptions {
  // How long a statement waits for another connection's write lock before failing.
  std::chrono::milliseconds busy_timeout{5000};
};

class SqliteStore final : public Store {
 public:
  // `path` is a file name (created if missing; its folder must exist) or ":memory:".
  // Throws StoreError naming the file if it cannot be opened or migrated.
  explicit SqliteStore(const std::string& path, SqliteStoreOptions options = {});
  ~SqliteStore() override;

  // Every Store method, declared once for both stores.
#include "store/store_overrides.inc"

 private:
  // The open, migrated database, for the methods defined in other files.
  [[nodiscard]] SqliteDatabase& database();

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tglink
