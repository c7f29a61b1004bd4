// SqliteStore: users' messages and button presses relayed to the leader (schema step 9). A single
// SQLite node always leads and never relays; the table is here so that both stores keep one
// contract and one schema, and `migrate-store` copies it like any other.

#include "store/relayed_update_order.hpp"
#include "store/sqlite_handle.hpp"
#include "store/sqlite_store.hpp"

namespace tglink {

bool SqliteStore::relay_update(const RelayedUpdate& update) {
  require_valid_relay(update);
  SqliteStatement insert(database(),
                         "INSERT INTO relayed_updates (chat_id, message_id, query_id, query, "
                         "relayed_unix) VALUES (?1, ?2, ?3, ?4, ?5) "
                         "ON CONFLICT (chat_id, message_id, query_id) DO NOTHING");
  StatementRun(insert)
      .bind(1, update.chat_id)
      .bind(2, update.message_id)
      .bind(3, update.query_id)
      .bind(4, update.query)
      .bind(5, update.relayed_unix)
      .finish();
  return database().changes() == 1;
}

std::vector<RelayedUpdate> SqliteStore::claim_relayed_updates(int limit) {
  // Read and mark under one write lock, so two processes on the file never claim one update.
  SqliteTransaction transaction(database());
  SqliteStatement select(database(),
                         "SELECT chat_id, message_id, relayed_unix, query_id, query "
                         "FROM relayed_updates WHERE claimed = 0 "
                         "ORDER BY relayed_unix, chat_id, message_id, query_id LIMIT ?1");
  std::vector<RelayedUpdate> claimed;
  {
    StatementRun run(select);
    run.bind(1, std::int64_t{limit});
    while (run.next_row()) {
      claimed.push_back(RelayedUpdate{run.int_at(0), run.int_at(1), run.int_at(2), run.text_at(3),
                                      run.text_at(4)});
    }
  }
  SqliteStatement mark(database(),
                       "UPDATE relayed_updates SET claimed = 1 "
                       "WHERE chat_id = ?1 AND message_id = ?2 AND query_id = ?3");
  for (const RelayedUpdate& update : claimed) {
    StatementRun(mark)
        .bind(1, update.chat_id)
        .bind(2, update.message_id)
        .bind(3, update.query_id)
        .finish();
  }
  transaction.commit();
  sort_relayed_updates(claimed);
  return claimed;
}

int SqliteStore::delete_claimed_relays_before(std::int64_t unix_time) {
  SqliteStatement remove(database(),
                         "DELETE FROM relayed_updates WHERE claimed = 1 AND relayed_unix < ?1");
  StatementRun(remove).bind(1, unix_time).finish();
  return static_cast<int>(database().changes());
}

}  // namespace tglink
