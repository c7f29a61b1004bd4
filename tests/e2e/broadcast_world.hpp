#pragma once
// The simulated world the broadcast end-to-end tests start from: the admin, the users (some of
// whom may have blocked the bot), and the admin's message to copy, the first in the admin's chat.
// It is a shared world (SimWorld) that outlives tglink, as Telegram does: the users' /start stay
// when tglink restarts, and a bot may write only to users who wrote to it.

#include <cstdint>
#include <functional>
#include <string>

#include <boost/json.hpp>

#include "sim/control_client.hpp"
#include "support/sim_harness.hpp"
#include "support/sim_world.hpp"

namespace tglink::testing {

struct BroadcastWorld {
  std::int64_t admin = 0;
  std::int64_t first_user = 0;
  int users = 0;
  std::string text;                           // the admin's message to broadcast
  std::function<bool(std::int64_t)> blocked;  // users who blocked the bot; none when empty
};

// TGLINK_SIM_CONFIG for `world`.
inline std::string broadcast_world_config(const BroadcastWorld& world) {
  namespace json = boost::json;
  json::array ops;
  ops.push_back(
      json::object{{"op", "create_user"}, {"user_id", world.admin}, {"first_name", "Boss"}});
  for (std::int64_t user = world.first_user; user < world.first_user + world.users; ++user) {
    ops.push_back(json::object{{"op", "create_user"}, {"user_id", user}, {"first_name", "U"}});
    if (world.blocked && world.blocked(user)) {
      ops.push_back(json::object{{"op", "fault"},
                                 {"kind", "block_bot"},
                                 {"user_id", user},
                                 {"bot_id", SimHarness::kMainBotId}});
    }
  }
  ops.push_back(json::object{{"op", "send_text"},
                             {"user_id", world.admin},
                             {"text", world.text},
                             {"bot_id", SimHarness::kMainBotId}});
  return json::serialize(json::object{{"ops", std::move(ops)}});
}

// The shared world holding `world` (TGLINK_SIM_CONFIG of its server).
inline SimWorldOptions broadcast_world_options(const BroadcastWorld& world) {
  SimWorldOptions options;
  options.sim_config_json = broadcast_world_config(world);
  return options;
}

// Options for tglink on `shared` (made from broadcast_world_options): the admin in ADMINS, and
// broadcasts paced at 200 a second, over Telegram's 30, so that TDLib sits out flood waits on
// the way as well.
inline SimHarnessOptions broadcast_harness_options(const BroadcastWorld& world, SimWorld& shared) {
  SimHarnessOptions options;
  options.env["ADMINS"] = std::to_string(world.admin);
  options.env["BROADCAST_MESSAGES_PER_SECOND"] = "200";
  options.world = &shared;
  return options;
}

// Every user of `world` sends /start, so tglink records them all as users.
inline void start_every_user(SimHarness& harness, const BroadcastWorld& world) {
  for (std::int64_t user = world.first_user; user < world.first_user + world.users; ++user) {
    harness.sim().send_text(user, "/start");
  }
}

// How many copies of `text` the main bot sent to `user` (also while no tglink runs).
inline int copies_in(SimHarness& harness, std::int64_t user, const std::string& text) {
  int count = 0;
  for (const sim::SimMessage& message : harness.sim().messages(user, SimHarness::kMainBotId)) {
    if (message.text == text) ++count;
  }
  return count;
}

}  // namespace tglink::testing
