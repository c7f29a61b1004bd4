#pragma once
// What the multi-node tests share: waiting on a condition, asking a node whether it leads, and
// uploading a file as a user to read the link the bot answers.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include <boost/json.hpp>

#include "sim/control_client.hpp"
#include "support/bot_replies.hpp"
#include "support/sim_harness.hpp"
#include "support/user_file.hpp"

namespace tglink::testing {

// How long a test waits for the bot's answer: generous, it only turns a hang into a failure.
inline constexpr int kClusterReplyWaitMs = 60000;

// Polls `condition` every 100 ms; false once `limit` passed. Limits are generous: they only turn
// a hang into a failure.
inline bool eventually(const std::function<bool()>& condition,
                       std::chrono::seconds limit = std::chrono::seconds(60)) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    if (condition()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return condition();
}

// Whether the node says, in /api/info, that it leads the chat side.
inline bool leads(SimHarness& node) {
  const HttpResult info = node.get("/api/info");
  if (info.status != 200) return false;
  return boost::json::parse(info.body).at("node").at("leader").as_bool();
}

// Sends `path` to the bot as `user` and answers the /dl/ link path in the bot's next message, or
// "" when none came.
inline std::string upload(sim::ControlClient& sim, std::int64_t user,
                          const std::filesystem::path& path) {
  const sim::SimMessage reply =
      send_file(sim, user_file(user, path, "document", "application/zip"), kClusterReplyWaitMs);
  return link_path_in(reply.text, "/dl/");
}

}  // namespace tglink::testing
