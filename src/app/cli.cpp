#include "app/cli.hpp"

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <unistd.h>

#include "app/local_port.hpp"
#include "app/migrate_store_command.hpp"
#include "app/online_check.hpp"
#include "app/service.hpp"
#include "config/check_config_command.hpp"
#include "config/config_loader.hpp"
#include "config/config_problem.hpp"
#include "config/env_file.hpp"
#include "config/process_environment.hpp"
#include "logging/log.hpp"
#include "playback/media_allow_lists.hpp"
#include "store/database_url.hpp"

namespace tglink {
namespace {

constexpr const char* kUsage =
    "Usage:\n"
    "  tglink                      run the bot and the HTTP server\n"
    "  tglink check-config         validate the settings and print them (secrets masked)\n"
    "  tglink check-config --online  also fetch BASE_URL's self-test path: do links open?\n"
    "  tglink healthcheck          exit 0 when this machine's tglink answers /healthz\n"
    "  tglink media-formats        print the demuxers, decoders and protocols ffmpeg may open\n"
    "  tglink demo [--send FILE...]  run the local demo on the TDLib simulator\n"
    "  tglink migrate-store --to postgresql://user:pass@host/db\n"
    "                              copy DATA_DIR's SQLite database into an empty PostgreSQL one\n"
    "  tglink version              print the version\n"
    "Settings come from the environment and ./.env; see README.md.\n";

struct Arguments {
  std::string command = "serve";
  std::vector<std::string> files;  // demo --send
  std::vector<std::string> rest;   // migrate-store's options, checked by the command
};

std::optional<Arguments> parse_arguments(int argc, char** argv) {
  Arguments args;
  std::vector<std::string> words(argv + 1, argv + argc);
  if (!words.empty()) args.command = words.front();
  if (args.command == "demo" && words.size() > 1) {
    if (words[1] != "--send" || words.size() < 3) return std::nullopt;
    args.files.assign(words.begin() + 2, words.end());
    return args;
  }
  if (args.command == "check-config" && words.size() == 2 && words[1] == "--online") {
    args.rest.push_back(words[1]);
    return args;
  }
  if (args.command == "migrate-store") {
    args.rest.assign(words.begin() + 1, words.end());
    return args;
  }
  if (words.size() > 1) return std::nullopt;
  return args;
}

// The simulator built next to this binary: build/tglink -> build/sim/libtdjson.so.
std::filesystem::path simulator_next_to_binary() {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return self.parent_path() / "sim" / "libtdjson.so";
}

std::optional<EnvMap> read_dotenv() {
  const EnvFileResult dotenv = read_env_file(".env");
  if (dotenv.ok()) return dotenv.values;
  for (const std::string& error : dotenv.errors) std::cerr << error << '\n';
  std::cerr << "Fix .env and run again.\n";
  return std::nullopt;
}

void register_secrets(Log& log, const Config& config) {
  log.add_secret(config.bot_token);
  log.add_secret(config.api_hash);
  log.add_secret(config.secret_key);
  for (const std::string& token : config.additional_bot_tokens) log.add_secret(token);
  log.add_secret(database_url_password(config.database_url));
}

// The simulator, loaded into this process, reads its settings from the environment.
void prepare_demo_environment(const Config& config) {
  ::setenv("LOG_CHANNEL", std::to_string(config.log_channel).c_str(), 0);
  const std::filesystem::path socket = std::filesystem::absolute(config.data_dir) / "sim.sock";
  ::setenv("TGLINK_SIM_SOCKET", socket.c_str(), 0);
}

int serve(const Arguments& args) {
  const std::optional<EnvMap> dotenv = read_dotenv();
  if (!dotenv) return 2;
  const bool demo = args.command == "demo";
  ConfigDefaults defaults = build_config_defaults();
  if (demo) defaults.tdjson_path = simulator_next_to_binary();
  const ConfigLoadResult loaded = load_config(read_process_environment(), *dotenv,
                                              demo ? ConfigMode::Demo : ConfigMode::Bot, defaults);
  if (!loaded.ok()) {
    std::cerr << format_problems(loaded.problems) << '\n';
    return 2;
  }
  const Config& config = *loaded.config;
  export_missing_to_process_environment(*dotenv);
  if (demo) prepare_demo_environment(config);
  Log log{LogOptions{.console_level = parse_log_level(config.log_level).value_or(LogLevel::Info)}};
  register_secrets(log, config);
  try {
    Service service{config, log, ServiceOptions{.demo = demo, .demo_files = args.files}};
    return service.run();
  } catch (const std::exception& e) {
    log.critical("{}", e.what());
    return 1;
  }
}

int check_config(const Arguments& args) {
  const std::optional<EnvMap> dotenv = read_dotenv();
  if (!dotenv) return 2;
  const EnvMap env = read_process_environment();
  const int checked = run_check_config(env, *dotenv, std::cout, std::cerr);
  if (checked != 0 || args.rest.empty()) return checked;
  const ConfigLoadResult loaded =
      load_config(env, *dotenv, ConfigMode::Bot, build_config_defaults());
  return run_online_check(*loaded.config, std::cout, std::cerr);
}

// For container and service health checks: no credentials needed, no curl in the image. PORT
// and BIND_ADDRESS are read as the server reads them, so `PORT=` (empty) means 8080 here too.
int healthcheck() {
  const std::optional<EnvMap> dotenv = read_dotenv();
  if (!dotenv) return 2;
  const ListenSettingsResult listen = load_listen_settings(read_process_environment(), *dotenv);
  if (!listen.problems.empty()) {
    std::cerr << "tglink healthcheck: " << format_problems(listen.problems) << '\n';
    return 2;
  }
  std::string error;
  const int status = local_http_status(listen.bind_address, listen.port, "/healthz", 5, error);
  if (status == 200) return 0;
  std::cerr << "tglink healthcheck: "
            << (status == 0 ? error : "/healthz answered HTTP " + std::to_string(status)) << '\n';
  return 1;
}

int migrate_store(const Arguments& args) {
  const std::optional<EnvMap> dotenv = read_dotenv();
  if (!dotenv) return 2;
  return run_migrate_store(args.rest, read_process_environment(), *dotenv, std::cout, std::cerr);
}

// The allow-lists every ffprobe and ffmpeg run gets, one per line as ffmpeg's options take them,
// so an operator (or bench/playback.sh) can run ffmpeg by hand exactly as tglink does.
int media_formats() {
  std::cout << "format_whitelist " << demuxer_allow_list() << '\n'
            << "codec_whitelist " << decoder_allow_list() << '\n'
            << "protocol_whitelist " << kProtocolAllowList << '\n';
  return 0;
}

}  // namespace

int run_cli(int argc, char** argv) {
  const std::optional<Arguments> args = parse_arguments(argc, argv);
  if (!args) {
    std::cerr << kUsage;
    return 2;
  }
  if (args->command == "serve" || args->command == "demo") return serve(*args);
  if (args->command == "check-config") return check_config(*args);
  if (args->command == "healthcheck") return healthcheck();
  if (args->command == "migrate-store") return migrate_store(*args);
  if (args->command == "media-formats") return media_formats();
  if (args->command == "version" || args->command == "--version") {
    std::cout << "tglink " << TGLINK_VERSION << '\n';
    return 0;
  }
  if (args->command == "help" || args->command == "--help" || args->command == "-h") {
    std::cout << kUsage;
    return 0;
  }
  std::cerr << "Unknown command \"" << args->command << "\".\n" << kUsage;
  return 2;
}

}  // namespace tglink
