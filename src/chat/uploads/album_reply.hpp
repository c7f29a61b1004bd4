#pragma once
// The one reply to an album (a media group Telegram delivers as several messages): every file's
// name, size and download link, the stream link for video and audio, the player for video, and
// the links' expiry once at the end. Telegram lets an album hold at most 10 files and a message
// 4096 characters, so long names are shortened here (the links carry the full name).

#include <optional>
#include <vector>

#include "chat/messages/reply.hpp"
#include "chat/uploads/link_reply.hpp"

namespace tglink {

struct Config;

// Who reads the reply: the user who sent the album ("Your 3 links are ready"), or a channel's
// subscribers under the channel's own album, to whom "your" would be wrong ("Links to these 3
// files").
enum class AlbumReader { kSender, kChannel };

// `links` in the order the user sent them; all share one expiry.
[[nodiscard]] Reply album_reply(const Config& config, const std::vector<MadeLink>& links,
                                AlbumReader reader);

// `name` cut to at most `max_chars` characters (UTF-8 aware), with "…" when cut.
[[nodiscard]] std::string shortened_name(std::string_view name, std::size_t max_chars);

}  // namespace tglink
