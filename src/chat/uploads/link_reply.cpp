#include "chat/uploads/link_reply.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include "config/config.hpp"
#include "core/human_size.hpp"
#include "core/telegram_button_urls.hpp"
#include "core/time_format.hpp"
#include "core/user_text.hpp"
#include "links/link_urls.hpp"

namespace tglink {

std::string format_minute_utc(SystemTime t) {
  const auto minutes = std::chrono::floor<std::chrono::minutes>(t);
  return fmt::format("{:%Y-%m-%d %H:%M} UTC", minutes);
}

std::string expiry_sentence(const Config& config, std::optional<SystemTime> expires_at) {
  if (!expires_at) return "Links do not expire.";
  return fmt::format("Links expire in {} ({}).", format_duration_human(config.link_expiry),
                     format_minute_utc(*expires_at));
}

Reply link_reply(const Config& config, const MadeLink& link) {
  const std::string download = download_url(config.base_url, link.token);
  const std::string stream = stream_url(config.base_url, link.token);
  Reply reply;
  FormattedText& text = reply.text;
  text.bold("Your link is ready").plain("\n\n");
  text.plain("Name: ").bold(text_for_chat(link.file.file_name, kQuotedTextUnits)).plain("\n");
  text.plain("Size: ").plain(format_size(link.file.size)).plain("\n\n");
  text.plain("Download: ").url(download).plain("\n");
  if (is_streamable(link.file)) text.plain("Stream: ").url(stream).plain("\n");
  if (is_video(link.file) && !config.video_frontend_enabled) {
    text.plain(
        "\nVideo streaming unavailable: no player page is configured; open the stream "
        "link in a video player.\n");
  }
  const std::string player = player_link(config.player_url(), stream);
  const bool play_button = is_video(link.file) && config.video_frontend_enabled;
  // Telegram refuses a button to a host without a dot (the default http://localhost:8080):
  // the player link then goes in the text, where it is not checked.
  if (play_button && !telegram_accepts_link(player)) text.plain("Play: ").url(player).plain("\n");
  text.plain("\n").plain(expiry_sentence(config, link.expires_at));
  if (play_button) reply.keyboard.push_back({InlineButton::link("Play Video", player)});
  return reply;
}

}  // namespace tglink
