#pragma once
// The start-up check that a bot can use a channel: it must see the channel and be one of its
// administrators (bots can read channel messages only as administrators). A bot that fails is
// named in the log with what to do about it, so "links don't work" never needs guessing.

#include <cstdint>
#include <string>

#include <boost/asio/awaitable.hpp>

namespace tglink {

class BotSession;
class Log;

struct ChannelAccess {
  bool ok = false;
  std::string problem;  // for people: what is wrong and how to fix it; empty when ok
};

// `channel_role` names the setting for messages, e.g. "LOG_CHANNEL" or "FORCE_SUB_CHANNELS".
// Logs an error when the bot lacks access. Call once the bot is logged in.
[[nodiscard]] boost::asio::awaitable<ChannelAccess> check_channel_access(BotSession& bot,
                                                                         std::int64_t channel_id,
                                                                         std::string channel_role,
                                                                         Log& log);

}  // namespace tglink
