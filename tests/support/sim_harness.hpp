#pragma once
// The end-to-end harness: the real `tglink` binary of this build running on the TDLib
// simulator (build/sim/libtdjson.so), on a free port, in a fresh temporary directory. Tests act
// as Telegram users through the simulator's control socket and fetch links over real HTTP.
//
// The link key is fixed (kSecretKey), so a test can mint tokens with LinkTokenCodec for files
// it put into the log channel itself.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <utility>

#include "sim/control_client.hpp"
#include "support/http_client.hpp"
#include "support/sim_world.hpp"
#include "support/temp_dir.hpp"
#include "support/tglink_process.hpp"

namespace tglink::testing {

struct SimHarnessOptions {
  // Extra settings for tglink (and the simulator, which reads the same environment), e.g.
  // {"ADMINS","42"}, {"MAX_LINKS_PER_DAY","2"}. They override the harness's defaults.
  std::map<std::string, std::string> env;
  // Contents of TGLINK_SIM_CONFIG (src/sim/README.md), or empty for none.
  std::string sim_config_json;
  // Wait until /api/info reports the main bot connected before returning.
  bool wait_connected = true;
  // Join this shared world (TGLINK_SIM_WORLD) instead of a simulator inside tglink: several
  // harnesses on one world are several tglink processes on one Telegram, which outlives them.
  // The world's own options set it up (sim_config_json must stay empty); it must outlive the
  // harness.
  SimWorld* world = nullptr;
  // The HTTP port, or 0 for a free one (tests that start harnesses at once pick distinct ones).
  std::uint16_t port = 0;
};

// Options with these settings (and TGLINK_SIM_CONFIG contents), the rest as by default: what
// most scenarios change.
[[nodiscard]] inline SimHarnessOptions with_env(std::map<std::string, std::string> env,
                                                std::string sim_config_json = "") {
  SimHarnessOptions options;
  options.env = std::move(env);
  options.sim_config_json = std::move(sim_config_json);
  return options;
}

// The path of the first link after `route` ("/dl/", "/stream/") in a bot's reply, or "".
[[nodiscard]] std::string link_path_in(const std::string& reply_text, const std::string& route);

class SimHarness {
 public:
  static constexpr std::int64_t kLogChannel = -1001000000001;
  static constexpr const char* kMainBotToken = "1000000001:SIMtoken_main_bot_for_end_to_end_tests";
  static constexpr std::int64_t kMainBotId = 1000000001;
  static constexpr const char* kSecretKey = "end-to-end-test-link-key-0123456789";

  explicit SimHarness(SimHarnessOptions options = {});
  ~SimHarness();
  SimHarness(const SimHarness&) = delete;
  SimHarness& operator=(const SimHarness&) = delete;

  [[nodiscard]] std::uint16_t port() const { return port_; }
  [[nodiscard]] std::string base_url() const;
  [[nodiscard]] const std::filesystem::path& dir() const { return dir_.path(); }
  [[nodiscard]] TglinkProcess& process() { return *process_; }
  // The simulator's control socket (reconnected after restart()).
  [[nodiscard]] sim::ControlClient& sim() { return *sim_; }

  [[nodiscard]] HttpResult get(const std::string& target) { return http_get(port_, target); }
  [[nodiscard]] HttpResult call(const HttpCall& call) { return http_call(port_, call); }

  // Polls GET /api/info until it answers `status` (200 connected, 500 disconnected).
  [[nodiscard]] bool wait_for_api_status(
      int status, std::chrono::milliseconds limit = std::chrono::seconds(30));

  // Stops tglink with SIGTERM (returns its exit status) ...
  int stop();
  // ... and starts it again in the same directory and port (the store and TDLib data remain;
  // the simulator's world starts afresh, since it lives in the tglink process, unless the
  // harness is on a shared world).
  void restart();
  // The TGLINK_SIM_CONFIG contents from the next restart() on: the world to rebuild, say with
  // a user's message at the id it had before.
  void set_sim_config(std::string json) { options_.sim_config_json = std::move(json); }

  // The path of a new file of `size` pseudo-random bytes (seeded by `seed`) in dir().
  [[nodiscard]] std::filesystem::path make_file(const std::string& name, std::uint64_t size,
                                                std::uint32_t seed = 1) const;

 private:
  void start();

  SimHarnessOptions options_;
  TempDir dir_{"tglink-e2e"};
  std::uint16_t port_;
  std::unique_ptr<TglinkProcess> process_;
  std::unique_ptr<sim::ControlClient> sim_;
};

// The whole content of a file, for byte-exact comparisons.
[[nodiscard]] std::string read_file(const std::filesystem::path& path);

}  // namespace tglink::testing
