#pragma once
// `tglink migrate-store --to postgresql://user:pass@host[:port]/db`: copies this node's SQLite
// database (<DATA_DIR>/tglink.db, DATA_DIR from the environment or .env) into an empty
// PostgreSQL database (store/sqlite_to_postgres.hpp). Afterwards the node runs on the copy once
// DATABASE_URL is set to the same URL.

#include <ostream>
#include <string>
#include <vector>

#include "config/env_map.hpp"

namespace tglink {

// `args` are the words after "migrate-store". Returns the exit code: 0 copied, 1 the copy failed
// (nothing was copied), 2 bad usage or URL. The password never reaches `out` or `err`.
[[nodiscard]] int run_migrate_store(const std::vector<std::string>& args, const EnvMap& env,
                                    const EnvMap& dotenv, std::ostream& out, std::ostream& err);

}  // namespace tglink
