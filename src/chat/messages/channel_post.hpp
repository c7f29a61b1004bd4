#pragma once
// A post in a channel, as TDLib delivers it to a bot administrator (updateNewMessage with
// is_channel_post, the channel itself as the sender), and what channel mode needs of it: the
// file, whether it was forwarded from elsewhere or already carries buttons, and its album.

#include <cstdint>
#include <optional>
#include <string>

#include <boost/json/object.hpp>

#include "chat/messages/incoming_file.hpp"

namespace tglink {

struct ChannelPost {
  std::int64_t chat_id = 0;     // the channel (-100…)
  std::int64_t message_id = 0;  // TDLib id
  std::optional<IncomingFile> file;
  std::string file_unique_id;       // Telegram's id of the file, the same in every re-post
  std::int64_t media_album_id = 0;  // the posts of one album share it; 0 alone
  bool forwarded = false;           // forward_info: forwarded from another chat
  bool has_keyboard = false;        // reply_markup: buttons someone put there already
};

// Whether a chat id is a channel's or supergroup's (Bot API form -100…).
[[nodiscard]] bool is_channel_chat(std::int64_t chat_id);

// The post in an updateNewMessage; nullopt for anything but an incoming channel post.
[[nodiscard]] std::optional<ChannelPost> channel_post(const boost::json::object& update);

// Whether channel mode makes links for this kind of file: video, audio, document, photo (the
// files people post; voice notes, stickers and the like are left alone).
[[nodiscard]] bool is_linkable_in_channel(const IncomingFile& file);

}  // namespace tglink
