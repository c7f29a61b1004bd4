#pragma once
// The fixture of the Store contract tests: each test on a fresh, empty store of each kind,
// SQLite (:memory:) and a real PostgreSQL server (support/postgres_server.hpp), where a
// PostgreSQL store gets a database of its own. Instantiate a suite with
// TGLINK_ON_EACH_STORE(SuiteName).

#include <memory>
#include <ostream>
#include <string>

#include <gtest/gtest.h>

#include "store/postgres_store.hpp"
#include "store/sqlite_store.hpp"
#include "support/postgres_server.hpp"

namespace tglink::testing {

enum class StoreKind { Sqlite, Postgres };

inline std::string kind_name(StoreKind kind) {
  return kind == StoreKind::Sqlite ? "Sqlite" : "Postgres";
}

// For gtest's test names and messages.
inline void PrintTo(StoreKind kind, std::ostream* out) { *out << kind_name(kind); }

class EachStoreTest : public ::testing::TestWithParam<StoreKind> {
 protected:
  static std::unique_ptr<testing::ScratchPostgresDatabase> database_for(StoreKind kind) {
    return kind == StoreKind::Postgres ? std::make_unique<testing::ScratchPostgresDatabase>()
                                       : nullptr;
  }
  static std::unique_ptr<Store> open(StoreKind kind, const testing::ScratchPostgresDatabase* db) {
    if (kind == StoreKind::Postgres) return std::make_unique<PostgresStore>(db->url());
    return std::make_unique<SqliteStore>(":memory:");
  }

  std::unique_ptr<testing::ScratchPostgresDatabase> database_ = database_for(GetParam());
  std::unique_ptr<Store> owned_ = open(GetParam(), database_.get());
  Store& store = *owned_;
};

}  // namespace tglink::testing

#define TGLINK_ON_EACH_STORE(suite)                                            \
  INSTANTIATE_TEST_SUITE_P(                                                    \
      Stores, suite,                                                           \
      ::testing::Values(::tglink::testing::StoreKind::Sqlite,                  \
                        ::tglink::testing::StoreKind::Postgres),               \
      [](const ::testing::TestParamInfo<::tglink::testing::StoreKind>& info) { \
        return ::tglink::testing::kind_name(info.param);                       \
      })
