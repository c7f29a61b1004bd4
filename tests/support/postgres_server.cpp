#include "support/postgres_server.hpp"

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <vector>

#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <sys/wait.h>
#include <unistd.h>

#include "store/postgres_connection.hpp"
#include "support/build_paths.hpp"
#include "support/tglink_process.hpp"

namespace tglink::testing {

namespace {

namespace fs = std::filesystem;

// The newest /usr/lib/postgresql/<major>/bin that has both tools.
fs::path server_bin_dir() {
  const fs::path root = "/usr/lib/postgresql";
  fs::path best;
  int best_major = -1;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(root, ec)) {
    const fs::path bin = entry.path() / "bin";
    int major = -1;
    std::istringstream(entry.path().filename().string()) >> major;
    if (major > best_major && fs::exists(bin / "initdb") && fs::exists(bin / "pg_ctl")) {
      best = bin;
      best_major = major;
    }
  }
  if (best.empty()) {
    throw std::runtime_error(
        "no PostgreSQL server in /usr/lib/postgresql/*/bin: install the Debian package "
        "\"postgresql\" (scripts/install-deps.sh --test)");
  }
  return best;
}

// Who runs the server: the `postgres` system user when we are root (PostgreSQL refuses root),
// else ourselves.
struct ServerUser {
  bool switch_user = false;
  uid_t uid = 0;
  gid_t gid = 0;
};

ServerUser server_user() {
  if (::geteuid() != 0) {
    return {};
  }
  const passwd* entry = ::getpwnam("postgres");
  if (entry == nullptr) {
    throw std::runtime_error(
        "running as root, and there is no \"postgres\" user to run the test server as "
        "(the Debian package postgresql creates it)");
  }
  return ServerUser{true, entry->pw_uid, entry->pw_gid};
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs `argv` as the server user with output appended to `log`; returns the exit status.
int run_tool(const ServerUser& user, const std::vector<std::string>& args, const fs::path& log) {
  std::vector<char*> argv;
  for (const std::string& arg : args) {
    argv.push_back(const_cast<char*>(arg.c_str()));
  }
  argv.push_back(nullptr);
  const int log_fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  const int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(null_fd, STDIN_FILENO);
    ::dup2(log_fd, STDOUT_FILENO);
    ::dup2(log_fd, STDERR_FILENO);
    if (user.switch_user &&
        (::setgroups(0, nullptr) != 0 || ::setgid(user.gid) != 0 || ::setuid(user.uid) != 0)) {
      ::_exit(126);
    }
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(log_fd);
  ::close(null_fd);
  if (pid < 0) {
    throw std::system_error(errno, std::generic_category(), "fork for " + args.front());
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

void give_to(const ServerUser& user, const fs::path& path) {
  if (user.switch_user && ::chown(path.c_str(), user.uid, user.gid) != 0) {
    throw std::system_error(errno, std::generic_category(), "chown " + path.string());
  }
}

fs::path make_server_directory(const ServerUser& user) {
  // The postgres user must reach the directory: a TMPDIR inside root's home would not do.
  const fs::path base = user.switch_user ? fs::path("/tmp") : fs::temp_directory_path();
  std::string pattern = (base / "tglink-postgres-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    throw std::system_error(errno, std::generic_category(), "mkdtemp " + pattern);
  }
  give_to(user, pattern);
  return pattern;
}

void init_cluster(const fs::path& bin, const ServerUser& user, const fs::path& dir) {
  const fs::path password_file = dir / "password";
  std::ofstream(password_file) << kPostgresTestPassword << '\n';
  give_to(user, password_file);
  // Password (SCRAM) over TCP, as in production; no sync, since a test database may be lost.
  const int status =
      run_tool(user,
               {(bin / "initdb").string(), "-D", (dir / "data").string(), "-U", kPostgresTestUser,
                "--pwfile=" + password_file.string(), "--auth-host=scram-sha-256",
                "--auth-local=trust", "-E", "UTF8", "--locale=C", "--no-sync"},
               dir / "initdb.log");
  if (status != 0) {
    throw std::runtime_error("initdb failed (status " + std::to_string(status) + "):\n" +
                             read_file(dir / "initdb.log"));
  }
}

bool start_on_port(const fs::path& bin, const ServerUser& user, const fs::path& dir,
                   std::uint16_t port) {
  const std::string server_options =
      "-p " + std::to_string(port) + " -k " + dir.string() +
      " -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off"
      " -c full_page_writes=off";
  return run_tool(user,
                  {(bin / "pg_ctl").string(), "-D", (dir / "data").string(), "-l",
                   (dir / "server.log").string(), "-w", "-t", "60", "-o", server_options, "start"},
                  dir / "pg_ctl.log") == 0;
}

std::string admin_url_for(std::uint16_t port) {
  return std::string("postgresql://") + kPostgresTestUser + ":" + kPostgresTestPassword +
         "@127.0.0.1:" + std::to_string(port) + "/postgres";
}

// The fixture's server, if its file names one that answers now.
std::string fixture_admin_url() {
  std::ifstream in(postgres_fixture_file());
  std::string url;
  if (!std::getline(in, url) || url.empty()) {
    return {};
  }
  try {
    const PgConnection probe(url, PgConnectionOptions{.connect_timeout_seconds = 5});
    return url;
  } catch (const StoreError&) {
    return {};  // left over from an interrupted run
  }
}

// This process's server, when there is no fixture: stopped at exit.
class OwnServer {
 public:
  OwnServer() : info_(start_postgres_server()) {}
  ~OwnServer() { stop_postgres_server(info_.directory); }
  OwnServer(const OwnServer&) = delete;
  OwnServer& operator=(const OwnServer&) = delete;
  [[nodiscard]] const std::string& admin_url() const { return info_.admin_url; }

 private:
  PostgresServerInfo info_;
};

std::string unique_database_name() {
  std::random_device random;
  return "tglink_test_" + std::to_string(::getpid()) + "_" + std::to_string(random());
}

}  // namespace

PostgresServerInfo start_postgres_server() {
  const fs::path bin = server_bin_dir();
  const ServerUser user = server_user();
  const fs::path dir = make_server_directory(user);
  try {
    init_cluster(bin, user, dir);
    // A free port may be taken by someone else before the server binds it: try a few.
    for (int attempt = 0; attempt < 3; ++attempt) {
      const std::uint16_t port = free_tcp_port();
      if (start_on_port(bin, user, dir, port)) {
        return PostgresServerInfo{dir, port, admin_url_for(port)};
      }
    }
    throw std::runtime_error("pg_ctl start failed:\n" + read_file(dir / "pg_ctl.log") +
                             read_file(dir / "server.log"));
  } catch (...) {
    std::error_code ignored;
    fs::remove_all(dir, ignored);
    throw;
  }
}

void stop_postgres_server(const fs::path& directory) {
  try {
    if (fs::exists(directory / "data" / "postmaster.pid")) {
      run_tool(server_user(),
               {(server_bin_dir() / "pg_ctl").string(), "-D", (directory / "data").string(), "-m",
                "fast", "-w", "stop"},
               directory / "pg_ctl.log");
    }
  } catch (const std::exception&) {
    // Removing the directory below still makes a left-over server exit (it checks its data).
  }
  std::error_code ignored;
  fs::remove_all(directory, ignored);
}

fs::path postgres_fixture_file() {
  return fs::path(TGLINK_BINARY_DIR) / "tests" / "postgres-server.txt";
}

std::string postgres_database_url(const std::string& admin_url, const std::string& database) {
  return admin_url.substr(0, admin_url.rfind('/') + 1) + database;
}

const std::string& shared_postgres_admin_url() {
  static const std::string fixture = fixture_admin_url();
  if (!fixture.empty()) {
    return fixture;
  }
  static const OwnServer own;
  return own.admin_url();
}

ScratchPostgresDatabase::ScratchPostgresDatabase()
    : name_(unique_database_name()),
      url_(postgres_database_url(shared_postgres_admin_url(), name_)) {
  PgConnection admin(shared_postgres_admin_url());
  admin.exec("CREATE DATABASE " + name_);
}

ScratchPostgresDatabase::~ScratchPostgresDatabase() {
  try {
    PgConnection admin(shared_postgres_admin_url());
    // FORCE ends the connections of stores the test did not close.
    admin.exec("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
  } catch (const StoreError&) {
    // The server goes away with the fixture; nothing is left to clean.
  }
}

}  // namespace tglink::testing
