// End to end: after a restart, /broadcast reaches 200 users who have not written since.
//
// TDLib knows only the chats it loaded since it started (tglink keeps no chat database) and
// unloads messages it has not used for a while; the simulator does the same. So after the
// restart neither the users' chats nor the admin's message to copy are known to the new TDLib
// client: tglink must load each chat (getChat) and the message (getMessage) first.
// The copies go out at BROADCAST_MESSAGES_PER_SECOND=200, over Telegram's 30 a second, so TDLib
// also sits out flood waits silently on the way.
#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "broadcast_world.hpp"
#include "sim/control_client.hpp"
#include "support/bot_replies.hpp"
#include "support/eventually.hpp"
#include "support/sim_harness.hpp"
#include "support/text_contains.hpp"

namespace tglink::testing {
namespace {

namespace json = boost::json;

constexpr std::int64_t kRestartAdmin = 8880000;
constexpr std::int64_t kFirstRestartUser = 8880001;
constexpr int kRestartUsers = 200;
constexpr const char* kRestartText = "News for everyone after the restart";

// The shared world: the users, and the admin's message to copy (the first in the admin's chat).
BroadcastWorld restart_world() {
  return {kRestartAdmin, kFirstRestartUser, kRestartUsers, kRestartText, {}};
}

// Whether a bot message in the admin's chat contains `text` by now.
bool admin_was_told(SimHarness& harness, const std::string& text) {
  const std::vector<sim::SimMessage> chat = harness.sim().messages(kRestartAdmin);
  return std::any_of(chat.begin(), chat.end(),
                     [&](const sim::SimMessage& message) { return contains(message.text, text); });
}

// Asks /info until it counts `users` users (each /start is recorded as it arrives).
bool wait_for_user_count(SimHarness& harness, int users) {
  const std::string expected = "Users: " + std::to_string(users) + "\n";
  return eventually([&] { return contains(ask(harness.sim(), kRestartAdmin, "/info"), expected); },
                    kHangLimit, std::chrono::milliseconds(250));
}

TEST(BroadcastAfterRestart, ReachesEveryUserWhoHasNotWrittenSince) {
  SimWorld shared{broadcast_world_options(restart_world())};
  SimHarness harness{broadcast_harness_options(restart_world(), shared)};
  start_every_user(harness, restart_world());
  ASSERT_TRUE(wait_for_user_count(harness, kRestartUsers + 1));

  harness.restart();  // a new TDLib client on the same Telegram: it has loaded no chat or message
  const std::int64_t source = std::int64_t{1} << 20;  // the admin's first message
  harness.sim().call(json::object{{"op", "send_text"},
                                  {"user_id", kRestartAdmin},
                                  {"text", "/broadcast"},
                                  {"reply_to_message_id", source}});
  ASSERT_TRUE(eventually([&] { return admin_was_told(harness, "Send it to 201 users?"); }))
      << "no confirmation asked; the preview could not be copied";
  const std::vector<sim::SimMessage> admin_chat = harness.sim().messages(kRestartAdmin);
  const sim::SimMessage& confirm = admin_chat.back();
  ASSERT_FALSE(confirm.keyboard.empty());
  EXPECT_EQ(copies_in(harness, kRestartAdmin, kRestartText), 1)
      << "the preview is a copy of the message";
  harness.sim().press_button(kRestartAdmin, confirm.message_id, confirm.keyboard[0][0].data);

  ASSERT_TRUE(eventually([&] { return admin_was_told(harness, "Broadcast finished"); }))
      << "the broadcast did not finish; last admin message: "
      << harness.sim().messages(kRestartAdmin).back().text;
  for (std::int64_t user = kFirstRestartUser; user < kFirstRestartUser + kRestartUsers; ++user) {
    EXPECT_EQ(copies_in(harness, user, kRestartText), 1) << "user " << user;
  }
  EXPECT_TRUE(eventually([&] {
    return admin_was_told(harness, "201 sent, 0 failed, 0 blocked, 0 remaining");
  })) << harness.sim().messages(kRestartAdmin).back().text;
}

}  // namespace
}  // namespace tglink::testing
