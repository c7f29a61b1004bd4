// Users, private chats and channels as a bot sees them: getUser, getChat, createPrivateChat,
// getChatMember, and the updateUser/updateNewChat a client receives before it first meets them.

#include <ctime>

#include "sim/json_fields.hpp"
#include "sim/simulator.hpp"
#include "sim/tdlib_objects.hpp"

namespace tglink::sim {
namespace json = boost::json;

void Simulator::announce_user(Session& session, std::int64_t user_id) {
  const SimUser* user = world_.find_user(user_id);
  if (user == nullptr || !session.announced_users.insert(user_id).second) return;
  emit(session, json::object{{"@type", "updateUser"}, {"user", user_object(*user)}});
}

void Simulator::announce_chat(Session& session, std::int64_t chat_id) {
  if (session.announced_chats.count(chat_id) > 0) return;
  if (!World::is_channel_id(chat_id)) announce_user(session, chat_id);
  json::object chat = chat_object(session, chat_id);
  if (chat.empty()) return;
  session.announced_chats.insert(chat_id);
  emit(session, json::object{{"@type", "updateNewChat"}, {"chat", std::move(chat)}});
}

json::object Simulator::chat_object(const Session& /*session*/, std::int64_t chat_id) {
  if (World::is_channel_id(chat_id)) {
    auto found = world_.channels.find(chat_id);
    return found == world_.channels.end() ? json::object() : channel_chat_object(found->second);
  }
  const SimUser* user = world_.find_user(chat_id);
  return user == nullptr ? json::object() : private_chat_object(*user);
}

bool Simulator::can_read_chat(const Session& session, std::int64_t chat_id) const {
  if (!World::is_channel_id(chat_id)) return true;
  auto found = world_.channels.find(chat_id);
  if (found == world_.channels.end()) return false;
  MemberStatus status = world_.member_status(found->second, session.bot_id);
  return status == MemberStatus::kAdmin || status == MemberStatus::kCreator;
}

void Simulator::on_get_user(Session& session, std::int64_t user_id, const Extra& extra) {
  const SimUser* user = world_.find_user(user_id);
  if (user == nullptr) return answer_error(session, extra, 400, "User not found");
  announce_user(session, user_id);
  answer(session, extra, user_object(*user));
}

void Simulator::on_get_chat(Session& session, std::int64_t chat_id, const Extra& extra) {
  // GetChatRequest: a bot may fetch any chat by its id from the server, with one network request
  // (TDLib's maintainer in tdlib/td#88 and #837); the chat is then loaded.
  open_chat(session, chat_id, extra);
}

void Simulator::open_chat(Session& session, std::int64_t chat_id, const Extra& extra) {
  json::object chat = chat_object(session, chat_id);
  if (chat.empty()) return answer_error(session, extra, 400, "Chat not found");
  announce_chat(session, chat_id);
  answer(session, extra, std::move(chat));
}

// A channel as a supergroup, so a forced-subscription prompt can link to its username.
void Simulator::on_get_supergroup(Session& session, std::int64_t supergroup_id,
                                  const Extra& extra) {
  const auto found = world_.channels.find(kChannelIdBase - supergroup_id);
  if (found == world_.channels.end()) {
    return answer_error(session, extra, 400, "Supergroup not found");
  }
  answer(session, extra, supergroup_object(found->second));
}

void Simulator::on_create_private_chat(Session& session, std::int64_t user_id, const Extra& extra) {
  if (World::is_channel_id(user_id) || world_.find_user(user_id) == nullptr) {
    return answer_error(session, extra, 400, "User not found");
  }
  // MessagesManager::create_dialog: without a chat info database TDLib knows only the users it
  // met since it started; for any other it has no access hash and answers this.
  if (!knows_chat(session, user_id) && session.announced_users.count(user_id) == 0) {
    return answer_error(session, extra, 400, "Chat info not found");
  }
  open_chat(session, user_id, extra);
}

void Simulator::on_get_chat_member(Session& session, const json::object& request,
                                   const Extra& extra) {
  std::int64_t chat_id = int_field(request, "chat_id");
  const json::object& member = object_field(request, "member_id");
  if (type_of(member) != "messageSenderUser") {
    return answer_error(session, extra, 400, "Member not found");
  }
  std::int64_t user_id = int_field(member, "user_id");
  if (world_.find_user(user_id) == nullptr) {
    return answer_error(session, extra, 400, "User not found");
  }
  if (!World::is_channel_id(chat_id)) {
    if (world_.find_user(chat_id) == nullptr) {
      return answer_error(session, extra, 400, "Chat not found");
    }
    // DialogParticipantManager::get_dialog_participant: a private chat has two members only.
    if (user_id != chat_id && user_id != session.bot_id) {
      return answer_error(session, extra, 400, "Member not found");
    }
    return answer(session, extra, chat_member_object(user_id, MemberStatus::kMember));
  }
  auto found = world_.channels.find(chat_id);
  if (found == world_.channels.end()) return answer_error(session, extra, 400, "Chat not found");
  // In a channel only administrators may look at other members.
  if (user_id != session.bot_id && !can_read_chat(session, chat_id)) {
    return answer_error(session, extra, 400, "CHAT_ADMIN_REQUIRED");
  }
  answer(session, extra, chat_member_object(user_id, world_.member_status(found->second, user_id)));
}

// DialogInviteLinkManager::create_dialog_invite_link: only an administrator of a channel may
// make one. The server refuses a negative expiry and a member limit outside 1..99999.
void Simulator::on_create_chat_invite_link(Session& session, const json::object& request,
                                           const Extra& extra) {
  const std::int64_t chat_id = int_field(request, "chat_id");
  if (chat_object(session, chat_id).empty()) {
    return answer_error(session, extra, 400, "Chat not found");
  }
  if (!World::is_channel_id(chat_id)) {
    return answer_error(session, extra, 400, "Can't invite members to a private chat");
  }
  if (!can_read_chat(session, chat_id)) {
    return answer_error(session, extra, 400, "Not enough rights to manage chat invite link");
  }
  InviteLinkFields link;
  link.name = string_field(request, "name");
  link.expiration_date = int_field(request, "expiration_date");
  link.member_limit = int_field(request, "member_limit");
  link.creates_join_request = bool_field(request, "creates_join_request");
  if (link.creates_join_request && link.member_limit != 0) {
    return answer_error(session, extra, 400,
                        "Member limit can't be specified for links requiring administrator "
                        "approval");
  }
  if (link.expiration_date < 0) return answer_error(session, extra, 400, "EXPIRE_DATE_INVALID");
  if (link.member_limit < 0 || link.member_limit > 99999) {
    return answer_error(session, extra, 400, "USAGE_LIMIT_INVALID");
  }
  link.invite_link = "https://t.me/+sim" + std::to_string(-chat_id) + "_" +
                     std::to_string(session.bot_id) + "_" +
                     std::to_string(++session.invite_links_created);
  link.creator_user_id = session.bot_id;
  link.date = clock_.unix_now();
  answer(session, extra, chat_invite_link_object(link));
}

}  // namespace tglink::sim
