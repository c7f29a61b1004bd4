#include "support/sim_harness.hpp"

#include <cstring>
#include <fstream>
#include <random>
#include <stdexcept>
#include <thread>

#include <signal.h>

#include "support/build_paths.hpp"
#include "support/eventually.hpp"

namespace tglink::testing {

std::string link_path_in(const std::string& reply_text, const std::string& route) {
  const std::size_t at = reply_text.find(route);
  if (at == std::string::npos) return {};
  return reply_text.substr(at, reply_text.find_first_of("\n ", at) - at);
}

namespace {

std::filesystem::path simulator_library() {
  return std::filesystem::path(TGLINK_BINARY_DIR) / "sim" / "libtdjson.so";
}

// The socket appears once tglink has loaded the simulator; connect when it does.
std::unique_ptr<sim::ControlClient> connect_when_ready(const std::filesystem::path& socket,
                                                       TglinkProcess& process) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline) {
    if (std::filesystem::exists(socket)) {
      try {
        return std::make_unique<sim::ControlClient>(socket.string());
      } catch (const std::runtime_error&) {
        // not listening yet
      }
    }
    if (process.wait_for_exit(std::chrono::milliseconds(0)) != -1) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  throw std::runtime_error("the simulator's control socket never appeared; tglink said:\n" +
                           process.output());
}

}  // namespace

SimHarness::SimHarness(SimHarnessOptions options)
    : options_(std::move(options)), port_(options_.port != 0 ? options_.port : free_tcp_port()) {
  start();
}

SimHarness::~SimHarness() {
  sim_.reset();
  if (process_) (void)process_->stop(SIGTERM, std::chrono::seconds(10));
}

std::string SimHarness::base_url() const { return "http://127.0.0.1:" + std::to_string(port_); }

void SimHarness::start() {
  const std::filesystem::path socket =
      options_.world != nullptr ? options_.world->control_socket() : dir() / "sim.sock";
  std::map<std::string, std::string> env{{"BOT_TOKEN", kMainBotToken},
                                         {"API_ID", "1"},
                                         {"API_HASH", "00000000000000000000000000000000"},
                                         {"LOG_CHANNEL", std::to_string(kLogChannel)},
                                         {"TDJSON_PATH", simulator_library().string()},
                                         {"SECRET_KEY", kSecretKey},
                                         {"BIND_ADDRESS", "127.0.0.1"},
                                         {"PORT", std::to_string(port_)},
                                         {"BASE_URL", base_url()},
                                         {"DATA_DIR", (dir() / "data").string()},
                                         {"LOG_LEVEL", "DEBUG"}};
  if (options_.world != nullptr) {
    if (!options_.sim_config_json.empty()) {
      throw std::invalid_argument("a harness on a shared world takes its setup from SimWorld");
    }
    env["TGLINK_SIM_WORLD"] = options_.world->dir().string();
  } else {
    std::filesystem::remove(socket);
    env["TGLINK_SIM_SOCKET"] = socket.string();
  }
  if (!options_.sim_config_json.empty()) {
    const std::filesystem::path config = dir() / "sim-config.json";
    std::ofstream(config) << options_.sim_config_json;
    env["TGLINK_SIM_CONFIG"] = config.string();
  }
  for (const auto& [name, value] : options_.env) env[name] = value;
  process_ = std::make_unique<TglinkProcess>(
      TglinkProcessOptions{.args = {}, .env = env, .working_directory = dir()});
  if (!process_->wait_until_listening(port_)) {
    throw std::runtime_error("tglink did not start listening; it said:\n" + process_->output());
  }
  sim_ = connect_when_ready(socket, *process_);
  if (options_.wait_connected && !wait_for_api_status(200)) {
    throw std::runtime_error("the bot never connected on the simulator; tglink said:\n" +
                             process_->output());
  }
}

bool SimHarness::wait_for_api_status(int status, std::chrono::milliseconds limit) {
  return eventually([&] { return get("/api/info").status == status; }, limit);
}

int SimHarness::stop() {
  sim_.reset();
  return process_->stop(SIGTERM, std::chrono::seconds(10));
}

void SimHarness::restart() {
  if (process_->wait_for_exit(std::chrono::milliseconds(0)) == -1) (void)stop();
  start();
}

std::filesystem::path SimHarness::make_file(const std::string& name, std::uint64_t size,
                                            std::uint32_t seed) const {
  const std::filesystem::path path = dir() / name;
  std::ofstream out(path, std::ios::binary);
  std::mt19937_64 random{seed};
  std::string block(1 << 16, '\0');
  for (std::uint64_t written = 0; written < size;) {
    for (std::size_t i = 0; i < block.size(); i += 8) {
      const std::uint64_t word = random();
      std::memcpy(block.data() + i, &word, 8);
    }
    const std::uint64_t n = std::min<std::uint64_t>(block.size(), size - written);
    out.write(block.data(), static_cast<std::streamsize>(n));
    written += n;
  }
  return path;
}

// Read in one piece into a string of the file's size: tests read back files of tens of
// megabytes, and a growing stream buffer copied them several times (fresh pages under ASan).
std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::error_code error;
  const std::uintmax_t size = std::filesystem::file_size(path, error);
  if (!in || error) return {};
  std::string content(static_cast<std::size_t>(size), '\0');
  in.read(content.data(), static_cast<std::streamsize>(content.size()));
  content.resize(static_cast<std::size_t>(in.gcount()));
  return content;
}

}  // namespace tglink::testing
