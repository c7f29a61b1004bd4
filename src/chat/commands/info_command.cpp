// /info: the bot's figures for everyone: users and links made, this month's bandwidth against
// its limit, active streams, uptime and version.

#include <fmt/format.h>

#include "chat/chat_context.hpp"
#include "chat/commands/default_commands.hpp"
#include "chat/commands/reply_command.hpp"
#include "core/human_size.hpp"
#include "core/time_format.hpp"
#include "store/store.hpp"

namespace tglink {

std::string bandwidth_line(const ServiceStatus& status) {
  const std::string used = format_size(status.bandwidth_used_bytes);
  if (status.bandwidth_limit_bytes <= 0) return used + " (no limit)";
  return fmt::format("{} of {}", used, format_size(status.bandwidth_limit_bytes));
}

namespace {

boost::asio::awaitable<Reply> info_reply(const CommandCall& call) {
  const ServiceStatus status = call.chat.status ? call.chat.status() : ServiceStatus{};
  std::int64_t users = 0;
  std::int64_t links = 0;
  co_await call.chat.on_store([&](Store& store) {
    users = store.count_users();
    links = store.links_total();
  });
  Reply reply;
  FormattedText& text = reply.text;
  text.bold("Bot info").plain("\n");
  text.plain(fmt::format("• Users: {}\n", users));
  text.plain(fmt::format("• Links made: {}\n", links));
  text.plain(fmt::format("• Bandwidth this month ({}): {}\n", status.bandwidth_month,
                         bandwidth_line(status)));
  text.plain(fmt::format("• Active streams: {}\n", status.active_streams));
  text.plain(fmt::format("• Uptime: {}\n", format_uptime(status.uptime)));
  text.plain(fmt::format("• Version: {}", status.version.empty() ? "unknown" : status.version));
  co_return reply;
}

}  // namespace

ChatCommand info_command() {
  return ChatCommand{"info", "Bot statistics and status", Audience::everyone,
                     &answered_with<info_reply>};
}

}  // namespace tglink
