#include "store/sqlite_to_postgres.hpp"

#include <algorithm>
#include <set>

#include "store/migrations.hpp"
#include "store/postgres_connection.hpp"
#include "store/postgres_migrations.hpp"
#include "store/sqlite_handle.hpp"

namespace tglink {

namespace {

// PostgreSQL takes at most 65535 parameters per statement; rows are sent in batches below that.
constexpr std::size_t kMaxParamsPerInsert = 30000;

struct Table {
  std::string name;
  std::vector<std::string> columns;
  std::set<std::string> parents;  // tables its foreign keys point at
};

std::string quoted(const std::string& identifier) {
  std::string text = "\"";
  for (const char c : identifier) {
    text += c == '"' ? std::string("\"\"") : std::string(1, c);
  }
  return text + "\"";
}

std::vector<std::string> text_column(SqliteDatabase& db, const std::string& sql,
                                     const std::string& parameter) {
  SqliteStatement statement(db, sql);
  StatementRun run(statement);
  if (!parameter.empty()) {
    run.bind(1, parameter);
  }
  std::vector<std::string> values;
  while (run.next_row()) {
    values.push_back(run.text_at(0));
  }
  return values;
}

Table describe_table(SqliteDatabase& db, const std::string& name) {
  Table table{
      name, text_column(db, "SELECT name FROM pragma_table_info(?1) ORDER BY cid", name), {}};
  for (const std::string& parent :
       text_column(db, "SELECT \"table\" FROM pragma_foreign_key_list(?1)", name)) {
    if (parent != name) {
      table.parents.insert(parent);
    }
  }
  return table;
}

// Every table of the schema, each after the tables it references.
std::vector<Table> tables_in_copy_order(SqliteDatabase& db) {
  std::vector<Table> pending;
  for (const std::string& name : text_column(db,
                                             "SELECT name FROM sqlite_master WHERE type = 'table' "
                                             "AND name NOT LIKE 'sqlite_%' ORDER BY name",
                                             "")) {
    pending.push_back(describe_table(db, name));
  }
  std::vector<Table> ordered;
  std::set<std::string> placed;
  while (!pending.empty()) {
    const auto ready = std::find_if(pending.begin(), pending.end(), [&](const Table& table) {
      return std::all_of(table.parents.begin(), table.parents.end(),
                         [&](const std::string& parent) { return placed.contains(parent); });
    });
    if (ready == pending.end()) {
      throw StoreError(db.path() + ": foreign keys form a cycle at table " + pending.front().name);
    }
    placed.insert(ready->name);
    ordered.push_back(std::move(*ready));
    pending.erase(ready);
  }
  return ordered;
}

std::vector<std::string> postgres_columns(PgConnection& db, const std::string& table) {
  const PgResult result = db.query(
      "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() "
      "AND table_name = $1 ORDER BY ordinal_position",
      {table});
  std::vector<std::string> columns;
  for (int row = 0; row < result.rows(); ++row) {
    columns.push_back(result.text_at(row, 0));
  }
  return columns;
}

void require_same_columns(PgConnection& db, const Table& table) {
  std::vector<std::string> source = table.columns;
  std::vector<std::string> target = postgres_columns(db, table.name);
  std::sort(source.begin(), source.end());
  std::sort(target.begin(), target.end());
  if (source != target) {
    db.fail("table " + table.name + " does not match the SQLite one",
            "the schema steps differ; both sides are at schema version " +
                std::to_string(latest_schema_version()));
  }
}

// Locks every table against writes by running nodes, then refuses unless all are empty.
void require_empty_target(PgConnection& db, const std::vector<Table>& tables) {
  std::string names;
  for (const Table& table : tables) {
    names += (names.empty() ? "" : ", ") + quoted(table.name);
  }
  db.exec("LOCK TABLE " + names + " IN EXCLUSIVE MODE");
  std::string holding;
  for (const Table& table : tables) {
    const std::int64_t rows = db.query("SELECT COUNT(*) FROM " + quoted(table.name)).int_at(0, 0);
    if (rows > 0) {
      holding += (holding.empty() ? "" : ", ") + table.name + " (" + std::to_string(rows) + ")";
    }
  }
  if (!holding.empty()) {
    db.fail("the database already holds tglink data: " + holding,
            "migrate-store copies only into an empty database, so nothing was copied; point "
            "--to at a new database, or drop this one's tables first");
  }
}

std::string insert_statement(const Table& table, std::size_t rows) {
  std::string sql = "INSERT INTO " + quoted(table.name) + " (";
  for (std::size_t c = 0; c < table.columns.size(); ++c) {
    sql += (c == 0 ? "" : ", ") + quoted(table.columns[c]);
  }
  sql += ") VALUES ";
  std::size_t parameter = 1;
  for (std::size_t r = 0; r < rows; ++r) {
    sql += r == 0 ? "(" : ", (";
    for (std::size_t c = 0; c < table.columns.size(); ++c) {
      sql += (c == 0 ? "$" : ", $") + std::to_string(parameter++);
    }
    sql += ")";
  }
  return sql;
}

std::int64_t copy_table(SqliteDatabase& source, PgConnection& target, const Table& table) {
  std::string select = "SELECT ";
  for (std::size_t c = 0; c < table.columns.size(); ++c) {
    select += (c == 0 ? "" : ", ") + quoted(table.columns[c]);
  }
  SqliteStatement statement(source, select + " FROM " + quoted(table.name));
  StatementRun run(statement);
  const std::size_t columns = table.columns.size();
  const std::size_t batch_rows = std::max<std::size_t>(1, kMaxParamsPerInsert / columns);
  std::vector<PgParam> batch;
  std::int64_t copied = 0;
  const auto flush = [&] {
    if (!batch.empty()) {
      target.query(insert_statement(table, batch.size() / columns), batch);
      batch.clear();
    }
  };
  while (run.next_row()) {
    for (std::size_t c = 0; c < columns; ++c) {
      const int column = static_cast<int>(c);
      batch.push_back(run.is_null_at(column) ? PgParam(std::nullopt)
                                             : PgParam(run.text_at(column)));
    }
    ++copied;
    if (batch.size() / columns >= batch_rows) {
      flush();
    }
  }
  flush();
  return copied;
}

// Identity columns (broadcast ids) continue after the highest copied id.
void advance_identities(PgConnection& db) {
  const PgResult identities = db.query(
      "SELECT table_name, column_name FROM information_schema.columns "
      "WHERE table_schema = current_schema() AND is_identity = 'YES'");
  for (int row = 0; row < identities.rows(); ++row) {
    const std::string table = identities.text_at(row, 0);
    const std::string column = identities.text_at(row, 1);
    db.query("SELECT setval(pg_get_serial_sequence($1, $2), (SELECT COALESCE(MAX(" +
                 quoted(column) + "), 0) + 1 FROM " + quoted(table) + "), false)",
             {quoted(table), column});
  }
}

}  // namespace

StoreCopyReport copy_sqlite_to_postgres(const std::filesystem::path& sqlite_file,
                                        const std::string& postgres_url) {
  if (!std::filesystem::is_regular_file(sqlite_file)) {
    throw StoreError(sqlite_file.string() + ": no SQLite database to copy (is DATA_DIR right?)");
  }
  SqliteDatabase source(sqlite_file.string());
  migrate_schema(source);
  PgConnection target(postgres_url);
  migrate_schema(target);

  const std::vector<Table> tables = tables_in_copy_order(source);
  StoreCopyReport report{target.server(), {}};
  PgTransaction transaction(target);
  require_empty_target(target, tables);
  source.exec("BEGIN");  // one snapshot of the whole file
  for (const Table& table : tables) {
    require_same_columns(target, table);
    report.tables.push_back(CopiedTable{table.name, copy_table(source, target, table)});
  }
  source.exec("COMMIT");
  advance_identities(target);
  transaction.commit();
  return report;
}

}  // namespace tglink
