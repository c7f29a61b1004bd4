// The CTest fixture "postgres": `postgres_fixture start` starts one PostgreSQL server for the
// whole test run and writes its address to postgres_fixture_file(); `postgres_fixture stop`
// stops it and removes its directory. CTest runs them before the first and after the last test
// that requires the fixture (tests/support/CMakeLists.txt).

#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "support/postgres_server.hpp"

namespace {

using tglink::testing::postgres_fixture_file;

// Stops the server a previous (perhaps interrupted) run left behind, if any.
void stop_recorded_server() {
  std::ifstream in(postgres_fixture_file());
  std::string url;
  std::string directory;
  if (std::getline(in, url) && std::getline(in, directory) && !directory.empty()) {
    tglink::testing::stop_postgres_server(directory);
  }
  std::error_code ignored;
  std::filesystem::remove(postgres_fixture_file(), ignored);
}

int start() {
  stop_recorded_server();
  const tglink::testing::PostgresServerInfo server = tglink::testing::start_postgres_server();
  std::ofstream(postgres_fixture_file()) << server.admin_url << '\n'
                                         << server.directory.string() << '\n';
  std::cout << "PostgreSQL for the tests: 127.0.0.1:" << server.port << " in "
            << server.directory.string() << '\n';
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string command = argc == 2 ? argv[1] : "";
  try {
    if (command == "start") {
      return start();
    }
    if (command == "stop") {
      stop_recorded_server();
      return 0;
    }
  } catch (const std::exception& e) {
    std::cerr << "postgres_fixture " << command << ": " << e.what() << '\n';
    return 1;
  }
  std::cerr << "usage: postgres_fixture start|stop\n";
  return 2;
}
