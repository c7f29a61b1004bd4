#pragma once
// Keeps this node's revoked links in memory current (links/revoked_links.hpp), so that the file
// and poster routes check a link without a database round trip:
//   - at start, every revocation is read from the store;
//   - each revocation this node's store commits (the chat side's) is added as it commits, which
//     on SQLite (one node) is all there is;
//   - on PostgreSQL (several nodes), a listener with a connection of its own hears every node's
//     revocations within milliseconds (store/postgres_revocation_listener.hpp); while it is down,
//     refresh_if_unheard(), called every kRevocationRefreshEvery, re-reads them all on the store
//     executor. So a revocation stops the link on every node within that bound.

#include <memory>

#include "links/revoked_links.hpp"

namespace tglink {

class Config;
class DatabaseWork;
class Log;
class PostgresRevocationListener;
class Store;

class RevocationWatch {
 public:
  // Reads every revocation from `service_store` (throws StoreError as the store does); `work`
  // runs the fallback re-reads. Both outlive this.
  RevocationWatch(const Config& config, Store& service_store, DatabaseWork& work, Log& log);
  ~RevocationWatch();
  RevocationWatch(const RevocationWatch&) = delete;
  RevocationWatch& operator=(const RevocationWatch&) = delete;

  [[nodiscard]] const RevokedLinks& revoked() const { return revoked_; }
  // On PostgreSQL while the listener is down: queues a re-read of every revocation.
  void refresh_if_unheard();

 private:
  // This node's revocations committed through `store` are added as they commit.
  void watch(Store& store);

  DatabaseWork& work_;
  RevokedLinks revoked_;
  std::unique_ptr<PostgresRevocationListener> listener_;  // PostgreSQL only
};

}  // namespace tglink
