#include "app/migrate_store_command.hpp"

#include <optional>

#include "app/open_store.hpp"
#include "config/env_reader.hpp"
#include "store/database_url.hpp"
#include "store/sqlite_to_postgres.hpp"
#include "store/store.hpp"

namespace tglink {

namespace {

constexpr const char* kUsage =
    "usage: tglink migrate-store --to postgresql://user:password@host[:port]/database\n";

std::optional<std::string> target_url(const std::vector<std::string>& args) {
  if (args.size() == 2 && args[0] == "--to") {
    return args[1];
  }
  if (args.size() == 1 && args[0].starts_with("--to=")) {
    return args[0].substr(5);
  }
  return std::nullopt;
}

std::filesystem::path data_dir(const EnvMap& env, const EnvMap& dotenv) {
  const std::optional<EnvValue> found = EnvReader(env, dotenv).get("DATA_DIR");
  return found ? std::filesystem::path(found->value) : std::filesystem::path("./data");
}

void print_report(const StoreCopyReport& report, const std::filesystem::path& source,
                  std::ostream& out) {
  out << "Copied " << source.string() << " to PostgreSQL " << report.target << ":\n";
  for (const CopiedTable& table : report.tables) {
    out << "  " << table.table << ": " << table.rows << (table.rows == 1 ? " row\n" : " rows\n");
  }
  out << "Set DATABASE_URL to this database (and the same SECRET_KEY) on every node.\n";
}

}  // namespace

int run_migrate_store(const std::vector<std::string>& args, const EnvMap& env, const EnvMap& dotenv,
                      std::ostream& out, std::ostream& err) {
  const std::optional<std::string> url = target_url(args);
  if (!url) {
    err << kUsage;
    return 2;
  }
  if (const std::optional<std::string> problem = database_url_problem(*url)) {
    err << "migrate-store: --to \"" << redact_database_url(*url) << "\" " << *problem << '\n'
        << kUsage;
    return 2;
  }
  const std::filesystem::path source = sqlite_store_path(data_dir(env, dotenv));
  try {
    print_report(copy_sqlite_to_postgres(source, *url), source, out);
    return 0;
  } catch (const StoreError& e) {
    err << "migrate-store: " << redact_password(*url, e.what()) << '\n';
    return 1;
  }
}

}  // namespace tglink
