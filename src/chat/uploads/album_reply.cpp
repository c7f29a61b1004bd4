#include "chat/uploads/album_reply.hpp"

#include <fmt/format.h>

#include "config/config.hpp"
#include "core/human_size.hpp"
#include "core/telegram_button_urls.hpp"
#include "core/user_text.hpp"
#include "links/link_urls.hpp"

namespace tglink {

namespace {

// Ten files with every link fit in Telegram's 4096 characters with names this long.
constexpr std::size_t kMaxNameChars = 60;
// A button's label is short on a phone screen.
constexpr std::size_t kMaxButtonNameChars = 24;

bool is_utf8_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

}  // namespace

std::string shortened_name(std::string_view name, std::size_t max_chars) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (is_utf8_continuation(name[i])) continue;
    if (chars == max_chars) return std::string(name.substr(0, i)) + "…";
    ++chars;
  }
  return std::string(name);
}

Reply album_reply(const Config& config, const std::vector<MadeLink>& links, AlbumReader reader) {
  Reply reply;
  FormattedText& text = reply.text;
  text.bold(reader == AlbumReader::kChannel ? fmt::format("Links to these {} files", links.size())
                                            : fmt::format("Your {} links are ready", links.size()))
      .plain("\n");
  std::size_t number = 0;
  for (const MadeLink& link : links) {
    ++number;
    const std::string stream = stream_url(config.base_url, link.token);
    text.plain("\n").bold(fmt::format("{}. ", number));
    text.bold(shortened_name(text_for_chat(link.file.file_name), kMaxNameChars));
    text.plain(" (" + format_size(link.file.size) + ")\n");
    text.plain("Download: ").url(download_url(config.base_url, link.token)).plain("\n");
    if (is_streamable(link.file)) text.plain("Stream: ").url(stream).plain("\n");
    if (!is_video(link.file) || !config.video_frontend_enabled) continue;
    const std::string player = player_link(config.player_url(), stream);
    // As in link_reply: Telegram refuses a button to a host without a dot, so such a player
    // link goes in the text, where it is not checked.
    if (!telegram_accepts_link(player)) {
      text.plain("Play: ").url(player).plain("\n");
      continue;
    }
    const std::string label =
        fmt::format("Play {}. {}", number,
                    shortened_name(text_for_chat(link.file.file_name), kMaxButtonNameChars));
    reply.keyboard.push_back({InlineButton::link(label, player)});
  }
  const std::optional<SystemTime> expires_at =
      links.empty() ? std::nullopt : links.front().expires_at;
  text.plain("\n").plain(expiry_sentence(config, expires_at));
  return reply;
}

}  // namespace tglink
