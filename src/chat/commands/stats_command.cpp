// /stats: a user's own usage (links today and left, total, when the daily count resets), or for
// an admin the service's health: memory, streams, bots, bandwidth, log buffer, uptime, cache,
// and the nodes sharing the store with when each was last seen.
// An admin's /stats <user id> shows that user instead (chat/commands/user_report.hpp).

#include <chrono>

#include <fmt/format.h>

#include "chat/chat_context.hpp"
#include "chat/commands/ban_target.hpp"
#include "chat/commands/default_commands.hpp"
#include "chat/commands/node_list.hpp"
#include "chat/commands/reply_command.hpp"
#include "chat/commands/user_report.hpp"
#include "config/config.hpp"
#include "core/clock.hpp"
#include "core/human_size.hpp"
#include "core/time_format.hpp"
#include "logging/log.hpp"
#include "store/store.hpp"

namespace tglink {

std::string bandwidth_line(const ServiceStatus& status);  // info_command.cpp

namespace {

std::chrono::seconds until_next_midnight(SystemTime now) {
  return std::max(std::chrono::seconds(1),
                  std::chrono::ceil<std::chrono::seconds>(next_utc_midnight(now) - now));
}

boost::asio::awaitable<Reply> user_stats(const CommandCall& call) {
  const Config& config = call.chat.config;
  const SystemTime now = call.chat.clock.now();
  const std::string day = format_day_utc(now);
  const std::int64_t user_id = call.user_id;
  std::int64_t today = 0;
  std::optional<UserRecord> user;
  co_await call.chat.on_store([&](Store& store) {
    today = store.links_on_day(user_id, day);
    user = store.find_user(user_id);
  });
  Reply reply;
  FormattedText& text = reply.text;
  text.bold("Your usage").plain("\n");
  text.plain(fmt::format("• Links made today: {}\n", today));
  if (config.max_links_per_day > 0 && !call.from_admin) {
    const std::int64_t left = std::max<std::int64_t>(0, config.max_links_per_day - today);
    text.plain(fmt::format("• Remaining today: {} of {}\n", left, config.max_links_per_day));
  } else {
    text.plain("• Remaining today: no daily limit\n");
  }
  text.plain(fmt::format("• Links made in total: {}\n", user ? user->links_total : 0));
  text.plain(fmt::format("• Daily count resets at midnight UTC, in {}",
                         format_countdown(until_next_midnight(now))));
  co_return reply;
}

// The nodes sharing the store; a store that cannot be read is said so, not fatal to /stats.
boost::asio::awaitable<std::string> nodes_text(const CommandCall& call) {
  std::vector<NodeRecord> nodes;
  std::string problem;
  co_await call.chat.on_store([&](Store& store) {
    try {
      nodes = store.list_nodes();
    } catch (const StoreError& e) {
      problem = e.what();
    }
  });
  if (!problem.empty()) co_return fmt::format("• Nodes: unavailable ({})", problem);
  co_return node_list_text(nodes, call.chat.clock.now());
}

std::string memory_line(const ServiceStatus& status) {
  if (!status.memory) return "unavailable";
  const ProcessMemory& memory = *status.memory;
  return fmt::format("RSS {}, VMS {}, {:.1f}% of the machine", format_size(memory.rss_bytes),
                     format_size(memory.vms_bytes), memory.percent_of_machine());
}

boost::asio::awaitable<Reply> admin_stats(const CommandCall& call) {
  const ServiceStatus status = call.chat.status ? call.chat.status() : ServiceStatus{};
  const LogBufferStats logs = call.chat.log.buffer_stats();
  Reply reply;
  FormattedText& text = reply.text;
  text.bold("Service stats").plain("\n");
  text.plain(fmt::format("• Memory: {}\n", memory_line(status)));
  text.plain(fmt::format("• Active streams: {}\n", status.active_streams));
  text.plain(
      fmt::format("• Bot clients: {} of {} connected\n", status.bots_connected, status.bots_total));
  text.plain(fmt::format("• Bandwidth this month ({}): {}\n", status.bandwidth_month,
                         bandwidth_line(status)));
  text.plain(fmt::format("• Log buffer: {} of {} records held, {} logged since start\n", logs.size,
                         logs.capacity, logs.total));
  text.plain(fmt::format("• Uptime: {}\n", format_uptime(status.uptime)));
  text.plain(fmt::format("• Cache on disk: {}\n", format_size(status.cache_bytes)));
  if (!status.links_self_test.empty()) {
    text.plain(fmt::format("• Links self-test: {}\n", status.links_self_test));
  }
  text.plain(co_await nodes_text(call));
  co_return reply;
}

boost::asio::awaitable<Reply> stats_for_admin(const CommandCall& call) {
  if (call.arguments.empty()) co_return co_await admin_stats(call);
  const std::optional<BanArguments> target = parse_ban_arguments(call.arguments, false);
  if (!target || target->user_id == 0) {
    co_return plain_reply(
        "Usage: /stats for the service, or /stats <user or channel id> for one user or channel.");
  }
  co_return co_await user_report(call.chat, target->user_id);
}

boost::asio::awaitable<Reply> stats_reply(const CommandCall& call) {
  // Not a conditional around co_await: g++ 12 miscompiles some (docs/architecture.md).
  Reply reply;
  if (call.from_admin) {
    reply = co_await stats_for_admin(call);
  } else {
    reply = co_await user_stats(call);
  }
  co_return reply;
}

}  // namespace

ChatCommand stats_command() {
  return ChatCommand{"stats", "Your usage (admins: service health, or /stats <user or channel id>)",
                     Audience::everyone, &answered_with<stats_reply>};
}

}  // namespace tglink
