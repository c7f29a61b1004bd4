#include "store/retention_statements.hpp"

#include <fmt/format.h>

#include "store/store.hpp"

namespace tglink {

std::string delete_dead_links_sql(std::string_view cutoff, std::string_view limit) {
  // Two sub-selects joined by UNION rather than one OR, so each side uses its index
  // (links_by_expiry from schema step 10, revoked_links' primary key).
  return fmt::format(
      "DELETE FROM links WHERE message_id IN (SELECT message_id FROM ("
      "SELECT message_id FROM links WHERE expires_unix > 0 AND expires_unix < {0} "
      "AND created_unix < {0} "
      "UNION SELECT l.message_id FROM links l JOIN revoked_links r "
      "ON r.message_id = l.message_id WHERE l.created_unix < {0}) AS dead LIMIT {1})",
      cutoff, limit);
}

std::string delete_dead_batches_sql(std::string_view cutoff, std::string_view limit) {
  return fmt::format(
      "DELETE FROM batches WHERE id IN (SELECT id FROM batches WHERE state = 'closed' "
      "AND created_unix < {0} AND ((expires_unix > 0 AND expires_unix < {0}) OR revoked <> 0) "
      "LIMIT {1})",
      cutoff, limit);
}

std::string delete_dead_channel_posts_sql(std::string_view cutoff, std::string_view limit) {
  return fmt::format(
      "DELETE FROM channel_posts WHERE (chat_id, message_id) IN (SELECT chat_id, message_id FROM ("
      "SELECT chat_id, message_id FROM channel_posts WHERE expires_unix > 0 AND expires_unix < {0} "
      "UNION SELECT p.chat_id, p.message_id FROM channel_posts p JOIN revoked_links r "
      "ON r.message_id = p.copy_message_id WHERE p.copy_message_id <> 0) AS dead LIMIT {1})",
      cutoff, limit);
}

void require_positive_limit(int limit) {
  if (limit <= 0) {
    throw StoreError("retention: the batch size must be positive, not " + std::to_string(limit));
  }
}

}  // namespace tglink
