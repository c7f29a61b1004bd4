#pragma once
// What the multi-node tests share: asking a node whether it leads, and uploading a file as a user
// to read the link the bot answers.

#include <cstdint>
#include <filesystem>
#include <string>

#include <boost/json.hpp>

#include "sim/control_client.hpp"
#include "support/bot_replies.hpp"
#include "support/sim_harness.hpp"
#include "support/user_file.hpp"

namespace tglink::testing {

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
      send_file(sim, user_file(user, path, "document", "application/zip"));
  return link_path_in(reply.text, "/dl/");
}

}  // namespace tglink::testing
