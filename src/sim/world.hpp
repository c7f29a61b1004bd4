#pragma once
// The simulated Telegram: users (people and bots), channels with their members, the messages of
// every chat, and the files those messages carry. Plain data; the Simulator guards it with its
// mutex. Ids follow Telegram's conventions: a private chat's id is the user's id, a channel's is
// the Bot API form -100…, and a TDLib message id is the server message id shifted left by 20.

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <boost/json.hpp>

namespace tglink::sim {

inline constexpr std::int64_t kChannelIdBase = -1000000000000;  // chat id = base - supergroup id
inline constexpr int kMessageIdShift = 20;

enum class FileKind { kDocument, kVideo, kAudio, kVoice, kPhoto, kAnimation, kVideoNote, kSticker };

// "video" → kVideo; throws std::invalid_argument naming the bad kind.
FileKind file_kind_from_name(const std::string& name);
const char* file_kind_name(FileKind kind);
// The folder under files_directory that TDLib moves a finished download of this kind into.
const char* file_kind_folder(FileKind kind);

struct SimUser {
  std::int64_t id = 0;
  std::string first_name;
  std::string last_name;
  std::string username;
  bool is_bot = false;
  std::set<std::int64_t> blocked_bots;  // bots this user has blocked
  bool deactivated = false;             // the account was deleted
  // Telegram Premium: Telegram takes files of up to 4000 MiB from this user instead of 2000 MiB.
  bool is_premium = false;
};

// The largest file Telegram takes from a sender (the server's limit on uploads): 2000 MiB, or
// 4000 MiB from a Premium account.
inline constexpr std::int64_t kMaxUploadBytes = std::int64_t{2000} * 1024 * 1024;
inline constexpr std::int64_t kMaxPremiumUploadBytes = std::int64_t{4000} * 1024 * 1024;

enum class MemberStatus { kLeft, kMember, kAdmin, kCreator };
MemberStatus member_status_from_name(const std::string& name);
const char* member_status_name(MemberStatus status);

// An administrator's rights in a channel that tglink depends on (chatAdministratorRights).
struct AdminRights {
  bool can_post_messages = true;
  bool can_edit_messages = true;
};

struct Channel {
  std::int64_t chat_id = 0;
  std::string title;
  std::string username;
  std::map<std::int64_t, MemberStatus> members;
  // Bots with no explicit membership are administrators (the default LOG_CHANNEL).
  bool bots_admin_by_default = false;
  // Rights of administrators set with set_bot_rights; an administrator not listed has both.
  std::map<std::int64_t, AdminRights> rights;
};

// One file on the simulated servers; its bytes are read from `source_path`.
struct SimFile {
  std::string source_path;
  std::int64_t size = 0;
  FileKind kind = FileKind::kDocument;
  std::string file_name;
  std::string mime_type;
  int duration = 0;
  int width = 0;
  int height = 0;
  std::string unique_id;
  int thumbnail = -1;  // index into World::files of its JPEG thumbnail (videos), or -1
  // Bumped when the server changes the file's reference (it expired, or its message was
  // deleted): downloads holding an older one get FILE_REFERENCE_EXPIRED.
  int reference_epoch = 0;
};

struct MessageContent {
  std::optional<FileKind> file_kind;  // empty: a text message
  int file = -1;                      // index into World::files
  std::string text;                   // the text, or the caption of a file
  boost::json::array entities;        // textEntity objects of `text`
};

struct MessageRecord {
  std::int64_t server_id = 0;
  std::int64_t sender_user_id = 0;  // 0 for a channel post
  std::int64_t date = 0;
  std::int64_t edit_date = 0;
  MessageContent content;
  boost::json::value reply_markup;       // TDLib's replyMarkupInlineKeyboard, or null
  std::int64_t reply_to_message_id = 0;  // TDLib id of the message this one answers, or 0
  std::int64_t media_album_id = 0;       // shared by the messages of one album, or 0
  bool deleted = false;
  bool posted_by_owner = false;  // a channel post its owner made (post_to_channel)
  bool forwarded = false;        // forwarded from another channel: it carries forward_info
  std::int64_t forward_date = 0;
};

// Who owns a message list: (bot id, user id) for a private chat, (0, chat id) for a channel.
using ChatKey = std::pair<std::int64_t, std::int64_t>;

struct ChatLog {
  std::vector<MessageRecord> messages;
  std::int64_t last_server_id = 0;
};

class World {
 public:
  std::map<std::int64_t, SimUser> users;
  std::map<std::int64_t, Channel> channels;
  std::map<ChatKey, ChatLog> chats;
  std::vector<SimFile> files;
  std::map<std::string, std::string> unique_ids_by_path;

  static bool is_channel_id(std::int64_t chat_id) { return chat_id < kChannelIdBase; }
  static ChatKey chat_key(std::int64_t bot_id, std::int64_t chat_id);

  const SimUser* find_user(std::int64_t id) const;
  SimUser& add_user(SimUser user);
  Channel& add_channel(std::int64_t chat_id, std::string title);
  // The status of `user_id` in a channel, following bots_admin_by_default for bots.
  MemberStatus member_status(const Channel& channel, std::int64_t user_id) const;
  // The rights of `user_id` in a channel: none unless an administrator or the creator.
  AdminRights rights_of(const Channel& channel, std::int64_t user_id) const;
  // One unique id per source path: the same file posted again is the same file on Telegram.
  std::string unique_id_for_path(const std::string& path);

  // Appends a message with the next server id and returns it.
  MessageRecord& append(const ChatKey& key, MessageRecord record);
  MessageRecord* find_message(const ChatKey& key, std::int64_t server_id);
  // Whether `user_id` has written to `bot_id` in their private chat: only then may the bot write.
  bool has_written_to(std::int64_t user_id, std::int64_t bot_id) const;
  int add_file(SimFile file);
};

}  // namespace tglink::sim
