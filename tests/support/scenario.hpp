#pragma once
// The scenario harness of the end-to-end tests: one tglink on the simulator (SimHarness), the
// Telegram users who talk to its bot, the files they send, the posts in its channels, and the
// waits for the bot's answers, each step said once here so a test reads as the conversation it
// checks. A test that needs one scenario per test derives its fixture from ScenarioTest; one that
// builds several in a test, or restarts, holds a Scenario.
//
// Waits use the named limits of support/eventually.hpp: they only turn a hang into a failure.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "sim/control_client.hpp"
#include "support/bot_replies.hpp"
#include "support/eventually.hpp"
#include "support/sim_harness.hpp"
#include "support/text_contains.hpp"
#include "support/user_file.hpp"

namespace tglink::testing {

// A Telegram user of the scenario, created in the simulator before the test talks.
struct ScenarioUser {
  ScenarioUser(std::int64_t user_id, std::string name, std::string user_name = "")
      : id(user_id), first_name(std::move(name)), username(std::move(user_name)) {}

  std::int64_t id;
  std::string first_name;
  std::string username;  // "" for none
};

// A post of `path` (under its own file name) that the owner of `channel` makes there.
sim::ChannelPostRequest channel_post(std::int64_t channel, const std::filesystem::path& path,
                                     std::string kind = "video");

// The message `message_id` of `chat` as it stands now (edits, buttons); nullopt when there is
// none.
std::optional<sim::SimMessage> message_in(sim::ControlClient& sim, std::int64_t chat,
                                          std::int64_t message_id);

class Scenario {
 public:
  // tglink started with `options`; then `users` exist.
  explicit Scenario(SimHarnessOptions options = {}, const std::vector<ScenarioUser>& users = {});

  [[nodiscard]] sim::ControlClient& sim() { return harness.sim(); }

  // Creates `users` in the simulator (again after a restart, whose world starts afresh).
  void create_users(const std::vector<ScenarioUser>& users);

  // `text` sent as `user`; the text of the bot's answer.
  std::string ask(std::int64_t user, const std::string& text, int wait_ms = kBotReplyWaitMs);
  // `path` sent as `user` with the given kind and MIME type (and file name, "" for the path's);
  // the bot's answer.
  sim::SimMessage send(std::int64_t user, const std::filesystem::path& path,
                       const std::string& kind, const std::string& mime_type,
                       const std::string& file_name = "");
  // A new file `name` of `size` pseudo-random bytes (seeded by `seed`), sent as a document by
  // `user`; the bot's answer.
  sim::SimMessage upload(std::int64_t user, const std::string& name, std::uint64_t size,
                         std::uint32_t seed = 1);

  // Where the test counts a chat's messages itself (several answers to one message, answers
  // that come on their own): the chat's message number `count` (1 is the first) once it came;
  // a test failure naming `what`, and an empty message, when it did not.
  sim::SimMessage message_number(std::int64_t user, std::size_t count, const std::string& what);
  // `text` sent as `user`; the chat's message number `count`.
  sim::SimMessage say(std::int64_t user, const std::string& text, std::size_t count);
  // The file of `request` sent; the chat's message number `count`.
  sim::SimMessage send_counted(const sim::SendFileRequest& request, std::size_t count);

  // The message `message_id` of `chat` once `holds` is true of it (an edit, a button); the last
  // version seen when it never was.
  template <typename Holds>
  sim::SimMessage message_once(std::int64_t chat, std::int64_t message_id, Holds holds) {
    sim::SimMessage found;
    (void)eventually([&] {
      found = message_in(sim(), chat, message_id).value_or(found);
      return holds(found);
    });
    return found;
  }

  // The posts in LOG_CHANNEL (each upload's copy).
  [[nodiscard]] std::size_t log_channel_posts();

  SimHarness harness;
};

// A test fixture holding one Scenario: the derived fixture's constructor passes the options and
// the users.
class ScenarioTest : public ::testing::Test, public Scenario {
 protected:
  explicit ScenarioTest(SimHarnessOptions options = {}, const std::vector<ScenarioUser>& users = {})
      : Scenario(std::move(options), users) {}
};

}  // namespace tglink::testing
