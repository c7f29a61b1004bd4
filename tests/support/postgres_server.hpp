#pragma once
// A real, private PostgreSQL server for tests (no mock): Debian's initdb and pg_ctl, found in
// /usr/lib/postgresql/<version>/bin (the newest installed; PATH is not consulted), run into a
// fresh directory under the system temp folder, listening on a free 127.0.0.1 port. Clients log
// in with a password over TCP, as tglink does in production.
//
// PostgreSQL refuses to run as root, and tests run as root in CI: then the server's commands run
// as the `postgres` system user (created by the Debian package), which owns the directory.
//
// One server serves a whole CTest run: the CTest fixture "postgres" (tests/support/CMakeLists.txt)
// starts it before the first test that needs it and stops it after the last, and leaves its
// address in postgres_fixture_file(). A test binary run by hand, without CTest, starts its own.

#include <cstdint>
#include <filesystem>
#include <string>

namespace tglink::testing {

// The test server's login. The password is distinctive so a test can assert that no message
// ever contains it.
inline constexpr const char* kPostgresTestUser = "tglink";
inline constexpr const char* kPostgresTestPassword = "pg-Test-Secret-4711";

struct PostgresServerInfo {
  std::filesystem::path directory;  // data, socket, log; removed by stop_postgres_server()
  std::uint16_t port = 0;
  std::string admin_url;  // postgresql://tglink:<password>@127.0.0.1:<port>/postgres
};

// Starts a fresh server that outlives this process. Throws std::runtime_error with the server's
// log when initdb or the start fails.
[[nodiscard]] PostgresServerInfo start_postgres_server();

// Stops the server (fast shutdown) and removes its directory. Never throws.
void stop_postgres_server(const std::filesystem::path& directory);

// Where the CTest fixture writes the server's address: "<admin url>\n<directory>\n".
[[nodiscard]] std::filesystem::path postgres_fixture_file();

// The URL of a database named `database` on the same server as `admin_url`.
[[nodiscard]] std::string postgres_database_url(const std::string& admin_url,
                                                const std::string& database);

// A server for this process, started on first use: the CTest fixture's when it answers,
// otherwise one of its own, stopped when the process exits.
[[nodiscard]] const std::string& shared_postgres_admin_url();

// An empty database of its own on the shared server for one test, dropped at scope end, so tests
// running in parallel never see each other's rows.
class ScratchPostgresDatabase {
 public:
  ScratchPostgresDatabase();
  ~ScratchPostgresDatabase();
  ScratchPostgresDatabase(const ScratchPostgresDatabase&) = delete;
  ScratchPostgresDatabase& operator=(const ScratchPostgresDatabase&) = delete;

  [[nodiscard]] const std::string& url() const { return url_; }
  [[nodiscard]] const std::string& name() const { return name_; }

 private:
  std::string name_;
  std::string url_;
};

}  // namespace tglink::testing
