// PostgresStore: deleting link records and batches nobody can use any more (store/store.hpp,
// "retention"). Each call is one bounded statement; several nodes running it at once delete each
// row once, and a row another node already deleted is simply not counted.

#include "store/postgres_connection.hpp"
#include "store/postgres_store.hpp"
#include "store/retention_statements.hpp"

namespace tglink {

int PostgresStore::delete_dead_links(std::int64_t cutoff_unix, int limit) {
  require_positive_limit(limit);
  return static_cast<int>(
      db_->query(delete_dead_links_sql("$1", "$2"), {cutoff_unix, std::int64_t{limit}}).affected());
}

int PostgresStore::delete_dead_batches(std::int64_t cutoff_unix, int limit) {
  require_positive_limit(limit);
  return static_cast<int>(
      db_->query(delete_dead_batches_sql("$1", "$2"), {cutoff_unix, std::int64_t{limit}})
          .affected());
}

int PostgresStore::delete_dead_channel_posts(std::int64_t cutoff_unix, int limit) {
  require_positive_limit(limit);
  return static_cast<int>(
      db_->query(delete_dead_channel_posts_sql("$1", "$2"), {cutoff_unix, std::int64_t{limit}})
          .affected());
}

}  // namespace tglink
