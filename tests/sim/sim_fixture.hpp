#pragma once
// A test that talks to the simulator as tglink does (dlopen + TDLib JSON) and acts on it as a
// user through the control socket. Each test runs in its own process, so each gets a fresh
// process-wide simulator, configured through the environment before the library is first used.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "sim/bot_settings.hpp"
#include "sim/control_client.hpp"
#include "support/temp_dir.hpp"
#include "td_json_driver.hpp"

namespace tglink::testing {

inline constexpr std::int64_t kLogChannel = -1001234567890;
inline constexpr std::int64_t kBotId = 123456;
inline const std::string kBotToken = "123456:AAHsimulatedTokenSecretPart_abcdefghij";
inline constexpr std::int64_t kUserId = 5550001;
// File sizes, in the simulator's own unit.
using sim::kMiB;

// inputMessageText with plain `text`, as sendMessage and editMessageText take it.
boost::json::object text_content(const std::string& text);
// sendMessage of plain `text` to `chat_id`.
boost::json::object send_text_request(std::int64_t chat_id, const std::string& text);
// setTdlibParameters with the tests' fixed application fields, its database in `directory`.
boost::json::object tdlib_parameters(const std::filesystem::path& directory);
// `answer` is TDLib's error with `code` and `message`.
void expect_td_error(const boost::json::object& answer, int code, const std::string& message);
// downloadFile of `file_id` at priority 1: `limit` bytes from `offset` (0 = to the end).
boost::json::object download_request(int file_id, std::int64_t offset, std::int64_t limit,
                                     bool synchronous = false);

// Fields of TDLib's answers and updates, read as every simulator test reads them.
// The `local` part of a file object (its download state).
const boost::json::object& local(const boost::json::object& file);
// The integer field `name` of `object`.
std::int64_t number(const boost::json::object& object, const char* name);
// The boolean field `name` of `object`.
bool flag(const boost::json::object& object, const char* name);
// Whether the download of `file` has completed.
bool completed(const boost::json::object& file);
// The state an updateConnectionState names, e.g. "connectionStateReady".
std::string connection_state(const boost::json::object& update);

class SimTest : public ::testing::Test {
 protected:
  void SetUp() override;
  // Runs before the simulator is first loaded: the place to set its environment.
  virtual void configure() {}
  // The next updateFile of `file_id` for which `match` holds.
  boost::json::object wait_file(int file_id,
                                const std::function<bool(const boost::json::object&)>& match);
  boost::json::object request(int client, boost::json::object request) {
    return td_->request(client, std::move(request));
  }

  // A new client taken through setTdlibParameters (its own directory under the temp dir).
  int new_client(bool offline = false);
  // A new client logged in with `token`; waits for authorizationStateReady.
  int login(const std::string& token = kBotToken);
  // A sparse file of `size` bytes whose every 4 KiB block starts with its block number.
  std::filesystem::path make_file(const std::string& name, std::int64_t size);
  // A file the user sent to the bot, as the bot's file id; answers the message too.
  int receive_file(int client, const std::filesystem::path& path, const std::string& kind,
                   boost::json::object* message = nullptr);

  TempDir temp_{"tglink-sim-test"};
  std::unique_ptr<TdJsonDriver> td_;
  std::unique_ptr<sim::ControlClient> control_;
  int next_directory_ = 0;
};

}  // namespace tglink::testing
