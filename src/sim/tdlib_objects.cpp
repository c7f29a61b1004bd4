#include "sim/tdlib_objects.hpp"

#include <algorithm>

#include "sim/json_fields.hpp"

namespace tglink::sim {
namespace json = boost::json;

json::object error_object(int code, std::string message) {
  return json::object{{"@type", "error"}, {"code", code}, {"message", std::move(message)}};
}

json::object ok_object() { return json::object{{"@type", "ok"}}; }

namespace {

json::object usernames_object(const std::string& username) {
  json::array active;
  if (!username.empty()) active.push_back(json::value(username));
  return json::object{{"@type", "usernames"},
                      {"active_usernames", std::move(active)},
                      {"disabled_usernames", json::array()},
                      {"editable_username", username},
                      {"collectible_usernames", json::array()}};
}

json::object user_type(const SimUser& user) {
  if (!user.is_bot) return json::object{{"@type", "userTypeRegular"}};
  return json::object{{"@type", "userTypeBot"},
                      {"can_be_edited", false},
                      {"can_join_groups", true},
                      {"can_read_all_group_messages", false},
                      {"has_main_web_app", false},
                      {"is_inline", false},
                      {"inline_query_placeholder", ""},
                      {"need_location", false},
                      {"can_connect_to_business", false},
                      {"can_be_added_to_attachment_menu", false},
                      {"active_user_count", 0}};
}

json::object chat_permissions() {
  json::object permissions{{"@type", "chatPermissions"}};
  for (const char* name :
       {"can_send_basic_messages", "can_send_audios", "can_send_documents", "can_send_photos",
        "can_send_videos", "can_send_video_notes", "can_send_voice_notes", "can_send_polls",
        "can_send_other_messages", "can_add_link_previews", "can_change_info", "can_invite_users",
        "can_pin_messages", "can_create_topics"}) {
    permissions[name] = true;
  }
  return permissions;
}

json::object notification_settings() {
  return json::object{{"@type", "chatNotificationSettings"},
                      {"use_default_mute_for", true},
                      {"mute_for", 0},
                      {"use_default_sound", true},
                      {"sound_id", "0"},
                      {"use_default_show_preview", true},
                      {"show_preview", true},
                      {"use_default_mute_stories", true},
                      {"mute_stories", false},
                      {"use_default_story_sound", true},
                      {"story_sound_id", "0"},
                      {"use_default_show_story_poster", true},
                      {"show_story_poster", false},
                      {"use_default_disable_pinned_message_notifications", true},
                      {"disable_pinned_message_notifications", false},
                      {"use_default_disable_mention_notifications", true},
                      {"disable_mention_notifications", false}};
}

json::object chat_object(std::int64_t id, json::object type, const std::string& title) {
  return json::object{
      {"@type", "chat"},
      {"id", id},
      {"type", std::move(type)},
      {"title", title},
      {"accent_color_id", 0},
      {"background_custom_emoji_id", "0"},
      {"profile_accent_color_id", -1},
      {"profile_background_custom_emoji_id", "0"},
      {"permissions", chat_permissions()},
      {"positions", json::array()},
      {"chat_lists", json::array()},
      {"has_protected_content", false},
      {"is_translatable", false},
      {"is_marked_as_unread", false},
      {"view_as_topics", false},
      {"has_scheduled_messages", false},
      {"can_be_deleted_only_for_self", false},
      {"can_be_deleted_for_all_users", false},
      {"can_be_reported", false},
      {"default_disable_notification", false},
      {"unread_count", 0},
      {"last_read_inbox_message_id", 0},
      {"last_read_outbox_message_id", 0},
      {"unread_mention_count", 0},
      {"unread_reaction_count", 0},
      {"notification_settings", notification_settings()},
      {"available_reactions",
       json::object{{"@type", "chatAvailableReactionsAll"}, {"max_reaction_count", 11}}},
      {"message_auto_delete_time", 0},
      {"video_chat",
       json::object{{"@type", "videoChat"}, {"group_call_id", 0}, {"has_participants", false}}},
      {"reply_markup_message_id", 0},
      {"client_data", ""}};
}

json::object admin_rights() {
  json::object rights{{"@type", "chatAdministratorRights"}};
  for (const char* name :
       {"can_manage_chat", "can_change_info", "can_post_messages", "can_edit_messages",
        "can_delete_messages", "can_invite_users", "can_restrict_members", "can_pin_messages",
        "can_manage_topics", "can_promote_members", "can_manage_video_chats", "can_post_stories",
        "can_edit_stories", "can_delete_stories", "can_manage_direct_messages"}) {
    rights[name] = true;
  }
  rights["is_anonymous"] = false;
  return rights;
}

json::object member_status_object(MemberStatus status) {
  switch (status) {
    case MemberStatus::kCreator:
      return json::object{{"@type", "chatMemberStatusCreator"},
                          {"custom_title", ""},
                          {"is_anonymous", false},
                          {"is_member", true}};
    case MemberStatus::kAdmin:
      return json::object{{"@type", "chatMemberStatusAdministrator"},
                          {"custom_title", ""},
                          {"can_be_edited", false},
                          {"rights", admin_rights()}};
    case MemberStatus::kMember:
      return json::object{{"@type", "chatMemberStatusMember"}, {"member_until_date", 0}};
    case MemberStatus::kLeft:
      break;
  }
  return json::object{{"@type", "chatMemberStatusLeft"}};
}

}  // namespace

json::object user_object(const SimUser& user) {
  return json::object{{"@type", "user"},
                      {"id", user.id},
                      {"first_name", user.first_name},
                      {"last_name", user.last_name},
                      {"usernames", usernames_object(user.username)},
                      {"phone_number", ""},
                      {"status", json::object{{"@type", "userStatusEmpty"}}},
                      {"accent_color_id", 0},
                      {"background_custom_emoji_id", "0"},
                      {"profile_accent_color_id", -1},
                      {"profile_background_custom_emoji_id", "0"},
                      {"is_contact", false},
                      {"is_mutual_contact", false},
                      {"is_close_friend", false},
                      {"is_premium", user.is_premium},
                      {"is_support", false},
                      {"restricts_new_chats", false},
                      {"paid_message_star_count", 0},
                      {"have_access", true},
                      {"type", user_type(user)},
                      {"language_code", ""},
                      {"added_to_attachment_menu", false}};
}

json::object private_chat_object(const SimUser& user) {
  std::string title = user.first_name;
  if (!user.last_name.empty()) title += " " + user.last_name;
  return chat_object(user.id, json::object{{"@type", "chatTypePrivate"}, {"user_id", user.id}},
                     title);
}

json::object channel_chat_object(const Channel& channel) {
  json::object type{{"@type", "chatTypeSupergroup"},
                    {"supergroup_id", kChannelIdBase - channel.chat_id},
                    {"is_channel", true}};
  return chat_object(channel.chat_id, std::move(type), channel.title);
}

json::object supergroup_object(const Channel& channel) {
  json::value usernames = nullptr;
  if (!channel.username.empty()) {
    usernames = json::object{{"@type", "usernames"},
                             {"active_usernames", json::array{json::value(channel.username)}},
                             {"disabled_usernames", json::array{}},
                             {"editable_username", channel.username}};
  }
  return json::object{{"@type", "supergroup"},
                      {"id", kChannelIdBase - channel.chat_id},
                      {"usernames", std::move(usernames)},
                      {"date", 0},
                      {"member_count", static_cast<std::int64_t>(channel.members.size())},
                      {"is_channel", true}};
}

json::object chat_member_object(std::int64_t user_id, MemberStatus status) {
  return json::object{
      {"@type", "chatMember"},
      {"member_id", json::object{{"@type", "messageSenderUser"}, {"user_id", user_id}}},
      {"inviter_user_id", 0},
      {"joined_chat_date", 0},
      {"status", member_status_object(status)}};
}

json::object chat_invite_link_object(const InviteLinkFields& link) {
  return json::object{{"@type", "chatInviteLink"},
                      {"invite_link", link.invite_link},
                      {"name", link.name},
                      {"creator_user_id", link.creator_user_id},
                      {"date", link.date},
                      {"edit_date", 0},
                      {"expiration_date", link.expiration_date},
                      {"member_limit", link.member_limit},
                      {"member_count", 0},
                      {"expired_member_count", 0},
                      {"pending_join_request_count", 0},
                      {"creates_join_request", link.creates_join_request},
                      {"is_primary", false},
                      {"is_revoked", false}};
}

json::object formatted_text(const std::string& text, const json::array& entities) {
  return json::object{{"@type", "formattedText"}, {"text", text}, {"entities", entities}};
}

std::int64_t downloaded_prefix(const FileDownload& download, std::int64_t file_size,
                               std::int64_t offset) {
  if (download.part_size <= 0 || offset < 0 || offset >= file_size) return 0;
  std::size_t part = static_cast<std::size_t>(offset / download.part_size);
  std::size_t end = part;
  while (end < download.done.size() && download.done[end]) ++end;
  std::int64_t end_byte =
      std::min<std::int64_t>(static_cast<std::int64_t>(end) * download.part_size, file_size);
  return std::max<std::int64_t>(0, end_byte - offset);
}

std::int64_t downloaded_bytes(const FileDownload& download, std::int64_t file_size) {
  std::int64_t total = 0;
  for (std::size_t part = 0; part < download.done.size(); ++part) {
    if (!download.done[part]) continue;
    std::int64_t begin = static_cast<std::int64_t>(part) * download.part_size;
    total += std::min(download.part_size, file_size - begin);
  }
  return total;
}

json::object file_object(int file_id, const SimFile& file, const FileDownload* download,
                         std::int64_t bot_id) {
  bool active = download != nullptr && download->active;
  bool completed = download != nullptr && download->completed;
  std::int64_t offset = download != nullptr ? download->offset : 0;
  json::object local{
      {"@type", "localFile"},
      {"path", download != nullptr ? download->path : std::string()},
      {"can_be_downloaded", true},
      {"can_be_deleted", download != nullptr && !download->path.empty()},
      {"is_downloading_active", active},
      {"is_downloading_completed", completed},
      {"download_offset", offset},
      {"downloaded_prefix_size",
       download != nullptr ? downloaded_prefix(*download, file.size, offset) : 0},
      {"downloaded_size", download != nullptr ? downloaded_bytes(*download, file.size) : 0}};
  // Remote ids are per bot: a bot cannot use another bot's file id or remote id.
  std::string remote_id = "SIM" + std::to_string(bot_id) + "_" + file.unique_id;
  json::object remote{{"@type", "remoteFile"},          {"id", remote_id},
                      {"unique_id", file.unique_id},    {"is_uploading_active", false},
                      {"is_uploading_completed", true}, {"uploaded_size", file.size}};
  return json::object{{"@type", "file"},           {"id", file_id},
                      {"size", file.size},         {"expected_size", file.size},
                      {"local", std::move(local)}, {"remote", std::move(remote)}};
}

json::object file_content_object(const SimFile& f, json::object file, const json::object& caption) {
  switch (f.kind) {
    case FileKind::kVideo:
      return json::object{{"@type", "messageVideo"},
                          {"video", json::object{{"@type", "video"},
                                                 {"duration", f.duration},
                                                 {"width", f.width},
                                                 {"height", f.height},
                                                 {"file_name", f.file_name},
                                                 {"mime_type", f.mime_type},
                                                 {"has_stickers", false},
                                                 {"supports_streaming", true},
                                                 {"video", std::move(file)}}},
                          {"alternative_videos", json::array()},
                          {"storyboards", json::array()},
                          {"start_timestamp", 0},
                          {"caption", caption},
                          {"show_caption_above_media", false},
                          {"has_spoiler", false},
                          {"is_secret", false}};
    case FileKind::kAudio:
      return json::object{{"@type", "messageAudio"},
                          {"audio", json::object{{"@type", "audio"},
                                                 {"duration", f.duration},
                                                 {"title", ""},
                                                 {"performer", ""},
                                                 {"file_name", f.file_name},
                                                 {"mime_type", f.mime_type},
                                                 {"external_album_covers", json::array()},
                                                 {"audio", std::move(file)}}},
                          {"caption", caption}};
    case FileKind::kVoice:
      return json::object{{"@type", "messageVoiceNote"},
                          {"voice_note", json::object{{"@type", "voiceNote"},
                                                      {"duration", f.duration},
                                                      {"waveform", ""},
                                                      {"mime_type", f.mime_type},
                                                      {"voice", std::move(file)}}},
                          {"caption", caption},
                          {"is_listened", false}};
    case FileKind::kPhoto: {
      json::object size{{"@type", "photoSize"},     {"type", "y"},
                        {"photo", std::move(file)}, {"width", f.width},
                        {"height", f.height},       {"progressive_sizes", json::array()}};
      return json::object{{"@type", "messagePhoto"},
                          {"photo", json::object{{"@type", "photo"},
                                                 {"has_stickers", false},
                                                 {"sizes", json::array{std::move(size)}}}},
                          {"caption", caption},
                          {"show_caption_above_media", false},
                          {"has_spoiler", false},
                          {"is_secret", false}};
    }
    case FileKind::kAnimation:
      return json::object{{"@type", "messageAnimation"},
                          {"animation", json::object{{"@type", "animation"},
                                                     {"duration", f.duration},
                                                     {"width", f.width},
                                                     {"height", f.height},
                                                     {"file_name", f.file_name},
                                                     {"mime_type", f.mime_type},
                                                     {"has_stickers", false},
                                                     {"animation", std::move(file)}}},
                          {"caption", caption},
                          {"show_caption_above_media", false},
                          {"has_spoiler", false},
                          {"is_secret", false}};
    case FileKind::kVideoNote:
      return json::object{{"@type", "messageVideoNote"},
                          {"video_note", json::object{{"@type", "videoNote"},
                                                      {"duration", f.duration},
                                                      {"waveform", ""},
                                                      {"length", f.width},
                                                      {"video", std::move(file)}}},
                          {"is_viewed", false},
                          {"is_secret", false}};
    case FileKind::kSticker:
      return json::object{
          {"@type", "messageSticker"},
          {"sticker", json::object{{"@type", "sticker"},
                                   {"id", "0"},
                                   {"set_id", "0"},
                                   {"width", f.width},
                                   {"height", f.height},
                                   {"emoji", ""},
                                   {"format", json::object{{"@type", "stickerFormatWebp"}}},
                                   {"full_type", json::object{{"@type", "stickerFullTypeRegular"}}},
                                   {"sticker", std::move(file)}}},
          {"is_premium", false}};
    case FileKind::kDocument:
      break;
  }
  return json::object{{"@type", "messageDocument"},
                      {"document", json::object{{"@type", "document"},
                                                {"file_name", f.file_name},
                                                {"mime_type", f.mime_type},
                                                {"document", std::move(file)}}},
                      {"caption", caption}};
}

json::value reply_markup_from_input(const json::object& input) {
  if (type_of(input) != "replyMarkupInlineKeyboard") return nullptr;
  json::array rows;
  for (const json::value& row_value : array_field(input, "rows")) {
    json::array row;
    if (!row_value.is_array()) continue;
    for (const json::value& button_value : row_value.get_array()) {
      if (!button_value.is_object()) continue;
      const json::object& button = button_value.get_object();
      row.push_back(json::object{{"@type", "inlineKeyboardButton"},
                                 {"text", string_field(button, "text")},
                                 {"icon_custom_emoji_id", "0"},
                                 {"style", json::object{{"@type", "buttonStyleDefault"}}},
                                 {"type", object_field(button, "type")}});
    }
    rows.push_back(std::move(row));
  }
  return json::object{{"@type", "replyMarkupInlineKeyboard"}, {"rows", std::move(rows)}};
}

}  // namespace tglink::sim
