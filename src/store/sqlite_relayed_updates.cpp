// SqliteStore: users' messages and button presses relayed to the leader (schema step 9). A single
// SQLite node always leads and never relays; the table is here so that both stores keep one
// contract and one schema, and `migrate-store` copies it like any other.

#include "store/record_rows.hpp"
#include "store/relayed_update_order.hpp"
#include "store/sqlite_handle.hpp"
#include "store/sqlite_store.hpp"

namespace tglink {

bool SqliteStore::relay_update(const RelayedUpdate& update) {
  require_valid_relay(update);
  return run_statement(database(),
                       "INSERT INTO relayed_updates (chat_id, message_id, query_id, query, "
                       "relayed_unix) VALUES (?1, ?2, ?3, ?4, ?5) "
                       "ON CONFLICT (chat_id, message_id, query_id) DO NOTHING",
                       update.chat_id, update.message_id, update.query_id, update.query,
                       update.relayed_unix) == 1;
}

std::vector<RelayedUpdate> SqliteStore::claim_relayed_updates(int limit) {
  // Read and mark under one write lock, so two processes on the file never claim one update.
  SqliteTransaction transaction(database());
  std::vector<RelayedUpdate> claimed =
      select_rows(database(),
                  "SELECT chat_id, message_id, relayed_unix, query_id, query "
                  "FROM relayed_updates WHERE claimed = 0 "
                  "ORDER BY relayed_unix, chat_id, message_id, query_id LIMIT ?1",
                  read_relayed_update<StatementRun>, std::int64_t{limit});
  SqliteStatement mark(database(),
                       "UPDATE relayed_updates SET claimed = 1 "
                       "WHERE chat_id = ?1 AND message_id = ?2 AND query_id = ?3");
  for (const RelayedUpdate& update : claimed) {
    StatementRun(mark).bind_all(update.chat_id, update.message_id, update.query_id).finish();
  }
  transaction.commit();
  sort_relayed_updates(claimed);
  return claimed;
}

int SqliteStore::delete_claimed_relays_before(std::int64_t unix_time) {
  return static_cast<int>(run_statement(
      database(), "DELETE FROM relayed_updates WHERE claimed = 1 AND relayed_unix < ?1",
      unix_time));
}

}  // namespace tglink
