#pragma once
// The statements that delete records nobody can use any more (ops/record_retention.hpp), written
// once for both stores: they differ only in how a parameter is spelled (?1 in SQLite, $1 in
// PostgreSQL). Each deletes at most `limit` rows, chosen by a sub-select, so one call holds the
// write lock for a bounded time however large the table is.

#include <string>
#include <string_view>

namespace tglink {

// Link records (table links) made before the cutoff that either expired before it or are
// revoked. The revocation itself (revoked_links) stays: the HTTP side still checks it.
[[nodiscard]] std::string delete_dead_links_sql(std::string_view cutoff, std::string_view limit);

// Closed batches made before the cutoff that either expired before it or are revoked, with their
// files (batch_files goes by ON DELETE CASCADE). Open batches stay: their owner may still /done.
[[nodiscard]] std::string delete_dead_batches_sql(std::string_view cutoff, std::string_view limit);

// Channel posts (channel mode) whose links expired before the cutoff, or whose copy in the log
// channel is revoked: their buttons are never put back, and a re-post makes a fresh copy.
[[nodiscard]] std::string delete_dead_channel_posts_sql(std::string_view cutoff,
                                                        std::string_view limit);

// Throws StoreError unless 0 < limit.
void require_positive_limit(int limit);

}  // namespace tglink
