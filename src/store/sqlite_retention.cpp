// SqliteStore: deleting link records and batches nobody can use any more (store/store.hpp,
// "retention"). Each call is one bounded statement in its own implicit transaction.

#include "store/retention_statements.hpp"
#include "store/sqlite_handle.hpp"
#include "store/sqlite_store.hpp"

namespace tglink {

namespace {

int run_bounded_delete(SqliteDatabase& db, const std::string& sql, std::int64_t cutoff_unix,
                       int limit) {
  require_positive_limit(limit);
  SqliteStatement remove(db, sql);
  StatementRun(remove).bind(1, cutoff_unix).bind(2, std::int64_t{limit}).finish();
  return static_cast<int>(db.changes());
}

}  // namespace

int SqliteStore::delete_dead_links(std::int64_t cutoff_unix, int limit) {
  return run_bounded_delete(database(), delete_dead_links_sql("?1", "?2"), cutoff_unix, limit);
}

int SqliteStore::delete_dead_batches(std::int64_t cutoff_unix, int limit) {
  // batch_files go by ON DELETE CASCADE (foreign keys are on for every connection), and count
  // in changes() no more than the batch rows do.
  return run_bounded_delete(database(), delete_dead_batches_sql("?1", "?2"), cutoff_unix, limit);
}

int SqliteStore::delete_dead_channel_posts(std::int64_t cutoff_unix, int limit) {
  return run_bounded_delete(database(), delete_dead_channel_posts_sql("?1", "?2"), cutoff_unix,
                            limit);
}

}  // namespace tglink
