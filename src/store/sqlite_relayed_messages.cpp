// SqliteStore: users' messages relayed to the leader (schema step 9). A single SQLite node always
// leads and never relays; the table is here so that both stores keep one contract and one
// schema, and `migrate-store` copies it like any other.

#include "store/relayed_message_order.hpp"
#include "store/sqlite_handle.hpp"
#include "store/sqlite_store.hpp"

namespace tglink {

bool SqliteStore::relay_message(const RelayedMessage& message) {
  require_valid_relay(message);
  SqliteStatement insert(database(),
                         "INSERT INTO relayed_messages (chat_id, message_id, relayed_unix) "
                         "VALUES (?1, ?2, ?3) ON CONFLICT (chat_id, message_id) DO NOTHING");
  StatementRun(insert)
      .bind(1, message.chat_id)
      .bind(2, message.message_id)
      .bind(3, message.relayed_unix)
      .finish();
  return database().changes() == 1;
}

std::vector<RelayedMessage> SqliteStore::claim_relayed_messages(int limit) {
  // Read and mark under one write lock, so two processes on the file never claim one message.
  SqliteTransaction transaction(database());
  SqliteStatement select(database(),
                         "SELECT chat_id, message_id, relayed_unix FROM relayed_messages "
                         "WHERE claimed = 0 ORDER BY relayed_unix, chat_id, message_id LIMIT ?1");
  std::vector<RelayedMessage> claimed;
  {
    StatementRun run(select);
    run.bind(1, std::int64_t{limit});
    while (run.next_row()) {
      claimed.push_back(RelayedMessage{run.int_at(0), run.int_at(1), run.int_at(2)});
    }
  }
  SqliteStatement mark(database(),
                       "UPDATE relayed_messages SET claimed = 1 "
                       "WHERE chat_id = ?1 AND message_id = ?2");
  for (const RelayedMessage& message : claimed) {
    StatementRun(mark).bind(1, message.chat_id).bind(2, message.message_id).finish();
  }
  transaction.commit();
  sort_relayed_messages(claimed);
  return claimed;
}

int SqliteStore::delete_claimed_relays_before(std::int64_t unix_time) {
  SqliteStatement remove(database(),
                         "DELETE FROM relayed_messages WHERE claimed = 1 AND relayed_unix < ?1");
  StatementRun(remove).bind(1, unix_time).finish();
  return static_cast<int>(database().changes());
}

}  // namespace tglink
