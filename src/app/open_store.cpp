#include "app/open_store.hpp"

#include "store/postgres_store.hpp"
#include "store/sqlite_store.hpp"

namespace tglink {

std::filesystem::path sqlite_store_path(const std::filesystem::path& data_dir) {
  return data_dir / "tglink.db";
}

OpenedStore open_store(const Config& config) {
  if (config.uses_postgres()) {
    auto store = std::make_unique<PostgresStore>(config.database_url);
    std::string description = "PostgreSQL " + store->server();
    return OpenedStore{std::move(store), std::move(description)};
  }
  std::filesystem::create_directories(config.data_dir);
  const std::filesystem::path path = sqlite_store_path(config.data_dir);
  return OpenedStore{std::make_unique<SqliteStore>(path.string()), "SQLite " + path.string()};
}

}  // namespace tglink
