// Channels as their owner and their bot administrators see them: the owner's posts (control op
// post_to_channel) reach every bot administrator as TDLib delivers a channel post
// (updateNewMessage, is_channel_post, the channel as the sender); an owner's edit in a Telegram
// app drops the keyboard a bot put under the post (edit_post); a bot edits a post's keyboard
// with editMessageReplyMarkup under TDLib's rights (MessagesManager::edit_message_reply_markup,
// can_edit_message) and leaves with leaveChat.

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "sim/control_reply.hpp"
#include "sim/json_fields.hpp"
#include "sim/simulator.hpp"
#include "sim/tdlib_objects.hpp"
#include "sim/url_validation.hpp"

namespace tglink::sim {
namespace json = boost::json;

namespace {

bool is_administrator(MemberStatus status) {
  return status == MemberStatus::kAdmin || status == MemberStatus::kCreator;
}

}  // namespace

std::vector<Session*> Simulator::administrator_sessions(std::int64_t chat_id) {
  const Channel& channel = world_.channels.at(chat_id);
  std::set<std::int64_t> bots;
  for (const auto& [id, session] : sessions_) {
    if (session.auth == AuthState::kReady) bots.insert(session.bot_id);
  }
  std::vector<Session*> out;
  for (const std::int64_t bot_id : bots) {
    // Telegram sends a channel's posts (and their edits) only to the bots among its
    // administrators.
    if (!is_administrator(world_.member_status(channel, bot_id))) continue;
    if (Session* session = session_of_bot(bot_id)) out.push_back(session);
  }
  return out;
}

void Simulator::deliver_channel_post(std::int64_t chat_id, const MessageRecord& record) {
  for (Session* session : administrator_sessions(chat_id)) {
    announce_chat(*session, chat_id);
    touch_message(*session, chat_id, record.server_id);
    emit(*session, json::object{{"@type", "updateNewMessage"},
                                {"message", message_object(*session, chat_id, record)}});
  }
}

json::object Simulator::post_to_channel(const json::object& request) {
  const std::int64_t chat_id = int_field(request, "chat_id");
  if (world_.channels.count(chat_id) == 0) {
    throw std::invalid_argument("no channel " + std::to_string(chat_id));
  }
  // The owner may have Premium: Telegram's largest upload.
  MessageRecord post;
  post.content = file_content(request, kMaxPremiumUploadBytes);
  post.date = clock_.unix_now();
  post.posted_by_owner = true;
  post.forwarded = bool_field(request, "forwarded");
  if (post.forwarded) post.forward_date = post.date - 60;
  if (request.contains("media_group_id")) {
    // The caller names the album; the posts carry Telegram's own id for it (past 2^53).
    const std::string key =
        std::to_string(chat_id) + "/" + json::serialize(request.at("media_group_id"));
    auto [album, added] = channel_albums_.emplace(key, 0);
    if (added) album->second = next_media_album_id_++;
    post.media_album_id = album->second;
  }
  const MessageRecord& stored = world_.append(World::chat_key(0, chat_id), std::move(post));
  deliver_channel_post(chat_id, stored);
  changed_.notify_all();
  const SimFile& file = world_.files[static_cast<std::size_t>(stored.content.file)];
  return control_ok(json::object{{"chat_id", chat_id},
                                 {"message_id", stored.server_id << kMessageIdShift},
                                 {"media_album_id", std::to_string(stored.media_album_id)},
                                 {"file_unique_id", file.unique_id}});
}

json::object Simulator::edit_post(const json::object& request) {
  const std::int64_t chat_id = int_field(request, "chat_id");
  const std::int64_t message_id = int_field(request, "message_id");
  MessageRecord* record =
      world_.find_message(World::chat_key(0, chat_id), message_id >> kMessageIdShift);
  if (record == nullptr || record->deleted) throw std::invalid_argument("no such post");
  record->content.text = string_field(request, "caption");
  record->content.entities = json::array();
  // The stricter reading: an edit made in a Telegram app does not keep a bot's keyboard.
  record->reply_markup = nullptr;
  record->edit_date = clock_.unix_now();
  for (Session* session : administrator_sessions(chat_id)) {
    announce_chat(*session, chat_id);
    emit(*session, json::object{{"@type", "updateMessageContent"},
                                {"chat_id", chat_id},
                                {"message_id", message_id},
                                {"new_content", content_object(*session, record->content)}});
    emit(*session, json::object{{"@type", "updateMessageEdited"},
                                {"chat_id", chat_id},
                                {"message_id", message_id},
                                {"edit_date", record->edit_date}});
  }
  changed_.notify_all();
  return control_ok();
}

json::object Simulator::set_bot_rights(const json::object& request) {
  auto channel = world_.channels.find(int_field(request, "chat_id"));
  if (channel == world_.channels.end()) throw std::invalid_argument("no such channel");
  const std::int64_t bot_id = requested_bot(request);
  const MemberStatus before = world_.member_status(channel->second, bot_id);
  channel->second.members[bot_id] = MemberStatus::kAdmin;
  channel->second.rights[bot_id] = AdminRights{bool_field(request, "can_post_messages"),
                                               bool_field(request, "can_edit_messages")};
  // A bot is told of its own membership changes (updateChatMember, the Bot API's my_chat_member).
  if (Session* session = session_of_bot(bot_id)) {
    announce_chat(*session, channel->first);
    emit(*session,
         json::object{{"@type", "updateChatMember"},
                      {"chat_id", channel->first},
                      {"actor_user_id", 0},
                      {"date", clock_.unix_now()},
                      {"via_join_request", false},
                      {"via_chat_folder_invite_link", false},
                      {"old_chat_member", chat_member_object(bot_id, before)},
                      {"new_chat_member", chat_member_object(bot_id, MemberStatus::kAdmin)}});
  }
  return control_ok();
}

json::object Simulator::chat_member(const json::object& request) {
  auto channel = world_.channels.find(int_field(request, "chat_id"));
  if (channel == world_.channels.end()) throw std::invalid_argument("no such channel");
  const MemberStatus status = world_.member_status(channel->second, int_field(request, "user_id"));
  return control_ok(json::object{{"status", member_status_name(status)}});
}

// MessagesManager::edit_message_reply_markup: the chat loaded ("Chat not found"), then
// have_input_peer(AccessRights::Edit), which a channel the bot is no member of fails ("Can't access
// the chat"), the message in memory ("Message not found"), then
// can_edit_message(only_reply_markup = true): never a
// forwarded message; in a private chat only the bot's own; a channel post only with
// can_edit_messages, or with can_post_messages when the bot posted it ("Message can't be
// edited"), then get_reply_markup ("Inline keyboard expected"). Bots editing only the keyboard
// have no time limit.
void Simulator::on_edit_message_reply_markup(Session& session, const json::object& request,
                                             const Extra& extra) {
  const std::int64_t chat_id = int_field(request, "chat_id");
  const std::int64_t message_id = int_field(request, "message_id");
  if (!knows_chat(session, chat_id)) return answer_error(session, extra, 400, "Chat not found");
  if (World::is_channel_id(chat_id)) {
    auto channel = world_.channels.find(chat_id);
    if (channel == world_.channels.end() ||
        world_.member_status(channel->second, session.bot_id) == MemberStatus::kLeft) {
      return answer_error(session, extra, 400, "Can't access the chat");
    }
  }
  const MessageRecord* record = message_in_memory(session, chat_id, message_id);
  if (record == nullptr) return answer_error(session, extra, 400, "Message not found");
  const bool outgoing = record->sender_user_id == session.bot_id;
  bool can_edit = !record->forwarded;
  if (World::is_channel_id(chat_id)) {
    auto channel = world_.channels.find(chat_id);
    const AdminRights rights = channel == world_.channels.end()
                                   ? AdminRights{false, false}
                                   : world_.rights_of(channel->second, session.bot_id);
    can_edit = can_edit && (rights.can_edit_messages || (rights.can_post_messages && outgoing));
  } else {
    can_edit = can_edit && outgoing;
  }
  if (!can_edit) return answer_error(session, extra, 400, "Message can't be edited");
  // get_reply_markup(only_inline_keyboard = true): no markup removes the keyboard; any other
  // than an inline keyboard is refused.
  const json::object& markup = object_field(request, "reply_markup");
  if (!markup.empty() && type_of(markup) != "replyMarkupInlineKeyboard") {
    return answer_error(session, extra, 400, "Inline keyboard expected");
  }
  PendingEdit edit;
  edit.client_id = session.client_id;
  edit.extra = extra;
  edit.chat_id = chat_id;
  edit.message_id = message_id;
  edit.markup_only = true;
  edit.reply_markup = reply_markup_from_input(object_field(request, "reply_markup"));
  json::array no_entities;
  std::string refused = refused_link(edit.reply_markup, no_entities);
  if (!refused.empty()) return answer_error(session, extra, 400, std::move(refused));
  attempt_edit(std::move(edit));
}

// DialogParticipantManager::get_dialog_administrators: "Chat not found" for a chat not loaded, an
// empty list for a private chat; a channel asks the server (channels.getParticipants with the
// admins filter), which refuses a bot no member of it ("CHANNEL_PRIVATE") and a member that is no
// administrator ("CHAT_ADMIN_REQUIRED"). The owner comes first, then the others by id; bots
// among them are listed too, as the server lists them.
void Simulator::on_get_chat_administrators(Session& session, std::int64_t chat_id,
                                           const Extra& extra) {
  if (!knows_chat(session, chat_id)) return answer_error(session, extra, 400, "Chat not found");
  json::array administrators;
  if (World::is_channel_id(chat_id)) {
    auto channel = world_.channels.find(chat_id);
    if (channel == world_.channels.end()) {
      return answer_error(session, extra, 400, "Chat not found");
    }
    const MemberStatus mine = world_.member_status(channel->second, session.bot_id);
    if (mine == MemberStatus::kLeft) return answer_error(session, extra, 400, "CHANNEL_PRIVATE");
    if (!is_administrator(mine)) return answer_error(session, extra, 400, "CHAT_ADMIN_REQUIRED");
    administrators = chat_administrator_list(channel->second);
  }
  answer(
      session, extra,
      json::object{{"@type", "chatAdministrators"}, {"administrators", std::move(administrators)}});
}

json::array Simulator::chat_administrator_list(const Channel& channel) const {
  json::array owners;
  json::array others;
  auto add = [](json::array& list, std::int64_t user_id, bool owner) {
    list.push_back(json::object{{"@type", "chatAdministrator"},
                                {"user_id", user_id},
                                {"custom_title", ""},
                                {"is_owner", owner}});
  };
  for (const auto& [user_id, status] : channel.members) {
    if (status == MemberStatus::kCreator) add(owners, user_id, true);
    if (status == MemberStatus::kAdmin) add(others, user_id, false);
  }
  // Bots that are administrators without being set so (bots_admin_by_default).
  if (channel.bots_admin_by_default) {
    std::set<std::int64_t> bots;
    for (const auto& [id, session] : sessions_) {
      if (session.auth == AuthState::kReady) bots.insert(session.bot_id);
    }
    for (const std::int64_t bot_id : bots) {
      if (channel.members.count(bot_id) == 0) add(others, bot_id, false);
    }
  }
  for (json::value& admin : others) owners.push_back(std::move(admin));
  return owners;
}

// DialogParticipantManager::leave_dialog: "Chat not found" for a chat not loaded, 400 "Can't
// leave private chats"; a channel goes to restrict_channel_participant ("Chat info not found"
// without the channel; one the bot is no member of is left at once, with success).
void Simulator::on_leave_chat(Session& session, std::int64_t chat_id, const Extra& extra) {
  if (!knows_chat(session, chat_id)) return answer_error(session, extra, 400, "Chat not found");
  if (!World::is_channel_id(chat_id)) {
    return answer_error(session, extra, 400, "Can't leave private chats");
  }
  auto channel = world_.channels.find(chat_id);
  if (channel == world_.channels.end()) {
    return answer_error(session, extra, 400, "Chat info not found");
  }
  channel->second.members[session.bot_id] = MemberStatus::kLeft;
  channel->second.rights.erase(session.bot_id);
  answer(session, extra, ok_object());
}

}  // namespace tglink::sim
