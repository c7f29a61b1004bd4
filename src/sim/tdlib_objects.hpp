#pragma once
// TDLib objects as the real library prints them: every field of tdlib-types.d.ts that tglink
// may read is present with its JSON type (int53 as numbers, int64 as strings).

#include <cstdint>
#include <string>

#include <boost/json.hpp>

#include "sim/session.hpp"
#include "sim/world.hpp"

namespace tglink::sim {

boost::json::object error_object(int code, std::string message);
boost::json::object ok_object();
boost::json::object user_object(const SimUser& user);
boost::json::object private_chat_object(const SimUser& user);
boost::json::object channel_chat_object(const Channel& channel);
// The channel's supergroup object: id and usernames (none when the channel has no username).
boost::json::object supergroup_object(const Channel& channel);
boost::json::object chat_member_object(std::int64_t user_id, MemberStatus status);

// What createChatInviteLink answers: a chatInviteLink made by `creator_user_id` at `date`.
struct InviteLinkFields {
  std::string invite_link;
  std::string name;
  std::int64_t creator_user_id = 0;
  std::int64_t date = 0;
  std::int64_t expiration_date = 0;
  std::int64_t member_limit = 0;
  bool creates_join_request = false;
};
boost::json::object chat_invite_link_object(const InviteLinkFields& link);
boost::json::object formatted_text(const std::string& text, const boost::json::array& entities);

// The file as client `bot_id` sees it under its own `file_id`; `download` may be null.
boost::json::object file_object(int file_id, const SimFile& file, const FileDownload* download,
                                std::int64_t bot_id);
// Contiguous bytes on disk from `offset` (TDLib's downloaded_prefix_size).
std::int64_t downloaded_prefix(const FileDownload& download, std::int64_t file_size,
                               std::int64_t offset);
std::int64_t downloaded_bytes(const FileDownload& download, std::int64_t file_size);

// The message content for a file of `kind` whose file object is `file`.
boost::json::object file_content_object(const SimFile& sim_file, boost::json::object file,
                                        const boost::json::object& caption);

// An input replyMarkupInlineKeyboard turned into the object TDLib returns (null if none).
boost::json::value reply_markup_from_input(const boost::json::object& input);

}  // namespace tglink::sim
