#include "sim/world.hpp"

#include <stdexcept>

namespace tglink::sim {

namespace {

struct KindInfo {
  FileKind kind;
  const char* name;
  const char* folder;
};

constexpr KindInfo kKinds[] = {
    {FileKind::kDocument, "document", "documents"},
    {FileKind::kVideo, "video", "videos"},
    {FileKind::kAudio, "audio", "music"},
    {FileKind::kVoice, "voice", "voice"},
    {FileKind::kPhoto, "photo", "photos"},
    {FileKind::kAnimation, "animation", "animations"},
    {FileKind::kVideoNote, "video_note", "video_notes"},
    {FileKind::kSticker, "sticker", "stickers"},
};

const KindInfo& info(FileKind kind) {
  for (const KindInfo& item : kKinds) {
    if (item.kind == kind) return item;
  }
  return kKinds[0];
}

}  // namespace

FileKind file_kind_from_name(const std::string& name) {
  for (const KindInfo& item : kKinds) {
    if (name == item.name) return item.kind;
  }
  throw std::invalid_argument("unknown file kind \"" + name +
                              "\" (use document, video, audio, voice, photo, animation, "
                              "video_note or sticker)");
}

const char* file_kind_name(FileKind kind) { return info(kind).name; }
const char* file_kind_folder(FileKind kind) { return info(kind).folder; }

MemberStatus member_status_from_name(const std::string& name) {
  if (name == "left") return MemberStatus::kLeft;
  if (name == "member") return MemberStatus::kMember;
  if (name == "admin") return MemberStatus::kAdmin;
  if (name == "creator") return MemberStatus::kCreator;
  throw std::invalid_argument("unknown member status \"" + name +
                              "\" (use left, member, admin or creator)");
}

const char* member_status_name(MemberStatus status) {
  switch (status) {
    case MemberStatus::kLeft:
      return "left";
    case MemberStatus::kMember:
      return "member";
    case MemberStatus::kAdmin:
      return "admin";
    case MemberStatus::kCreator:
      return "creator";
  }
  return "left";
}

ChatKey World::chat_key(std::int64_t bot_id, std::int64_t chat_id) {
  return is_channel_id(chat_id) ? ChatKey{0, chat_id} : ChatKey{bot_id, chat_id};
}

const SimUser* World::find_user(std::int64_t id) const {
  auto found = users.find(id);
  return found == users.end() ? nullptr : &found->second;
}

SimUser& World::add_user(SimUser user) {
  std::int64_t id = user.id;
  SimUser& stored = users[id];
  stored = std::move(user);
  return stored;
}

Channel& World::add_channel(std::int64_t chat_id, std::string title) {
  if (!is_channel_id(chat_id)) {
    throw std::invalid_argument("channel id " + std::to_string(chat_id) +
                                " is not in the -100… form");
  }
  Channel& channel = channels[chat_id];
  channel.chat_id = chat_id;
  channel.title = std::move(title);
  return channel;
}

MemberStatus World::member_status(const Channel& channel, std::int64_t user_id) const {
  auto found = channel.members.find(user_id);
  if (found != channel.members.end()) return found->second;
  const SimUser* user = find_user(user_id);
  bool bot = user != nullptr && user->is_bot;
  return bot && channel.bots_admin_by_default ? MemberStatus::kAdmin : MemberStatus::kLeft;
}

AdminRights World::rights_of(const Channel& channel, std::int64_t user_id) const {
  const MemberStatus status = member_status(channel, user_id);
  if (status == MemberStatus::kCreator) return AdminRights{};
  if (status != MemberStatus::kAdmin) return AdminRights{false, false};
  auto found = channel.rights.find(user_id);
  return found == channel.rights.end() ? AdminRights{} : found->second;
}

std::string World::unique_id_for_path(const std::string& path) {
  auto [found, added] = unique_ids_by_path.emplace(path, "");
  if (added) found->second = "AgAD" + std::to_string(files.size() + 1);
  return found->second;
}

bool World::has_written_to(std::int64_t user_id, std::int64_t bot_id) const {
  auto chat = chats.find(ChatKey{bot_id, user_id});
  if (chat == chats.end()) return false;
  for (const MessageRecord& record : chat->second.messages) {
    if (record.sender_user_id == user_id) return true;
  }
  return false;
}

MessageRecord& World::append(const ChatKey& key, MessageRecord record) {
  ChatLog& log = chats[key];
  record.server_id = ++log.last_server_id;
  log.messages.push_back(std::move(record));
  return log.messages.back();
}

MessageRecord* World::find_message(const ChatKey& key, std::int64_t server_id) {
  auto found = chats.find(key);
  if (found == chats.end()) return nullptr;
  for (MessageRecord& record : found->second.messages) {
    if (record.server_id == server_id) return &record;
  }
  return nullptr;
}

int World::add_file(SimFile file) {
  files.push_back(std::move(file));
  return static_cast<int>(files.size()) - 1;
}

}  // namespace tglink::sim
