#include "app/database_work.hpp"

#include <vector>

#include "app/open_store.hpp"
#include "store/store_pool.hpp"

namespace tglink {

namespace {

// One connection of its own, for the chat side's worker.
std::unique_ptr<Store> chat_connection(const Config& config) {
  if (!config.uses_postgres()) return nullptr;
  return open_store(config).store;
}

// STORE_POOL_SIZE connections, one for each worker.
std::unique_ptr<Store> worker_connections(const Config& config) {
  if (!config.uses_postgres()) return nullptr;
  std::vector<std::unique_ptr<Store>> connections;
  for (int i = 0; i < config.store_pool_size; ++i) connections.push_back(open_store(config).store);
  return std::make_unique<StorePool>(std::move(connections));
}

StoreExecutor::Mode mode_for(const Config& config) {
  return config.uses_postgres() ? StoreExecutor::Mode::kWorker : StoreExecutor::Mode::kInline;
}

}  // namespace

DatabaseWork::DatabaseWork(const Config& config, Store& service_store, Log& log)
    : own_store_(worker_connections(config)),
      chat_own_store_(chat_connection(config)),
      store_(own_store_ ? *own_store_ : service_store),
      chat_store_(chat_own_store_ ? *chat_own_store_ : service_store),
      store_work_(mode_for(config), log, static_cast<std::size_t>(config.store_pool_size)),
      lease_work_(mode_for(config), log),
      chat_work_(mode_for(config), log) {}

}  // namespace tglink
