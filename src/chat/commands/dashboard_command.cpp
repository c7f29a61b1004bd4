// /dashboard (admins): a link to the operator's dashboard, {BASE_URL}/admin/{token}, that opens
// once within DASHBOARD_LINK_TTL and starts a session of a working day in that browser.
// /dashboard off: every session and every link not opened yet stops working, on every node.
// The rules are in dashboard/dashboard_access.hpp.

#include "chat/chat_context.hpp"
#include "chat/commands/default_commands.hpp"
#include "config/config.hpp"
#include "core/user_text.hpp"
#include "dashboard/dashboard_access.hpp"
#include "logging/log.hpp"

namespace tglink {

namespace {

std::string minutes_text(std::chrono::seconds duration) {
  const auto minutes = std::chrono::duration_cast<std::chrono::minutes>(duration).count();
  if (minutes >= 60 && minutes % 60 == 0) {
    return std::to_string(minutes / 60) + (minutes == 60 ? " hour" : " hours");
  }
  if (minutes >= 1) return std::to_string(minutes) + (minutes == 1 ? " minute" : " minutes");
  return std::to_string(duration.count()) + " seconds";
}

Reply link_reply(const CommandCall& call, DashboardAccess& access) {
  const std::string url = call.chat.config.base_url + "/admin/" + access.issue_link(call.user_id);
  Reply reply = plain_reply(
      "Your dashboard: " + url + "\n\nThe link opens once, within " +
      minutes_text(access.link_ttl()) +
      ", and signs in that browser for a working day. Don't share it. /dashboard off ends every "
      "dashboard session.");
  reply.keyboard = {{InlineButton::link("Open the dashboard", url)}};
  return reply;
}

boost::asio::awaitable<void> run_dashboard(const CommandCall& call) {
  DashboardAccess* access = call.chat.dashboard;
  if (access == nullptr) {
    co_await call.chat.reply(call.chat_id, plain_reply("The dashboard is not available here."));
    co_return;
  }
  if (call.arguments == "off") {
    co_await call.chat.on_store([access](Store& store) { access->end_sessions(store); });
    call.chat.log.info("Admin {} ended every dashboard session", call.user_id);
    co_await call.chat.reply(
        call.chat_id, plain_reply("Every dashboard session has ended, on every node, and no "
                                  "link sent before now opens. /dashboard makes a new link."));
    co_return;
  }
  if (!call.arguments.empty()) {
    co_await call.chat.reply(
        call.chat_id, plain_reply("Usage: /dashboard for a link, /dashboard off to end every "
                                  "session. Not \"" +
                                  text_for_chat(call.arguments, kQuotedTextUnits) + "\"."));
    co_return;
  }
  call.chat.log.info("Admin {} asked for a dashboard link", call.user_id);
  co_await call.chat.reply(call.chat_id, link_reply(call, *access));
}

}  // namespace

ChatCommand dashboard_command() {
  return ChatCommand{"dashboard", "The live dashboard: /dashboard, or /dashboard off",
                     Audience::admins, &run_dashboard};
}

}  // namespace tglink
