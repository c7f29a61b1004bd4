// PostgresStore: users' messages and button presses relayed from followers to the leader (schema
// step 9, docs/scaling.md "How users' messages reach the leader").

#include "store/postgres_connection.hpp"
#include "store/postgres_store.hpp"
#include "store/record_rows.hpp"
#include "store/relayed_update_order.hpp"

namespace tglink {

bool PostgresStore::relay_update(const RelayedUpdate& update) {
  require_valid_relay(update);
  const PgResult result = db_->query(
      "INSERT INTO relayed_updates (chat_id, message_id, query_id, query, relayed_unix) "
      "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (chat_id, message_id, query_id) DO NOTHING",
      {update.chat_id, update.message_id, update.query_id, update.query, update.relayed_unix});
  return result.affected() == 1;
}

std::vector<RelayedUpdate> PostgresStore::claim_relayed_updates(int limit) {
  // One statement: rows another claimer has locked are skipped, and a row is marked only while
  // still unclaimed, so of two claimers each message goes to one.
  const PgResult result = db_->query(
      "UPDATE relayed_updates SET claimed = 1 WHERE (chat_id, message_id, query_id) IN ("
      "SELECT chat_id, message_id, query_id FROM relayed_updates WHERE claimed = 0 "
      "ORDER BY relayed_unix, chat_id, message_id, query_id LIMIT $1 FOR UPDATE SKIP LOCKED) "
      "AND claimed = 0 RETURNING chat_id, message_id, relayed_unix, query_id, query",
      {std::int64_t{limit}});
  std::vector<RelayedUpdate> claimed = read_rows(result, read_relayed_update<PgRow>);
  sort_relayed_updates(claimed);  // RETURNING keeps no order
  return claimed;
}

int PostgresStore::delete_claimed_relays_before(std::int64_t unix_time) {
  const PgResult result = db_->query(
      "DELETE FROM relayed_updates WHERE claimed = 1 AND relayed_unix < $1", {unix_time});
  return static_cast<int>(result.affected());
}

}  // namespace tglink
