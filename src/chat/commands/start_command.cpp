// /start: what the bot does and which limits apply to this user.

#include <fmt/format.h>

#include "chat/chat_context.hpp"
#include "chat/commands/default_commands.hpp"
#include "chat/commands/reply_command.hpp"
#include "config/config.hpp"
#include "core/human_size.hpp"
#include "core/time_format.hpp"

namespace tglink {

namespace {

void add_limits(const Config& config, bool admin, FormattedText& text) {
  text.bold("Limits").plain("\n");
  text.plain(fmt::format("• Largest file: {}\n", format_size(config.max_file_size)));
  if (config.max_links_per_day > 0 && !admin) {
    text.plain(fmt::format("• {} links a day, reset at midnight UTC\n", config.max_links_per_day));
  } else {
    text.plain("• No daily link limit\n");
  }
  if (config.user_files_per_minute > 0) {
    text.plain(fmt::format("• Up to {} files a minute; more wait in a queue\n",
                           config.user_files_per_minute));
  }
  if (config.link_expiry_enabled()) {
    text.plain(fmt::format("• Links expire {} after they are made\n",
                           format_duration_human(config.link_expiry)));
  } else {
    text.plain("• Links do not expire\n");
  }
  if (config.bandwidth_limit_enabled()) {
    text.plain(fmt::format("• Monthly bandwidth for everyone: {} GB\n", config.bandwidth_limit_gb));
  }
  if (config.force_subscribe_enabled()) {
    text.plain("• You need to join the required channels first\n");
  }
}

boost::asio::awaitable<Reply> start_reply(const CommandCall& call) {
  const Config& config = call.chat.config;
  Reply reply;
  FormattedText& text = reply.text;
  text.bold("Welcome to tglink").plain("\n\n");
  text.plain(
      "Send me any file (document, video, audio, voice note, photo, animation, video note or "
      "sticker) and I answer with a direct download link. Video and audio also get a streaming "
      "link");
  text.plain(config.video_frontend_enabled ? " and a Play Video button.\n\n" : ".\n\n");
  add_limits(config, call.from_admin, text);
  text.plain("\nSee /help for the commands.");
  co_return reply;
}

}  // namespace

ChatCommand start_command() {
  return ChatCommand{"start", "What this bot does and its limits", Audience::everyone,
                     &answered_with<start_reply>, BeforeJoining::answer_then_prompt};
}

}  // namespace tglink
