#pragma once
// The database schema as an ordered list of steps, one list for both stores. In SQLite
// `PRAGMA user_version` holds the number of the last step applied; in PostgreSQL the one-row table
// tglink_schema_version does (store/postgres_migrations.hpp). Opening a database applies the
// missing steps in order, each in its own transaction, so a crash between steps leaves a
// database at a clean, known version.
//
// Each step carries its SQL in both dialects side by side, under one version number. A neutral
// form translated at run time would have to cover types, identity columns, upsert spellings and
// partial indexes, and would itself become schema code that must never change; two literal texts
// next to each other are easier to review, and tests/store/postgres_migrations_test.cpp checks
// that both dialects produce the same tables and columns, so they cannot drift apart unnoticed.
//
// Rules for changing the schema: never edit a step that has shipped (databases in the field
// already ran it); append a new step, in both dialects. Step N must have version N.

#include <span>
#include <string>
#include <string_view>

#include "store/store.hpp"

namespace tglink {

class SqliteDatabase;

struct Migration {
  int version = 0;               // 1, 2, 3, ...: the user_version after this step
  std::string_view description;  // for error messages: which step failed
  std::string_view sqlite;       // one or more statements, SQLite dialect
  std::string_view postgresql;   // the same step for PostgreSQL
};

// All steps, oldest first.
[[nodiscard]] std::span<const Migration> schema_migrations();

// The version a fully migrated database has.
[[nodiscard]] int latest_schema_version();

// Runs `sql`, the step's text in `db`'s dialect; a StoreError it throws comes back naming the step.
template <typename Connection>
void run_schema_step(Connection& db, const Migration& step, std::string_view sql) {
  try {
    db.exec(sql);
  } catch (const StoreError& e) {
    throw StoreError("schema step " + std::to_string(step.version) + " (" +
                     std::string(step.description) + ") failed: " + e.what());
  }
}

// Brings `db` up to latest_schema_version(). Throws StoreError naming the file and the step if a
// step fails, or if the database is newer than this program (written by a later tglink).
void migrate_schema(SqliteDatabase& db);

}  // namespace tglink
