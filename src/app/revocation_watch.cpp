#include "app/revocation_watch.hpp"

#include "app/database_work.hpp"
#include "config/config.hpp"
#include "store/postgres_revocation_listener.hpp"
#include "store/store.hpp"

namespace tglink {

RevocationWatch::RevocationWatch(const Config& config, Store& service_store, DatabaseWork& work,
                                 Log& log)
    : work_(work) {
  revoked_.add_all(service_store.revoked_links());
  // This node's own revocations (the chat side's writes) count at once, on either store: on
  // PostgreSQL the chat side has a connection of its own (DatabaseWork::chat_store()).
  watch(service_store);
  if (&work.chat_store() != &service_store) watch(work.chat_store());
  if (config.uses_postgres()) {  // other nodes' revocations
    listener_ = std::make_unique<PostgresRevocationListener>(
        config.database_url,
        [this](const std::vector<std::int64_t>& message_ids) { revoked_.add_all(message_ids); },
        log);
  }
}

RevocationWatch::~RevocationWatch() = default;

void RevocationWatch::watch(Store& store) {
  store.watch_revocations([this, &store](std::optional<std::int64_t> message_id) {
    if (message_id) {
      revoked_.add(*message_id);
    } else {
      revoked_.add_all(store.revoked_links());
    }
  });
}

void RevocationWatch::refresh_if_unheard() {
  if (!listener_ || listener_->listening()) return;
  work_.store_work().post_job("revocation refresh",
                              [this] { revoked_.add_all(work_.store().revoked_links()); });
}

}  // namespace tglink
