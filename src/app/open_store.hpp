#pragma once
// Chooses and opens the Store a node uses: PostgreSQL when DATABASE_URL is set (several nodes
// share it), otherwise SQLite in <DATA_DIR>/tglink.db (one node). Both apply missing schema steps
// on opening.

#include <filesystem>
#include <memory>
#include <string>

#include "config/config.hpp"
#include "store/store.hpp"

namespace tglink {

struct OpenedStore {
  std::unique_ptr<Store> store;
  std::string description;  // for the start-up log; never contains a password
};

// Throws StoreError naming the file or the server (never the password) when it cannot open.
[[nodiscard]] OpenedStore open_store(const Config& config);

// Where the SQLite store of `data_dir` lives.
[[nodiscard]] std::filesystem::path sqlite_store_path(const std::filesystem::path& data_dir);

}  // namespace tglink
