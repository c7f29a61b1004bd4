#pragma once
// Where the service's database work runs (docs/performance.md "The database off the I/O thread").
//
// On PostgreSQL every Store call is a network round trip, so the work the HTTP side and the
// periodic jobs cause (revocation checks, bandwidth and traffic flushes, heartbeats, clean-ups)
// runs on a store executor with a pool of STORE_POOL_SIZE connections of its own (one worker
// each, store/store_pool.hpp), and the leader lease is renewed on another (it has its own
// connection already, cluster/postgres_lease.hpp), so a slow data query never delays a renewal. The
// chat side's calls (ChatContext::on_store) run on a third executor with a third connection, so a
// chat call that waits on the database (a locked row, a slow query) never holds up a download's
// revocation check or /api/info queued behind it on one worker. The batch page and the relay of
// users' messages between nodes use the pool too. The service's first connection is read at start
// only (the user count, every revocation).
//
// On SQLite all three executors run inline on the I/O thread, on the service's one store: its calls
// take microseconds, less than handing them to a thread would cost.

#include <memory>

#include "config/config.hpp"
#include "store/store.hpp"
#include "store/store_executor.hpp"

namespace tglink {

class Log;

class DatabaseWork {
 public:
  // Opens the executors' own connections on PostgreSQL (the pool's and the chat worker's);
  // throws StoreError as open_store().
  DatabaseWork(const Config& config, Store& service_store, Log& log);
  DatabaseWork(const DatabaseWork&) = delete;
  DatabaseWork& operator=(const DatabaseWork&) = delete;

  // The store that work on store_work() uses, and only there.
  [[nodiscard]] Store& store() { return store_; }
  [[nodiscard]] StoreExecutor& store_work() { return store_work_; }
  // Leader lease renewals and releases.
  [[nodiscard]] StoreExecutor& lease_work() { return lease_work_; }
  // The chat side's store, used on chat_work() only.
  [[nodiscard]] Store& chat_store() { return chat_store_; }
  [[nodiscard]] StoreExecutor& chat_work() { return chat_work_; }

 private:
  std::unique_ptr<Store> own_store_;       // PostgreSQL: the workers' StorePool; null on SQLite
  std::unique_ptr<Store> chat_own_store_;  // PostgreSQL: the chat worker's; null on SQLite
  Store& store_;
  Store& chat_store_;
  // After the stores, so they are joined before those close.
  StoreExecutor store_work_;
  StoreExecutor lease_work_;
  StoreExecutor chat_work_;
};

}  // namespace tglink
