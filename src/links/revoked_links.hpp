#pragma once
// The revoked links, held in memory so that a file request checks its link without a database
// round trip (docs/performance.md "A link check without the database").
//
// Filled once at start from Store::revoked_links(), then kept current:
//   - on SQLite, by the store's own writes (Store::watch_revocations): one node, one store;
//   - on PostgreSQL, by every node's revocation listener (store/postgres_revocation_listener.hpp):
//     LISTEN/NOTIFY within milliseconds, and a full re-read every kRevocationRefreshEvery while
//     the listener is down, which bounds how late a node learns of a revocation.
// A revocation is never undone, so the set only grows; an entry whose link has expired costs
// 8 bytes and is never asked about, since the token itself is refused first.
//
// Thread-safe: the I/O thread reads it, the listener's thread and the store executor add to it.

#include <cstdint>
#include <mutex>
#include <unordered_set>
#include <vector>

namespace tglink {

class RevokedLinks {
 public:
  [[nodiscard]] bool contains(std::int64_t message_id) const;
  void add(std::int64_t message_id);
  void add_all(const std::vector<std::int64_t>& message_ids);
  [[nodiscard]] std::size_t size() const;

 private:
  mutable std::mutex mutex_;
  std::unordered_set<std::int64_t> ids_;
};

}  // namespace tglink
