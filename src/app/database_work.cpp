#include "app/database_work.hpp"

#include "app/open_store.hpp"

namespace tglink {

namespace {

std::unique_ptr<Store> worker_connection(const Config& config) {
  if (!config.uses_postgres()) return nullptr;
  return open_store(config).store;
}

StoreExecutor::Mode mode_for(const Config& config) {
  return config.uses_postgres() ? StoreExecutor::Mode::kWorker : StoreExecutor::Mode::kInline;
}

}  // namespace

DatabaseWork::DatabaseWork(const Config& config, Store& service_store, Log& log)
    : own_store_(worker_connection(config)),
      chat_own_store_(worker_connection(config)),
      store_(own_store_ ? *own_store_ : service_store),
      chat_store_(chat_own_store_ ? *chat_own_store_ : service_store),
      store_work_(mode_for(config), log),
      lease_work_(mode_for(config), log),
      chat_work_(mode_for(config), log) {}

}  // namespace tglink
