#pragma once
// The database schema as an ordered list of steps. `PRAGMA user_version` holds the number of the
// last step applied; opening a database applies the missing steps in order, each in its own
// transaction, so a crash between steps leaves a database at a clean, known version.
//
// Rules for changing the schema: never edit a step that has shipped (databases in the field
// already ran it); append a new step instead. Step N must have version N.

#include <span>
#include <string_view>

namespace tglink {

class SqliteDatabase;

struct Migration {
  int version = 0;               // 1, 2, 3, ...: the user_version after this step
  std::string_view description;  // for error messages: which step failed
  std::string_view sql;          // one or more statements
};

// All steps, oldest first.
[[nodiscard]] std::span<const Migration> schema_migrations();

// The version a fully migrated database has.
[[nodiscard]] int latest_schema_version();

// Brings `db` up to latest_schema_version(). Throws StoreError naming the file and the step if a
// step fails, or if the database is newer than this program (written by a later tglink).
void migrate_schema(SqliteDatabase& db);

}  // namespace tglink
