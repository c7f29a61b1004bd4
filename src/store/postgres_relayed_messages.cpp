// PostgresStore: users' messages relayed from followers to the leader (schema step 9,
// docs/scaling.md "How users' messages reach the leader").

#include "store/postgres_connection.hpp"
#include "store/postgres_store.hpp"
#include "store/relayed_message_order.hpp"

namespace tglink {

bool PostgresStore::relay_message(const RelayedMessage& message) {
  require_valid_relay(message);
  const PgResult result = db_->query(
      "INSERT INTO relayed_messages (chat_id, message_id, relayed_unix) VALUES ($1, $2, $3) "
      "ON CONFLICT (chat_id, message_id) DO NOTHING",
      {message.chat_id, message.message_id, message.relayed_unix});
  return result.affected() == 1;
}

std::vector<RelayedMessage> PostgresStore::claim_relayed_messages(int limit) {
  // One statement: rows another claimer has locked are skipped, and a row is marked only while
  // still unclaimed, so of two claimers each message goes to one.
  const PgResult result = db_->query(
      "UPDATE relayed_messages SET claimed = 1 WHERE (chat_id, message_id) IN ("
      "SELECT chat_id, message_id FROM relayed_messages WHERE claimed = 0 "
      "ORDER BY relayed_unix, chat_id, message_id LIMIT $1 FOR UPDATE SKIP LOCKED) "
      "AND claimed = 0 RETURNING chat_id, message_id, relayed_unix",
      {std::int64_t{limit}});
  std::vector<RelayedMessage> claimed;
  for (int row = 0; row < result.rows(); ++row) {
    claimed.push_back(
        RelayedMessage{result.int_at(row, 0), result.int_at(row, 1), result.int_at(row, 2)});
  }
  sort_relayed_messages(claimed);  // RETURNING keeps no order
  return claimed;
}

int PostgresStore::delete_claimed_relays_before(std::int64_t unix_time) {
  const PgResult result = db_->query(
      "DELETE FROM relayed_messages WHERE claimed = 1 AND relayed_unix < $1", {unix_time});
  return static_cast<int>(result.affected());
}

}  // namespace tglink
